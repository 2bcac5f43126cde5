/**
 * Reading a PDF into the IR (interface, Extraction): mupdf's structured text page by page, each page opened by a
 * comment block `page N` (written `<!-- page N -->`), its text turned into headings, lists, tables and paragraphs
 * (page.ts, blocks.ts), every block's `source` the page (`page:N`) and the range of its text it was read from.
 *
 * - Up to `ctx.maxPages` (1,000) pages are read; the rest are named in a final marker and a diagnostic.
 * - A scanned page (no text, pictures over most of it) is drawn at 300 dpi and read by `ctx.ocr`, up to
 *   `ctx.maxOcrPages` (100) pages; later scanned pages, or all of them with no OCR, get a marker saying they were
 *   not read. On pages with text, pictures big enough to hold a line of text are read by OCR too (as many as scanned
 *   pages may be), and what they say follows a `<!-- picture: text read by OCR -->` marker where the picture is,
 *   less what the text layer over the picture already says (picture-text.ts).
 * - A page whose text layer cannot be used (text-layer.ts: glyphs without a character map, garbage, hardly any
 *   words; with OCR, also text drawn as outlines on a page with few characters) is read like a scanned page, within
 *   the same limit: its `<!-- page N -->` marker is followed by `<!-- page N: text layer unusable, read by OCR -->`
 *   and the text OCR read. With no OCR, past the limit or when OCR fails, the page's own text is kept after
 *   `<!-- page N: text layer unusable, not read by OCR (why) -->`. Either way a diagnostic
 *   (`extract.text_layer_unusable`) names the pages.
 * - The pages OCR read (scanned or with an unusable text layer, whether it found text or not) are the result's
 *   `ocrPages`.
 * - A password-protected PDF is refused (`file_rejected`); one mupdf cannot open is `unreadable`. A single page
 *   that cannot be read gets a marker and a diagnostic, and the rest is read.
 *
 * Pages are read one after the other (mupdf works synchronously); OCR runs in Tesseract processes meanwhile, a few
 * pages ahead, and the text is put together in page order at the end. `ctx.signal` is checked between pages. Text read
 * by OCR has an empty source range at 0: it is not in the page's text.
 */
import { diagnostic, type Diagnostic } from "../../../core/diagnostics.ts";
import { ExtractRefused, type ExtractContext, type Extract } from "../../../core/contracts/extract.ts";
import { assignIds } from "../../../core/ir/ids.ts";
import type { Block } from "../../../core/ir/types.ts";
import { markdownBlocks } from "../../../core/extract/markdown-blocks.ts";
import { PdfReadError } from "../../../renderers/mupdf/errors.ts";
import { openPdfPages, type LayoutBlock, type PageLayout, type PdfPages } from "../../../renderers/mupdf/pages.ts";
import type { Rule } from "../../../renderers/mupdf/rules.ts";
import { pageBlocks, repeatedHeaders } from "./blocks.ts";
import { pagePieces, pageText } from "./page.ts";
import { typeScale } from "./typography.ts";
import { pictureOwnText } from "./picture-text.ts";
import { drawnText, fewChars, textLayerVerdict } from "./text-layer.ts";
import { findFurniture, findLineNumbers } from "./furniture.ts";

export const DEFAULT_MAX_PAGES = 1000;
export const DEFAULT_MAX_OCR_PAGES = 100;
/** Scanned pages are drawn at this resolution for OCR: what Tesseract reads best. */
export const OCR_DPI = 300;
/** Pages larger than A3 are drawn at less than 300 dpi, so OCR stays within its time per page. */
const OCR_MAX_PIXELS = 18_000_000;
/** A page with fewer characters than this and pictures over half of it is a scan. */
const SCAN_MAX_CHARS = 20;
const SCAN_MIN_COVER = 0.5;
/** Pages drawn and waiting for (or in) OCR at once: enough to keep Tesseract busy, few enough for memory. */
const OCR_AHEAD = 8;
/** OCR text of a picture is kept when Tesseract is at least this sure of it. */
const PICTURE_MIN_CONFIDENCE = 0.6;

type OcrOutcome = { ok: true; markdown: string; confidence: number } | { ok: false; error: unknown };

type PageResult =
  | { kind: "text"; layout: PageLayout; pictures: Map<LayoutBlock, Promise<OcrOutcome>>; rules: readonly Rule[] }
  | { kind: "scan"; ocr: Promise<OcrOutcome> | "no-ocr" | "over-limit" }
  /** A text layer that cannot be used, read by OCR; its layout is kept in case OCR fails. */
  | { kind: "fallback"; layout: PageLayout; ocr: Promise<OcrOutcome> }
  | { kind: "unreadable"; reason: string };

const limit = (n: number) => n.toLocaleString("en-US");
const pageList = (pages: number[]) => (pages.length <= 10 ? pages.join(", ") : `${pages.slice(0, 10).join(", ")} and ${pages.length - 10} more`);

const refuse = (error: unknown): never => {
  if (error instanceof PdfReadError) {
    if (error.reason === "encrypted") throw new ExtractRefused("The PDF is password-protected; Quire cannot read it.", "file_rejected");
    // mupdf's own account of the damage is for logs, not for the caller (DESIGN.md, "Errors").
    throw new ExtractRefused("The PDF is damaged and cannot be read.", "unreadable");
  }
  throw error;
};

const pictureArea = (layout: PageLayout): number => {
  let area = 0;
  for (const b of layout.blocks) {
    if (b.kind !== "image") continue;
    const w = Math.min(b.x1, layout.width) - Math.max(b.x0, 0);
    const h = Math.min(b.y1, layout.height) - Math.max(b.y0, 0);
    if (w > 0 && h > 0) area += w * h;
  }
  return Math.min(area, layout.width * layout.height);
};

/** A picture that may hold a line of text: an inch wide, a line high, and not a speck. */
const readablePicture = (b: LayoutBlock, layout: PageLayout): boolean => {
  if (b.kind !== "image") return false;
  const w = b.x1 - b.x0;
  const h = b.y1 - b.y0;
  return w >= 72 && h >= 14 && w * h >= 2500 && w * h < layout.width * layout.height * SCAN_MIN_COVER && b.width >= 48 && b.height >= 12;
};

const ocrMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const extractPdf: Extract = async (bytes: Uint8Array, ctx: ExtractContext) => {
  ctx.signal?.throwIfAborted();
  const maxPages = Math.max(1, Math.floor(ctx.maxPages ?? DEFAULT_MAX_PAGES));
  const maxOcr = Math.max(0, Math.floor(ctx.maxOcrPages ?? DEFAULT_MAX_OCR_PAGES));
  const pdf: PdfPages = await openPdfPages(bytes).catch(refuse);
  const diagnostics: Diagnostic[] = [];
  const results: PageResult[] = [];
  const total = pdf.count;
  const reading = Math.min(total, maxPages);
  const inFlight = new Set<Promise<OcrOutcome>>();
  const sizes = new Map<number, number>();
  let ocrPages = 0;
  let ocrPictures = 0;
  const picturesSkipped: number[] = [];
  /** Pages whose text layer cannot be used, and why, whether OCR read them or not; by page, in page order. */
  const unusable = new Map<number, { page: number; why: string; read: "ocr" | "no-ocr" | "over-limit" | "failed" }>();

  // OCR outcomes never reject, so an abort or a failure on one page never leaves a rejection unhandled.
  // Resolves once the job is started (a place is free), to the job itself (wrapped, or `await` would wait for it).
  // A page mupdf cannot draw is an OCR failure of that page, not of the document.
  const queueOcr = async (draw: () => Uint8Array): Promise<{ job: Promise<OcrOutcome> }> => {
    const ocr = ctx.ocr!;
    while (inFlight.size >= OCR_AHEAD) await Promise.race(inFlight);
    ctx.signal?.throwIfAborted();
    let png: Uint8Array;
    try {
      png = draw();
    } catch (error) {
      return { job: Promise.resolve({ ok: false, error }) };
    }
    const job: Promise<OcrOutcome> = ocr.read(png, { signal: ctx.signal }).then(
      (r) => ({ ok: true as const, markdown: r.markdown, confidence: r.confidence }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    inFlight.add(job);
    void job.then(() => inFlight.delete(job));
    return { job };
  };

  try {
    for (let index = 0; index < reading; index++) {
      ctx.signal?.throwIfAborted();
      let layout: PageLayout;
      try {
        layout = pdf.layout(index, { images: ctx.ocr !== undefined });
        // Without OCR pictures are only looked for where a page has (almost) no text: is it a scan?
        if (!ctx.ocr && layout.chars < SCAN_MAX_CHARS) layout = pdf.layout(index, { images: true });
      } catch (error) {
        results.push({ kind: "unreadable", reason: ocrMessage(error) });
        continue;
      }
      if (layout.chars < SCAN_MAX_CHARS && pictureArea(layout) >= SCAN_MIN_COVER * layout.width * layout.height) {
        if (!ctx.ocr) results.push({ kind: "scan", ocr: "no-ocr" });
        else if (ocrPages >= maxOcr) results.push({ kind: "scan", ocr: "over-limit" });
        else {
          ocrPages++;
          results.push({ kind: "scan", ocr: (await queueOcr(() => pdf.png(index, { dpi: OCR_DPI, maxPixels: OCR_MAX_PIXELS }).png)).job });
        }
        continue;
      }
      let verdict = textLayerVerdict(layout);
      // Walking what a page draws is slow on busy pages: only where OCR could read it and the text is thin.
      if (verdict.usable && ctx.ocr && ocrPages < maxOcr && fewChars(layout)) {
        try {
          verdict = drawnText(layout, pdf.outlines(index));
        } catch {
          // A page mupdf cannot walk is read from its text as before.
        }
      }
      if (!verdict.usable) {
        const read = !ctx.ocr ? "no-ocr" : ocrPages >= maxOcr ? "over-limit" : "ocr";
        unusable.set(index + 1, { page: index + 1, why: verdict.why, read });
        if (read === "ocr") {
          ocrPages++;
          const ocr = (await queueOcr(() => pdf.png(index, { dpi: OCR_DPI, maxPixels: OCR_MAX_PIXELS }).png)).job;
          results.push({ kind: "fallback", layout, ocr });
          continue;
        }
      }
      for (const [size, count] of layout.sizes) sizes.set(size, (sizes.get(size) ?? 0) + count);
      const pictures = new Map<LayoutBlock, Promise<OcrOutcome>>();
      if (ctx.ocr) {
        for (const block of layout.blocks) {
          if (!readablePicture(block, layout)) continue;
          if (ocrPictures >= maxOcr) {
            picturesSkipped.push(index + 1);
            continue;
          }
          ocrPictures++;
          pictures.set(block, (await queueOcr(() => pdf.png(index, { dpi: OCR_DPI, clip: block, maxPixels: OCR_MAX_PIXELS }).png)).job);
        }
      }
      // The page's rules, for its ruled tables (page.ts); a page mupdf cannot walk has none.
      let rules: readonly Rule[] = [];
      try {
        rules = pdf.rules?.(index).rules ?? [];
      } catch {
        rules = [];
      }
      results.push({ kind: "text", layout, pictures, rules });
    }
  } finally {
    pdf.close();
  }

  const scale = typeScale(sizes);
  const furniture = findFurniture(results.flatMap((r) => (r.kind === "text" ? [r.layout] : [])));
  const noOcr: number[] = [];
  const overLimit: number[] = [];
  const failed: { page: number; message: string }[] = [];
  const unreadable: { page: number; reason: string }[] = [];
  /** Pages whose text OCR read: the caller's `ocrPages`, so it knows which text is a guess. */
  const readByOcr: number[] = [];
  const blocks: Block[] = [];
  for (const [index, result] of results.entries()) {
    ctx.signal?.throwIfAborted();
    const page = index + 1;
    const part = `page:${page}`;
    const marker = (note: string, end = 0) => ({ type: "comment" as const, id: "", source: { part, start: 0, end }, text: note });
    const ocrBlocks = (markdown: string): Block[] => markdownBlocks(markdown, { part, start: 0, end: 0 });
    const notByOcr = (note: string) => marker(`page ${page}: text layer unusable, not read by OCR (${note})`);
    if (result.kind === "unreadable") {
      unreadable.push({ page, reason: result.reason });
      blocks.push(marker(`page ${page}`), marker(`page ${page}: could not be read`));
    } else if (result.kind === "scan") {
      blocks.push(marker(`page ${page}`));
      if (result.ocr === "no-ocr") {
        noOcr.push(page);
        blocks.push(marker(`page ${page}: scanned, not read`));
      } else if (result.ocr === "over-limit") {
        overLimit.push(page);
        blocks.push(marker(`page ${page}: scanned, not read (over the ${limit(maxOcr)} OCR pages limit)`));
      } else {
        const outcome = await result.ocr;
        ctx.signal?.throwIfAborted();
        if (!outcome.ok) {
          failed.push({ page, message: ocrMessage(outcome.error) });
          blocks.push(marker(`page ${page}: scanned, not read (OCR failed)`));
        } else {
          readByOcr.push(page);
          if (outcome.markdown.trim() === "") blocks.push(marker(`page ${page}: scanned, no text found`));
          else blocks.push(...ocrBlocks(outcome.markdown));
        }
      }
    } else if (result.kind === "fallback") {
      const outcome = await result.ocr;
      ctx.signal?.throwIfAborted();
      if (outcome.ok) {
        blocks.push(marker(`page ${page}`), marker(`page ${page}: text layer unusable, read by OCR`));
        readByOcr.push(page);
        if (outcome.markdown.trim() === "") blocks.push(marker(`page ${page}: no text found by OCR`));
        else blocks.push(...ocrBlocks(outcome.markdown));
      } else {
        failed.push({ page, message: ocrMessage(outcome.error) });
        unusable.get(page)!.read = "failed";
        // What the text layer gives is little, but it is what there is.
        blocks.push(marker(`page ${page}`, pageText(result.layout).length), notByOcr("OCR failed"));
        blocks.push(...pageBlocks(pagePieces(result.layout, scale), page));
      }
    } else {
      blocks.push(marker(`page ${page}`, pageText(result.layout).length));
      const skipped = unusable.get(page);
      if (skipped) blocks.push(notByOcr(skipped.read === "no-ocr" ? "OCR is not available" : `over the ${limit(maxOcr)} OCR pages limit`));
      const texts = new Map<LayoutBlock, Block[]>();
      for (const [block, job] of result.pictures) {
        const outcome = await job;
        ctx.signal?.throwIfAborted();
        if (!outcome.ok) failed.push({ page, message: ocrMessage(outcome.error) });
        else if (outcome.confidence >= PICTURE_MIN_CONFIDENCE) {
          // A page's text is said once: what the text layer over the picture says is not said again.
          const own = pictureOwnText(outcome.markdown, block, result.layout);
          if (/\p{L}{2,}/u.test(own)) texts.set(block, [marker("picture: text read by OCR"), ...ocrBlocks(own)]);
        }
      }
      const margin = findLineNumbers(result.layout);
      const left = margin.size === 0 ? furniture : new Set([...furniture, ...margin]);
      blocks.push(...pageBlocks(pagePieces(result.layout, scale, (block) => texts.get(block), result.rules, left), page));
    }
  }

  if (total > reading) {
    const range = reading + 1 === total ? `page ${total}` : `pages ${reading + 1}–${total}`;
    blocks.push({ type: "comment", id: "", text: `${range} not read: over the ${limit(maxPages)}-page limit` });
    diagnostics.push(diagnostic("extract.pages_over_limit", "warning", "extract", `The PDF has ${limit(total)} pages; only the first ${limit(maxPages)} were read (${range} not read).`));
  }
  if (noOcr.length > 0) {
    diagnostics.push({ ...diagnostic("extract.ocr_unavailable", "warning", "extract", `Scanned page${noOcr.length === 1 ? "" : "s"} ${pageList(noOcr)} could not be read: OCR is not available.`), location: { pages: noOcr } });
  }
  if (overLimit.length > 0) {
    diagnostics.push({ ...diagnostic("extract.ocr_over_limit", "warning", "extract", `Only ${limit(maxOcr)} scanned pages are read by OCR; page${overLimit.length === 1 ? "" : "s"} ${pageList(overLimit)} were not read.`), location: { pages: overLimit } });
  }
  if (picturesSkipped.length > 0) {
    const pages = [...new Set(picturesSkipped)];
    diagnostics.push({ ...diagnostic("extract.ocr_over_limit", "info", "extract", `Only ${limit(maxOcr)} pictures are read by OCR; ${picturesSkipped.length} more on page${pages.length === 1 ? "" : "s"} ${pageList(pages)} were not read.`), location: { pages } });
  }
  if (unusable.size > 0) {
    const all = [...unusable.values()];
    const pages = all.map((u) => u.page);
    const read = all.filter((u) => u.read === "ocr").map((u) => u.page);
    const kept = all.filter((u) => u.read !== "ocr");
    const why = { "no-ocr": "OCR is not available", "over-limit": `over the ${limit(maxOcr)} OCR pages limit`, failed: "OCR failed", ocr: "" };
    const reasons = [...new Set(kept.map((u) => why[u.read]))].join(", ");
    const one = pages.length === 1;
    const subject = one ? `page ${pages[0]}` : `pages ${pageList(pages)}`;
    const first = one ? all[0]!.why : `on page ${pages[0]}, ${all[0]!.why}`;
    const outcome =
      kept.length === 0
        ? `${one ? "It was" : "They were"} read by OCR.`
        : read.length === 0
          ? `${one ? "It keeps its" : "They keep their"} own text: not read by OCR (${reasons}).`
          : `Page${read.length === 1 ? "" : "s"} ${pageList(read)} ${read.length === 1 ? "was" : "were"} read by OCR; ${pageList(kept.map((u) => u.page))} ${kept.length === 1 ? "keeps its" : "keep their"} own text (${reasons}).`;
    diagnostics.push({
      ...diagnostic("extract.text_layer_unusable", kept.length > 0 ? "warning" : "info", "extract", `The text layer of ${subject} cannot be used: ${first}. ${outcome}`),
      location: { pages },
    });
  }
  for (const { page, message } of failed) {
    diagnostics.push({ ...diagnostic("extract.ocr_failed", "warning", "extract", `OCR failed on page ${page}: ${message}`), location: { pages: [page] } });
  }
  for (const { page, reason } of unreadable) {
    diagnostics.push({ ...diagnostic("extract.page_unreadable", "warning", "extract", `Page ${page} could not be read (${reason}).`), location: { pages: [page] } });
  }
  if (unreadable.length === reading) throw new ExtractRefused("The PDF is damaged: none of its pages can be read.", "unreadable");
  return { ir: assignIds({ id: "doc", blocks: repeatedHeaders(blocks), footnotes: [] }), pages: total, ocrPages: readByOcr, diagnostics };
};
