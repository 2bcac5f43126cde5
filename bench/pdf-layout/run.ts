/**
 * `npm run bench:pdf-layout [dir]`: how well PDFs are read into Markdown, against hand-written truths, beside
 * `pdftotext`, in one run. Every `<name>.md` under the directory (default test/public/pdf-layout; README.md left out)
 * with a PDF — `<name>.pdf` beside it, or the one its `<!-- pdf: path -->` comment names — is a case.
 *
 * For each case, on the pages its truth covers (`<!-- truth: pages A-B -->`, else all; a PDF of those pages alone
 * is made with mupdf, so both tools read the same pages):
 *   - Quire: the PDF extract plugin in process (plugins/pdf/extract), Markdown by the one writer; no OCR, unless
 *     the plugin says a page is scanned or its text layer cannot be used and Tesseract is there (then a
 *     one-process pool, as bench/extract does);
 *   - pdftotext (poppler), plain text in reading order, one process per file.
 * Measures (bench/pdf-layout/metrics.ts): word recall and precision, reading order, table cell F1 (pdftotext makes
 * no tables: "-"), heading recall and precision (pdftotext has none), pages, and milliseconds per page (median of
 * BENCH_RUNS, default 3, after the run whose output is measured). The last row is the macro average over the cases
 * (a "-" is left out). Each cell is "Quire / pdftotext"; where pdftotext has no figure, Quire's alone.
 *
 * Then the speed of whole documents (`WHOLE`, below): longer public PDFs read in full, beside pdftotext.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import * as mupdf from "mupdf";
import type { ExtractResult, Ocr } from "../../core/contracts/extract.ts";
import { writeMarkdown } from "../../core/markdown/write.ts";
import { extractPdf } from "../../plugins/pdf/extract/index.ts";
import { startOcr } from "../../renderers/tesseract/index.ts";
import { median } from "../stats.ts";
import { headingScores, headings, mean, plainText, readingOrder, tableCellScores, tables, truthPages, wordScores, words, type Ratio } from "./metrics.ts";

const run = promisify(execFile);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const repository = fileURLToPath(new URL("../../", import.meta.url));
const root = resolve(process.argv[2] ?? resolve(repository, "test/public/pdf-layout"));

interface Case {
  name: string;
  truth: string;
  pdf: string;
  pages: { first: number; last: number } | null;
}

const cases = (): Case[] =>
  readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".md") && basename(path) !== "README.md")
    .sort()
    .flatMap((path) => {
      const file = resolve(root, path);
      const truth = readFileSync(file, "utf8");
      const named = /<!--\s*pdf:\s*(\S+)\s*-->/.exec(truth)?.[1];
      const pdf = named ? resolve(dirname(file), named) : file.replace(/\.md$/, ".pdf");
      try {
        readFileSync(pdf);
      } catch {
        return [];
      }
      return [{ name: path.replace(/\.md$/, ""), truth, pdf, pages: truthPages(truth) }];
    });

/** The pages first..last of a PDF as a PDF of their own, so both tools read just those. */
const pagesOf = (bytes: Uint8Array, first: number, last: number): Uint8Array => {
  const source = new mupdf.PDFDocument(bytes);
  const doc = new mupdf.PDFDocument();
  for (let page = first; page <= Math.min(last, source.countPages()); page++) doc.graftPage(-1, source, page - 1);
  // A copy: the saved buffer lives in mupdf's memory, which later work reuses.
  const out = doc.saveToBuffer("compress").asUint8Array().slice();
  doc.destroy();
  source.destroy();
  return out;
};

/** Pages the plugin could not read from their text: OCR would help there. */
const wantsOcr = (result: ExtractResult) =>
  result.diagnostics.some((d) => d.code === "extract.ocr_unavailable" || d.code === "extract.text_layer_unusable");

const timed = async <T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
};

const available = async (command: string, args: string[]) => run(command, args).then(() => true, () => false);

const fixed = (x: Ratio) => (x === null ? "-" : x.toFixed(2));

interface Scores {
  recall: Ratio;
  precision: Ratio;
  order: Ratio;
  cells: Ratio;
  headRecall: Ratio;
  headPrecision: Ratio;
  msPerPage: number;
}

const score = (truth: string, produced: string, markdown: boolean, msPerPage: number): Scores => {
  const want = words(plainText(truth));
  const got = words(markdown ? plainText(produced) : produced);
  const w = wordScores(want, got);
  const h = headingScores(headings(truth), markdown ? headings(produced) : []);
  return {
    recall: w.recall,
    precision: w.precision,
    order: readingOrder(want, got),
    cells: markdown ? tableCellScores(tables(truth), tables(produced)).f1 : null,
    headRecall: h.recall,
    headPrecision: markdown ? h.precision : null,
    msPerPage,
  };
};

const main = async () => {
  const found = cases();
  if (found.length === 0) throw new Error(`no truth file with a PDF under ${root}`);
  const poppler = await available("pdftotext", ["-v"]);
  const tesseract = await available("tesseract", ["--version"]);
  let ocr: (Ocr & { close: () => Promise<void> }) | undefined;
  console.log(`Quire pdf-layout bench — node ${process.version}, ${found.length} files under ${relative(process.cwd(), root) || "."}, ms/page the median of ${RUNS} runs`);
  if (!poppler) console.log("pdftotext is not installed: no comparison");

  const scratch = mkdtempSync(join(tmpdir(), "pdf-layout-"));
  const rows: { name: string; pages: number; tables: string; quire: Scores; poppler: Scores | null; note: string }[] = [];
  try {
    for (const c of found) {
      const whole = new Uint8Array(readFileSync(c.pdf));
      const bytes = c.pages ? pagesOf(whole, c.pages.first, c.pages.last) : whole;
      const path = join(scratch, "input.pdf");
      writeFileSync(path, bytes);

      let ctx: { ocr?: Ocr } = {};
      let result = await extractPdf(bytes, ctx);
      let note = "";
      if (wantsOcr(result)) {
        if (tesseract) {
          ocr ??= startOcr({ size: 1 });
          ctx = { ocr };
          result = await extractPdf(bytes, ctx);
          note = "OCR";
        } else {
          note = "needs OCR, no Tesseract";
        }
      }
      const markdown = writeMarkdown(result.ir);
      const ours: number[] = [];
      for (let i = 0; i < RUNS; i++) ours.push((await timed(async () => writeMarkdown((await extractPdf(bytes, ctx)).ir))).ms);

      let theirs: Scores | null = null;
      if (poppler) {
        const text = (await run("pdftotext", ["-enc", "UTF-8", path, "-"], { maxBuffer: 256 * 1024 * 1024 })).stdout;
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) times.push((await timed(() => run("pdftotext", ["-enc", "UTF-8", path, "-"], { maxBuffer: 256 * 1024 * 1024 }))).ms);
        theirs = score(c.truth, text, false, median(times) / result.pages);
      }
      rows.push({
        name: c.name,
        pages: result.pages,
        tables: `${tables(c.truth).length}/${tables(markdown).length}`,
        quire: score(c.truth, markdown, true, median(ours) / result.pages),
        poppler: theirs,
        note,
      });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await ocr?.close();
  }

  const pair = (q: Ratio, p: Ratio | undefined) => (p === undefined ? fixed(q) : `${fixed(q)} / ${fixed(p)}`);
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const titles = ["file", "words recall", "words precision", "reading order", "table cells F1", "tables (truth/Quire)", "headings recall", "headings precision", "pages", "ms/page", "note"];
  console.log();
  console.log("Each cell is Quire / pdftotext.");
  console.log();
  console.log(line(titles));
  console.log(line(titles.map(() => "---")));
  const has = rows.some((r) => r.poppler);
  const cells = (name: string, q: Scores, p: Scores | null, pages: string, tablesCell: string, note: string) => [
    name,
    pair(q.recall, has ? (p?.recall ?? null) : undefined),
    pair(q.precision, has ? (p?.precision ?? null) : undefined),
    pair(q.order, has ? (p?.order ?? null) : undefined),
    fixed(q.cells),
    tablesCell,
    pair(q.headRecall, has ? (p?.headRecall ?? null) : undefined),
    fixed(q.headPrecision),
    pages,
    has ? `${q.msPerPage.toFixed(1)} / ${p ? p.msPerPage.toFixed(1) : "-"}` : q.msPerPage.toFixed(1),
    note,
  ];
  for (const r of rows) console.log(line(cells(r.name, r.quire, r.poppler, String(r.pages), r.tables, r.note)));
  const avg = (pick: (s: Scores) => Ratio, of: (r: (typeof rows)[number]) => Scores | null) => mean(rows.map((r) => (of(r) ? pick(of(r)!) : null)));
  const total = (of: (r: (typeof rows)[number]) => Scores | null): Scores => ({
    recall: avg((s) => s.recall, of),
    precision: avg((s) => s.precision, of),
    order: avg((s) => s.order, of),
    cells: avg((s) => s.cells, of),
    headRecall: avg((s) => s.headRecall, of),
    headPrecision: avg((s) => s.headPrecision, of),
    msPerPage: mean(rows.map((r) => of(r)?.msPerPage ?? null)) ?? 0,
  });
  const pages = rows.reduce((n, r) => n + r.pages, 0);
  console.log(line(cells(`**mean of ${rows.length}**`, total((r) => r.quire), has ? total((r) => r.poppler) : null, String(pages), "", "")));
  await wholeDocuments(poppler);
};

/**
 * The speed target: a text PDF of 20 pages or so read whole in under a second. Longer public PDFs with a text layer,
 * each read in full: Quire (median of BENCH_RUNS after a first run) beside pdftotext (process start included).
 */
const WHOLE = ["test/public/pdf.js/TAMReview.pdf", "test/public/pdf-layout/pdfplumber/federal-register-2020-17221.pdf", "test/public/pdf.js/tracemonkey.pdf"];

const wholeDocuments = async (poppler: boolean) => {
  console.log();
  console.log("Whole documents, read in full (ms; Quire / pdftotext):");
  console.log();
  console.log("| file | pages | Quire ms | pdftotext ms | Quire ms/page |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const file of WHOLE) {
    const path = resolve(repository, file);
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(path));
    } catch {
      continue;
    }
    const first = await extractPdf(bytes, {});
    const ours: number[] = [];
    for (let i = 0; i < RUNS; i++) ours.push((await timed(async () => writeMarkdown((await extractPdf(bytes, {})).ir))).ms);
    const theirs: number[] = [];
    if (poppler) for (let i = 0; i < RUNS; i++) theirs.push((await timed(() => run("pdftotext", ["-enc", "UTF-8", path, "-"], { maxBuffer: 256 * 1024 * 1024 }))).ms);
    const q = median(ours);
    console.log(`| ${basename(path)} | ${first.pages} | ${q.toFixed(0)} | ${poppler ? median(theirs).toFixed(0) : "-"} | ${(q / first.pages).toFixed(1)} |`);
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
