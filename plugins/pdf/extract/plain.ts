/** The words of a line of inlines, spaces collapsed: how a heading or a table's cell is compared with another. */
import type { Inline } from "../../../core/ir/types.ts";

export const plain = (inlines: readonly Inline[]): string =>
  inlines
    .map((i) => (i.type === "text" ? i.text : ""))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
