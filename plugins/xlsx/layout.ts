/**
 * Sizes a person would otherwise fix by hand: column widths from the longest thing shown in the
 * column (numbers as their format prints them), wrapping for long text with row heights to match
 * (Excel does not grow rows by itself when a file is opened), and landscape printing when the
 * columns are wider than a portrait page.
 */
import type { CellModel, CellValue, SheetModel } from "./model.ts";

export const minWidth = 6;
export const maxWidth = 50;
/** About the text width of a portrait A4 page with narrow margins, in character units. */
const portraitWidth = 100;

/** How many characters a cell shows. */
export function displayLength(value: CellValue, numFmt: string | undefined): number {
  switch (value.kind) {
    case "empty":
      return 0;
    case "text":
      return longestLine(value.text);
    case "rich":
      return longestLine(value.runs.map((r) => r.text).join(""));
    case "link":
      return longestLine(value.text);
    case "number":
      return numberLength(value.value, numFmt);
    case "date":
      return dateLength(numFmt);
    case "formula":
      if (typeof value.result === "number") return numberLength(value.result, numFmt);
      if (typeof value.result === "string") return longestLine(value.result);
      return numFmt && /[dmy]/.test(numFmt.replace(/"[^"]*"/g, "")) && !/0/.test(numFmt) ? dateLength(numFmt) : 10;
  }
}

function longestLine(text: string): number {
  return Math.max(0, ...text.split("\n").map((line) => [...line].length));
}

function numberLength(value: number, numFmt: string | undefined): number {
  const fmt = (numFmt ?? "General").split(";")[0]!;
  const literal = [...fmt.matchAll(/"([^"]*)"/g)].map((m) => m[1]!).join("").length;
  const decimals = /\.(0+)/.exec(fmt)?.[1]?.length ?? 0;
  const percent = fmt.includes("%");
  const shown = Math.abs(percent ? value * 100 : value);
  const digits = fmt === "General" ? String(shown) : shown.toFixed(decimals);
  const integer = digits.split(".")[0]!.length;
  const grouping = fmt.includes("#,##0") ? Math.floor((integer - 1) / 3) : 0;
  return digits.length + grouping + literal + (percent ? 1 : 0) + (value < 0 ? 2 : 0);
}

function dateLength(numFmt: string | undefined): number {
  if (!numFmt) return 10;
  const shown = numFmt
    .replace(/\[\$[^\]]*\]/g, "")
    .replace(/"([^"]*)"/g, "$1")
    .replace(/mmmm/g, "september")
    .replace(/mmm/g, "sep")
    .replace(/yyyy/g, "2026")
    .replace(/\b(dd|d|mm|m|hh|h)\b/g, "00");
  return shown.length;
}

/**
 * Widths for columns `1..count` from the cells of the given rows; header cells count a little
 * wider (bold, and the filter button sits in them).
 */
export function columnWidths(cells: CellModel[], count: number, headerRows: number, fontSize: number): number[] {
  const scale = fontSize / 11;
  const widths = Array.from({ length: count }, () => minWidth);
  for (const cell of cells) {
    if (cell.column > count) continue;
    const length = displayLength(cell.value, cell.numFmt) * (cell.look.mono ? 1.2 : 1);
    const wanted = cell.row <= headerRows ? length * 1.1 + 4 : length + 2;
    widths[cell.column - 1] = Math.max(widths[cell.column - 1]!, wanted * scale);
  }
  return widths.map((w) => Math.min(maxWidth, Math.ceil(w)));
}

/** Marks text cells wider than their column as wrapping and returns the row heights they need. */
export function wrapAndMeasure(sheet: Pick<SheetModel, "cells" | "columnWidths">, fontSize: number): Record<number, number> {
  const lineHeight = Math.round(fontSize * 1.3 * 10) / 10;
  const lines = new Map<number, number>();
  for (const cell of sheet.cells) {
    const text = cellText(cell.value);
    if (text === null) continue;
    const width = sheet.columnWidths[cell.column - 1] ?? maxWidth;
    // Text averages narrower than the digit "0" that defines Excel's width unit.
    const perLine = Math.max(1, Math.floor(((width - 1) * 1.2 * 11) / fontSize));
    const count = text.split("\n").reduce((sum, line) => sum + Math.max(1, Math.ceil([...line].length / perLine)), 0);
    if (count > 1) cell.look = { ...cell.look, wrap: true };
    lines.set(cell.row, Math.max(lines.get(cell.row) ?? 1, cell.look.wrap ? count : 1));
  }
  const heights: Record<number, number> = {};
  for (const [row, count] of lines) if (count > 1) heights[row] = Math.ceil(count * lineHeight + 3);
  return heights;
}

function cellText(value: CellValue): string | null {
  switch (value.kind) {
    case "text":
      return value.text;
    case "rich":
      return value.runs.map((r) => r.text).join("");
    case "link":
      return value.text;
    default:
      return null;
  }
}

export function wantsLandscape(widths: number[]): boolean {
  return widths.reduce((a, b) => a + b, 0) > portraitWidth;
}
