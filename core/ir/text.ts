/**
 * Plain text of IR inlines, as a title, a search index or a heading check wants it: marks
 * dropped, links reduced to their words, gaps written as the author wrote them.
 */
import type { Inline } from "./types.ts";

export function plainText(inlines: Inline[]): string {
  return inlines
    .map((inline) => {
      switch (inline.type) {
        case "text":
          return inline.text;
        case "link":
          return plainText(inline.children);
        case "gap":
          return inline.label ? `[DATO: ${inline.label}]` : "[DATO]";
        case "lineBreak":
          return " ";
        case "footnoteRef":
          return "";
      }
    })
    .join("");
}
