/**
 * Reading a picture (PNG, JPEG, GIF, WebP) into the IR with OCR (interface, Extraction: "pictures read with OCR,
 * tables included"). The picture's kind and size are read from its header first: anything else is `unreadable`, and
 * a picture over 50 megapixels is refused as a decompression bomb before anything decodes it.
 *
 * PNG, JPEG and GIF are drawn by mupdf onto white in gray (transparent pixels would read as black, a GIF gives its
 * first frame), enlarged when small, since Tesseract reads text best at 20 to 30 pixels high, and made smaller when
 * huge, so OCR stays within its time per picture. WebP, which mupdf cannot load, goes to Tesseract as it is
 * (leptonica reads it). No OCR → `ExtractRefused("OCR is not available", "unreadable")`. The OCR engine's Markdown is
 * read into IR blocks; a picture without text is one comment block saying so.
 */
import { diagnostic, type Diagnostic } from "../../core/diagnostics.ts";
import { ExtractRefused, type ExtractContext, type Extract } from "../../core/contracts/extract.ts";
import { markdownBlocks } from "../../core/extract/markdown-blocks.ts";
import { assignIds } from "../../core/ir/ids.ts";
import type { Block } from "../../core/ir/types.ts";
import { pictureToPng } from "../../renderers/mupdf/picture.ts";
import { OcrError } from "../../renderers/tesseract/index.ts";
import { pictureInfo } from "../../core/images/header.ts";
import { overPixelLimit } from "../../core/images/probe.ts";

/** Pictures whose longer side is under this are enlarged (up to `MAX_ENLARGE` times) before OCR. */
const ENLARGE_BELOW = 1800;
const MAX_ENLARGE = 2.5;
/** Pictures whose longer side is over this are made smaller: still 400 dpi for an A4 page, and OCR stays quick. */
const SHRINK_ABOVE = 4800;
/** Under this confidence the text is given with a warning that it may be wrong. */
const LOW_CONFIDENCE = 0.5;

export const extractImage: Extract = async (bytes: Uint8Array, ctx: ExtractContext) => {
  ctx.signal?.throwIfAborted();
  const info = pictureInfo(bytes);
  if (!info || info.width < 1 || info.height < 1) throw new ExtractRefused("The file is not a PNG, JPEG, GIF or WebP picture Quire can read.", "unreadable");
  // The one pixel limit (core/images/probe.ts): what an upload accepts, extraction reads.
  const over = overPixelLimit(info);
  if (over) throw new ExtractRefused(`${over[0]!.toUpperCase()}${over.slice(1)}.`, "file_rejected");
  if (!ctx.ocr) throw new ExtractRefused("OCR is not available", "unreadable");

  let image = bytes;
  if (info.kind !== "webp") {
    const longer = Math.max(info.width, info.height);
    const scale = longer < ENLARGE_BELOW ? Math.min(MAX_ENLARGE, ENLARGE_BELOW / longer) : longer > SHRINK_ABOVE ? SHRINK_ABOVE / longer : 1;
    try {
      image = (await pictureToPng(bytes, { scale })).png;
    } catch {
      // mupdf could not draw it: Tesseract may still read it as it is, and says so if it cannot.
      image = bytes;
    }
  }
  ctx.signal?.throwIfAborted();

  let result: { markdown: string; confidence: number };
  try {
    result = await ctx.ocr.read(image, { signal: ctx.signal });
  } catch (error) {
    ctx.signal?.throwIfAborted();
    // Tesseract's own words are for logs, not for the caller (DESIGN.md, "Errors").
    if (error instanceof OcrError && error.reason === "unavailable") throw new ExtractRefused("OCR is not available", "unreadable");
    if (error instanceof OcrError && error.reason === "timeout") throw new ExtractRefused("Reading the picture took too long and was stopped.", "unreadable");
    throw new ExtractRefused("The picture is damaged or cannot be read by OCR.", "unreadable");
  }
  const diagnostics: Diagnostic[] = [];
  const document = (blocks: Block[]) => assignIds({ id: "doc", blocks, footnotes: [] });
  if (result.markdown.trim() === "") {
    diagnostics.push(diagnostic("extract.no_text", "info", "extract", "No text was found in the picture."));
    return { ir: document([{ type: "comment", id: "", text: "picture: no text found" }]), pages: 1, ocrPages: [1], diagnostics };
  }
  if (result.confidence < LOW_CONFIDENCE) {
    diagnostics.push(diagnostic("extract.ocr_low_confidence", "warning", "extract", `The text read from the picture may be wrong: OCR was ${Math.round(result.confidence * 100)}% sure of it.`));
  }
  return { ir: document(markdownBlocks(result.markdown)), pages: 1, ocrPages: [1], diagnostics };
};
