/**
 * `npm run bench:render`: milliseconds per document.
 *   1. Generation of docx, pptx and xlsx by the format plugins (IR → file, no PDF) for a one-page and a twenty-page
 *      Markdown input. Target: under 100 ms for 20 pages.
 *   2. PDF conversion of a one-page docx: the warm LibreOffice pool against a cold `soffice --convert-to pdf` per
 *      document (the naive way), in the same run. Target: warm at least 5× faster.
 *   3. A direct-mode `POST /documents` of a docx from Markdown (Word file, PDF, previews) on the real service.
 *      Target: median under 1 s.
 * Medians over BENCH_RUNS (default 10) after three warm-up runs each.
 */
import { readMarkdown } from "../../core/markdown/read.ts";
import { defaultStyle } from "../../core/style/defaults.ts";
import { formatPlugins } from "../../plugins/index.ts";
import type { DocType } from "../../core/ir/types.ts";
import { onePage, twentyPages } from "./inputs.ts";
import { measureWarmVsCold } from "./convert.ts";
import { startService } from "../../test/support/service.ts";
import { pdfReader } from "../../renderers/index.ts";
import { startOfficeConverter } from "../../renderers/index.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
/** Three warm-up runs first: a running service has its code compiled by the JIT; the first calls measure the JIT. */
const measure = async (fn: () => Promise<unknown>, runs = RUNS) => {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await time(fn));
  return median(samples);
};
const verdict = (ok: boolean) => (ok ? "met" : "NOT MET");

const main = async () => {
  console.log(`Quire render bench — node ${process.version}, ${RUNS} runs per figure (median)\n`);

  // How many pages the inputs really make, measured once through the pool.
  const pool = await startOfficeConverter({ size: 1 });
  const pagesOf = async (markdown: string) => {
    const ir = readMarkdown(markdown).ir;
    const docx = await formatPlugins.get("docx")!.render!(ir, defaultStyle("report"), { type: "report" });
    return (await pdfReader.info(await pool.convert(docx.bytes, "docx", "pdf"))).pages;
  };
  const inputs = [
    { label: "1 page", markdown: onePage, pages: await pagesOf(onePage) },
    { label: "20 pages", markdown: twentyPages, pages: await pagesOf(twentyPages) },
  ];
  await pool.close();

  console.log("1. generation by the format plugins (ms per document, no PDF)");
  console.log("   format  input              ms");
  let worst20 = 0;
  for (const format of ["docx", "pptx", "xlsx"] as const) {
    const type: DocType = format === "pptx" ? "presentation" : format === "xlsx" ? "spreadsheet" : "report";
    for (const input of inputs) {
      const ir = readMarkdown(input.markdown).ir;
      const plugin = formatPlugins.get(format)!;
      const ms = await measure(() => plugin.render!(ir, defaultStyle(type), { type }));
      if (input.label === "20 pages") worst20 = Math.max(worst20, ms);
      console.log(`   ${format.padEnd(6)}  ${`${input.label} (${input.pages} p in Word)`.padEnd(18)} ${ms.toFixed(1).padStart(6)}`);
    }
  }
  console.log(`   target: under 100 ms for 20 pages — slowest ${worst20.toFixed(1)} ms: ${verdict(worst20 < 100)}\n`);

  console.log("2. PDF of a one-page docx: warm pool against a cold soffice per document (the naive way)");
  const ir = readMarkdown(onePage).ir;
  const docx = (await formatPlugins.get("docx")!.render!(ir, defaultStyle("report"), { type: "report" })).bytes;
  const wc = await measureWarmVsCold(docx, Math.max(3, Math.min(RUNS, 7)));
  console.log(`   cold ${wc.coldMs} ms · warm ${wc.warmMs} ms · ${wc.speedup}× faster (pool start ${wc.poolStartMs} ms, once)`);
  console.log(`   target: warm at least 5× faster — ${verdict(wc.speedup >= 5)}\n`);

  console.log("3. direct-mode POST /documents, docx from Markdown with its PDF and previews, on the real service");
  const svc = await startService({ QUIRE_WORKERS: "2" });
  try {
    const create = async () => {
      const { data, response } = await svc.client.POST("/documents", { body: { format: "docx", content: { markdown: onePage } } });
      const outputs = (data as { outputs?: Array<{ kind: string }> } | undefined)?.outputs ?? [];
      if (response.status !== 200 || !outputs.some((o) => o.kind === "pdf")) throw new Error(`create answered ${response.status}`);
    };
    await create(); // the pool warms up with the first document
    const ms = await measure(create);
    console.log(`   median ${ms.toFixed(0)} ms — target: under 1 s — ${verdict(ms < 1000)}`);
  } finally {
    await svc.stop();
  }
};

await main();
