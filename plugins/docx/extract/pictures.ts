/**
 * Text inside pictures (interface, Extraction: "pictures read with OCR"). Pictures are always referenced
 * (`![alt](media/image1.png)`); with `ctx.ocr`, each embedded PNG, JPEG, GIF or WebP big enough to hold a line of
 * text is also read, and what it says follows the paragraph that shows it after a
 * `<!-- picture: text read by OCR -->` marker, as the PDF reader writes it. Text is kept when OCR is at least 60%
 * sure and it has words. A picture part is read once however often it is shown, and at most `ctx.maxOcrPages`
 * (100) pictures are read. Without `ctx.ocr` nothing here runs and mupdf is never loaded.
 */
import type { ExtractContext } from "../../../core/contracts/extract.ts";
import { pictureInfo } from "../../../core/images/header.ts";
import { overPixelLimit } from "../../../core/images/probe.ts";
import { markdownBlocks } from "../../../core/extract/markdown-blocks.ts";
import type { SourceRange } from "../../../core/ir/types.ts";
import type { Built } from "./model.ts";
import { isHostile, type Parts } from "./parts.ts";
import type { Report } from "./reader.ts";

export interface PictureJob {
  readonly part: string;
  /** Filled with the marker and the text when OCR finds some; left empty otherwise (written as nothing). */
  readonly block: Built;
  /** Where the picture is shown: the text read from it has an empty range there, as it is not in the part's text. */
  readonly source: SourceRange;
}

const DEFAULT_MAX_OCR = 100;
/** Smaller than this on its short side, a picture holds no readable line of text (icons, bullets, rules). */
const MIN_SIDE = 16;
const MIN_CONFIDENCE = 0.6;
/** Tesseract reads text best 20–30 px high: small pictures are enlarged, as the picture reader does. */
const ENLARGE_BELOW = 1800;
const MAX_ENLARGE = 2.5;
const AT_ONCE = 4;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const readPictures = async (jobs: readonly PictureJob[], parts: Parts, ctx: ExtractContext, report: Report): Promise<void> => {
  const ocr = ctx.ocr;
  if (!ocr || jobs.length === 0) return;
  const max = ctx.maxOcrPages ?? DEFAULT_MAX_OCR;
  if (jobs.length > max) report("extract.ocr_over_limit", "info", `Only ${max} pictures are read by OCR; ${jobs.length - max} more were not read.`);
  const { pictureToPng } = await import("../../../renderers/mupdf/picture.ts");
  let unreadableKinds = 0;

  const one = async (job: PictureJob) => {
    let bytes: Uint8Array | null;
    try {
      bytes = parts.pkg.bytes(job.part);
    } catch (error) {
      if (isHostile(error)) throw error;
      parts.unreadable(job.part, error);
      return;
    }
    if (!bytes) return;
    const info = pictureInfo(bytes);
    if (!info) {
      unreadableKinds++;
      return;
    }
    // The one pixel limit (core/images/probe.ts), as for an uploaded picture.
    const over = overPixelLimit(info);
    if (over) {
      report("extract.picture_too_large", "warning", `A picture was not read: ${over}.`);
      return;
    }
    if (Math.min(info.width, info.height) < MIN_SIDE) return;
    let image = bytes;
    if (info.kind !== "webp") {
      const longer = Math.max(info.width, info.height);
      try {
        image = (await pictureToPng(bytes, { scale: longer < ENLARGE_BELOW ? Math.min(MAX_ENLARGE, ENLARGE_BELOW / longer) : 1 })).png;
      } catch {
        // mupdf could not draw it: Tesseract may still read it as it is.
      }
    }
    ctx.signal?.throwIfAborted();
    try {
      const result = await ocr.read(image, ctx.signal ? { signal: ctx.signal } : undefined);
      const text = result.markdown.trim();
      if (result.confidence >= MIN_CONFIDENCE && /\p{L}{2,}/u.test(text)) {
        const at = { ...job.source, end: job.source.start };
        job.block.blocks = [{ type: "comment", id: "", text: "picture: text read by OCR", source: at }, ...markdownBlocks(text, at)];
      }
    } catch (error) {
      ctx.signal?.throwIfAborted();
      report("extract.ocr_failed", "warning", `OCR failed on a picture: ${message(error)}`);
    }
  };

  const queue = jobs.slice(0, max);
  let next = 0;
  const worker = async () => {
    while (next < queue.length) await one(queue[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, worker));
  if (unreadableKinds > 0) {
    report("extract.ocr_skipped", "info", `${unreadableKinds} picture${unreadableKinds === 1 ? " is" : "s are"} in a format OCR does not read (EMF, WMF, SVG, TIFF…); any text in ${unreadableKinds === 1 ? "it" : "them"} was not read.`);
  }
};
