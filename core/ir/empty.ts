/**
 * Whether an IR document has anything to show. A document with no title, no headings, no text,
 * no lists and no tables fails with `content_empty` (service-interface.md, "Failures after
 * acceptance"). Images, rules, page breaks and comments alone do not count: they are not content.
 */
import type { Block, Inline, IRDocument } from "./types.ts";
import { assertNever } from "./types.ts";

export function isEmpty(ir: IRDocument): boolean {
  if (ir.title !== undefined && ir.title.trim() !== "") return false;
  return !ir.blocks.some(blockHasContent);
}

function blockHasContent(block: Block): boolean {
  switch (block.type) {
    case "heading":
    case "paragraph":
      return block.inlines.some(inlineHasContent);
    case "list":
      // A list counts even with blank items: the caller wrote a list on purpose.
      return block.items.length > 0;
    case "table":
      return block.header.length + block.rows.length > 0;
    case "chart":
      return true;
    case "quote":
      return block.blocks.some(blockHasContent);
    case "code":
      return block.text.trim() !== "";
    case "math":
      return block.tex.trim() !== "";
    case "comment":
    case "image":
    case "pageBreak":
    case "thematicBreak":
      return false;
    default:
      return assertNever(block);
  }
}

function inlineHasContent(inline: Inline): boolean {
  switch (inline.type) {
    case "text":
      return inline.text.trim() !== "";
    case "link":
      return inline.children.some(inlineHasContent);
    case "gap":
    case "footnoteRef":
      return true;
    case "lineBreak":
      return false;
    default:
      return assertNever(inline);
  }
}
