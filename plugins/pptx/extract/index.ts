/**
 * Reading a PowerPoint deck (pptx) into Markdown (interface, Extraction): one section per slide in presentation
 * order (`slide.ts`), speaker notes after each slide as a `> Notes:` block quote; `pages` is the number of slides.
 * Macros are refused. A slide that cannot be read is said in its section and in a diagnostic; a deck none of whose
 * slides can be read is refused as unreadable.
 */
import type { Diagnostic } from "../../../core/diagnostics.ts";
import { openPackage, PackageRefused } from "../../../core/ooxml/package.ts";
import { ExtractRefused, type Extract } from "../../../core/contracts/extract.ts";
import { refuseMacros } from "../../../core/ooxml/macros.ts";
import { escapeText } from "../../xlsx/extract/markdown.ts";
import { holdsPart } from "../../xlsx/extract/rels.ts";
import { Templates } from "./placeholders.ts";
import { readPresentation } from "./presentation.ts";
import { slideMarkdown, type SlideContext } from "./slide.ts";

export const extractPptx: Extract = async (bytes, ctx) => {
  const pkg = openPackage(bytes);
  refuseMacros(pkg);
  const presentation = readPresentation(pkg);
  const diagnostics: Diagnostic[] = [];
  const slideContext: SlideContext = { pkg, templates: new Templates(pkg), slideHeight: presentation.height, diagnostics };
  const sections: string[] = [];
  let unreadable = 0;
  presentation.slides.forEach((part, i) => {
    ctx.signal?.throwIfAborted();
    const number = i + 1;
    const fail = (reason: string) => {
      unreadable++;
      diagnostics.push({ code: "extract.slide_unreadable", severity: "error", category: "extract", message: `Slide ${number} could not be read: ${reason}`, location: { pages: [number] } });
      sections.push(`## Slide ${number}\n\n_(this slide could not be read: ${escapeText(reason)})_`);
    };
    if (!part || !holdsPart(pkg, part)) return fail("its part is missing from the file");
    try {
      sections.push(slideMarkdown(part, number, slideContext));
    } catch (error) {
      if (!(error instanceof PackageRefused) || error.reason === "zip_bomb" || error.reason === "xml_dtd") throw error;
      fail(error.message);
    }
  });
  if (presentation.slides.length > 0 && unreadable === presentation.slides.length) {
    throw new ExtractRefused(`The presentation could not be read: ${diagnostics[0]!.message}`, "unreadable");
  }
  return { markdown: sections.join("\n\n"), pages: presentation.slides.length, diagnostics };
};
