/**
 * Reading a PowerPoint deck (pptx) into the IR (interface, Extraction): one section per slide in presentation order
 * (`slide.ts`), opened by a level-2 heading, speaker notes after each slide as a `Notes:` quote, comments (older and
 * modern) kept as Word comments are, `[^cN]` at the end of the slide's heading and definitions at the end; `pages` is the
 * number of slides. With `ctx.ocr`, the text inside pictures on the slides (in group shapes too) is read as in Word
 * files (core/extract/picture-ocr.ts) and written after the picture, where it is in the slide's reading order.
 * Macros are refused. A slide that cannot be read is said in a comment block in its section and in
 * a diagnostic; a deck none of whose slides can be read is refused as unreadable.
 */
import { diagnostic, type Diagnostic } from "../../../core/diagnostics.ts";
import { ExtractRefused, type Extract } from "../../../core/contracts/extract.ts";
import { PicturesInBlocks, type Report } from "../../../core/extract/picture-ocr.ts";
import { assignIds } from "../../../core/ir/ids.ts";
import type { Block } from "../../../core/ir/types.ts";
import { refuseMacros } from "../../../core/ooxml/macros.ts";
import { openPackage, PackageRefused } from "../../../core/ooxml/package.ts";
import { holdsPart } from "../../../core/ooxml/rels.ts";
import { readPictures } from "../../picture-ocr.ts";
import { SlideComments } from "./comments.ts";
import { Templates } from "./placeholders.ts";
import { readPresentation } from "./presentation.ts";
import { slideBlocks, type SlideContext } from "./slide.ts";

export const extractPptx: Extract = async (bytes, ctx) => {
  const pkg = openPackage(bytes);
  refuseMacros(pkg);
  const presentation = readPresentation(pkg);
  const diagnostics: Diagnostic[] = [];
  const report: Report = (code, severity, message) => diagnostics.push(diagnostic(code, severity, "extract", message));
  const pictures = ctx.ocr ? new PicturesInBlocks(pkg, report) : null;
  const comments = new SlideComments(pkg, presentation.part, diagnostics);
  const slideContext: SlideContext = { pkg, templates: new Templates(pkg), slideHeight: presentation.height, diagnostics, pictures, comments };
  let blocks: Block[] = [];
  let unreadable = 0;
  presentation.slides.forEach((part, i) => {
    ctx.signal?.throwIfAborted();
    const number = i + 1;
    const fail = (reason: string) => {
      unreadable++;
      diagnostics.push({ code: "extract.slide_unreadable", severity: "error", category: "extract", message: `Slide ${number} could not be read: ${reason}`, location: { pages: [number] } });
      // Nothing of the slide was read, so neither block has a source.
      blocks.push(
        { type: "heading", id: "", level: 2, inlines: [{ type: "text", id: "", text: `Slide ${number}`, marks: [] }] },
        { type: "comment", id: "", text: `this slide could not be read: ${reason}` },
      );
    };
    if (!part || !holdsPart(pkg, part)) return fail("its part is missing from the file");
    try {
      blocks.push(...slideBlocks(part, number, slideContext));
    } catch (error) {
      if (!(error instanceof PackageRefused) || error.reason === "zip_bomb" || error.reason === "xml_dtd") throw error;
      fail(error.message);
    }
  });
  if (presentation.slides.length > 0 && unreadable === presentation.slides.length) {
    throw new ExtractRefused(`The presentation could not be read: ${diagnostics[0]!.message}`, "unreadable");
  }
  if (pictures) {
    await readPictures(pictures.jobs, ctx, report);
    blocks = pictures.place(blocks);
  }
  return { ir: assignIds({ id: "doc", blocks, footnotes: comments.footnotes }), pages: presentation.slides.length, diagnostics };
};
