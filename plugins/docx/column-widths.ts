/**
 * Column widths from content (issue 17, item 11), the way a browser lays out an automatic table: every column gets
 * at least room for its longest word, and the rest of the text width goes to the columns whose text wants more.
 * A name or description column ends up wide, a short numeric one narrow; header text counts like any cell.
 * Widths are in twips and add up to the text width, so the table fits whatever the margins and orientation.
 */
import { plainText } from "../../core/ir/text.ts";
import type { TableBlock } from "../../core/ir/types.ts";
import type { MapContext } from "./context.ts";

/** An average character is about half an em wide: in twips, ten per point of font size. */
const twipsPerChar = (fontSize: number) => 10 * fontSize;
/** The cell's left and right margins (tables.ts) and its borders, in characters of room they take. */
const padding = 3;
/** Bold header text is wider than the same letters in the body. */
const boldWidth = 1.15;
/** A word's own width is guessed: its room is kept with a margin, so no word is cut across two lines. */
const wordSafety = 1.2;
/** No column narrower than this many characters, however short its text. */
const narrowest = 3;

interface Want {
  /** Characters of the longest cell on one line. */
  full: number;
  /** Characters of the longest word: below this a word would be cut. */
  least: number;
}

function wants(block: TableBlock): Want[] {
  const cells = (c: number) => [
    ...block.header.map((row) => ({ row, scale: boldWidth })),
    ...block.rows.map((row) => ({ row, scale: 1 })),
  ].map(({ row, scale }) => ({ text: row.cells[c] ? plainText(row.cells[c]!.inlines).trim() : "", scale }));
  return block.align.map((_, c) => {
    const texts = cells(c);
    const full = Math.max(narrowest, ...texts.map((t) => t.text.length * t.scale));
    const least = Math.max(narrowest, ...texts.flatMap((t) => t.text.split(/\s+/).map((w) => w.length * t.scale * wordSafety)));
    return { full: full + padding, least: Math.min(least, full) + padding };
  });
}

export function columnWidths(block: TableBlock, ctx: MapContext): number[] {
  const total = ctx.geometry.textWidth;
  const room = total / twipsPerChar(ctx.style.font_size);
  const want = wants(block);
  const least = want.reduce((sum, w) => sum + w.least, 0);
  const full = want.reduce((sum, w) => sum + w.full, 0);
  let chars: number[];
  if (full <= room) {
    // Everything fits on one line: the spare width is shared in proportion to what each column holds.
    chars = want.map((w) => w.full);
  } else if (least >= room) {
    // Even the longest words do not fit: in proportion to them (Word will break the words).
    chars = want.map((w) => w.least);
  } else {
    // Each column its longest word, and what is left in proportion to how much more its text wants.
    const extra = full - least;
    chars = want.map((w) => w.least + ((room - least) * (w.full - w.least)) / extra);
  }
  const sum = chars.reduce((a, b) => a + b, 0);
  const widths = chars.map((c) => Math.floor((total * c) / sum));
  // Rounding leaves a few twips: the last column takes them, so the grid is exactly the text width.
  widths[widths.length - 1]! += total - widths.reduce((a, b) => a + b, 0);
  return widths;
}
