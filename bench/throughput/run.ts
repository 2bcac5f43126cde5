/**
 * `npm run bench:throughput`: documents per second of the whole service against LibreOffice's own rate, in one run
 * on one machine, for the same one-page Word document (bench/throughput/input.ts).
 *   1. The anchor (anchor.ts): one `soffice --convert-to pdf` process given BENCH_COPIES (60) copies of the .docx the
 *      service made, in files/s (LibreOffice's best batch rate without a listener); the naive script, pandoc +
 *      soffice per file, 5 files; and one conversion on the repository's warm converter (median of BENCH_RUNS).
 *   2. Creates on the real service (`POST /v1/documents`, docx from Markdown: Word file, PDF and previews, waited for
 *      until finished; load.ts) at 1, 8 and 50 at once: BENCH_SINGLE_CREATES (30) at 1, BENCH_CREATES (200) at 8
 *      and 50, after a few unmeasured ones per level. Documents/s, latency p50/p99, failures counted apart.
 *   3. Peak memory of the service's process tree (memory.ts, RSS every 200 ms) during the creates.
 *   4. Where a create's time goes: the median time per phase from the documents' events (phases.ts), and the steps
 *      of a create timed in this process (steps.ts).
 *   5. Targets (printed, never failing the run): documents/s at 50 at once ≥ 1.6 × the soffice batch rate; one
 *      create's p50 ≤ 1.5 × one warm conversion.
 * Why: LibreOffice's conversion is the part of a create nobody can make faster; a service built on it is judged by
 * how close it gets to LibreOffice's own rate (and beats it, since it keeps LibreOffices warm and busy in parallel)
 * while also writing the file, previews and report. Exit code 1 if any create failed or the setup failed.
 */
import { availableParallelism, cpus, loadavg } from "node:os";
import { startService, type Service } from "../../test/support/service.ts";
import { startOfficeConverter, type OfficeConverterPool } from "../../renderers/index.ts";
import type { DocType } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import { median } from "../stats.ts";
import { setting } from "../settings.ts";
import { CREATE_BODY, MARKDOWN } from "./input.ts";
import { killAnchorProcesses, pandocNaive, removeAnchorDirs, sofficeBatch, warmConversion } from "./anchor.ts";
import { createOnce, failureCounts, percentile, runLoad, type LoadResult } from "./load.ts";
import { sampleTree, type Sample, type TreeSampler } from "./memory.ts";
import { spread, summarisePhases } from "./phases.ts";
import { measureSteps, printSteps } from "./steps.ts";

const CREATES = Math.floor(setting("BENCH_CREATES", 200));
const SINGLE = Math.floor(setting("BENCH_SINGLE_CREATES", 30));
const COPIES = Math.floor(setting("BENCH_COPIES", 60));
const RUNS = Math.floor(setting("BENCH_RUNS", 10));
const NAIVE_FILES = 5;
const LEVELS = [
  { concurrency: 1, creates: SINGLE },
  { concurrency: 8, creates: CREATES },
  { concurrency: 50, creates: CREATES },
];
const verdict = (ok: boolean) => (ok ? "met" : "NOT MET");
const mb = (kb: number) => (kb / 1024).toFixed(0);

let service: Service | null = null;
let sampler: TreeSampler | null = null;
let pool: OfficeConverterPool | null = null;

/**
 * Stops the service, then ends any process of its tree that outlived it by 3 s (found by pid and start time, so a
 * reused pid is never hit).
 */
const stopService = async () => {
  const svc = service;
  service = null;
  if (svc) await svc.stop().catch((error) => console.error(`stopping the service: ${(error as Error).message}`));
  if (!sampler) return;
  await sampler.stop();
  for (let i = 0; i < 30 && sampler.survivors().length; i++) await new Promise((r) => setTimeout(r, 100));
  const left = sampler.survivors();
  for (const p of left) process.kill(p.pid, "SIGKILL");
  if (left.length) console.error(`ended ${left.length} process(es) the service left running: ${left.map((p) => `${p.comm} ${p.pid}`).join(", ")}`);
  sampler = null;
};

const cleanup = async () => {
  killAnchorProcesses();
  await stopService();
  await pool?.close();
  pool = null;
  await removeAnchorDirs();
};
process.on("exit", () => {
  killAnchorProcesses();
  void service?.kill();
  for (const p of sampler?.survivors() ?? []) process.kill(p.pid, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping child processes\n`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Share of the machine's CPU busy over `ms` (all cores). */
const busyFraction = async (ms = 1_000) => {
  const totals = () => cpus().reduce((a, c) => ({ idle: a.idle + c.times.idle, all: a.all + c.times.user + c.times.nice + c.times.sys + c.times.irq + c.times.idle }), { idle: 0, all: 0 });
  const a = totals();
  await new Promise((r) => setTimeout(r, ms));
  const b = totals();
  return b.all > a.all ? 1 - (b.idle - a.idle) / (b.all - a.all) : 0;
};
const QUIET_WAIT = setting("BENCH_QUIET_WAIT", 60);
/** Other load skews every figure: wait up to BENCH_QUIET_WAIT seconds for a quiet machine, and say if it never was. */
const waitQuiet = async () => {
  const deadline = Date.now() + QUIET_WAIT * 1000;
  let busy = await busyFraction();
  while (busy > 0.15 && Date.now() < deadline) busy = await busyFraction();
  return busy;
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const breakdown = (s: Sample) =>
  [...s.byName]
    .sort((a, b) => b[1].kb - a[1].kb)
    .map(([name, { kb, count }]) => `${name}${count > 1 ? ` ×${count}` : ""} ${mb(kb)}`)
    .join(", ");

const main = async () => {
  const cores = availableParallelism();
  const busy = await waitQuiet();
  console.log(`Quire throughput bench — node ${process.version}, ${cores} cores, load average ${loadavg()[0]!.toFixed(2)} at start`);
  if (busy > 0.15) console.log(`WARNING: other load on the machine (${Math.round(busy * 100)}% busy before the start, after waiting ${QUIET_WAIT} s): the figures are not to be trusted`);
  console.log("");

  // The service as deployed: warm start on, one worker per core, no rate limit in the way of 50 callers.
  // The service as `make start` runs it: its own default of document jobs at once (an empty value is the default).
  service = await startService({ QUIRE_WARM_START: "1", QUIRE_WORKERS: process.env.QUIRE_WORKERS ?? "", QUIRE_RATE_LIMIT_PER_MINUTE: "1000000" });
  const svc = service;
  sampler = sampleTree(svc.pid);
  for (let deadline = Date.now() + 60_000; (await fetch(`${svc.origin}/readyz`).catch(() => null))?.status !== 200; ) {
    if (Date.now() > deadline) throw new Error(`the service was not ready within 60 s:\n${svc.logs()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const first = await createOnce(svc.baseUrl, svc.key, CREATE_BODY);
  if (first.outcome !== "made") throw new Error(`the first create did not make a document: ${first.http} ${first.detail}\n${svc.logs()}`);
  const doc = first.document as { type: string; pages: number; style_applied: StyleApplied; outputs: Array<{ kind: string; url: string; bytes: number }> };
  const docxOut = doc.outputs.find((o) => o.kind === "docx");
  if (!docxOut) throw new Error("the document has no docx output");
  const download = await fetch(docxOut.url);
  if (!download.ok) throw new Error(`downloading the docx answered ${download.status}`);
  const docx = new Uint8Array(await download.arrayBuffer());
  const kinds = doc.outputs.map((o) => o.kind).reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
  console.log(`The document: ${doc.pages} page(s), understood as "${doc.type}"; outputs ${[...kinds].map(([k, n]) => (n > 1 ? `${k}×${n}` : k)).join(", ")}; docx ${docx.length} bytes.`);
  console.log(`First create after the service started: ${first.ms.toFixed(0)} ms (not counted below).\n`);

  console.log(`1. The anchor: LibreOffice alone, the same .docx`);
  const batch = await sofficeBatch(docx, COPIES);
  const row = (label: string, ms: number, rate: number, note: string) => console.log(`   ${label.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${rate.toFixed(2).padStart(6)} files/s   ${note}`);
  row(`one soffice process, ${batch.files} files`, batch.ms, batch.filesPerSecond, "(fresh profile, created by a warm-up file first)");
  const naive = await pandocNaive(MARKDOWN, NAIVE_FILES, batch.profile);
  if (naive) row(`pandoc + soffice per file, ${naive.files} files`, naive.ms, naive.filesPerSecond, `(per file, median: pandoc ${naive.pandocMs.toFixed(0)} ms, soffice ${naive.sofficeMs.toFixed(0)} ms)`);
  else console.log(`   pandoc + soffice per file: skipped, pandoc is not installed`);
  pool = await startOfficeConverter({ size: 1 });
  const warm = await warmConversion(pool, docx, RUNS);
  console.log(`   ${"one warm conversion".padEnd(34)} ${warm.ms.toFixed(0).padStart(6)} ms  median of ${RUNS} on the warm converter (renderers/libreoffice, 1 instance)\n`);

  console.log(`2. Quire: creates of the same document, waited for until finished (${process.env.QUIRE_WORKERS || `the default of ${2 * cores}`} workers)`);
  const idle = sampler.peak();
  const loads: Array<LoadResult & { peak: Sample | null; warmupFailures: number }> = [];
  // A service that died would fail every later create: stop at once, with what it said last.
  const assertAlive = (when: string) => {
    if (!alive(svc.pid)) throw new Error(`the service (pid ${svc.pid}) exited ${when}; its last output:\n${svc.logs().slice(-4000)}`);
  };
  assertAlive("before the creates");
  for (const level of LEVELS) {
    // Unmeasured first: the JIT, and worker threads a lower level did not need yet, start here.
    const warmup = await runLoad(svc.baseUrl, svc.key, CREATE_BODY, level.concurrency, Math.min(level.concurrency, 8) + 2);
    const began = performance.now();
    const load = await runLoad(svc.baseUrl, svc.key, CREATE_BODY, level.concurrency, level.creates);
    loads.push({ ...load, peak: sampler.peak(began, performance.now()), warmupFailures: warmup.results.filter((r) => r.outcome !== "made").length });
    assertAlive(`during the creates at ${level.concurrency} at once`);
  }
  console.log(`   at once  creates   made  failed docs  failed requests   wall s   documents/s   p50 ms   p99 ms   peak MB`);
  for (const l of loads) {
    const made = l.results.filter((r) => r.outcome === "made");
    const ms = made.map((r) => r.ms);
    console.log(
      `   ${String(l.concurrency).padStart(7)}  ${String(l.creates).padStart(7)}  ${String(made.length).padStart(5)}  ${String(l.results.filter((r) => r.outcome === "failed_document").length).padStart(11)}  ${String(l.results.filter((r) => r.outcome === "failed_request").length).padStart(15)}  ${(l.wallMs / 1000).toFixed(1).padStart(7)}  ${((made.length * 1000) / l.wallMs).toFixed(2).padStart(12)}  ${(ms.length ? percentile(ms, 50).toFixed(0) : "–").padStart(7)}  ${(ms.length ? percentile(ms, 99).toFixed(0) : "–").padStart(7)}  ${(l.peak ? mb(l.peak.totalKb) : "?").padStart(8)}`,
    );
  }
  console.log(`   documents/s counts made documents only; latency is per create, from the POST to the finished document`);
  console.log(`   (p99 is nearest rank: with ${SINGLE} creates at 1 at once it is the slowest).`);
  const failures = loads.flatMap((l) => [...failureCounts(l.results)].map(([what, n]) => `   FAILED at ${l.concurrency} at once: ${n} × ${what}`));
  const warmupFailed = loads.reduce((a, l) => a + l.warmupFailures, 0);
  if (failures.length) console.log(failures.join("\n"));
  if (warmupFailed) console.log(`   FAILED in the unmeasured warm-up creates: ${warmupFailed}`);
  console.log("");

  console.log(`3. Peak memory of the service (RSS summed over its process tree, sampled every 200 ms)`);
  const peak = sampler.peak();
  if (idle) console.log(`   before the creates: ${mb(idle.totalKb)} MB (${breakdown(idle)})`);
  if (peak) console.log(`   peak: ${mb(peak.totalKb)} MB, of which the service's node process ${mb(peak.rootKb)} MB (${breakdown(peak)})`);
  console.log(`   shared pages count once per process, so the sum overstates the machine's cost.\n`);

  console.log(`4. Where the time goes`);
  const single = loads[0]!.results.filter((r) => r.outcome === "made" && r.id);
  const PHASE_DOCS = 30;
  const summaries = [];
  for (const l of loads) {
    const made = l.results.filter((r) => r.outcome === "made" && r.id);
    summaries.push(await summarisePhases(svc.baseUrl, svc.key, spread(made, PHASE_DOCS).map((r) => r.id!)));
  }
  const names = [...new Set(summaries.flatMap((s) => [...s.phases.keys()]))];
  const cell = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : "–").padStart(9);
  console.log(`   a. phases of a create from the documents' events (median ms of up to ${PHASE_DOCS} documents per level; a phase lasts until the next one starts)`);
  console.log(`      ${"phase".padEnd(14)}${loads.map((l) => `${l.concurrency} at once`.padStart(11)).join("")}`);
  for (const name of names) console.log(`      ${name.padEnd(14)}${summaries.map((s) => `  ${cell(s.phases.get(name)?.ms ?? NaN)}`).join("")}`);
  console.log(`      ${"in service".padEnd(14)}${summaries.map((s) => `  ${cell(s.totalMs)}`).join("")}   (created → finished)`);
  console.log(`      ${"at the client".padEnd(14)}${loads.map((l) => `  ${cell(median(spread(l.results.filter((r) => r.outcome === "made"), PHASE_DOCS).map((r) => r.ms)))}`).join("")}   (POST → answer: adds HTTP, the request's checks and its storing)`);
  console.log(`      queued: created → a worker took it; starting: → the job runs in a worker thread; storing: files and report saved.`);
  if (!summaries.some((s) => s.finer)) console.log(`      The events give no finer steps than phases: the steps below are timed in process.`);
  // Stopped before the in-process steps, so they do not share the machine with it.
  await stopService();
  console.log(`   b. the steps of a create in this process (median of ${RUNS}, one at a time)`);
  const steps = await measureSteps(pool, { markdown: MARKDOWN, type: doc.type as DocType, style: doc.style_applied, runs: RUNS });
  printSteps(steps, "      ");
  const slowest = [...steps].sort((a, b) => b.ms - a.ms)[0]!;
  console.log(`      slowest step: ${slowest.step}, ${((slowest.ms * 100) / steps.reduce((a, s) => a + s.ms, 0)).toFixed(0)}% of the sum\n`);

  console.log(`5. Targets`);
  const at50 = loads.find((l) => l.concurrency === 50)!;
  const rate50 = (at50.results.filter((r) => r.outcome === "made").length * 1000) / at50.wallMs;
  const p50 = single.length ? percentile(single.map((r) => r.ms), 50) : NaN;
  console.log(`   documents/s at 50 at once ≥ 1.6 × soffice batch: ${rate50.toFixed(2)} vs ${(1.6 * batch.filesPerSecond).toFixed(2)} (${(rate50 / batch.filesPerSecond).toFixed(2)}×) — ${verdict(rate50 >= 1.6 * batch.filesPerSecond)}`);
  console.log(`   one create p50 ≤ 1.5 × one warm conversion:      ${p50.toFixed(0)} ms vs ${(1.5 * warm.ms).toFixed(0)} ms (${(p50 / warm.ms).toFixed(2)}×) — ${verdict(p50 <= 1.5 * warm.ms)}`);
  console.log(`\nload average ${loadavg()[0]!.toFixed(2)} at the end (${cores} cores)`);
  if (failures.length || warmupFailed) process.exitCode = 1;
};

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
