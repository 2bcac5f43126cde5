/**
 * Plain text of IR inlines, as a title, a search index or a heading check wants it: marks
 * dropped, links reduced to their words, gaps written as the author wrote them. Line breaks become spaces, or
 * `lineBreak` where lines matter (field lines, address blocks).
 */
import type { Inline } from "./types.ts";

export function plainText(inlines: Inline[], options: { lineBreak?: string } = {}): string {
  const lineBreak = options.lineBreak ?? " ";
  return inlines
    .map((inline) => {
      switch (inline.type) {
        case "text":
          return inline.text;
        case "link":
          return plainText(inline.children, options);
        case "gap":
          return inline.label ? `[DATO: ${inline.label}]` : "[DATO]";
        case "lineBreak":
          return lineBreak;
        case "footnoteRef":
          return "";
      }
    })
    .join("");
}
