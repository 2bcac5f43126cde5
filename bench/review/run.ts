/**
 * `npm run bench:review`: seconds per reviewed file.
 *   1. Every file of the shared corpus (docx, pptx, xlsx, pdf, scans) reviewed once, as the service does it: sanitize,
 *      inspect, repair loop, PDF through the warm LibreOffice pool, previews, key data. Median, 90th percentile and
 *      slowest per format.
 *   2. A ten-page Word report (made by our own docx plugin from the render bench's sections): the whole review, its
 *      PDF included. Target: median under 2 s. Against it, in the same run, the naive way of getting only the PDF: a
 *      cold `soffice --convert-to pdf` per file.
 * BENCH_RUNS (default 7) runs for figure 2, after two warm-up runs (the first also gives the page count); BENCH_LIMIT caps the corpus files per folder.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readMarkdown } from "../../core/markdown/read.ts";
import { defaultStyle } from "../../core/style/defaults.ts";
import { formatPlugins } from "../../plugins/index.ts";
import { standaloneRuntime } from "../../server/operations.ts";
import { reviewFile } from "../../core/operations/review/file.ts";
import { pdfReader } from "../../renderers/index.ts";
import { measureWarmVsCold } from "../render/convert.ts";
import { tenPages } from "./inputs.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LIMIT = Number(process.env.BENCH_LIMIT ?? Infinity);
const CORPUS = fileURLToPath(new URL("../../../shared/corpus/", import.meta.url));
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const verdict = (ok: boolean) => (ok ? "met" : "NOT MET");

const main = async () => {
  console.log(`Quire review bench — node ${process.version}\n`);
  const runtime = standaloneRuntime();
  const review = (bytes: Uint8Array, name: string) => runtime.runPromise(reviewFile({ bytes, name }));
  try {

    console.log("1. every corpus file reviewed once (seconds per file)");
    console.log("   folder  files  failed  median    p90   slowest");
    const all: number[] = [];
    for (const folder of ["docx", "pptx", "xlsx", "pdf", "scans"]) {
      const files = readdirSync(CORPUS + folder).filter((f) => /\.(docx|pptx|xlsx|pdf|doc|ppt|xls)$/i.test(f)).sort().slice(0, LIMIT);
      const seconds: number[] = [];
      let failed = 0;
      let slowest = "";
      for (const file of files) {
        const t = performance.now();
        try {
          await review(new Uint8Array(readFileSync(CORPUS + folder + "/" + file)), file);
        } catch {
          failed++;
        }
        const s = (performance.now() - t) / 1000;
        if (s > Math.max(0, ...seconds)) slowest = file;
        seconds.push(s);
      }
      all.push(...seconds);
      if (seconds.length === 0) continue;
      console.log(
        `   ${folder.padEnd(6)}  ${String(files.length).padStart(5)}  ${String(failed).padStart(6)}  ${quantile(seconds, 0.5).toFixed(2).padStart(6)}  ${quantile(seconds, 0.9).toFixed(2).padStart(5)}  ${Math.max(...seconds).toFixed(2).padStart(7)}  (${slowest})`,
      );
    }
    console.log(`   all     ${String(all.length).padStart(5)}          ${quantile(all, 0.5).toFixed(2).padStart(6)}  ${quantile(all, 0.9).toFixed(2).padStart(5)}  ${Math.max(...all).toFixed(2).padStart(7)}`);
    console.log("   (failed = refused on purpose, e.g. the password-protected PDF)\n");

    console.log("2. a ten-page Word report: the whole review with its PDF, against a cold soffice PDF alone");
    const docx = (await formatPlugins.get("docx")!.render!(readMarkdown(tenPages).ir, defaultStyle("report"), { type: "report" })).bytes;
    const first = await review(docx, "report.docx");
    const pdf = first.outputs.find((o) => o.kind === "pdf")!;
    const pages = (await pdfReader.info(pdf.bytes)).pages;
    await review(docx, "report.docx");
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await review(docx, "report.docx");
      samples.push((performance.now() - t) / 1000);
    }
    const median = quantile(samples, 0.5);
    const naive = await measureWarmVsCold(docx, 3);
    console.log(`   ${pages} pages · review median ${median.toFixed(2)} s (min ${Math.min(...samples).toFixed(2)}, max ${Math.max(...samples).toFixed(2)}, ${RUNS} runs)`);
    console.log(`   naive: a cold soffice --convert-to pdf alone takes ${(naive.coldMs / 1000).toFixed(2)} s; the warm pool converts it in ${(naive.warmMs / 1000).toFixed(2)} s`);
    console.log(`   target: median under 2 s for a 10-page docx, its PDF included — ${verdict(median < 2 && pages >= 10)}`);
  } finally {
    await runtime.dispose();
  }
};

await main();
