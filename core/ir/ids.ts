/**
 * Node ids (the scheme is described in `types.ts`). A freshly read tree is numbered by position
 * (`assignIds`): readers build their tree first and number it last, so splitting or dropping source
 * nodes while reading never leaves holes or depends on the order of work. From then on ids are kept:
 * a node added later takes a fresh id (`freshId`, `insertBlock`), so edits, report locations and key
 * data that point at a node still point at it after blocks are inserted before it.
 */
import type { Block, Footnote, Inline, IRDocument, TableRow } from "./types.ts";
import { assertNever } from "./types.ts";

/**
 * Visits every node under `blocks` in document order with the id its position gives it under `prefix` (the scheme of
 * `types.ts`); a node's children are visited after it, under the id it has then. Numbering writes the given id,
 * collecting reads the node's own: one walk for both, so the scheme and the node kinds are listed once.
 */
type Visit = (node: { id: string }, positional: string) => void;

function walkBlocks(blocks: Block[], prefix: string, visit: Visit): void {
  blocks.forEach((block, i) => {
    visit(block, prefix === "" ? `b${i}` : `${prefix}.b${i}`);
    walkInside(block, visit);
  });
}

function walkInside(block: Block, visit: Visit): void {
  switch (block.type) {
    case "heading":
    case "paragraph":
      walkInlines(block.inlines, block.id, visit);
      return;
    case "list":
      block.items.forEach((item, i) => {
        visit(item, `${block.id}.i${i}`);
        walkBlocks(item.blocks, item.id, visit);
      });
      return;
    case "table":
      walkRows(block.header, `${block.id}.h`, visit);
      walkRows(block.rows, `${block.id}.r`, visit);
      return;
    case "quote":
      walkBlocks(block.blocks, block.id, visit);
      return;
    case "chart":
      visit(block.table, `${block.id}.t`);
      walkInside(block.table, visit);
      return;
    case "image":
    case "pageBreak":
    case "code":
    case "thematicBreak":
    case "comment":
    case "math":
      return;
    default:
      assertNever(block);
  }
}

function walkRows(rows: TableRow[], prefix: string, visit: Visit): void {
  rows.forEach((row, r) => {
    visit(row, `${prefix}${r}`);
    row.cells.forEach((cell, c) => {
      visit(cell, `${row.id}.c${c}`);
      walkInlines(cell.inlines, cell.id, visit);
    });
  });
}

function walkInlines(inlines: Inline[], prefix: string, visit: Visit): void {
  inlines.forEach((inline, i) => {
    visit(inline, `${prefix}.n${i}`);
    if (inline.type === "link") walkInlines(inline.children, inline.id, visit);
  });
}

const number: Visit = (node, positional) => void (node.id = positional);

/**
 * Writes every node's `id` from its position, in place, and returns the same document. Meant for
 * a tree its caller has just built and owns; numbering a shared tree would surprise its holders.
 */
export function assignIds(ir: IRDocument): IRDocument {
  walkBlocks(ir.blocks, "", number);
  // Footnote ids are set by the reader, which must keep them in step with the references to
  // them; only the blocks inside are numbered here.
  ir.footnotes.forEach((note: Footnote) => walkBlocks(note.blocks, note.id, number));
  return ir;
}

// --- ids that are kept --------------------------------------------------------------------------

/** Every id in the document, of blocks, items, rows, cells, inlines and footnotes. */
export function usedIds(ir: IRDocument): Set<string> {
  const ids = new Set<string>([ir.id]);
  const collect: Visit = (node) => void ids.add(node.id);
  walkBlocks(ir.blocks, "", collect);
  ir.footnotes.forEach((note) => {
    ids.add(note.id);
    walkBlocks(note.blocks, note.id, collect);
  });
  return ids;
}

/**
 * An id no node of `ir` has: `<prefix>n<k>` with the least free k (`bn0`, `bn1`, … for blocks). The `n` keeps it
 * apart from the positional ids (`b3`), so a fresh id cannot clash with one a later `assignIds` of another tree
 * gives either.
 */
export function freshId(ir: IRDocument, prefix = "b", used: Set<string> = usedIds(ir)): string {
  for (let k = 0; ; k++) {
    const id = `${prefix}n${k}`;
    if (!used.has(id)) return id;
  }
}

/**
 * Inserts `block` into `ir.blocks` before index `at` (clamped to the ends), in place. The new block and every node
 * inside it get fresh ids; no other id changes.
 */
export function insertBlock(ir: IRDocument, at: number, block: Block): Block {
  const used = usedIds(ir);
  block.id = freshId(ir, "b", used);
  used.add(block.id);
  // The block's own nodes are numbered under its fresh id, as `assignIds` numbers a top-level block.
  walkInside(block, number);
  ir.blocks.splice(Math.max(0, Math.min(at, ir.blocks.length)), 0, block);
  return block;
}
