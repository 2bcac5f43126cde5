/**
 * One PDF page's text (mupdf's blocks of lines with positions, renderers/mupdf/pages.ts) → pieces of a page (blocks.ts
 * makes them IR blocks): headings from the page's typography (typography.ts: the document's type sizes, short bold
 * lines, section numbers; headings.ts keeps body lines that only look so from being headings), lists and paragraphs
 * (renderers/tesseract/layout.ts, shared with OCR), a paragraph whose lines mupdf put in blocks of their own read as
 * one (wrap.ts), tables (ruled: lattice.ts; unruled: renderers/tesseract/tables.ts held to unruled.ts), code
 * (code.ts), columns read one after the other (order.ts; flows.ts first cuts lines mupdf ran across columns), and the
 * page number alone in the top or bottom margin left out (the page marker says the page).
 *
 * Each piece knows where it came from: the range, in the page's text (`pageText`), of the mupdf block (or blocks, for
 * a table) it was read from.
 */
import type { LayoutBlock, LayoutLine, LayoutTextBlock, PageLayout } from "../../../renderers/mupdf/pages.ts";
import type { Block } from "../../../core/ir/types.ts";
import { flow, joinLines, listMarker, type FlowLine, type Piece } from "../../../renderers/tesseract/layout.ts";
import { findTables } from "../../../renderers/tesseract/tables.ts";
import type { Rule } from "../../../renderers/mupdf/rules.ts";
import { ruledTables } from "./lattice.ts";
import { headerlessPairs, strongTables } from "./unruled.ts";
import { bodyLines, FOOT } from "./headings.ts";
import { boldLevel, isBoldHeadingLine, labelsChapter, numberedLevel, sizeLevel, type TypeScale } from "./typography.ts";
import { continuesItem, hangAt, joinWrapped } from "./wrap.ts";
import { codeLike, codeOnPage, codeText, isListing } from "./code.ts";
import { columnGroups, readingOrder } from "./order.ts";
import { splitFlows } from "./flows.ts";
import { readsRightToLeft } from "../../../renderers/mupdf/bidi.ts";

// ---------------------------------------------------------------------------------------------------- lines

/**
 * A title and a small line far off on its baseline (a masthead's date, a form's print date) are two things: sizes
 * apart by a quarter, three sizes of white between. Not in the foot, where a footer's parts come in several sizes.
 */
const apart = (a: LayoutLine, b: LayoutLine, foot: number): boolean => {
  const small = Math.min(a.size, b.size);
  const gap = Math.max(b.x0 - a.x1, a.x0 - b.x1);
  return a.y0 < foot && Math.max(a.size, b.size) > 1.25 * small && gap > 3 * small;
};

/**
 * mupdf cuts a line at a wide gap (justified text, a tab); pieces on one baseline are one line again. In the page's
 * foot (below `foot`) pieces coming right to left are put left to right too: a running footer's parts (left, centre,
 * right) are placed on their own, in any order. Elsewhere such pieces are a figure's labels and stay apart.
 */
const mergeBaselines = (lines: readonly LayoutLine[], foot: number): LayoutLine[] => {
  const out: LayoutLine[] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    const overlap = last ? Math.min(last.y1, line.y1) - Math.max(last.y0, line.y0) : 0;
    const after = last !== undefined && line.x0 >= last.x1 - 0.5;
    const before = last !== undefined && line.x1 <= last.x0 + 0.5 && line.y0 >= foot && last.y0 >= foot;
    if (last && last.horizontal && line.horizontal && !apart(last, line, foot) && overlap >= 0.5 * Math.min(last.y1 - last.y0, line.y1 - line.y0) && (after || before)) {
      // Right-to-left pieces are read from the right: the one further right goes first.
      const rightFirst = readsRightToLeft(last.text) && readsRightToLeft(line.text);
      const words = after !== rightFirst ? [...last.words, ...line.words] : [...line.words, ...last.words];
      out[out.length - 1] = {
        x0: Math.min(last.x0, line.x0),
        y0: Math.min(last.y0, line.y0),
        x1: Math.max(last.x1, line.x1),
        y1: Math.max(last.y1, line.y1),
        words,
        text: words.map((w) => w.text).join(" "),
        size: Math.max(last.size, line.size),
        bold: last.bold && line.bold,
        mono: last.mono && line.mono,
        horizontal: true,
      };
    } else {
      out.push(line);
    }
  }
  return out;
};

const PAGE_NUMBER = /^(?:(?:page|p\.|seite|página|pagina)\s*)?[-–—]?\s*(?:\d{1,4}|[ivxlc]{1,7})\s*(?:[-–—]|(?:of|\/|de|von)\s*\d{1,4})?$/i;

/** A block that is only a page number, high or low on the page. */
const isPageNumber = (block: LayoutTextBlock, layout: PageLayout): boolean =>
  block.lines.length === 1 && PAGE_NUMBER.test(block.lines[0]!.text.trim()) && (block.y0 > layout.height * 0.8 || block.y1 < layout.height * 0.12);

// ---------------------------------------------------------------------------------------------------- pieces

const flowLine = (line: LayoutLine): FlowLine => ({
  x0: line.x0,
  y0: line.y0,
  x1: line.x1,
  y1: line.y1,
  text: line.text,
  size: line.size,
  firstWord: line.words[0] ? line.words[0].x1 - line.words[0].x0 : 0,
  hang: hangAt(line),
});

/**
 * Lines of one block, none in a table → code, headings, paragraphs and list items; `body` lines are never headings.
 * Where the page has code (`code`), lines in a monospaced face are a listing (code.ts), whatever else they look like.
 */
const blockPieces = (lines: readonly LayoutLine[], frame: { x0: number; x1: number }, scale: TypeScale, body: ReadonlySet<LayoutLine>, code = false): Piece[] => {
  if (code && lines.some((l) => l.mono)) {
    const pieces: Piece[] = [];
    let run: LayoutLine[] = [];
    let mono = false;
    const flush = () => {
      if (run.length > 0) pieces.push(...(mono && isListing(run) ? [{ kind: "code" as const, text: codeText(run) }] : blockPieces(run, frame, scale, body)));
      run = [];
    };
    for (const line of lines) {
      if (run.length > 0 && line.mono !== mono) flush();
      mono = line.mono;
      run.push(line);
    }
    flush();
    return pieces;
  }
  const pieces: Piece[] = [];
  // Runs of lines of one heading level (0: body); a line numbered as a section is a run of its own.
  const runs: { level: number; bold: boolean; numbered: boolean; lines: LayoutLine[] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const size = sizeLevel(line, scale, body);
    const bold = size === 0 && isBoldHeadingLine(line, scale, body);
    const numbered = size === 0 && !bold ? numberedLevel(lines.slice(i, i + 3), frame.x1, scale, body) : { level: 0, lines: 0 };
    const last = runs[runs.length - 1];
    // A list item's last words set in another size (wrap.ts) stay in its item.
    const itemGoesOn = last !== undefined && !last.numbered && continuesItem(last.lines[last.lines.length - 1]!, line, frame.x1);
    if (numbered.level > 0) {
      runs.push({ level: numbered.level, bold: false, numbered: true, lines: lines.slice(i, i + numbered.lines) });
      i += numbered.lines - 1;
    } else if (last && !last.numbered && ((last.level === size && last.bold === bold) || itemGoesOn)) last.lines.push(line);
    else runs.push({ level: size, bold, numbered: false, lines: [line] });
  }
  for (const run of runs) {
    const text = run.lines.map((l) => l.text.trim()).reduce(joinLines, "");
    // A bulleted line set large is a list item all the same.
    const bulleted = listMarker(text)?.strong === true;
    const heading = !bulleted && (run.bold ? run.lines.length <= 2 && text.length <= 120 : run.level > 0 && run.lines.length <= 3 && text.length <= 200);
    if (heading) pieces.push({ kind: "heading", level: run.bold ? boldLevel(scale) : run.level, text });
    else pieces.push(...flow(run.lines.map(flowLine), frame));
  }
  return pieces;
};

const wordCount = (text: string): number => text.split(/\s+/u).filter(Boolean).length;

/**
 * A table whose cells hold no more words than twice the lines it was read from: a group label over its columns is
 * said once per column (camelot's "Percent Fuel Savings" over four), a line that fell into cell after cell is more.
 */
const saysOnce = (table: { readonly rows: readonly (readonly string[])[]; readonly caption?: string; readonly lines: ReadonlySet<LayoutLine> }): boolean => {
  let inLines = 0;
  for (const line of table.lines) inLines += wordCount(line.text);
  const inCells = table.rows.flat().reduce((n, cell) => n + wordCount(cell), 0) + wordCount(table.caption ?? "");
  return inCells <= inLines * 2 + 2;
};

/** A picture's OCR text as IR blocks, found by the caller; `undefined` leaves the picture out. */
export type PictureText = (block: LayoutBlock & { kind: "image" }) => Block[] | undefined;

/** A piece of a page and the range of page text it was read from, or the blocks a picture's OCR text made. */
export type PagePiece = { readonly piece: Piece; readonly start: number; readonly end: number } | { readonly picture: Block[] };

/**
 * The page's text as a source range counts it: the lines of mupdf's text blocks in mupdf's order, each followed by a
 * newline. Returns each block's range in it and its length.
 */
export const pageText = (layout: PageLayout): { ranges: Map<LayoutBlock, { start: number; end: number }>; length: number } => {
  const ranges = new Map<LayoutBlock, { start: number; end: number }>();
  let at = 0;
  for (const block of layout.blocks) {
    if (block.kind !== "text") continue;
    const start = at;
    for (const line of block.lines) at += line.text.length + 1;
    ranges.set(block, { start, end: at });
  }
  return { ranges, length: at };
};

export const pagePieces = (
  layout: PageLayout,
  scale: TypeScale,
  pictureText: PictureText = () => undefined,
  rules: readonly Rule[] = [],
  /** Running headers and footers (furniture.ts): out of the flow. */
  furniture: ReadonlySet<LayoutLine> = new Set(),
): PagePiece[] => {
  const { ranges } = pageText(layout);
  const rangeOf = new Map<LayoutBlock, { start: number; end: number }>();
  const blocks: LayoutBlock[] = [];
  // Running headers and footers out first: a column start runs down the body, not through the margins.
  const original = new Map<LayoutBlock, LayoutBlock>();
  const inFlow = layout.blocks.map((b) => {
    const copy = b.kind === "text" ? { ...b, lines: b.lines.filter((l) => !furniture.has(l)) } : b;
    original.set(copy, b);
    return copy;
  });
  const split = splitFlows(inFlow);
  for (const block of split.blocks) {
    if (block.kind === "image") blocks.push(block);
    else {
      const source = original.get(split.cutFrom.get(block) ?? block)!;
      const lines = mergeBaselines(block.lines.filter((l) => l.text.trim() !== ""), FOOT * layout.height).map((l) => ({ ...l, textBlock: source }));
      const merged: LayoutTextBlock = { ...block, lines };
      rangeOf.set(merged, ranges.get(source)!);
      if (lines.length > 0 && !isPageNumber(merged, layout)) blocks.push(merged);
    }
  }
  // A listing's columns are its indentation, not a table's.
  const code = codeOnPage(blocks);
  // Ruled tables first (lattice.ts, from the page's rules): the lines inside one are its own and are not offered to
  // the unruled finder, whose tables must hold up to unruled.ts's stricter test (OCR's use of the finder is untouched).
  // A page's text is never said twice: a grid whose cells hold far more words than the lines inside it (a line
  // counted in cell after cell) is no table of that text.
  const ruled = ruledTables(rules, blocks.flatMap((b) => (b.kind === "text" ? b.lines : []))).filter((t) => saysOnce(t));
  const inRuled = new Set(ruled.flatMap((t) => [...t.lines]));
  const tables: { readonly rows: string[][]; readonly lines: ReadonlySet<LayoutLine>; readonly caption?: string }[] = [
    ...ruled,
    // Looked for column by column on a page of columns: a table is within one, or across them all.
    ...columnGroups(blocks).flatMap((group) =>
      strongTables(findTables(group.flatMap((b) => (b.kind === "text" ? b.lines.filter((l) => l.horizontal && !(code && codeLike(l)) && !inRuled.has(l)) : [])))).filter(
        (t) => split.cutFrom.size === 0 || !headerlessPairs(t),
      ),
    ),
  ];
  const tableOf = new Map<LayoutLine, (typeof tables)[number]>();
  for (const table of tables) for (const line of table.lines) tableOf.set(line, table);
  const done = new Set<(typeof tables)[number]>();
  const ordered = joinWrapped(readingOrder(blocks), (line) => tableOf.has(line), rangeOf);
  const body = bodyLines(ordered, scale, (line) => tableOf.has(line), layout.height);

  const pieces: PagePiece[] = [];
  for (const block of ordered) {
    if (block.kind === "image") {
      const picture = pictureText(block);
      if (picture) pieces.push({ picture });
      continue;
    }
    const frame = { x0: block.x0, x1: block.x1 };
    const { start, end } = rangeOf.get(block)!;
    let run: LayoutLine[] = [];
    const flushRun = () => {
      if (run.length > 0) for (const piece of blockPieces(run, frame, scale, body, code)) pieces.push({ piece, start, end });
      run = [];
    };
    for (const line of block.lines) {
      const table = tableOf.get(line);
      if (!table) {
        run.push(line);
        continue;
      }
      flushRun();
      if (!done.has(table)) {
        done.add(table);
        const spans = [...table.lines].map((l) => ranges.get((l as LayoutLine & { textBlock: LayoutBlock }).textBlock)).filter((r) => r !== undefined);
        // A ruled table's title row (one cell across it) is a line of text above it.
        if (table.caption) pieces.push({ piece: { kind: "paragraph", text: table.caption }, start: Math.min(...spans.map((r) => r.start)), end: Math.max(...spans.map((r) => r.end)) });
        pieces.push({
          piece: { kind: "table", rows: table.rows },
          start: Math.min(...spans.map((r) => r.start)),
          end: Math.max(...spans.map((r) => r.end)),
        });
      }
    }
    flushRun();
  }
  return chaptersTitled(pieces);
};

/** "CHAPTER 1" over "Compilation" (two sizes, two blocks): one heading, "CHAPTER 1 Compilation". */
const chaptersTitled = (pieces: PagePiece[]): PagePiece[] => {
  const out: PagePiece[] = [];
  for (const item of pieces) {
    const last = out[out.length - 1];
    if (last && "piece" in last && "piece" in item && last.piece.kind === "heading" && item.piece.kind === "heading" && labelsChapter(last.piece.text)) {
      const piece = { kind: "heading" as const, level: Math.min(last.piece.level, item.piece.level), text: `${last.piece.text} ${item.piece.text}` };
      out[out.length - 1] = { piece, start: Math.min(last.start, item.start), end: Math.max(last.end, item.end) };
    } else {
      out.push(item);
    }
  }
  return out;
};
