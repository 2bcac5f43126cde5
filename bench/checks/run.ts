/**
 * `npm run bench:checks`: the time the text checks add per 10 pages with an instant model (issue 14).
 * In one process, on a model-written annual review of about ten pages (bench/checks/document.ts) read to IR:
 *   (a) `runChecks` with no checks (the baseline);
 *   (b) the deterministic checks only: quality `fast`, no model (facts, citations, source instructions, judges skipped);
 *   (c) every text check at `standard` with a model that answers at once over loopback (bench/checks/model.ts):
 *       facts + judge, citations + judge, key data, sector + judge, reader (2 calls), source instructions + judge;
 * each check timed on its own, with its model calls. Then facts matching the check's way (one pool for all facts)
 * against the naive way (every source read again for every fact, bench/checks/facts-matching.ts).
 * BENCH_RUNS (10) runs after 2 warm-ups; BENCH_NAIVE_RUNS (3) for the naive matching, which takes seconds a run.
 * Exit code 1 if a check fails (`check.failed`), an expected check does not run, a model request is invalid or
 * unexpected, or the two matchings disagree.
 */
import { runChecks, type ChecksRun } from "../../core/checks/run.ts";
import type { CheckPlugin, TextCheck, TextCheckContext } from "../../core/contracts/check-plugin.ts";
import { noModel } from "../../core/contracts/model.ts";
import { readMarkdown } from "../../core/markdown/read.ts";
import { checks } from "../../plugins/checks/index.ts";
import { requestText } from "../../plugins/checks/facts/index.ts";
import { openAiModel } from "../../renderers/openai/index.ts";
import { settingsFor } from "../../test/support/model-server.ts";
import { setting } from "../settings.ts";
import { benchInput, WORDS_PER_PAGE } from "./document.ts";
import { documentFacts, naiveSupport, pooledPhases, pooledSupport, type PooledPhases } from "./facts-matching.ts";
import { startBenchModel, type BenchModel } from "./model.ts";
import { median, p90 } from "../stats.ts";

const RUNS = Math.floor(setting("BENCH_RUNS", 10));
const NAIVE_RUNS = Math.floor(setting("BENCH_NAIVE_RUNS", 3));
const WARMUPS = 2;

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n >= 0.1 ? n.toFixed(2) : n.toFixed(3));
const pad = (s: string | number, n: number) => String(s).padStart(n);
const padEnd = (s: string | number, n: number) => String(s).padEnd(n);

const failures: string[] = [];

/** One check's time and model calls in one run. */
interface CheckSample {
  ms: number;
  calls: number;
}

type Samples = Map<string, CheckSample[]>;

/** The check with its `run` timed, counting the model calls made while it ran (checks run one after another). */
const timed = (check: TextCheck, samples: Samples, model: BenchModel): TextCheck => ({
  ...check,
  run: async (ir, ctx) => {
    const calls = model.server.requests.length;
    const started = performance.now();
    try {
      return await check.run(ir, ctx);
    } finally {
      const list = samples.get(check.id) ?? [];
      list.push({ ms: performance.now() - started, calls: model.server.requests.length - calls });
      samples.set(check.id, list);
    }
  },
});

interface Scenario {
  readonly label: string;
  readonly checks: ReadonlyArray<CheckPlugin>;
  readonly ctx: TextCheckContext;
  /** The checks that must run in this scenario, in order. */
  readonly expected: ReadonlyArray<string>;
  readonly samples: Samples;
  readonly totals: number[];
  readonly calls: number[];
  last?: ChecksRun;
}

const main = async () => {
  const input = benchInput();
  const { ir, diagnostics: readIssues } = readMarkdown(input.markdown);
  if (readIssues.length > 0) throw new Error(`the bench document did not read cleanly: ${JSON.stringify(readIssues)}`);
  const pages = input.words / WORDS_PER_PAGE;
  const per10 = (ms: number) => (ms * 10) / pages;
  const sourceChars = input.sources.reduce((n, s) => n + s.text.length, 0);

  const model = await startBenchModel();
  try {
    const client = openAiModel(settingsFor(model.server));
    const textChecks = checks.filter((c): c is TextCheck => c.stage === "text");
    const base = {
      stage: "text" as const,
      operation: "create" as const,
      format: "docx",
      type: "report" as const,
      author: "model" as const,
      request: { prompt: input.prompt, format: "docx" as const },
      sources: input.sources,
      sector: "finance",
      language: "en",
      style: null,
      signal: new AbortController().signal,
    };
    const scenario = (label: string, ctx: TextCheckContext, expected: string[], list: ReadonlyArray<TextCheck> | null): Scenario => {
      const samples: Samples = new Map();
      return { label, ctx, expected, samples, totals: [], calls: [], checks: list ? list.map((c) => timed(c, samples, model)) : [] };
    };
    const scenarios: Scenario[] = [
      scenario("(a) no checks (baseline)", { ...base, quality: "fast", model: noModel }, [], null),
      scenario("(b) deterministic only: fast, no model", { ...base, quality: "fast", model: noModel }, ["source.instructions", "facts", "citations"], textChecks),
      scenario("(c) all checks: standard, instant model", { ...base, quality: "standard", model: client }, ["source.instructions", "facts", "citations", "key-data", "quality.sector", "reader"], textChecks),
    ];

    let events = 0;
    const emit = async () => {
      events++;
    };
    const runOnce = async (s: Scenario, record: boolean) => {
      const before = new Map([...s.samples].map(([id, list]) => [id, list.length]));
      const calls = model.server.requests.length;
      const started = performance.now();
      const result = await runChecks(s.checks, ir, s.ctx, emit);
      const ms = performance.now() - started;
      const ran = [...s.samples].filter(([id, list]) => list.length > (before.get(id) ?? 0)).map(([id]) => id);
      if (JSON.stringify(ran) !== JSON.stringify(s.expected)) failures.push(`${s.label}: ran ${JSON.stringify(ran)}, expected ${JSON.stringify(s.expected)}`);
      for (const d of result.diagnostics.filter((d) => d.code === "check.failed")) failures.push(`${s.label}: ${d.message}`);
      if (!record) {
        // Warm-up samples are not figures.
        for (const [id, list] of s.samples) list.length = before.get(id) ?? 0;
        return;
      }
      s.totals.push(ms);
      s.calls.push(model.server.requests.length - calls);
      s.last = result;
    };

    for (let i = 0; i < WARMUPS; i++) for (const s of scenarios) await runOnce(s, false);
    const callsBefore = new Map(model.calls);
    for (let i = 0; i < RUNS; i++) for (const s of scenarios) await runOnce(s, true);
    // Only (c) calls the model, so the calls of the measured runs are all its own.
    const callsPerRun = [...model.calls].map(([name, n]) => [name, (n - (callsBefore.get(name) ?? 0)) / RUNS] as const);

    // One instant call's round trip through the real client, for reading (c): its calls cost at least this much.
    const probes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await client.ask({ role: "judge", messages: [{ role: "user", content: "probe" }], schema: { name: "source_instructions", schema: { type: "object", additionalProperties: false, required: ["instructions"], properties: { instructions: { type: "array", items: { type: "object", additionalProperties: false, required: [], properties: {} } } } } } });
      probes.push(performance.now() - started);
    }

    // Facts matching, the check's way against the naive way, on the facts the check reads.
    const facts = documentFacts(structuredClone(ir));
    const request = requestText(scenarios[2]!.ctx);
    const texts = input.sources.map((s) => s.text);
    const pooled: number[] = [];
    const naive: number[] = [];
    let pooledVerdicts = pooledSupport(facts, request, texts);
    for (let i = 0; i < WARMUPS + RUNS; i++) {
      const started = performance.now();
      pooledVerdicts = pooledSupport(facts, request, texts);
      if (i >= WARMUPS) pooled.push(performance.now() - started);
    }
    const phases: PooledPhases[] = [];
    for (let i = 0; i < WARMUPS + RUNS; i++) {
      const p = pooledPhases(facts, request, texts);
      if (i >= WARMUPS) phases.push(p);
    }
    let naiveVerdicts = naiveSupport(facts, request, texts);
    for (let i = 0; i < NAIVE_RUNS; i++) {
      const started = performance.now();
      naiveVerdicts = naiveSupport(facts, request, texts);
      naive.push(performance.now() - started);
    }
    const disagree = facts.filter((_, i) => pooledVerdicts[i]?.how !== naiveVerdicts[i]?.how).length;
    if (disagree > 0) failures.push(`facts matching: the naive way and the pooled way disagree on ${disagree} of ${facts.length} facts`);

    if (model.server.violations.length > 0) failures.push(`invalid model requests: ${model.server.violations.join("; ")}`);
    if (model.unexpected.length > 0) failures.push(`unexpected model requests: ${model.unexpected.join("; ")}`);

    // --- the report ---------------------------------------------------------------------------------------
    console.log(
      `bench:checks — ${input.words.toLocaleString("en")} words = ${pages.toFixed(1)} pages at ${WORDS_PER_PAGE} words/page (Markdown ${input.markdown.length.toLocaleString("en")} chars, ${ir.blocks.length} blocks), ` +
        `request + ${input.sources.length} sources of ${sourceChars.toLocaleString("en")} chars; ${RUNS} runs after ${WARMUPS} warm-ups; "per 10 pp" = median × 10 / ${pages.toFixed(2)}`,
    );
    console.log("");
    const head = `${padEnd("scenario", 44)}${pad("median ms", 11)}${pad("p90 ms", 9)}${pad("per 10 pp", 11)}${pad("added/10 pp", 13)}${pad("calls/run", 11)}  findings`;
    console.log(head);
    console.log("-".repeat(head.length + 8));
    const baseline = median(scenarios[0]!.totals);
    for (const s of scenarios) {
      const m = median(s.totals);
      const findings = s.last ? s.last.diagnostics.length : 0;
      console.log(
        `${padEnd(s.label, 44)}${pad(fmt(m), 11)}${pad(fmt(p90(s.totals)), 9)}${pad(fmt(per10(m)), 11)}${pad(s === scenarios[0] ? "—" : fmt(per10(m - baseline)), 13)}${pad(median(s.calls), 11)}  ${findings} diagnostics, ${s.last?.keyData.length ?? 0} key data`,
      );
    }
    console.log("");
    console.log(`Per check (its own run, wrapped and timed; model calls made while it ran):`);
    const checkHead = `${padEnd("check", 22)}${padEnd("scenario", 6)}${pad("median ms", 11)}${pad("p90 ms", 9)}${pad("per 10 pp", 11)}${pad("calls/run", 11)}`;
    console.log(checkHead);
    console.log("-".repeat(checkHead.length));
    for (const s of scenarios.slice(1)) {
      for (const id of s.expected) {
        const list = s.samples.get(id) ?? [];
        const times = list.map((x) => x.ms);
        console.log(`${padEnd(id, 22)}${padEnd(s.label.slice(0, 3), 6)}${pad(fmt(median(times)), 11)}${pad(fmt(p90(times)), 9)}${pad(fmt(per10(median(times))), 11)}${pad(median(list.map((x) => x.calls)), 11)}`);
      }
    }
    console.log("");
    console.log(`Model calls of one run of (c), by schema: ${callsPerRun.map(([name, n]) => `${name} ${n}`).join(", ")} (${callsPerRun.reduce((a, [, n]) => a + n, 0)} in all).`);
    console.log(`One instant call through the real client on loopback: median ${fmt(median(probes))} ms, p90 ${fmt(p90(probes))} ms (10 probes).`);
    console.log("");
    console.log(`Facts matching on the document's ${facts.length} facts against the request and ${input.sources.length} sources (${pooledVerdicts.filter(Boolean).length} supported by code either way, ${pooledVerdicts.filter((v) => v?.how === "derived").length} of them by a derivation):`);
    console.log(`  pooled (the check's way: one pool, sorted derivation index)  median ${fmt(median(pooled))} ms, p90 ${fmt(p90(pooled))} ms  (${RUNS} runs)`);
    const phase = (key: keyof PooledPhases) => fmt(median(phases.map((p) => p[key])));
    console.log(`    of which: pool read ${phase("pool")} ms, derivation index built ${phase("index")} ms, ${facts.length} lookups ${phase("lookups")} ms (medians)`);
    console.log(`  naive (every source re-read and re-normalised per fact)      median ${fmt(median(naive))} ms, p90 ${fmt(p90(naive))} ms  (${NAIVE_RUNS} runs)`);
    console.log(`  naive / pooled: ×${(median(naive) / median(pooled)).toFixed(1)}; per 10 pages: pooled ${fmt(per10(median(pooled)))} ms, naive ${fmt(per10(median(naive)))} ms`);
    console.log(`  (${events} check events emitted in all.)`);
  } finally {
    await model.server.close();
  }
  if (failures.length > 0) {
    // The same failure in every run is one line.
    console.error(`\nFAILED:\n${[...new Set(failures)].map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  }
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
