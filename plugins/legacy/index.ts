/**
 * Readers for the old binary Office formats (`.doc`, `.ppt`, `.xls`): LibreOffice converts them to OOXML through
 * the warm pool (macros never run), then the OOXML reader of the same family reads the result, and its IR (or its
 * Markdown, while that reader is in transition) is this reader's. An upload's `pages` (slides, sheets) is counted from
 * the compound file itself (count.ts); a `.doc` counts 1, as a `.docx` does.
 */
import type { FormatPlugin } from "../../core/contracts/format-plugin.ts";
import { ExtractRefused, type Extract } from "../../core/contracts/extract.ts";
import { countSheets, countSlides } from "./count.ts";

const viaOoxml =
  (from: "doc" | "ppt" | "xls", to: "docx" | "pptx" | "xlsx", reader: () => Extract | undefined): Extract =>
  async (bytes, ctx) => {
    if (!ctx.converter) throw new ExtractRefused(`Reading .${from} files needs LibreOffice, which is not available here.`, "unreadable");
    let converted: Uint8Array;
    try {
      converted = await ctx.converter.convert(bytes, from, to, { signal: ctx.signal });
    } catch (error) {
      ctx.signal?.throwIfAborted();
      throw new ExtractRefused(`LibreOffice could not open the .${from} file: ${(error as Error).message}`, "unreadable");
    }
    const read = reader();
    if (!read) throw new ExtractRefused(`No reader for ${to}.`, "unreadable");
    return read(converted, ctx);
  };

/** `find` looks a plugin up lazily, so this module need not import the registry that lists it. */
export const legacyPlugins = (find: (format: string) => FormatPlugin | undefined): FormatPlugin[] => [
  { id: "doc", format: "doc", mediaTypes: ["application/msword"], source: "document", convertsTo: "docx", extract: viaOoxml("doc", "docx", () => find("docx")?.extract) },
  { id: "ppt", format: "ppt", mediaTypes: ["application/vnd.ms-powerpoint"], source: "document", convertsTo: "pptx", extract: viaOoxml("ppt", "pptx", () => find("pptx")?.extract), countPages: countSlides },
  { id: "xls", format: "xls", mediaTypes: ["application/vnd.ms-excel"], source: "document", convertsTo: "xlsx", extract: viaOoxml("xls", "xlsx", () => find("xlsx")?.extract), countPages: countSheets },
];
