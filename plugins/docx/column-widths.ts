/**
 * Column widths from content (issue 17, item 11), the way a browser lays out an automatic table: every column gets
 * at least room for its longest word, and the rest of the text width goes to the columns whose text wants more.
 * A name or description column ends up wide, a short numeric one narrow; header text counts like any cell.
 * Widths are in twips and add up to the text width, so the table fits whatever the margins and orientation.
 *
 * A table whose longest words do not fit (issue 30, item 7) is first set smaller, down to `smallestTableSize`, the way
 * an analyst sets a wide table in 8 or 9 pt; only when even that leaves a word cut does it ask for a landscape page of
 * its own (sections.ts), never the whole document. What still cannot fit is cut where a reader expects it (breaks.ts).
 */
import type { Inline, TableBlock } from "../../core/ir/types.ts";
import { visitInlines } from "../../core/ir/visit.ts";
import type { MapContext } from "./context.ts";
import { codeScale, monoEm } from "./styles.ts";

/** An average character is about half an em wide: in twips, ten per point of font size. */
const twipsPerChar = (fontSize: number) => 10 * fontSize;
/** The cell's left and right margins (tables.ts) and its borders, in characters of room they take. */
const padding = 3;
/** Bold header text is wider than the same letters in the body. */
export const boldWidth = 1.15;
/** A word's own width is guessed: its room is kept with a margin, so no word is cut across two lines. */
const wordSafety = 1.2;
/** No column narrower than this many characters, however short its text. */
const narrowest = 3;
/** Inline code is monospaced: each of its characters takes more than an average one, less its smaller size. */
const codeWidth = (monoEm * codeScale) / 0.5;
/** The smallest size a wide table is set in before it turns to landscape; the layout check counts with it too. */
export const smallestTableSize = (body: number): number => Math.min(body, Math.max(8, body - 3));

interface Want {
  /** Characters of the longest cell on one line. */
  full: number;
  /** Characters of the longest word: below this a word would be cut. */
  least: number;
}

/** A cell's words with their widths in average characters (code counted wider). */
export function measuredWords(inlines: Inline[], scale = 1): Array<{ text: string; width: number }> {
  const chars: Array<{ char: string; width: number }> = [];
  visitInlines(inlines, (inline) => {
    if (inline.type === "text") for (const char of inline.text) chars.push({ char, width: inline.marks.includes("code") ? codeWidth : 1 });
    else if (inline.type === "lineBreak") chars.push({ char: "\n", width: 0 });
    else if (inline.type === "gap") for (const char of inline.label ? `[DATO: ${inline.label}]` : "[DATO]") chars.push({ char, width: boldWidth });
  });
  const words: Array<{ text: string; width: number }> = [];
  let word = { text: "", width: 0 };
  for (const { char, width } of [...chars, { char: " ", width: 0 }]) {
    if (/\s/.test(char)) {
      if (word.text) words.push(word);
      word = { text: "", width: 0 };
    } else word = { text: word.text + char, width: word.width + width * scale };
  }
  return words;
}

function wants(block: TableBlock): Want[] {
  const cells = (c: number) =>
    [...block.header.map((row) => ({ row, scale: boldWidth })), ...block.rows.map((row) => ({ row, scale: 1 }))].map(({ row, scale }) =>
      measuredWords(row.cells[c]?.inlines ?? [], scale),
    );
  return block.align.map((_, c) => {
    const texts = cells(c);
    // The cell on one line: its words and the spaces between them.
    const full = Math.max(narrowest, ...texts.map((words) => words.reduce((sum, w) => sum + w.width + 1, -1)));
    const least = Math.max(narrowest, ...texts.flatMap((words) => words.map((w) => w.width * wordSafety)));
    return { full: full + padding, least: Math.min(least, full) + padding };
  });
}

export interface TableFit {
  /** Twips, adding up to `total`. */
  widths: number[];
  /** Points: the body size, or smaller for a wide table. */
  fontSize: number;
  /** The table needs a landscape page: it did not fit the portrait text width even at the smallest size. */
  landscape: boolean;
  /** Per column, how many average characters a line holds: a longer word will be cut (breaks.ts). */
  room: number[];
}

function widthsFor(want: Want[], total: number, fontSize: number): { widths: number[]; room: number[] } {
  const room = total / twipsPerChar(fontSize);
  const least = want.reduce((sum, w) => sum + w.least, 0);
  const full = want.reduce((sum, w) => sum + w.full, 0);
  let chars: number[];
  if (full <= room) {
    // Everything fits on one line: the spare width is shared in proportion to what each column holds.
    chars = want.map((w) => w.full);
  } else if (least >= room) {
    // Even the longest words do not fit: in proportion to them (the words will be cut).
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
  return { widths, room: widths.map((w) => w / twipsPerChar(fontSize) - padding) };
}

/** Whether the longest words fit `total` twips at `fontSize`. */
const fits = (want: Want[], total: number, fontSize: number) => want.reduce((sum, w) => sum + w.least, 0) <= total / twipsPerChar(fontSize);

/**
 * The table's widths and size: the body size when its words fit, else the largest size down to the smallest that
 * keeps them whole, else (when `landscapeWidth` is given: a portrait page may turn) the same on a landscape page.
 */
export function tableFit(block: TableBlock, ctx: MapContext, landscapeWidth?: number): TableFit {
  const want = wants(block);
  const body = ctx.style.font_size;
  const sizes: number[] = [];
  for (let size = body; size >= smallestTableSize(body); size -= 0.5) sizes.push(size);
  for (const [total, landscape] of [[ctx.geometry.textWidth, false], ...(landscapeWidth ? [[landscapeWidth, true] as const] : [])] as const) {
    const size = sizes.find((s) => fits(want, total, s));
    if (size !== undefined) return { ...widthsFor(want, total, size), fontSize: size, landscape };
  }
  const smallest = sizes[sizes.length - 1] ?? body;
  return { ...widthsFor(want, landscapeWidth ?? ctx.geometry.textWidth, smallest), fontSize: smallest, landscape: landscapeWidth !== undefined };
}

/** The widths of a table laid out in the context's text width (at the size `tableFit` picks for it there). */
export function columnWidths(block: TableBlock, ctx: MapContext): number[] {
  return tableFit(block, ctx).widths;
}
