/**
 * The one walk over an IR tree for code that only reads it (collects, counts, searches), so each such reader says what
 * it wants from a block instead of repeating how blocks nest (issue 31). Code that rebuilds the tree walks it itself.
 *
 * Order is reading order, depth first, each block before what it holds:
 *
 *   list    its items in order, the blocks of each item in order
 *   quote   its blocks in order
 *   chart   its table (`ChartBlock.table`), right after the chart
 *
 * Every other block holds no blocks. A table's rows and cells are not blocks, nor are inlines: a visitor reads them from
 * the block it is given (`visitInlines` walks inlines into links). `visitDocument` walks the body, then each footnote
 * in order; the title is not a block and is left to the caller.
 *
 * A visitor that returns "skip" is not taken inside that block, which is how a reader leaves out what it does not read
 * (the headings in list items, a chart's table).
 */
import { assertNever, type Block, type Footnote, type Inline, type IRDocument, type LinkInline, type ListItem } from "./types.ts";

/** Where a visited block sits. */
export interface BlockContext {
  /** The blocks it is inside, outermost first (lists, quotes, the chart of a chart's table); empty at the top level. */
  readonly parents: readonly Block[];
  /** The list item it is directly in (the last parent is that item's list); null anywhere else. */
  readonly item: ListItem | null;
  /** The footnote it is in (`visitDocument` only); null in the body. */
  readonly footnote: Footnote | null;
}

export type BlockVisitor = (block: Block, context: BlockContext) => void | "skip";

/** Visits `blocks` and everything they hold, in reading order (see above). */
export function visitBlocks(blocks: readonly Block[], visit: BlockVisitor): void {
  walk(blocks, visit, { parents: [], item: null, footnote: null });
}

/** Visits the body's blocks, then each footnote's, in reading order. */
export function visitDocument(ir: IRDocument, visit: BlockVisitor): void {
  walk(ir.blocks, visit, { parents: [], item: null, footnote: null });
  for (const note of ir.footnotes) walk(note.blocks, visit, { parents: [], item: null, footnote: note });
}

function walk(blocks: readonly Block[], visit: BlockVisitor, context: BlockContext): void {
  for (const block of blocks) {
    if (visit(block, context) === "skip") continue;
    const parents = (): readonly Block[] => [...context.parents, block];
    switch (block.type) {
      case "list": {
        const inside = parents();
        for (const item of block.items) walk(item.blocks, visit, { parents: inside, item, footnote: context.footnote });
        break;
      }
      case "quote":
        walk(block.blocks, visit, { parents: parents(), item: null, footnote: context.footnote });
        break;
      case "chart":
        walk([block.table], visit, { parents: parents(), item: null, footnote: context.footnote });
        break;
      case "heading":
      case "paragraph":
      case "table":
      case "image":
      case "pageBreak":
      case "code":
      case "thematicBreak":
      case "comment":
      case "math":
        break;
      default:
        assertNever(block);
    }
  }
}

/** Where a visited inline sits: the links it is inside, outermost first. */
export type InlineVisitor = (inline: Inline, links: readonly LinkInline[]) => void | "skip";

/** Visits `inlines` in order, a link before its children (unless the visitor returns "skip" for it). */
export function visitInlines(inlines: readonly Inline[], visit: InlineVisitor): void {
  walkInlines(inlines, visit, []);
}

function walkInlines(inlines: readonly Inline[], visit: InlineVisitor, links: readonly LinkInline[]): void {
  for (const inline of inlines) {
    if (visit(inline, links) === "skip") continue;
    if (inline.type === "link") walkInlines(inline.children, visit, [...links, inline]);
  }
}
