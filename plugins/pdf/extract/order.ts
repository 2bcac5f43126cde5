/**
 * A page's blocks in the order a person reads them, for any number of columns.
 *
 * Gutters: the gaps between the column-sized blocks of running text (three lines or more, at most 55% of the text's
 * width), with five lines or more on each side. A block wider than a column (a title, an abstract, a figure across
 * the page) crosses a gutter and ends the columns above it.
 *
 * The order is the one of T. M. Breuel's layout analysis ("High performance document layout analysis", 2003), which
 * a topological sort completes: a block goes before another when
 *  1. they share some width and it is higher (a column is read down), or
 *  2. a gutter parts them, it is on the left, and no block between the two in height reaches across to both (the
 *     left column is read before the right one, down to whatever crosses them).
 * Among blocks free to go next, the earliest in mupdf's order (the content stream's, usually the writer's) goes. Rule
 * 2 holds only across gutters: labels and values side by side, a form's fields or a table's cells, keep mupdf's order.
 */
import type { LayoutBlock } from "../../../renderers/mupdf/pages.ts";

interface Gutter {
  readonly x0: number;
  readonly x1: number;
}

const lineCount = (block: LayoutBlock): number => (block.kind === "text" ? block.lines.length : 0);

/** Gutters between columns of running text; none on a page of one column. */
export const gutters = (blocks: readonly LayoutBlock[]): Gutter[] => {
  const text = blocks.filter((b) => b.kind === "text");
  if (text.length === 0) return [];
  const left = Math.min(...text.map((b) => b.x0));
  const width = Math.max(...text.map((b) => b.x1)) - left;
  const columns = text.filter((b) => b.lines.length >= 3 && b.x1 - b.x0 <= 0.55 * width).sort((a, b) => a.x0 - b.x0);
  if (columns.length < 2) return [];
  const heights = columns.flatMap((b) => (b.kind === "text" ? b.lines.map((l) => l.y1 - l.y0) : [])).sort((a, b) => a - b);
  const least = 0.4 * heights[heights.length >> 1]!;
  const found: Gutter[] = [];
  let reach = columns[0]!.x1;
  for (const block of columns.slice(1)) {
    if (block.x0 - reach >= least) {
      const gutter = { x0: reach, x1: block.x0 };
      const mid = (gutter.x0 + gutter.x1) / 2;
      const before = blocks.filter((b) => b.x1 <= mid).reduce((n, b) => n + lineCount(b), 0);
      const after = blocks.filter((b) => b.x0 >= mid).reduce((n, b) => n + lineCount(b), 0);
      if (before >= 5 && after >= 5) found.push(gutter);
    }
    reach = Math.max(reach, block.x1);
  }
  return found;
};

/**
 * The blocks of a page set in columns, by column: one group for each column between gutters, and one for the blocks
 * that cross a gutter (a title, a footer). A page where a fifth of the lines or more cross a gutter (a table across
 * the page, its wrapped cells in blocks of their own beside key/value blocks) is one group, as a page of one column.
 */
export const columnGroups = (blocks: readonly LayoutBlock[]): LayoutBlock[][] => {
  const found = gutters(blocks);
  if (found.length === 0) return [[...blocks]];
  const groups: LayoutBlock[][] = Array.from({ length: found.length + 2 }, () => []);
  for (const block of blocks) {
    const crosses = found.some((g) => block.x0 < g.x0 && block.x1 > g.x1);
    groups[crosses ? found.length + 1 : found.filter((g) => g.x1 <= block.x0 + 0.5).length]!.push(block);
  }
  const lines = (group: readonly LayoutBlock[]) => group.reduce((n, b) => n + lineCount(b), 0);
  if (lines(groups[found.length + 1]!) * 5 >= lines(blocks)) return [[...blocks]];
  return groups.filter((g) => g.length > 0);
};

const sharesWidth = (a: LayoutBlock, b: LayoutBlock): boolean => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0;

/** Past this many blocks on a page (a hostile one), mupdf's order as it is: the pairwise rules cost n². */
const MOST_BLOCKS = 3000;

export const readingOrder = (blocks: readonly LayoutBlock[]): LayoutBlock[] => {
  const n = blocks.length;
  if (n > MOST_BLOCKS) return [...blocks];
  const found = gutters(blocks);
  const parted = (a: LayoutBlock, b: LayoutBlock): boolean => a.x1 <= b.x0 && found.some((g) => a.x1 < g.x1 && b.x0 > g.x0);
  // Only a block that crosses a gutter can reach across to blocks on both sides of it.
  const crossing = blocks.filter((c) => found.some((g) => c.x0 < g.x0 && c.x1 > g.x1));
  const before = (a: LayoutBlock, b: LayoutBlock): boolean => {
    if (sharesWidth(a, b)) return a.y1 <= b.y0 + 1;
    if (!parted(a, b)) return false;
    const [upper, lower] = a.y0 <= b.y0 ? [a, b] : [b, a];
    if (upper.y1 > lower.y0) return true;
    return !crossing.some((c) => c !== a && c !== b && c.y1 > upper.y1 && c.y0 < lower.y0 && sharesWidth(c, a) && sharesWidth(c, b));
  };
  const after: number[][] = blocks.map(() => []);
  const waiting = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i !== j && before(blocks[i]!, blocks[j]!)) {
        after[i]!.push(j);
        waiting[j]!++;
      }
    }
  }
  const done = new Array<boolean>(n).fill(false);
  const out: LayoutBlock[] = [];
  while (out.length < n) {
    const next = waiting.findIndex((w, i) => w <= 0 && !done[i]);
    // A cycle (an odd page where the two rules disagree): mupdf's order settles it rather than looping for ever.
    const pick = next < 0 ? done.indexOf(false) : next;
    done[pick] = true;
    out.push(blocks[pick]!);
    for (const j of after[pick]!) waiting[j]!--;
  }
  return out;
};
