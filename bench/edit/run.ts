/**
 * `npm run bench:edit`: the time to apply a 10-change plan to a 40-page Word file and to a 30-slide deck (issue 15),
 * beside re-serialising the package (the naive way). In one process, with no service and no model:
 *   inputs: a report of about 40 pages and a deck of 30 slides with notes, made by our renderers (bench/edit/inputs.ts);
 *   plans: 10 changes each, built from the file's own blocks (bench/edit/plans.ts); Word both untracked and tracked;
 *   ours: (1) `read` (the blocks), (2) `apply` (the changed parts), (3) `patchZip` (untouched entries copied as
 *   stored), (4) the whole edit, read + apply + patchZip in one go;
 *   naive: the same changed parts written by re-zipping every entry (`openPackage` + `writePackage`,
 *   core/ooxml/write.ts, fflate `zipSync`), alone and as a whole edit (read + apply + re-zip).
 * Then, entry by entry, whether the stored bytes (`storedBytes`, core/ooxml/entry-proof.ts) are the original's, for
 * both results, and whether both results hold the same content (bench/edit/identity.ts); and the same for one change
 * to every docx and pptx of ../shared/corpus, files that other writers compressed their own way.
 * BENCH_RUNS (10) runs after 2 warm-ups, interleaved. Exit code 1 if a change of a plan is not `applied`, an entry
 * our edit did not change is not byte-identical (in the bench files or the corpus), or the two results differ in content.
 */
import { fileURLToPath } from "node:url";
import { inflateRawSync } from "node:zlib";
import type { EditCapability, EditOp, EditOptions, EditResult } from "../../core/contracts/edit.ts";
import { openPackage } from "../../core/ooxml/package.ts";
import { writePackage } from "../../core/ooxml/write.ts";
import { patchZip, zipLayout } from "../../core/ooxml/zip-patch.ts";
import { formatPlugins } from "../../plugins/index.ts";
import { setting } from "../settings.ts";
import { median, p90 } from "../stats.ts";
import { corpusIdentity, identity, type CorpusIdentity, type Identity } from "./identity.ts";
import { benchFiles, WORDS_PER_PAGE, type BenchFile } from "./inputs.ts";
import { deckPlan, wordPlan } from "./plans.ts";

const RUNS = Math.floor(setting("BENCH_RUNS", 10));
const WARMUPS = 2;

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n >= 0.1 ? n.toFixed(2) : n.toFixed(3));
const pad = (s: string | number, n: number) => String(s).padStart(n);
const padEnd = (s: string | number, n: number) => String(s).padEnd(n);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const failures: string[] = [];

const STEPS = ["read", "apply", "patchZip", "edit", "rezip", "naiveEdit"] as const;
type Step = (typeof STEPS)[number];

interface Scenario {
  readonly label: string;
  readonly file: BenchFile;
  readonly editor: EditCapability;
  readonly plan: readonly EditOp[];
  readonly options: EditOptions;
  readonly times: Record<Step, number[]>;
  ours?: Uint8Array;
  naive?: Uint8Array;
  result?: EditResult;
}

/** One edit the way the service does it, each step timed, and the naive writing of the same changed parts. */
const runOnce = (s: Scenario, record: boolean) => {
  const t0 = performance.now();
  s.editor.read(s.file.bytes);
  const t1 = performance.now();
  const result = s.editor.apply(s.file.bytes, s.plan, s.options);
  const t2 = performance.now();
  const ours = patchZip(s.file.bytes, result.parts);
  const t3 = performance.now();
  const naive = writePackage(openPackage(s.file.bytes), result.parts);
  const t4 = performance.now();
  if (!record) return;
  const times = s.times;
  times.read.push(t1 - t0);
  times.apply.push(t2 - t1);
  times.patchZip.push(t3 - t2);
  times.edit.push(t3 - t0);
  times.rezip.push(t4 - t3);
  times.naiveEdit.push(t2 - t0 + (t4 - t3));
  s.result = result;
  s.ours = ours;
  s.naive = naive;
};

const inflated = (zip: Uint8Array): Map<string, Buffer> => {
  const out = new Map<string, Buffer>();
  for (const e of zipLayout(zip).entries) {
    const raw = e.stored.subarray(e.dataStart, e.dataStart + e.entry.compressed);
    out.set(e.entry.name, e.entry.method === 0 ? Buffer.from(raw) : inflateRawSync(raw));
  }
  return out;
};

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array | undefined) => a !== undefined && b !== undefined && Buffer.compare(a, b) === 0;

const CORPUS = fileURLToPath(new URL("../../../shared/corpus/", import.meta.url));

const main = async () => {
  const { report, deck } = await benchFiles();
  const docx = formatPlugins.get("docx")!.edit!;
  const pptx = formatPlugins.get("pptx")!.edit!;
  const date = "2026-03-01T09:00:00Z";
  const times = () => Object.fromEntries(STEPS.map((k) => [k, [] as number[]])) as Record<Step, number[]>;
  const wordOps = wordPlan(docx.read(report.bytes).blocks);
  const deckOps = deckPlan(pptx.read(deck.bytes).blocks);
  const scenarios: Scenario[] = [
    { label: "Word, untracked", file: report, editor: docx, plan: wordOps, options: { track: false, author: "Bench", date }, times: times() },
    { label: "Word, tracked", file: report, editor: docx, plan: wordOps, options: { track: true, author: "Bench", date }, times: times() },
    { label: "deck", file: deck, editor: pptx, plan: deckOps, options: { track: false, author: "Bench", date }, times: times() },
  ];

  // Files other writers made, each edited once: a file our renderer wrote is compressed as the re-zip compresses.
  const corpus: CorpusIdentity[] = [await corpusIdentity(`${CORPUS}docx`, "docx", docx), await corpusIdentity(`${CORPUS}pptx`, "pptx", pptx)];
  for (const c of corpus) failures.push(...c.failed.map((f) => `corpus ${f}`));

  for (let i = 0; i < WARMUPS; i++) for (const s of scenarios) runOnce(s, false);
  for (let i = 0; i < RUNS; i++) for (const s of scenarios) runOnce(s, true);

  // --- checks -------------------------------------------------------------------------------------------------
  const identities = new Map<Scenario, Identity>();
  for (const s of scenarios) {
    for (const e of s.result!.edits) {
      if (e.outcome !== "applied") failures.push(`${s.label}: change ${e.index} (${e.op} ${e.block ?? ""}) was ${e.outcome}${e.reason ? `: ${e.reason}` : ""}`);
    }
    const id = identity(s.file.bytes, s.result!.parts, s.ours!, s.naive!);
    identities.set(s, id);
    if (id.moved.length > 0) failures.push(`${s.label}: entries the edit did not touch are not byte-identical: ${id.moved.join(", ")}`);
    // Both ways must write the same document; only how its entries are stored may differ.
    const a = inflated(s.ours!);
    const b = inflated(s.naive!);
    const differ = [...new Set([...a.keys(), ...b.keys()])].filter((n) => !sameBytes(a.get(n), b.get(n)));
    if (differ.length > 0) failures.push(`${s.label}: our result and the re-zipped one differ in content: ${differ.join(", ")}`);
    // The result must still read as the same kind of file, with the changes in it.
    s.editor.read(s.ours!);
  }

  // --- the report ---------------------------------------------------------------------------------------------
  console.log(`bench:edit — node ${process.version}, ${RUNS} runs after ${WARMUPS} warm-ups, interleaved; median / p90 in ms`);
  console.log("");
  console.log("Inputs (made by our renderers from Markdown, bench/edit/inputs.ts):");
  for (const f of [report, deck]) {
    const doc = (f.format === "docx" ? docx : pptx).read(f.bytes);
    const names = zipLayout(f.bytes).entries.map((e) => e.entry.name);
    const pkg = openPackage(f.bytes);
    const main = f.format === "docx" ? "word/document.xml" : "ppt/presentation.xml";
    const size = f.format === "docx" ? `${f.words.toLocaleString("en")} words ≈ ${(f.words / WORDS_PER_PAGE).toFixed(1)} pages at ${WORDS_PER_PAGE}/page (read says ${doc.pages})` : `${doc.pages} slides, ${names.filter((n) => /notesSlides\/notesSlide\d+\.xml$/.test(n)).length} with notes`;
    console.log(
      `  ${padEnd(f.label, 12)} ${f.format}  ${pad(f.bytes.length.toLocaleString("en"), 7)} bytes (${kb(f.bytes.length)}), ${pad(names.length, 3)} entries, ${main} ${kb(pkg.bytes(main)!.length)} inflated; ${size}; ${doc.blocks.length} blocks`,
    );
  }
  console.log("");
  console.log("Plans (10 changes each, from the file's own blocks, bench/edit/plans.ts):");
  for (const [label, plan] of [["Word", wordOps], ["deck", deckOps]] as const) {
    const counts = new Map<string, number>();
    for (const op of plan) counts.set(op.op, (counts.get(op.op) ?? 0) + 1);
    console.log(`  ${padEnd(label, 5)} ${[...counts].map(([op, n]) => `${op} ×${n}`).join(", ")}`);
  }
  console.log("");

  const cell = (xs: number[]) => `${pad(fmt(median(xs)), 7)} /${pad(fmt(p90(xs)), 6)}`;
  const columns: Array<[Step, string]> = [
    ["read", "(1) read"],
    ["apply", "(2) apply"],
    ["patchZip", "(3) patchZip"],
    ["edit", "(4) edit = 1+2+3"],
    ["rezip", "naive: re-zip"],
    ["naiveEdit", "naive edit = 1+2+re-zip"],
  ];
  const width = 24;
  const head = `${padEnd("file", 17)}${columns.map(([, title]) => pad(title, width)).join("")}`;
  console.log(head);
  console.log("-".repeat(head.length));
  for (const s of scenarios) console.log(`${padEnd(s.label, 17)}${columns.map(([k]) => pad(cell(s.times[k]), width)).join("")}`);
  console.log("");
  console.log("patchZip against re-zipping the same changed parts (medians), and entries whose stored bytes are the original's:");
  const idHead = `${padEnd("file", 17)}${pad("parts written", 15)}${pad("re-zip / patchZip", 19)}${pad("edit: naive / ours", 20)}${pad("identical (ours)", 18)}${pad("identical (naive)", 19)}${pad("same data (naive)", 19)}${pad("output bytes ours / naive", 28)}`;
  console.log(idHead);
  console.log("-".repeat(idHead.length));
  for (const s of scenarios) {
    const id = identities.get(s)!;
    const ratio = (a: Step, b: Step) => `×${(median(s.times[a]) / median(s.times[b])).toFixed(1)}`;
    console.log(
      `${padEnd(s.label, 17)}${pad(`${s.result!.parts.size} (${id.changed} existing)`, 15)}${pad(ratio("rezip", "patchZip"), 19)}${pad(ratio("naiveEdit", "edit"), 20)}${pad(`${id.ours} / ${id.entries}`, 18)}${pad(`${id.naive} / ${id.entries}`, 19)}${pad(`${id.naiveData} / ${id.entries}`, 19)}${pad(`${s.ours!.length.toLocaleString("en")} / ${s.naive!.length.toLocaleString("en")}`, 28)}`,
    );
  }
  console.log("");
  for (const s of scenarios) {
    console.log(`${s.label}: changed parts ${[...s.result!.parts.keys()].join(", ")}; ${s.result!.edits.filter((e) => e.outcome === "applied").length} of ${s.plan.length} changes applied.`);
  }

  console.log("");
  console.log(`The same, one replace_text per file, on ../shared/corpus (files made by Word, PowerPoint, LibreOffice, python-pptx and others):`);
  const corpusHead = `${padEnd("folder", 17)}${pad("files edited", 14)}${pad("entries", 9)}${pad("changed", 9)}${pad("identical (ours)", 18)}${pad("identical (naive)", 19)}${pad("same data (naive)", 19)}`;
  console.log(corpusHead);
  console.log("-".repeat(corpusHead.length));
  for (const c of corpus) {
    const edited = c.files - c.skipped;
    console.log(`${padEnd(c.format, 17)}${pad(`${edited} of ${c.files}`, 14)}${pad(c.entries, 9)}${pad(c.changed, 9)}${pad(c.ours, 18)}${pad(c.naive, 19)}${pad(c.naiveData, 19)}`);
  }
  if (corpus.every((c) => c.files === 0)) console.log("  (no corpus found at ../shared/corpus: skipped)");

  if (failures.length > 0) {
    console.error(`\nFAILED:\n${[...new Set(failures)].map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  }
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
