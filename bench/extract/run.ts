/**
 * `npm run bench:extract`: how fast files are read into Markdown, against the usual tools, in one run.
 *   1. Born-digital PDFs (the corpus's pdf/, minus the two it refuses): pages per second, our extractor (no OCR)
 *      against `pdftotext` (poppler, one process per file). Target: at least 20 pages/s.
 *   2. Word files (the corpus's docx/): documents per second, our docx extractor against `pandoc -f docx -t markdown`
 *      (one process per file). Target: at least pandoc's speed. Skipped, with a line saying so, when the docx
 *      extractor is not there.
 *   3. OCR: seconds per scanned page on one core (the corpus's scanned PDFs read through the PDF extractor with a
 *      one-process Tesseract pool: drawing at 300 dpi and OCR). Target: under 2 s per page per core.
 *   4. OCR fallback: the PDFs of test/public (pdf.js's and MarkItDown's test files, scans and drawn text made for the
 *      tests) read with the same one-process pool: pages whose text layer cannot be used, read by OCR instead
 *      (plugins/pdf/extract/text-layer.ts), and seconds per such page (those pages alone, drawing and OCR). No
 *      target: what they cost, beside 3. (dense pages take Tesseract longer than sparse scans). Skipped without
 *      Tesseract.
 * Each figure is the median of BENCH_RUNS (default 3) passes over all its files, after one warm-up pass; the OCR
 * fallback figure is one pass (the pool is warm from 3., and OCR time varies little).
 * The `OCR fallback` column says, for each set of PDFs, how many pages were read by OCR because their text layer
 * could not be used (born-digital PDFs are read without OCR: there, the pages that would be).
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import * as mupdf from "mupdf";
import type { ExtractContext, Extract, ExtractResult } from "../../core/contracts/extract.ts";
import { extractPdf } from "../../plugins/pdf/extract/index.ts";
import { writeMarkdown } from "../../core/markdown/write.ts";
import { startOcr } from "../../renderers/tesseract/index.ts";

const run = promisify(execFile);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const repository = fileURLToPath(new URL("../../", import.meta.url));
const corpus = (...parts: string[]) => resolve(repository, "../shared/corpus", ...parts);
const files = (folder: string, ext: string) =>
  readdirSync(corpus(folder))
    .filter((name) => name.endsWith(ext))
    .sort()
    .map((name) => ({ name, path: corpus(folder, name), bytes: new Uint8Array(readFileSync(corpus(folder, name))) }));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = async (fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  return (performance.now() - started) / 1000;
};
/** One warm-up pass, then the median of RUNS passes, in seconds. */
const measure = async (pass: () => Promise<unknown>) => {
  await pass();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await seconds(pass));
  return median(samples);
};
const available = async (command: string, args: string[]) => run(command, args).then(() => true, () => false);
const verdict = (ok: boolean) => (ok ? "met" : "NOT MET");
/** Pages read (or, without OCR, to be read) by OCR because their text layer cannot be used. */
const fallbackPages = (result: ExtractResult): number[] =>
  result.diagnostics.filter((d) => d.code === "extract.text_layer_unusable").flatMap((d) => d.location?.pages ?? []);
/** Some pages of a PDF as a PDF of their own (numbers from 1). */
const pagesOf = (bytes: Uint8Array, pages: number[]): Uint8Array => {
  const source = new mupdf.PDFDocument(bytes);
  const doc = new mupdf.PDFDocument();
  for (const page of pages) doc.graftPage(-1, source, page - 1);
  // A copy: the saved buffer lives in mupdf's memory, which later work reuses.
  const out = doc.saveToBuffer("compress").asUint8Array().slice();
  doc.destroy();
  source.destroy();
  return out;
};
/** Every PDF under test/public, by folder and name. */
const publicPdfs = () => {
  const root = resolve(repository, "test/public");
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".pdf"))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(resolve(root, name))) }));
};

interface Row {
  figure: string;
  ours: string;
  reference: string;
  target: string;
  verdict: string;
  fallback: string;
}

const main = async () => {
  console.log(`Quire extract bench — node ${process.version}, ${availableParallelism()} cores, median of ${RUNS} passes after one warm-up\n`);
  const rows: Row[] = [];

  // ------------------------------------------------------------------------------------------------ 1. PDF
  const pdfs: { name: string; path: string; bytes: Uint8Array; pages: number }[] = [];
  let pdfFallback = 0;
  for (const file of files("pdf", ".pdf")) {
    try {
      const result = await extractPdf(file.bytes, {});
      pdfFallback += fallbackPages(result).length;
      pdfs.push({ ...file, pages: result.pages });
    } catch (error) {
      console.log(`   (${file.name} left out: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const pages = pdfs.reduce((n, f) => n + f.pages, 0);
  console.log(`1. born-digital PDFs: ${pdfs.length} files, ${pages} pages, ${pdfFallback} with a text layer that cannot be used`);
  const ourPdf = await measure(async () => {
    for (const file of pdfs) writeMarkdown((await extractPdf(file.bytes, {})).ir);
  });
  const ourRate = pages / ourPdf;
  console.log(`   ours (mupdf → Markdown)  ${ourPdf.toFixed(2)} s  ${ourRate.toFixed(1)} pages/s`);
  let popplerRate: number | null = null;
  if (await available("pdftotext", ["-v"])) {
    const poppler = await measure(async () => {
      for (const file of pdfs) await run("pdftotext", [file.path, "-"], { maxBuffer: 256 * 1024 * 1024 }).catch(() => undefined);
    });
    popplerRate = pages / poppler;
    console.log(`   pdftotext (plain text)   ${poppler.toFixed(2)} s  ${popplerRate.toFixed(1)} pages/s`);
  } else {
    console.log("   pdftotext is not installed: no comparison");
  }
  rows.push({
    figure: "born-digital PDF, pages/s",
    ours: ourRate.toFixed(1),
    reference: popplerRate === null ? "—" : `pdftotext ${popplerRate.toFixed(1)}`,
    target: "≥ 20 pages/s",
    verdict: verdict(ourRate >= 20),
    fallback: `${pdfFallback} of ${pages} pages`,
  });
  console.log();

  // ------------------------------------------------------------------------------------------------ 2. DOCX
  const docxs = files("docx", ".docx");
  let extractDocx: Extract | undefined;
  try {
    ({ extractDocx } = (await import("../../plugins/docx/extract/index.ts")) as { extractDocx?: Extract });
  } catch (error) {
    console.log(`2. Word files: SKIPPED — plugins/docx/extract/index.ts cannot be loaded (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
  }
  if (extractDocx && typeof extractDocx !== "function") {
    console.log("2. Word files: SKIPPED — plugins/docx/extract/index.ts does not export extractDocx");
    extractDocx = undefined;
  }
  if (extractDocx) {
    const docx = extractDocx;
    const read = async (bytes: Uint8Array, ctx: ExtractContext) => writeMarkdown((await docx(bytes, ctx)).ir);
    let refused = 0;
    for (const file of docxs) await read(file.bytes, {}).catch(() => refused++);
    console.log(`2. Word files: ${docxs.length} files${refused > 0 ? ` (${refused} refused by our extractor, still timed)` : ""}`);
    const ours = await measure(async () => {
      for (const file of docxs) await read(file.bytes, {}).catch(() => undefined);
    });
    const ourDocs = docxs.length / ours;
    console.log(`   ours                      ${ours.toFixed(2)} s  ${ourDocs.toFixed(1)} documents/s`);
    let pandocDocs: number | null = null;
    if (await available("pandoc", ["--version"])) {
      let failed = 0;
      for (const file of docxs) await run("pandoc", ["-f", "docx", "-t", "markdown", file.path], { maxBuffer: 256 * 1024 * 1024 }).catch(() => failed++);
      const pandoc = await measure(async () => {
        for (const file of docxs) await run("pandoc", ["-f", "docx", "-t", "markdown", file.path], { maxBuffer: 256 * 1024 * 1024 }).catch(() => undefined);
      });
      pandocDocs = docxs.length / pandoc;
      console.log(`   pandoc -t markdown        ${pandoc.toFixed(2)} s  ${pandocDocs.toFixed(1)} documents/s${failed > 0 ? ` (${failed} failed, still timed)` : ""}`);
    } else {
      console.log("   pandoc is not installed: no comparison");
    }
    rows.push({
      figure: "docx, documents/s",
      ours: ourDocs.toFixed(1),
      reference: pandocDocs === null ? "—" : `pandoc ${pandocDocs.toFixed(1)}`,
      target: "≥ pandoc's speed",
      verdict: pandocDocs === null ? "no pandoc" : verdict(ourDocs >= pandocDocs),
      fallback: "—",
    });
  } else {
    rows.push({ figure: "docx, documents/s", ours: "skipped", reference: "—", target: "≥ pandoc's speed", verdict: "skipped", fallback: "—" });
  }
  console.log();

  // ------------------------------------------------------------------------------------------------ 3. OCR
  const scans = files("scans", ".pdf").filter((f) => f.name.startsWith("pdf_scanned_"));
  if (await available("tesseract", ["--version"])) {
    const ocr = startOcr({ size: 1 });
    let scanned = 0;
    let scanFallback = 0;
    for (const file of scans) {
      const result = await extractPdf(file.bytes, { ocr });
      scanned += result.pages;
      scanFallback += fallbackPages(result).length;
    }
    console.log(`3. OCR: ${scans.length} scanned PDFs, ${scanned} pages, one Tesseract process (one core)`);
    const total = await measure(async () => {
      for (const file of scans) writeMarkdown((await extractPdf(file.bytes, { ocr })).ir);
    });
    const perPage = total / scanned;
    console.log(`   ${perPage.toFixed(2)} s per page (drawing at 300 dpi and OCR, English + Spanish)`);
    rows.push({ figure: "OCR, s/page/core", ours: perPage.toFixed(2), reference: "—", target: "< 2 s/page/core", verdict: verdict(perPage < 2), fallback: `${scanFallback} of ${scanned} pages` });
    console.log();

    // ---------------------------------------------------------------------------------------------- 4. OCR fallback
    const tests = publicPdfs();
    let testPages = 0;
    const found: { name: string; bytes: Uint8Array; pages: number[] }[] = [];
    for (const file of tests) {
      const result = await extractPdf(file.bytes, { ocr }).catch(() => null);
      if (!result) continue;
      testPages += result.pages;
      const pages = fallbackPages(result);
      if (pages.length > 0) found.push({ name: file.name, bytes: file.bytes, pages });
    }
    const count = found.reduce((n, f) => n + f.pages.length, 0);
    console.log(`4. OCR fallback: ${tests.length} PDFs of test/public, ${testPages} pages; ${count} read by OCR as their text layer cannot be used`);
    for (const file of found) console.log(`   ${file.name}: page${file.pages.length === 1 ? "" : "s"} ${file.pages.join(", ")}`);
    if (count > 0) {
      const excerpts = found.map((f) => pagesOf(f.bytes, f.pages));
      const cost = await seconds(async () => {
        for (const bytes of excerpts) writeMarkdown((await extractPdf(bytes, { ocr })).ir);
      });
      console.log(`   ${(cost / count).toFixed(2)} s per page (those pages alone: telling, drawing at 300 dpi and OCR), ${cost.toFixed(1)} s in all`);
      // No target: a page of dense text takes Tesseract longer than the corpus's sparse scans; this says what it costs.
      rows.push({ figure: "OCR fallback, s/page/core", ours: (cost / count).toFixed(2), reference: `scans ${perPage.toFixed(2)}`, target: "—", verdict: "—", fallback: `${count} of ${testPages} pages` });
    } else {
      rows.push({ figure: "OCR fallback, s/page/core", ours: "no page", reference: "—", target: "—", verdict: "—", fallback: `0 of ${testPages} pages` });
    }
    await ocr.close();
  } else {
    console.log("3. OCR: SKIPPED — tesseract is not installed");
    rows.push({ figure: "OCR, s/page/core", ours: "skipped", reference: "—", target: "< 2 s/page/core", verdict: "skipped", fallback: "—" });
    rows.push({ figure: "OCR fallback, s/page/core", ours: "skipped", reference: "—", target: "—", verdict: "skipped", fallback: "—" });
  }
  console.log();

  const columns: (keyof Row)[] = ["figure", "ours", "reference", "target", "verdict", "fallback"];
  const titles: Record<keyof Row, string> = { figure: "figure", ours: "ours", reference: "reference", target: "target", verdict: "verdict", fallback: "OCR fallback" };
  const widths = columns.map((c) => Math.max(titles[c].length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
  console.log(line(columns.map((c) => titles[c])));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => row[c])));
  if (rows.some((r) => r.verdict === "NOT MET")) process.exitCode = 1;
};

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
