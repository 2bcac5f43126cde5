/**
 * Columns that mupdf's lines run across. A report printed in columns on one grid of baselines (a line printer's
 * election bulletin, a two-column notice set on a shared baseline grid) puts a column's last word one space before
 * the next column's first, and mupdf makes them one line, one block across the page: order.ts then sees no gutter.
 *
 * A column start is a left edge that words keep to on eight rows or more, with nothing crossing it in between, where
 * some rows begin there (the column on its left is empty on that row: a table's second column has a label beside it).
 * Columns are told from a table's by their flows: a table's rows start together, so where one column has a blank
 * line before a group of lines, its neighbour has one too or is empty; a column of running text starts its groups
 * (paragraphs, a report's sections) wherever it reaches them, in the middle of its neighbour's. Starts like that in a
 * pair of columns, three or more and more than the aligned ones, part them; the other column starts of a regular grid
 * (columns of one width) go with them. The lines of a page read so are cut at the column starts, and each block is cut
 * into one block per column, for order.ts and the table finder to see.
 */
import type { LayoutBlock, LayoutLine, LayoutTextBlock, LayoutWord } from "../../../renderers/mupdf/pages.ts";
import { readsRightToLeft } from "../../../renderers/mupdf/bidi.ts";

interface Row {
  readonly y: number;
  readonly words: LayoutWord[];
}

interface Start {
  readonly x: number;
  /** Its rows, first and last (indices into the rows). */
  readonly first: number;
  readonly last: number;
}

const LEAST_ROWS = 8;
const MOST_WORDS = 20_000;
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

const rowsOf = (lines: readonly LayoutLine[]): Row[] => {
  const rows: { y: number; size: number; words: LayoutWord[] }[] = [];
  for (const line of [...lines].sort((a, b) => a.y1 - b.y1)) {
    const last = rows[rows.length - 1];
    if (last && line.y1 - last.y <= 0.25 * Math.min(last.size, line.size)) last.words.push(...line.words);
    else rows.push({ y: line.y1, size: line.size, words: [...line.words] });
  }
  return rows;
};

const crosses = (row: Row, x: number): boolean => row.words.some((w) => w.x0 < x - 1.5 && w.x1 > x - 0.75);
const startsAt = (row: Row, x: number): boolean => row.words.some((w) => Math.abs(w.x0 - x) <= 1);
const within = (row: Row, lo: number, hi: number): boolean => row.words.some((w) => w.x0 >= lo - 1 && w.x0 < hi - 1);

/** Left edges that eight rows or more keep to, each with the rows it runs over undisturbed. */
const candidates = (rows: readonly Row[]): Start[] => {
  const left = Math.min(...rows.flatMap((r) => r.words.map((w) => w.x0)));
  const xs = rows.flatMap((r) => r.words.map((w) => w.x0)).filter((x) => x > left + 2).sort((a, b) => a - b);
  const found: Start[] = [];
  for (let i = 0; i < xs.length; ) {
    let j = i;
    while (j + 1 < xs.length && xs[j + 1]! - xs[i]! <= 1) j++;
    const x = xs[(i + j) >> 1]!;
    const words = j - i + 1;
    i = j + 1;
    if (words < LEAST_ROWS) continue;
    let first = -1;
    let starts = 0;
    // From the first row that starts at it to the last: a title above the columns is not cut.
    let last = -1;
    const close = () => {
      if (first >= 0 && starts >= LEAST_ROWS) found.push({ x, first, last });
      first = -1;
      starts = 0;
    };
    rows.forEach((row, r) => {
      if (crosses(row, x)) return close();
      if (!startsAt(row, x)) return;
      if (first < 0) first = r;
      last = r;
      starts++;
    });
    close();
  }
  return found;
};

/** Where a column's groups of lines begin: a row it has text on, after a blank line (or more) of its own. */
const groupStarts = (rows: readonly Row[], from: number, to: number, lo: number, hi: number, pitch: number): { starts: Set<number>; present: Set<number> } => {
  const starts = new Set<number>();
  const present = new Set<number>();
  let previous = -1;
  for (let r = from; r <= to; r++) {
    if (!within(rows[r]!, lo, hi)) continue;
    present.add(r);
    if (previous >= 0 && rows[r]!.y - rows[previous]!.y > 1.5 * pitch) starts.add(r);
    previous = r;
  }
  return { starts, present };
};

/** A pair of columns whose groups start apart: three or more in the middle of the other's, and more than together. */
const flowsApart = (rows: readonly Row[], from: number, to: number, a: [number, number], b: [number, number], pitch: number): boolean => {
  const one = groupStarts(rows, from, to, ...a, pitch);
  const other = groupStarts(rows, from, to, ...b, pitch);
  let apart = 0;
  let together = 0;
  for (const [mine, theirs] of [[one, other], [other, one]] as const) {
    for (const r of mine.starts) {
      if (theirs.starts.has(r)) together++;
      else if (theirs.present.has(r)) apart++;
    }
  }
  return apart >= 3 && apart > together;
};

const lineOf = (words: LayoutWord[], like: LayoutLine): LayoutLine => ({
  ...like,
  words,
  text: words.map((w) => w.text).join(" "),
  x0: Math.min(...words.map((w) => w.x0)),
  x1: Math.max(...words.map((w) => w.x1)),
  y0: Math.min(...words.map((w) => w.y0)),
  y1: Math.max(...words.map((w) => w.y1)),
});

/**
 * The page's blocks with those that run across column starts cut into one block per column, each new block mapped to
 * the block it was cut from. Unchanged on a page without such columns.
 */
export const splitFlows = (blocks: readonly LayoutBlock[]): { blocks: LayoutBlock[]; cutFrom: Map<LayoutBlock, LayoutBlock> } => {
  const cutFrom = new Map<LayoutBlock, LayoutBlock>();
  const unchanged = { blocks: [...blocks], cutFrom };
  const lines = blocks.flatMap((b) => (b.kind === "text" ? b.lines : []));
  const flat = lines.filter((l) => l.horizontal && l.words.length > 0);
  // A page of more words than any page of text has (a hostile one) is left as mupdf read it: the search is rows × words.
  if (flat.length < 2 * LEAST_ROWS || flat.reduce((n, l) => n + l.words.length, 0) > MOST_WORDS || flat.some((l) => readsRightToLeft(l.text))) return unchanged;
  const rows = rowsOf(flat);
  if (rows.length < 2 * LEAST_ROWS) return unchanged;
  const pitch = median(rows.slice(1).map((r, i) => r.y - rows[i]!.y));

  // Left to right, each start measured against the last one kept: some rows must begin at it.
  const kept: Start[] = [];
  const all = candidates(rows).sort((a, b) => a.x - b.x);
  for (const start of all) {
    const lo = [...kept].reverse().find((k) => k.first <= start.last && k.last >= start.first)?.x ?? -Infinity;
    let begin = 0;
    for (let r = start.first; r <= start.last && begin < 2; r++) if (startsAt(rows[r]!, start.x) && !within(rows[r]!, lo, start.x)) begin++;
    if (begin >= 2) kept.push(start);
  }
  if (kept.length === 0) return unchanged;
  // A regular grid's other column starts: one column width (the kept starts' spacing, or the first's from the page's
  // left edge) apart. Two columns whose rows both start together on every row are kept with the grid they are on.
  const left = Math.min(...rows.flatMap((r) => r.words.map((w) => w.x0)));
  const width = median([kept[0]!.x - left, ...kept.slice(1).map((k, i) => k.x - kept[i]!.x)]);
  const onGrid = (x: number): boolean => Math.round((x - left) / width) >= 1 && Math.abs(x - left - Math.round((x - left) / width) * width) <= 2;
  for (const start of all) if (!kept.includes(start) && onGrid(start.x) && kept.every((k) => onGrid(k.x)) && !kept.some((k) => Math.abs(k.x - start.x) < width / 2)) kept.push(start);
  kept.sort((a, b) => a.x - b.x);
  const overlap = (a: Start, b: Start): boolean => a.first <= b.last && b.first <= a.last;
  // Each start against its neighbours on the rows it runs over.
  const parted = kept.map((k, i) => {
    const prev = kept.slice(0, i).reverse().find((o) => overlap(o, k))?.x ?? -Infinity;
    const next = kept.slice(i + 1).find((o) => overlap(o, k))?.x ?? Infinity;
    return k.last - k.first + 1 >= 2 * LEAST_ROWS && flowsApart(rows, k.first, k.last, [prev, k.x], [k.x, next], pitch);
  });
  if (!parted.some(Boolean)) return unchanged;
  const widths = kept.slice(1).map((k, i) => k.x - kept[i]!.x);
  const regular = widths.length >= 1 && Math.max(...widths) <= 1.08 * Math.min(...widths);
  // Columns of text are a dozen ems wide or more; narrower ones are a grid's (a timetable's stages).
  const size = median(flat.map((l) => l.size));
  if (Math.min(kept[0]!.x - left, ...widths) < 12 * size) return unchanged;
  const cuts = kept.filter((_, i) => parted[i] || regular).map((k) => ({ x: k.x, top: rows[k.first]!.y - pitch / 2, bottom: rows[k.last]!.y + pitch / 2 }));
  // Only where mupdf ran lines across them: columns it already keeps apart in lines of their own are order.ts's.
  const across = flat.filter((l) => cuts.some((c) => l.y1 >= c.top && l.y1 <= c.bottom && l.words.some((w) => w.x1 <= c.x - 0.75) && l.words.some((w) => w.x0 >= c.x - 1))).length;
  if (across < LEAST_ROWS / 2) return unchanged;
  const top = Math.min(...cuts.map((c) => c.top));
  const bottom = Math.max(...cuts.map((c) => c.bottom));

  const rowAt = (y: number): number => rows.reduce((best, row, r) => (Math.abs(row.y - y) < Math.abs(rows[best]!.y - y) ? r : best), 0);
  const out: LayoutBlock[] = [];
  for (const block of blocks) {
    if (block.kind !== "text" || block.y1 < top || block.y0 > bottom) {
      out.push(block);
      continue;
    }
    const columns = new Map<number, LayoutLine[]>();
    for (const line of block.lines) {
      const active = line.horizontal ? cuts.filter((c) => line.y1 >= c.top && line.y1 <= c.bottom) : [];
      const pieces = new Map<number, LayoutWord[]>();
      for (const word of line.words) {
        // A column is named by where it starts: the same column on rows where fewer starts run.
        const column = Math.max(-Infinity, ...active.filter((c) => c.x - 1 <= word.x0).map((c) => c.x));
        pieces.set(column, [...(pieces.get(column) ?? []), word]);
      }
      if (pieces.size === 0) pieces.set(-Infinity, []);
      for (const [column, words] of pieces) columns.set(column, [...(columns.get(column) ?? []), words.length > 0 && pieces.size > 1 ? lineOf(words, line) : line]);
    }
    if (columns.size === 1) {
      out.push(block);
      continue;
    }
    for (const column of [...columns.keys()].sort((a, b) => a - b)) {
      // Pieces on one row left to right: mupdf lists a row's pieces in the writer's order (a number before its label).
      const mine = columns.get(column)!.sort((a, b) => rowAt(a.y1) - rowAt(b.y1) || a.x0 - b.x0);
      const piece: LayoutTextBlock = {
        kind: "text",
        lines: mine,
        x0: Math.min(...mine.map((l) => l.x0)),
        x1: Math.max(...mine.map((l) => l.x1)),
        y0: Math.min(...mine.map((l) => l.y0)),
        y1: Math.max(...mine.map((l) => l.y1)),
      };
      cutFrom.set(piece, block);
      out.push(piece);
    }
  }
  return { blocks: out, cutFrom };
};
