/**
 * Words with positions → Markdown pieces: the part of reading a page that does not care whether the words came from
 * Tesseract (a picture) or from mupdf (a PDF's text). The OCR reader here and the PDF reader (plugins/pdf/extract)
 * both use it, so a table or a list reads the same whichever way the page was read.
 *
 * - Tables: rows of text whose pieces fall into the same column positions over at least three rows become a GFM
 *   table. Deliberately conservative: prose in two page columns, forms and ragged text must not become tables, so
 *   long cells, one-cell rows and columns that do not line up end the table.
 * - Lists: bullet glyphs and `1.` / `1)` / `a)` / `(iv)` at the start of a line; nesting from the indent.
 * - Paragraphs: lines joined, a hyphen at a line end joined away when the next line goes on in lower case; a line
 *   that stops although the next word would have fitted ends its paragraph.
 *
 * Units are whatever the caller's boxes use (points or pixels); `size` is the text's height in the same unit.
 */

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Word extends Box {
  text: string;
}

export interface Line extends Box {
  readonly words: readonly Word[];
  /** Font size (or text height) in the boxes' unit. */
  readonly size: number;
  /**
   * The text block the line was set in, when the source knows (mupdf does): columns whose text comes from blocks of
   * their own, running down several rows, are page columns set side by side, not a table.
   */
  readonly textBlock?: unknown;
}

export type Piece =
  | { readonly kind: "paragraph"; readonly text: string }
  | { readonly kind: "heading"; readonly level: number; readonly text: string }
  | { readonly kind: "item"; readonly depth: number; readonly marker: string; readonly text: string }
  | { readonly kind: "table"; readonly rows: readonly (readonly string[])[] };

// ---------------------------------------------------------------------------------------------------- tables

interface Segment extends Box {
  readonly text: string;
  readonly size: number;
  readonly line: Line;
}

interface Row extends Box {
  readonly lines: Line[];
  readonly segments: Segment[];
  readonly size: number;
}

export interface Table<L extends Line> {
  readonly rows: string[][];
  /** The lines the table was made of, to be left out of the running text. */
  readonly lines: ReadonlySet<L>;
  readonly box: Box;
}

/** A gap wider than this many times the text size splits a line into pieces that may be cells. */
const CELL_GAP = 1.0;
/** Rows further apart than this many times the text size (from one's bottom to the next one's top) are not one table. */
const ROW_GAP = 1.6;
const MIN_ROWS = 3;
const MAX_COLUMNS = 20;
/** Cells longer than this are prose, not table cells; a table whose cells are this long on average is not one. */
const LONG_CELL = 60;
const MEAN_CELL = 40;
const MATH = /[=<>±×÷∑∏∫∂∇∞≤≥≠≈≡⇒⇔→←↦∀∃∈∉⊂⊆⊃⊇∪∩∧∨¬∗∘√α-ωΑ-Ω]/u;

const segmentsOf = (line: Line): Segment[] => {
  const out: Segment[] = [];
  let current: Word[] = [];
  const flush = () => {
    if (current.length === 0) return;
    out.push({
      text: current.map((w) => w.text).join(" "),
      x0: current[0]!.x0,
      x1: Math.max(...current.map((w) => w.x1)),
      y0: Math.min(...current.map((w) => w.y0)),
      y1: Math.max(...current.map((w) => w.y1)),
      size: line.size,
      line,
    });
    current = [];
  };
  const words = [...line.words].sort((a, b) => a.x0 - b.x0);
  for (const word of words) {
    const last = current[current.length - 1];
    if (last && word.x0 - last.x1 > CELL_GAP * line.size) flush();
    current.push(word);
  }
  flush();
  return out;
};

const overlapY = (a: Box, b: Box): number => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);

/** Lines that share a baseline (overlap by half the smaller height) are one row, in reading order top to bottom. */
const rowsOf = (lines: readonly Line[]): Row[] => {
  const sorted = [...lines].filter((l) => l.words.length > 0).sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: { lines: Line[]; box: Box }[] = [];
  for (const line of sorted) {
    const last = rows[rows.length - 1];
    if (last && overlapY(last.box, line) >= 0.5 * Math.min(last.box.y1 - last.box.y0, line.y1 - line.y0)) {
      last.lines.push(line);
      last.box = { x0: Math.min(last.box.x0, line.x0), y0: Math.min(last.box.y0, line.y0), x1: Math.max(last.box.x1, line.x1), y1: Math.max(last.box.y1, line.y1) };
    } else {
      rows.push({ lines: [line], box: { x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1 } });
    }
  }
  return rows.map(({ lines: rowLines, box }) => ({
    ...box,
    lines: rowLines,
    segments: rowLines.flatMap(segmentsOf).sort((a, b) => a.x0 - b.x0),
    size: Math.max(...rowLines.map((l) => l.size)),
  }));
};

/**
 * The row with the most pieces sets the columns; a piece of another row that overlaps none of them (the first
 * column of a header row left empty) adds one. Every piece then goes to the column it overlaps most: a piece across
 * two columns is a merged cell, and a few are allowed. Rows must fill two columns at least. With `final`, every
 * column must have two cells or more and the cells must be short, as table cells are.
 */
const asTable = (rows: readonly Row[], final: boolean): string[][] | null => {
  const size = Math.max(...rows.map((r) => r.size));
  let anchor = rows[0]!;
  for (const row of rows) if (row.segments.length > anchor.segments.length) anchor = row;
  const columns = anchor.segments.map((s) => ({ x0: s.x0, x1: s.x1 }));
  for (const row of rows) {
    for (const segment of row.segments) {
      if (!columns.some((c) => Math.max(c.x0 - segment.x1, segment.x0 - c.x1) < 0.5 * size)) columns.push({ x0: segment.x0, x1: segment.x1 });
    }
  }
  columns.sort((a, b) => a.x0 - b.x0);
  if (columns.length < 2 || columns.length > MAX_COLUMNS) return null;
  let merged = 0;
  const table: string[][] = [];
  // Per text block: the columns and the rows it has cells in.
  const blocks = new Map<unknown, { columns: Set<number>; rows: Set<number> }>();
  for (const [r, row] of rows.entries()) {
    const cells = columns.map(() => "");
    for (const segment of row.segments) {
      let best = -1;
      let most = 0;
      let second = 0;
      columns.forEach((column, k) => {
        const overlap = Math.min(column.x1, segment.x1) - Math.max(column.x0, segment.x0);
        if (overlap > most) {
          second = most;
          most = overlap;
          best = k;
        } else if (overlap > second) {
          second = overlap;
        }
      });
      if (best < 0) {
        // Within half a text size of a column (every piece is, by construction).
        let nearest = Infinity;
        columns.forEach((column, k) => {
          const distance = Math.max(column.x0 - segment.x1, segment.x0 - column.x1);
          if (distance < nearest) {
            nearest = distance;
            best = k;
          }
        });
      }
      if (second > 0.3 * size) merged++;
      cells[best] = cells[best] === "" ? segment.text : `${cells[best]} ${segment.text}`;
      if (segment.line.textBlock !== undefined) {
        const seen = blocks.get(segment.line.textBlock) ?? { columns: new Set<number>(), rows: new Set<number>() };
        seen.columns.add(best);
        seen.rows.add(r);
        blocks.set(segment.line.textBlock, seen);
      }
    }
    if (cells.filter((c) => c !== "").length < 2) return null;
    table.push(cells);
  }
  if (merged > Math.max(1, rows.length * 0.3)) return null;
  if (!final) return table;
  // Columns of text set side by side (an index, a glossary in two page columns): no text block has cells on both
  // sides of some column boundary, and on each side a block runs down two rows or more.
  const sources = [...blocks.values()];
  for (let k = 1; k < columns.length && sources.length > 0; k++) {
    const before = sources.filter((b) => [...b.columns].some((c) => c < k));
    const after = sources.filter((b) => [...b.columns].some((c) => c >= k));
    if (!before.some((b) => after.includes(b)) && before.some((b) => b.rows.size >= 2) && after.some((b) => b.rows.size >= 2)) return null;
  }
  const filled = table.flat().filter((c) => c !== "");
  if (filled.reduce((n, c) => n + c.length, 0) / filled.length > MEAN_CELL) return null;
  // Displayed formulas set with wide gaps (aligned equations) are not tables.
  if (filled.filter((c) => MATH.test(c)).length * 5 > filled.length * 2) return null;
  for (let c = 0; c < columns.length; c++) {
    const cells = table.map((row) => row[c]!).filter((cell) => cell !== "");
    if (cells.length < 2) return null;
    if (cells.filter((cell) => cell.length > LONG_CELL).length * 3 > cells.length) return null;
  }
  return table;
};

/**
 * Tables among the lines of one page. Rows of two or more pieces that follow each other closely are grown into a
 * table as long as their pieces keep to the same columns; three rows at least, and short cells.
 */
export const findTables = <L extends Line>(lines: readonly L[]): Table<L>[] => {
  const rows = rowsOf(lines);
  const tables: Table<L>[] = [];
  let i = 0;
  while (i < rows.length) {
    if (rows[i]!.segments.length < 2) {
      i++;
      continue;
    }
    let j = i + 1;
    const gaps: number[] = [];
    while (j < rows.length && rows[j]!.segments.length >= 2) {
      const gap = rows[j]!.y0 - rows[j - 1]!.y1;
      const size = Math.max(rows[j]!.size, rows[j - 1]!.size);
      if (gap > ROW_GAP * size) break;
      // A gap much wider than the rows' usual one starts something else (the next table).
      if (gaps.length >= 2) {
        const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
        if (gap > Math.max(usual * 1.8, usual + 0.6 * size)) break;
      }
      if (asTable(rows.slice(i, j + 1), false) === null) break;
      gaps.push(gap);
      j++;
    }
    const run = rows.slice(i, j);
    const table = run.length >= MIN_ROWS ? asTable(run, true) : null;
    if (table) {
      tables.push({
        rows: table,
        lines: new Set(run.flatMap((r) => r.lines) as L[]),
        box: { x0: Math.min(...run.map((r) => r.x0)), y0: run[0]!.y0, x1: Math.max(...run.map((r) => r.x1)), y1: run[run.length - 1]!.y1 },
      });
      i = j;
    } else {
      i++;
    }
  }
  return tables;
};

export const tableMarkdown = (rows: readonly (readonly string[])[]): string => {
  const cell = (text: string) => text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  const [head, ...body] = rows;
  if (!head) return "";
  return [line(head), line(head.map(() => "---")), ...body.map(line)].join("\n");
};

// ---------------------------------------------------------------------------------------------------- lists

export interface ListMarker {
  /** `bullet` for glyphs, `number` for 1. / 1), `label` for a) / (iv) / (1). */
  readonly kind: "bullet" | "number" | "label";
  /** The glyph or label as printed. */
  readonly label: string;
  readonly number?: number;
  readonly rest: string;
  /** A bullet glyph that hardly ever starts a line of running text (not a dash or an asterisk). */
  readonly strong: boolean;
}

const STRONG_BULLETS = "•◦▪▫■□●○‣⁃∙·▸►▹✓✔➢➤❖♦◆";
const BULLET = new RegExp(`^([${STRONG_BULLETS}*–—-])\\s+(\\S.*)$`, "u");
const BULLET_GLUED = new RegExp(`^([${STRONG_BULLETS}])(\\S.*)$`, "u");
const NUMBER = /^(\d{1,3})[.)]\s+(\S.*)$/u;
const LABEL = /^(\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)|(?:[a-z]|[ivx]{1,4})\))\s+(\S.*)$/u;
const LETTER_DOT = /^([a-z])\.\s+(\S.*)$/u;

export const listMarker = (text: string): ListMarker | null => {
  let m = BULLET.exec(text) ?? BULLET_GLUED.exec(text);
  if (m) return { kind: "bullet", label: m[1]!, rest: m[2]!, strong: STRONG_BULLETS.includes(m[1]!) };
  m = NUMBER.exec(text);
  if (m) return { kind: "number", label: `${m[1]}.`, number: Number(m[1]), rest: m[2]!, strong: false };
  m = LABEL.exec(text) ?? LETTER_DOT.exec(text);
  // `(a) first (b) second` on one line is a row of labels (a figure's parts), not a list item.
  if (m && !/(^|\s)\(?[a-z]\)\s/u.test(m[2]!)) return { kind: "label", label: m[1]!, rest: m[2]!, strong: false };
  return null;
};

// ---------------------------------------------------------------------------------------------------- paragraphs

/** Joins two lines of one paragraph: `exam-` + `ple` → `example`; anything else with a space (see below). */
export const joinLines = (a: string, b: string): string => {
  if (a === "") return b;
  if (b === "") return a;
  if (/\p{L}[-\u2010]$/u.test(a) && /^\p{Ll}/u.test(b)) return a.slice(0, -1) + b;
  // A compound cut at its own hyphen (`Schwarz-` + `Weiß`) keeps the hyphen and no space.
  if (/\p{L}[-\u2010]$/u.test(a) && /^\p{Lu}/u.test(b)) return a + b;
  return `${a} ${b}`;
};

export interface FlowLine extends Box {
  readonly text: string;
  readonly size: number;
  /** Width of the line's first word, to tell whether it would have fitted at the end of the line before. */
  readonly firstWord: number;
  /** The edges of the line's own block when lines of several blocks flow together (OCR); else `flow`'s frame. */
  readonly frame?: { x0: number; x1: number };
  /** Lines of different groups (blocks) never share a paragraph; a list goes on across them. */
  readonly group?: string;
}

const SENTENCE_END = /[.!?:;]["'”’)\]]?$/u;
const LEADERS = /\s*(?:\.\s*){4,}(?=\S{1,8}$)/u;

/**
 * Lines of running text (one block or one OCR paragraph, in reading order) → paragraphs and list items. `frame` is
 * the left and right edge the lines are set between.
 */
export const flow = (lines: readonly FlowLine[], frame: { x0: number; x1: number }): Piece[] => {
  const pieces: Piece[] = [];
  let current: { kind: "paragraph" | "item"; text: string; markerX: number; depth: number; marker: string } | null = null;
  let stack: number[] = [];
  const flush = () => {
    if (current && current.text !== "") {
      pieces.push(current.kind === "item" ? { kind: "item", depth: current.depth, marker: current.marker, text: current.text } : { kind: "paragraph", text: current.text });
    }
    current = null;
  };
  lines.forEach((line, i) => {
    // Dot leaders (`Introduction . . . . . 7`) are drawn, not written: one ellipsis says it.
    const text = line.text.trim().replace(LEADERS, " … ");
    if (text === "") return;
    const prev = i > 0 ? lines[i - 1] : undefined;
    const tol = 0.3 * line.size;
    const edges = prev?.frame ?? frame;
    const gap = prev !== undefined && (line.y0 - prev.y1 > 0.9 * Math.max(line.size, prev.size) || line.group !== prev.group);
    // The first word of this line would have fitted after the last one: the line before was ended on purpose.
    const stopped = prev !== undefined && prev.x1 + 0.3 * line.size + line.firstWord < edges.x1 - 1;
    const sentence = prev !== undefined && SENTENCE_END.test(prev.text.trim());
    // A table of contents' line ends at its page number.
    const entry = prev !== undefined && LEADERS.test(prev.text.trim());
    const marker = listMarker(text);
    const open = current as { kind: "paragraph" | "item"; text: string; markerX: number } | null;
    if (marker && (!prev || gap || stopped || sentence || marker.strong || open?.kind === "item")) {
      flush();
      if (stack.length === 0 || line.x0 > stack[stack.length - 1]! + tol) stack.push(line.x0);
      else while (stack.length > 1 && line.x0 < stack[stack.length - 1]! - tol) stack.pop();
      const label = marker.kind === "number" ? marker.label : "-";
      const rest = marker.kind === "label" ? `${marker.label} ${marker.rest}` : marker.rest;
      current = { kind: "item", text: rest, markerX: line.x0, depth: stack.length - 1, marker: label };
      return;
    }
    if (open?.kind === "item" && !gap && (line.x0 > open.markerX + tol || !stopped)) {
      open.text = joinLines(open.text, text);
      return;
    }
    const own = line.frame ?? frame;
    const indented = prev !== undefined && line.x0 > own.x0 + 0.8 * line.size && line.x0 > prev.x0 + 0.5 * line.size && line.x1 > own.x1 - 2 * line.size;
    if (!open || open.kind === "item" || gap || stopped || indented || entry) {
      flush();
      stack = [];
      current = { kind: "paragraph", text, markerX: line.x0, depth: 0, marker: "" };
      return;
    }
    open.text = joinLines(open.text, text);
  });
  flush();
  return pieces;
};

/**
 * Pieces → Markdown, text as printed (a `#` read from a picture stays a `#`): blocks apart by a blank line, the items
 * of one list together, nested by their markers' width. The PDF reader makes IR blocks of its pieces instead
 * (plugins/pdf/extract/blocks.ts), which the one Markdown writer escapes.
 */
export const piecesToMarkdown = (pieces: readonly Piece[]): string => {
  const blocks: string[] = [];
  let list: string[] | null = null;
  let indents: number[] = [];
  let listOrdered = false;
  for (const piece of pieces) {
    if (piece.kind !== "item" && list) {
      blocks.push(list.join("\n"));
      list = null;
    }
    switch (piece.kind) {
      case "paragraph":
        blocks.push(piece.text);
        break;
      case "heading":
        blocks.push(`${"#".repeat(Math.min(Math.max(piece.level, 1), 6))} ${piece.text.replace(/<!--/g, "&lt;!--")}`);
        break;
      case "table":
        blocks.push(tableMarkdown(piece.rows));
        break;
      case "item": {
        // A bullet list right after a numbered one (or the other way round) is a list of its own.
        const ordered = /^\d/.test(piece.marker);
        if (list && piece.depth === 0 && ordered !== listOrdered) {
          blocks.push(list.join("\n"));
          list = null;
        }
        if (!list) {
          list = [];
          indents = [];
          listOrdered = ordered;
        }
        const depth = Math.min(piece.depth, indents.length);
        indents.length = depth;
        const indent = indents.reduce((n, w) => n + w, 0);
        indents.push(piece.marker.length + 1);
        list.push(`${" ".repeat(indent)}${piece.marker} ${piece.text}`);
        break;
      }
    }
  }
  if (list) blocks.push(list.join("\n"));
  return blocks.join("\n\n");
};
