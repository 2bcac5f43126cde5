/**
 * Block ids of cells as Excel writes references: `Sheet1!B4`, the sheet name in single quotes when it holds anything
 * but letters, digits, `_` and `.` or could be read as a reference (`'My Sheet'!B4`, `'R2C3'!A1`), a quote inside
 * doubled. Reading an id is lenient, since a model may drop the quotes or the `$` signs or write the ref in lower case.
 */
import { parseRef, refOf } from "../extract/cell-ref.ts";

const PLAIN_NAME = /^[\p{L}_][\p{L}\p{N}_.]*$/u;
const LOOKS_LIKE_REF = /^(?:[A-Za-z]{1,3}\d+|[Rr]\d*(?:[Cc]\d*)?|[Cc]\d*)$/;

export const quoteSheet = (name: string): string => (PLAIN_NAME.test(name) && !LOOKS_LIKE_REF.test(name) ? name : `'${name.replace(/'/g, "''")}'`);

export const cellId = (sheet: string, row: number, col: number): string => `${quoteSheet(sheet)}!${refOf(row, col)}`;

export interface CellAddress {
  readonly sheet: string;
  readonly row: number;
  readonly col: number;
}

/** The sheet name and cell an id names, or null when it is not `sheet!A1`. */
export const parseCellId = (id: string): CellAddress | null => {
  const bang = id.lastIndexOf("!");
  if (bang <= 0) return null;
  let sheet = id.slice(0, bang).trim();
  if (sheet.length >= 2 && sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  const at = parseRef(id.slice(bang + 1));
  // Excel's grid ends at XFD1048576.
  if (!at || at.col > 16_384 || at.row < 1 || at.row > 1_048_576) return null;
  return { sheet, row: at.row, col: at.col };
};
