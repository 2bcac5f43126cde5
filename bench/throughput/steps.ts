/**
 * The steps of one create timed in this process, for the bench's Markdown: what the service's phases are made of
 * (core/operations/create-content.ts and core/compile/compile.ts), each step alone, median of `runs` after three
 * unmeasured runs. The service runs the same code in a worker thread and adds its store, its blobs and HTTP.
 *
 *   reading    readMarkdown (core/markdown/read.ts), the checks' `text` stage (plugins/checks)
 *   rendering  the docx plugin's render (plugins/docx), the PDF on the warm converter (renderers/libreoffice),
 *              mupdf's text per page (`pdfReader.info`), the checks' `pages` stage
 *   previewing mupdf's PNG previews (`pdfReader.previews`, at most 10 pages, 800 px wide: steps/deliver.ts)
 *
 * Run alone for a one-off table: `node --import tsx bench/throughput/steps.ts`.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readMarkdown } from "../../core/markdown/read.ts";
import { defaultStyle } from "../../core/style/defaults.ts";
import { runChecks } from "../../core/checks/run.ts";
import { noModel } from "../../core/contracts/model.ts";
import type { CheckScope } from "../../core/contracts/check-plugin.ts";
import type { DocType } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import { formatPlugins } from "../../plugins/index.ts";
import { checks } from "../../plugins/checks/index.ts";
import { pdfReader, startOfficeConverter, type OfficeConverter } from "../../renderers/index.ts";
import { PREVIEW_PAGES, PREVIEW_WIDTH } from "../../core/operations/steps/deliver.ts";
import { median } from "../stats.ts";
import { MARKDOWN } from "./input.ts";

export interface StepRow {
  readonly phase: string;
  readonly step: string;
  readonly ms: number;
}

const timeMedian = async (fn: () => Promise<unknown>, runs: number) => {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    await fn();
    samples.push(performance.now() - began);
  }
  return median(samples);
};

export const measureSteps = async (
  converter: OfficeConverter,
  options: { markdown?: string; type?: DocType; style?: StyleApplied; runs?: number } = {},
): Promise<StepRow[]> => {
  const markdown = options.markdown ?? MARKDOWN;
  const type = options.type ?? "report";
  const style = options.style ?? defaultStyle(type);
  const runs = options.runs ?? 10;
  const docx = formatPlugins.get("docx")!;
  const signal = new AbortController().signal;
  const scope: CheckScope = {
    operation: "create",
    format: "docx",
    type,
    author: "caller",
    request: { format: "docx", content: { markdown } },
    sources: [],
    model: noModel,
    signal,
  };
  const emit = async () => undefined;

  // One pass to have every step's input; each step is then timed alone on the same input.
  const ir = readMarkdown(markdown).ir;
  const bytes = (await docx.render!(ir, style, { type })).bytes;
  const pdf = await converter.convert(bytes, "docx", "pdf");
  const info = await pdfReader.info(pdf);

  const rows: StepRow[] = [];
  const step = async (phase: string, name: string, fn: () => Promise<unknown>) => rows.push({ phase, step: name, ms: await timeMedian(fn, runs) });
  await step("reading", "readMarkdown (Markdown → IR)", async () => readMarkdown(markdown));
  await step("reading", "checks, text stage", () => runChecks(checks, ir, { ...scope, stage: "text", style }, emit));
  await step("rendering", "docx plugin render (IR → .docx)", () => docx.render!(ir, style, { type }));
  await step("rendering", "PDF on the warm converter", () => converter.convert(bytes, "docx", "pdf"));
  await step("rendering", "mupdf text per page (info)", () => pdfReader.info(pdf));
  await step("rendering", "checks, pages stage", () => runChecks(checks, ir, { ...scope, stage: "pages", style, pages: info.text, pictures: [] }, emit));
  await step("previewing", `mupdf PNG previews (${info.pages} p, ${PREVIEW_WIDTH} px)`, () => pdfReader.previews(pdf, { maxPages: PREVIEW_PAGES, width: PREVIEW_WIDTH }));
  return rows;
};

export const printSteps = (rows: readonly StepRow[], indent = "   ") => {
  const width = Math.max(...rows.map((r) => r.step.length), 4);
  console.log(`${indent}${"phase".padEnd(11)} ${"step".padEnd(width)}  ms (median)`);
  for (const r of rows) console.log(`${indent}${r.phase.padEnd(11)} ${r.step.padEnd(width)}  ${r.ms.toFixed(1).padStart(11)}`);
  const total = rows.reduce((a, r) => a + r.ms, 0);
  console.log(`${indent}${"".padEnd(11)} ${"sum".padEnd(width)}  ${total.toFixed(1).padStart(11)}`);
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pool = await startOfficeConverter({ size: 1 });
  try {
    printSteps(await measureSteps(pool));
  } finally {
    await pool.close();
  }
}
