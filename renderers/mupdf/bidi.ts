/**
 * A line of right-to-left text (Arabic, Hebrew, Persian) in logical order, the order it is typed and read.
 *
 * What mupdf gives depends on how the file was written: runs of Arabic in logical order but placed left to right
 * ("قطط 47 عندي" for "عندي 47 قطط"), or a right cell's text before a left cell's. Where the glyphs stand on the page is
 * the one thing every writer agrees on, so the line is put in visual order (left to right by position) and the
 * Unicode bidirectional algorithm (bidi-js) turns that into logical order: runs of right-to-left letters reversed,
 * numbers and Latin words inside them kept whole ("12/3/2014" stays one date). The line's direction is the one of
 * most of its letters.
 *
 * A glyph can stand for several characters (a lam–alef ligature, a letter and its vowel mark): those move together,
 * in the order mupdf gave them (pages.ts `ligaturesInOrder` has put a ligature's letters right first).
 */
import bidiModule, { type Bidi } from "bidi-js";

export interface PlacedChar {
  readonly c: string;
  readonly x0: number;
  readonly x1: number;
}

// A CommonJS package whose types say ES module: Node hands over the factory itself as the default export.
const bidiFactory = ((bidiModule as unknown as { default?: () => Bidi }).default ?? bidiModule) as unknown as () => Bidi;
const bidi = bidiFactory();

/** A letter of a script written right to left. */
export const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const LETTER = /\p{L}/u;
const MARK = /^\p{M}$/u;

/** More right-to-left letters than left-to-right ones: the line reads from the right. */
export const readsRightToLeft = (text: string): boolean => {
  let rtl = 0;
  let ltr = 0;
  for (const c of text) {
    if (RTL.test(c)) rtl++;
    else if (LETTER.test(c)) ltr++;
  }
  return rtl > 0 && rtl >= ltr;
};

/** A glyph's characters: a base and what rides on it (combining marks, a ligature's letters of no width). */
const clusters = <C extends PlacedChar>(chars: readonly C[]): C[][] => {
  const out: C[][] = [];
  for (const ch of chars) {
    const rides = ch.c.trim() !== "" && (MARK.test(ch.c) || ch.x1 - ch.x0 <= 0.01);
    const last = out[out.length - 1];
    if (rides && last && last[0]!.c.trim() !== "") last.push(ch);
    else out.push([ch]);
  }
  return out;
};

/** The characters of one horizontal line in logical order; a line with no right-to-left letter is left as it is. */
export const logicalOrder = <C extends PlacedChar>(chars: readonly C[]): C[] => {
  if (!chars.some((ch) => RTL.test(ch.c))) return [...chars];
  const glyphs = clusters(chars);
  const visual = glyphs.map((g, i) => ({ g, i, x: (g[0]!.x0 + g[0]!.x1) / 2 })).sort((a, b) => a.x - b.x || a.i - b.i).map((v) => v.g);
  // One code unit per glyph, its base's, so that the algorithm's indices are the glyphs' (a character beyond the
  // BMP, rare in such a line, counts as a neutral).
  const units = visual.map((g) => (g[0]!.c.length === 1 ? g[0]!.c : "\ufffc")).join("");
  const levels = bidi.getEmbeddingLevels(units, readsRightToLeft(chars.map((ch) => ch.c).join("")) ? "rtl" : "ltr");
  const order = visual.map((_, i) => i);
  for (const [start, end] of bidi.getReorderSegments(units, levels)) {
    const part = order.slice(start, end + 1).reverse();
    order.splice(start, part.length, ...part);
  }
  return order.flatMap((i) => visual[i]!);
};
