/** A formula as renderers without typesetting show it: a paragraph of its TeX, keeping the formula's id. */
import type { MathBlock, ParagraphBlock } from "./types.ts";

export const mathParagraph = (block: MathBlock): ParagraphBlock => ({
  type: "paragraph",
  id: block.id,
  inlines: [{ type: "text", id: `${block.id}.n0`, text: block.tex, marks: [] }],
});
