/**
 * Positional node ids (the scheme is described in `types.ts`). Readers build their tree first
 * and number it last, so splitting or dropping source nodes while reading never leaves holes or
 * depends on the order of work: the id is a function of the final position only.
 */
import type { Block, Footnote, Inline, IRDocument, TableRow } from "./types.ts";
import { assertNever } from "./types.ts";

/**
 * Writes every node's `id` from its position, in place, and returns the same document. Meant for
 * a tree its caller has just built and owns; numbering a shared tree would surprise its holders.
 */
export function assignIds(ir: IRDocument): IRDocument {
  numberBlocks(ir.blocks, "");
  // Footnote ids are set by the reader, which must keep them in step with the references to
  // them; only the blocks inside are numbered here.
  ir.footnotes.forEach((note: Footnote) => numberBlocks(note.blocks, note.id));
  return ir;
}

function numberBlocks(blocks: Block[], prefix: string): void {
  blocks.forEach((block, i) => {
    block.id = prefix === "" ? `b${i}` : `${prefix}.b${i}`;
    numberBlock(block);
  });
}

function numberBlock(block: Block): void {
  switch (block.type) {
    case "heading":
    case "paragraph":
      numberInlines(block.inlines, block.id);
      return;
    case "list":
      block.items.forEach((item, i) => {
        item.id = `${block.id}.i${i}`;
        numberBlocks(item.blocks, item.id);
      });
      return;
    case "table":
      numberRows(block.header, `${block.id}.h`);
      numberRows(block.rows, `${block.id}.r`);
      return;
    case "quote":
      numberBlocks(block.blocks, block.id);
      return;
    case "image":
    case "pageBreak":
    case "code":
    case "thematicBreak":
      return;
    default:
      assertNever(block);
  }
}

function numberRows(rows: TableRow[], prefix: string): void {
  rows.forEach((row, r) => {
    row.id = `${prefix}${r}`;
    row.cells.forEach((cell, c) => {
      cell.id = `${row.id}.c${c}`;
      numberInlines(cell.inlines, cell.id);
    });
  });
}

function numberInlines(inlines: Inline[], prefix: string): void {
  inlines.forEach((inline, i) => {
    inline.id = `${prefix}.n${i}`;
    if (inline.type === "link") numberInlines(inline.children, inline.id);
  });
}
