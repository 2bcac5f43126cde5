/**
 * Finding what `replace_all` changes in a worksheet: the cells whose text (a shared or inline string) holds the
 * phrase. Formulas are left alone, and so are their cached results: the phrase in a formula is code, and a result
 * changes when the workbook calculates. Numbers, dates and booleans are values, not text.
 */
import { parseRows } from "../extract/sheet-xml.ts";
import { cellValue, rowCells, sharedFormulas, sheetRows } from "./sheet-text.ts";

export interface TextCell {
  readonly row: number;
  readonly col: number;
  readonly text: string;
  /** Where the phrase starts in `text`, left to right, not overlapping. */
  readonly at: readonly number[];
}

/** Rows parsed at a time, as the block reader does. */
const BATCH = 1000;

export const positionsOf = (text: string, find: string): number[] => {
  const at: number[] = [];
  for (let i = text.indexOf(find); i >= 0; i = text.indexOf(find, i + find.length)) at.push(i);
  return at;
};

export const textCellsWith = (xml: string, part: string, strings: readonly string[] | null, find: string): TextCell[] => {
  const spots = sheetRows(xml, part);
  const shared = sharedFormulas(xml);
  const out: TextCell[] = [];
  for (let i = 0; i < spots.rows.length; i += BATCH) {
    const batch = spots.rows.slice(i, i + BATCH);
    parseRows(xml, batch, part).forEach((row, k) => {
      for (const cell of rowCells(row, batch[k]!.number)) {
        const value = cellValue(cell.el, cell.row, cell.col, strings, shared);
        if (value.kind !== "text" || value.formula || !value.text.includes(find)) continue;
        out.push({ row: cell.row, col: cell.col, text: value.text, at: positionsOf(value.text, find) });
      }
    });
  }
  return out;
};
