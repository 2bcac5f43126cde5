/**
 * IR → the text blocks key data reads: one block per paragraph, heading, list item paragraph,
 * quote paragraph and footnote paragraph, and one per table row with its cells joined by " | "
 * (so "Total | 1.200 €" keeps the label beside its amount). Each carries the IR id that report
 * locations point at: the block's, or the row's for tables.
 */
import { plainText } from "../ir/text.ts";
import type { Block, Inline, IRDocument } from "../ir/types.ts";

export interface TextBlock {
  text: string;
  nodeId?: string;
}

/** Plain text with hard line breaks kept as "\n". */
const text = (inlines: Inline[]): string => plainText(inlines, { lineBreak: "\n" });

export function keyDataBlocks(ir: IRDocument): TextBlock[] {
  const out: TextBlock[] = [];
  if (ir.title) out.push({ text: ir.title, nodeId: ir.id });
  const walk = (blocks: Block[]) => {
    for (const block of blocks) {
      switch (block.type) {
        case "heading":
        case "paragraph":
          out.push({ text: text(block.inlines), nodeId: block.id });
          break;
        case "list":
          for (const item of block.items) walk(item.blocks);
          break;
        case "quote":
          walk(block.blocks);
          break;
        case "table":
          for (const row of [...block.header, ...block.rows]) {
            out.push({ text: row.cells.map((cell) => text(cell.inlines).trim()).join(" | "), nodeId: row.id });
          }
          break;
        case "math":
          out.push({ text: block.tex, nodeId: block.id });
          break;
        case "code":
        case "image":
        case "pageBreak":
        case "thematicBreak":
        case "comment":
          break;
      }
    }
  };
  walk(ir.blocks);
  for (const note of ir.footnotes) walk(note.blocks);
  return out;
}
