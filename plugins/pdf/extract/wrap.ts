/**
 * Lines that go on in the next mupdf block: some writers put every line in a block of its own, so a paragraph comes
 * in pieces. Blocks right below one another (no more space between them than between the lines of a paragraph), in
 * one size and overlapping in width, are read as one block when the upper one's last line is as wide as a column,
 * runs to near the right edge and does not end a sentence, and both lines are running text (no wide gaps); `flow`
 * (renderers/tesseract/layout.ts) then decides where paragraphs end, as it does within a block. `hangAt` tells a
 * hanging indent (`.1   The intent …` with the next lines starting under `The`) from a new paragraph's indented first
 * line. A list item's line that goes on in the next block under the item's text joins it whatever its size.
 */
import type { LayoutBlock, LayoutLine, LayoutTextBlock } from "../../../renderers/mupdf/pages.ts";
import { listMarker } from "../../../renderers/tesseract/layout.ts";

/** A line that goes on in the next block is at least this many text sizes wide: a column's width, not a label's. */
const MIN_WIDTH = 15;
/** Space between two blocks' lines, in text sizes, up to which they are one paragraph's lines. */
const LINE_GAP = 0.5;

/** Where the text after a short label set apart from it starts (`.1`, `1.`, `(a)`, `•`), if the line has one. */
export const hangAt = (line: LayoutLine): number | undefined => {
  const [label, next] = line.words;
  if (!label || !next || label.text.length > 4 || /\p{L}{2,}/u.test(label.text)) return undefined;
  return next.x0 - label.x1 > line.size ? next.x0 : undefined;
};

/** A line of running text: no wide gap between its words but the one after a hanging label (a formula set in parts is not). */
const prose = (line: LayoutLine): boolean => {
  const hang = hangAt(line);
  return line.words.every((w, i) => i === 0 || w.x0 === hang || w.x0 - line.words[i - 1]!.x1 <= line.size);
};

/** Where the text of a list item's line starts, after its marker (`●  This …` → where `This` starts). */
export const itemTextAt = (line: LayoutLine): number | undefined => (listMarker(line.text.trim()) && line.words.length >= 2 ? line.words[1]!.x0 : undefined);

/**
 * A list item's line cut at the right edge, going on in the next block under the item's text (not its marker): a
 * writer may set the item's last words in a block of their own, even in another size.
 */
export const continuesItem = (last: LayoutLine, first: LayoutLine, right: number): boolean => {
  const at = itemTextAt(last);
  const size = Math.max(last.size, first.size);
  const gap = first.y0 - last.y1;
  return (
    at !== undefined &&
    Math.abs(first.x0 - at) <= 0.5 * Math.min(last.size, first.size) &&
    gap >= -0.2 * size &&
    gap <= LINE_GAP * size &&
    last.x1 >= right - 3 * size &&
    last.x1 - last.x0 >= MIN_WIDTH * last.size &&
    !/[.!?]["'”’)\]]?$/u.test(last.text.trim()) &&
    listMarker(first.text.trim()) === null
  );
};

const joins = (a: LayoutTextBlock, b: LayoutTextBlock): boolean => {
  const last = a.lines[a.lines.length - 1]!;
  const first = b.lines[0]!;
  const size = Math.max(last.size, first.size);
  const gap = first.y0 - last.y1;
  if (continuesItem(last, first, Math.max(a.x1, b.x1))) return true;
  return (
    gap >= -0.2 * size &&
    gap <= LINE_GAP * size &&
    Math.abs(last.size - first.size) < 0.1 * size &&
    last.bold === first.bold &&
    Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0 &&
    // A line that goes on runs to near the right edge; centred lines of a title page do not.
    last.x1 >= Math.max(a.x1, b.x1) - 3 * size &&
    last.x1 - last.x0 >= MIN_WIDTH * size &&
    !/[.!?]["'”’)\]]?$/u.test(last.text.trim()) &&
    prose(last) &&
    prose(first)
  );
};

/**
 * Blocks in reading order → the same, with blocks that go on in the next one joined. Blocks with a line of a table
 * stay as they are; a joined block's range in the page text spans those of its parts (`ranges` gets it).
 */
export const joinWrapped = (
  blocks: readonly LayoutBlock[],
  inTable: (line: LayoutLine) => boolean,
  ranges: Map<LayoutBlock, { start: number; end: number }>,
): LayoutBlock[] => {
  const out: LayoutBlock[] = [];
  for (const block of blocks) {
    const last = out[out.length - 1];
    if (
      last?.kind === "text" &&
      block.kind === "text" &&
      !last.lines.some(inTable) &&
      !block.lines.some(inTable) &&
      joins(last, block)
    ) {
      const joined: LayoutTextBlock = {
        ...last,
        x0: Math.min(last.x0, block.x0),
        y0: Math.min(last.y0, block.y0),
        x1: Math.max(last.x1, block.x1),
        y1: Math.max(last.y1, block.y1),
        lines: [...last.lines, ...block.lines],
      };
      const a = ranges.get(last)!;
      const b = ranges.get(block)!;
      ranges.set(joined, { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) });
      out[out.length - 1] = joined;
    } else {
      out.push(block);
    }
  }
  return out;
};
