/**
 * Which lines of a page are body text although their type alone would make them headings (page.ts decides headings
 * by size and boldness):
 * - with many candidates on a page (a timetable, a form set in many sizes) size alone is not enough: a heading is
 *   bold over a body that is not, or of the few largest sizes, and does not end in a figure (a time, an amount);
 * - a bold line of body size is no heading where the body itself is set in bold, nor beside another such line on its
 *   row (a running header's parts);
 * - a line in the page's lowest tenth is a footer (a heading is never left at the foot of a page);
 * - a line ending in a page number set apart is an entry of a table of contents, or near the top of the page a running
 *   header;
 * - a bold line set in below a line ending with a colon is what that line announces (a project's name), not a heading.
 */
import type { LayoutBlock, LayoutLine } from "../../../renderers/mupdf/pages.ts";
import { isBoldHeadingLine, sizeLevel, type TypeScale } from "./typography.ts";

/** More heading candidates than this on one page and size alone no longer makes a heading. */
const MANY = 8;

/** Below this share of the page's height is its foot. */
export const FOOT = 0.9;

const none: ReadonlySet<LayoutLine> = new Set();

/** A time, an amount, a share or a duration in brackets at the end of a line (`21:00`, `$250`, `85%`, `(105min)`). */
const FIGURE_END = /(?:\d{1,2}:\d{2}|[$€£¥]\s?\d[\d,.]*|\d[\d,.]*\s?%|\(\d[\d,.:]*\s*\p{L}{0,4}\))$/u;

/** Two lines on one baseline: they overlap by half the smaller height. */
const overlapRow = (a: LayoutLine, b: LayoutLine): boolean => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) >= 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);

export const bodyLines = (blocks: readonly LayoutBlock[], scale: TypeScale, inTable: (line: LayoutLine) => boolean, height = Infinity): Set<LayoutLine> => {
  const body = new Set<LayoutLine>();
  const all = blocks.flatMap((b) => (b.kind === "text" ? b.lines : []));
  const lines = all.filter((l) => !inTable(l));
  const bySize = lines.filter((l) => sizeLevel(l, scale, none) > 0);
  const byBold = lines.filter((l) => isBoldHeadingLine(l, scale));

  // The page's foot: a heading is kept with the text it heads, so a line that starts in the lowest tenth of the page
  // is a running footer or a note, whatever its size.
  for (const line of [...bySize, ...byBold]) if (line.y0 >= FOOT * height) body.add(line);

  // The page's own body text in bold (most of its characters, over more lines than a few headings): bold says nothing.
  const plain = all.filter((l) => l.size >= scale.body * 0.95 && l.size < scale.body * 1.15);
  const chars = (ls: readonly LayoutLine[]) => ls.reduce((n, l) => n + l.text.length, 0);
  const boldBody = plain.length >= MANY && chars(plain.filter((l) => l.bold)) * 2 > chars(plain);
  const many = bySize.length + byBold.length > MANY;
  if (boldBody) for (const line of byBold) body.add(line);
  // Among many, a line ending in a figure (a time, an amount) is an entry of a list or a grid; not the
  // page's largest line, though (a title with the date beside it).
  const largest = bySize.length === 0 ? Infinity : Math.max(...bySize.map((l) => l.size));
  if (many) {
    for (const line of [...bySize, ...byBold]) if (line.size < largest && FIGURE_END.test(line.text.trim())) body.add(line);
  }

  // Many candidates: a line in bold over a body that is not stands out by more than size and stays a heading; of the
  // others only the largest sizes do, as long as they are few lines together; the rest is text set large.
  const bySizeAlone = bySize.filter((l) => boldBody || !l.bold);
  if (many && bySizeAlone.length > 0) {
    const sizes = [...new Set(bySizeAlone.map((l) => l.size))].sort((a, b) => b - a);
    let kept = 0;
    let smallest = Infinity;
    for (const size of sizes) {
      const count = bySizeAlone.filter((l) => l.size === size).length;
      if (kept + count > MANY) break;
      kept += count;
      smallest = size;
    }
    for (const line of bySizeAlone) if (line.size < smallest) body.add(line);
  }

  // A contents entry: the page number set apart at the end of the line; in the page's top tenth, a running header
  // with its page number (on a page read alone, furniture.ts has no other page to compare it with). The top: its
  // first 15%, margins included.
  for (const line of [...bySize, ...byBold]) {
    const words = line.words;
    const last = words[words.length - 1];
    const apart = (line.y1 < 0.15 * height ? 1 : 2) * line.size;
    if (words.length >= 2 && last && /^\d{1,4}$/.test(last.text) && last.x0 - words[words.length - 2]!.x1 > apart) body.add(line);
  }

  // Bold lines of body size side by side on one row: a running header's parts or a row of labels, not headings.
  for (const line of byBold) {
    if (byBold.some((other) => other !== line && overlapRow(line, other) && (other.x1 < line.x0 || other.x0 > line.x1))) body.add(line);
  }

  // After `… for the following project:`, the bold lines set in from it right below belong to the sentence.
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const line = lines[i]!;
    const follows = /:$/.test(prev.text.trim()) && !isBoldHeadingLine(prev, scale) && sizeLevel(prev, scale, none) === 0 && line.x0 > prev.x0 + 2 * line.size;
    const goesOn = body.has(prev) && prev.bold && line.bold && line.y0 - prev.y1 < 0.8 * line.size;
    if ((follows || goesOn) && isBoldHeadingLine(line, scale)) body.add(line);
  }
  return body;
};
