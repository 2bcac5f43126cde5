/**
 * Strong evidence for a table with no rules, on a PDF page (the shared finder renderers/tesseract/tables.ts is
 * generous, as OCR needs; a born-digital page has its ruled tables from lattice.ts, and what is left is mostly
 * text): a table the finder proposes is kept only when
 *
 * - it has 3 rows or more (its header counted) and its lines' pieces (split at gaps of a text size or more, as the
 *   finder splits them) fall into 2 columns or more, parted by white space running down 3 rows or more and most of
 *   its rows (`columnsOf`); a header and one
 *   row count when they fill 4 columns or more (3 shared gaps), the header in words and the row with figures;
 * - 2 columns or more are aligned: in 3 rows (2 for a header and its row) or more their pieces start, end or are
 *   centred at one place (justified prose and text set right to left part its words at gaps that wander from line
 *   to line);
 * - each column's cells are of one kind (figures, or words) in two thirds of its rows or more, but one (a key/value
 *   table's values);
 *
 * and it is none of: columns of running text side by side (two or more columns of long cells of many words: page
 *  columns), numbered or bulleted steps (a column of list markers beside one of text), a form's fields (a column of
 *  labels ending in a colon beside their values: read as lines, "Order Type: Premium"), code (most lines in a
 *  monospaced face, or cells of code punctuation).
 *
 * OCR's use of the finder is untouched: this filter is applied to PDF pages only (page.ts).
 */
import type { LayoutLine } from "../../../renderers/mupdf/pages.ts";
import type { Table } from "../../../renderers/tesseract/tables.ts";

/** As the finder: a gap this many text sizes wide parts cells. */
const CELL_GAP = 1.0;
const MIN_ROWS = 3;
const MIN_ALIGNED = 2;
/** Share of a column's cells that must be of its main kind. */
const SAME_KIND = 2 / 3;
const MARKER = /^(?:\(?\d{1,3}[.)]|\(?[a-z][.)]|\(?[ivx]{1,4}[.)]|[•·●○◦▪■□–—*-]|step\s+\d+[.:]?)$/i;
const CODE = /[{};]|=>|==|\(\)|::|^\s*(?:def|function|return|import|const|let|var|class|if|for|while)\b/;

interface Piece {
  readonly x0: number;
  readonly x1: number;
  readonly text: string;
}

const piecesOf = (line: LayoutLine): Piece[] => {
  const words = [...line.words].sort((a, b) => a.x0 - b.x0);
  const out: Piece[] = [];
  let current: typeof words = [];
  const flush = () => {
    if (current.length > 0) out.push({ x0: current[0]!.x0, x1: Math.max(...current.map((w) => w.x1)), text: current.map((w) => w.text).join(" ") });
    current = [];
  };
  for (const word of words) {
    const last = current[current.length - 1];
    if (last && word.x0 - last.x1 > CELL_GAP * line.size) flush();
    current.push(word);
  }
  flush();
  return out;
};

/** Rows of pieces: lines that share a baseline are one row. */
const rowsOf = (lines: readonly LayoutLine[]): Piece[][] => {
  const sorted = [...lines].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: { y0: number; y1: number; pieces: Piece[] }[] = [];
  for (const line of sorted) {
    const last = rows[rows.length - 1];
    const mid = (line.y0 + line.y1) / 2;
    if (last && mid > last.y0 && mid < last.y1) {
      last.pieces.push(...piecesOf(line));
      last.y0 = Math.min(last.y0, line.y0);
      last.y1 = Math.max(last.y1, line.y1);
    } else {
      rows.push({ y0: line.y0, y1: line.y1, pieces: piecesOf(line) });
    }
  }
  return rows.map((r) => r.pieces.sort((a, b) => a.x0 - b.x0));
};

/**
 * Shared column gaps: x ranges that lie in the white space between two pieces of a row in 3 rows or more (and in
 * most rows of two pieces or more; a long cell may cross one). The pieces between two gaps are a column.
 */
const columnsOf = (rows: readonly Piece[][]): { x0: number; x1: number; pieces: Piece[] }[] => {
  const split = rows.filter((r) => r.length >= 2);
  const need = Math.max(Math.min(MIN_ROWS, rows.length), Math.ceil(0.6 * split.length));
  const events: [number, number][] = [];
  for (const row of split) for (let i = 1; i < row.length; i++) if (row[i]!.x0 > row[i - 1]!.x1) events.push([row[i - 1]!.x1, 1], [row[i]!.x0, -1]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cuts: number[] = [];
  let depth = 0;
  let from = 0;
  for (const [x, d] of events) {
    if (depth < need && depth + d >= need) from = x;
    if (depth >= need && depth + d < need) cuts.push((from + x) / 2);
    depth += d;
  }
  const columns = [-Infinity, ...cuts].map((x0, k) => ({ x0, x1: cuts[k] ?? Infinity, pieces: [] as Piece[] }));
  for (const piece of rows.flat()) {
    const mid = (piece.x0 + piece.x1) / 2;
    columns.find((c) => mid >= c.x0 && mid < c.x1)?.pieces.push(piece);
  }
  return columns.filter((c) => c.pieces.length > 0);
};

/** The most pieces of a column that share a left edge, a right edge or a centre (within `tol`). */
const alignedCount = (pieces: readonly Piece[], tol: number): number => {
  let best = 0;
  for (const edge of [(p: Piece) => p.x0, (p: Piece) => p.x1, (p: Piece) => (p.x0 + p.x1) / 2]) {
    const xs = pieces.map(edge).sort((a, b) => a - b);
    for (let i = 0, j = 0; j < xs.length; j++) {
      while (xs[j]! - xs[i]! > tol) i++;
      best = Math.max(best, j - i + 1);
    }
  }
  return best;
};

const words = (text: string) => text.split(/\s+/).filter((w) => w !== "").length;
const kind = (cell: string): "figure" | "words" => (/\d/.test(cell) && (cell.match(/\p{L}/gu) ?? []).length <= 3 ? "figure" : "words");
const prose = (cells: readonly string[]): boolean => {
  const filled = cells.filter((c) => c !== "");
  if (filled.length === 0) return false;
  const mean = filled.reduce((n, c) => n + c.length, 0) / filled.length;
  return mean > 30 && filled.filter((c) => words(c) >= 5).length >= 0.6 * filled.length;
};

/** Why a proposed table is not one, or null when the evidence holds. */
export const unruledVerdict = <L extends LayoutLine>(table: Table<L>): string | null => {
  const lines = [...table.lines];
  // A header over one row of figures, across 4 columns or more: a summary line (dates, counts, amounts).
  const [head, only] = table.rows;
  const headerAndRow =
    table.rows.length === 2 && head!.length >= 4 && head!.every((c) => c !== "" && kind(c) === "words") && only!.filter((c) => c !== "" && kind(c) === "figure").length >= 2;
  if (table.rows.length < MIN_ROWS && !headerAndRow) return "fewer than 3 rows";
  const size = lines.reduce((n, l) => n + l.size, 0) / Math.max(lines.length, 1);
  // A monospaced face: a listing, whose indentation looks like columns.
  if (lines.filter((l) => (l as { mono?: boolean }).mono === true).length * 2 > lines.length) return "code";
  const cells = table.rows.flat().filter((c) => c !== "");
  if (cells.filter((c) => CODE.test(c)).length * 3 > cells.length) return "code";
  const rows = rowsOf(lines);
  const columns = columnsOf(rows);
  if (columns.length < 2) return "no white space runs down the rows";
  const aligned = columns.filter((c) => alignedCount(c.pieces, 0.75 * size) >= Math.min(MIN_ROWS, table.rows.length)).length;
  if (aligned < (headerAndRow ? 4 : MIN_ALIGNED)) return "columns not aligned";
  const width = Math.max(...table.rows.map((r) => r.length));
  const body = table.rows.slice(1);
  const column = (k: number) => body.map((r) => r[k] ?? "");
  if ([...Array(width).keys()].filter((k) => prose(column(k))).length >= 2) return "running text side by side";
  const first = column(0).filter((c) => c !== "");
  if (width === 2 && first.length >= 2 && first.every((c) => MARKER.test(c.trim()))) return "numbered steps";
  const labels = table.rows.map((r) => r[0] ?? "").filter((c) => c !== "");
  if (width === 2 && labels.filter((c) => c.trim().endsWith(":")).length >= 0.8 * labels.length) return "fields: labels and their values";
  let mixed = 0;
  for (let k = 0; k < width; k++) {
    const filled = column(k).filter((c) => c !== "");
    if (filled.length < 3) continue;
    const figures = filled.filter((c) => kind(c) === "figure").length;
    if (Math.max(figures, filled.length - figures) < SAME_KIND * filled.length) mixed++;
  }
  if (mixed > 1) return "cells of mixed kinds";
  return null;
};

/**
 * Two columns with no header: a name and its figure, row after row from the first row on. In a report printed in
 * columns (flows.ts), such a list is one more of the report's lists, said a line each as its others are (those too
 * short for the finder to propose); elsewhere (a table of contents, a price list) it stays a table.
 */
export const headerlessPairs = <L extends LayoutLine>(table: Table<L>): boolean => {
  const [head, ...body] = table.rows;
  if (!head || head.length !== 2 || body.some((r) => r.length !== 2)) return false;
  const figures = (k: number) => body.filter((r) => r[k] !== "" && kind(r[k]!) === "figure").length;
  const byFigures = [0, 1].filter((k) => figures(k) >= SAME_KIND * body.length);
  return byFigures.length > 0 && byFigures.every((k) => head[k] !== "" && kind(head[k]!) === "figure");
};

/** The tables the finder proposed on a PDF page that hold up (see above). */
export const strongTables = <L extends LayoutLine, T extends Table<L>>(tables: readonly T[]): T[] => tables.filter((t) => unruledVerdict<L>(t) === null);
