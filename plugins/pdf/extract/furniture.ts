/**
 * Page furniture: the running headers and footers a document repeats page after page (a book's title and chapter,
 * "Page 4 of 12", a company's name and address at the foot). They are not part of the text's flow, so they are left
 * out of it (the page's `<!-- page N -->` marker already says where a page begins), and never taken for headings.
 *
 * A line is furniture when it sits in the page's top or bottom band and the same words, numbers aside, stand in that
 * band on other pages too: on at least a fifth of the document's text pages and at least two, or on two pages when
 * it carries a number (a footer "4 Chapter 1. Compilation" on even pages only, its page number a line of its own). A document of one or two pages
 * has no furniture to tell from its text.
 *
 * Line numbers in a margin (a court transcript's 1 to 25, a numbered listing's) are furniture too: `findLineNumbers`.
 */
import type { LayoutLine, PageLayout } from "../../../renderers/mupdf/pages.ts";

/** The share of the page's height, from the top and from the bottom, where running headers and footers stand. */
const BAND = 0.1;
/** Of the text pages, the share a running line must stand on. */
const SHARE = 0.2;

/** The words of a line with its numbers (arabic or roman, a page's or a chapter's) left out, case folded. */
const shape = (text: string): string =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\b[ivxlc]{1,7}\b/g, "#")
    .replace(/\d+/g, "#")
    .replace(/[\s.,:;·|–—-]+/g, " ")
    .trim();

/** A number of any kind in the line: a page's, a chapter's ("Chapter 1. Compilation" beside its page number). */
const hasPageNumber = (text: string): boolean => /\d|(^|\s)[ivxlc]{1,7}(\s|$)/i.test(text.trim());

const inBand = (line: LayoutLine, layout: PageLayout): "top" | "bottom" | null =>
  line.y1 <= layout.height * BAND ? "top" : line.y0 >= layout.height * (1 - BAND) ? "bottom" : null;

/** The lines of `layouts` (the document's text pages) that are page furniture. */
export const findFurniture = (layouts: readonly PageLayout[]): Set<LayoutLine> => {
  const found = new Set<LayoutLine>();
  if (layouts.length < 3) return found;
  // Each shape of line, per band, with the pages it stands on and the lines themselves.
  const seen = new Map<string, { pages: Set<number>; lines: LayoutLine[]; numbered: boolean }>();
  for (const layout of layouts) {
    for (const block of layout.blocks) {
      if (block.kind !== "text") continue;
      for (const line of block.lines) {
        const band = inBand(line, layout);
        const words = shape(line.text);
        // A line of nothing but a number is a page number: page.ts drops those on its own.
        if (!band || words.replace(/[#\s]/g, "") === "") continue;
        const key = `${band}:${words}`;
        const entry = seen.get(key) ?? { pages: new Set<number>(), lines: [], numbered: false };
        entry.pages.add(layout.page);
        entry.lines.push(line);
        entry.numbered ||= hasPageNumber(line.text);
        seen.set(key, entry);
      }
    }
  }
  const needed = Math.max(2, Math.ceil(SHARE * layouts.length));
  for (const { pages, lines, numbered } of seen.values()) {
    if (pages.size >= needed || (numbered && pages.size >= 2)) for (const line of lines) found.add(line);
  }
  return found;
};

/** Fewer numbered lines than this in a row are a list of figures, not a margin's line numbers. */
const LINE_NUMBERS = 5;

/**
 * A transcript's or a listing's line numbers in the margin: lines that are a number alone, counting up by one, one
 * under the other at one place (their right edges within a text size), five or more, and in the margin: left of all
 * the page's other text, or right of it (a table's column of row numbers has text beside it above and below). They
 * number the page's lines; they are not its text.
 */
export const findLineNumbers = (layout: PageLayout): Set<LayoutLine> => {
  const lines = layout.blocks.flatMap((b) => (b.kind === "text" ? b.lines : []));
  const alone = lines.filter((l) => l.horizontal && /^\d{1,4}$/.test(l.text.trim())).sort((a, b) => a.y0 - b.y0);
  const rest = lines.filter((l) => !alone.includes(l));
  const margin = (run: readonly LayoutLine[]) =>
    rest.every((l) => l.x0 > Math.max(...run.map((n) => n.x1))) || rest.every((l) => l.x1 < Math.min(...run.map((n) => n.x0)));
  const found = new Set<LayoutLine>();
  const used = new Set<LayoutLine>();
  for (const first of alone) {
    if (used.has(first)) continue;
    const run = [first];
    for (const line of alone) {
      const last = run[run.length - 1]!;
      if (line.y0 > last.y1 - 0.1 * last.size && Number(line.text) === Number(last.text) + 1 && Math.abs(line.x1 - last.x1) <= last.size) run.push(line);
    }
    for (const line of run) used.add(line);
    if (run.length >= LINE_NUMBERS && margin(run)) for (const line of run) found.add(line);
  }
  return found;
};
