/**
 * Numbers stored as text: string cells (shared or inline strings, not formula results) whose whole text is a plain
 * number — `1234`, `-3`, `1,234.50`, `0.5`, `12.5%`. Sums and lookups skip them, which is how a total ends up
 * wrong without anyone noticing. Conservative on purpose, because text that looks like a number is often meant to
 * be text:
 * - leading zeros (`00123`), a leading `+`, spaces or dashes inside (phone numbers, codes) are not numbers here;
 * - integers of ten digits or more are identifiers (accounts, phones, barcodes), not amounts;
 * - a year (1900–2100) in the first row with content, or in a row whose other strings are words, is a heading;
 * - cells styled as Text (`@`) or typed with an apostrophe were made text deliberately;
 * - a column whose first label says it holds ids, codes, postal codes, phone numbers… holds identifiers;
 * - ranges where the workbook tells Excel to ignore this very error (`ignoredErrors numberStoredAsText`).
 * Converting them would change the cells' type, so this is reported, never repaired.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { parseRange } from "../extract/cell-ref.ts";
import { cellList, cellsAt, finding, plural } from "./findings.ts";
import type { LoadedSheet } from "./load.ts";
import type { Cell } from "./sheet.ts";

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*)(?:\.\d+)?%?$|^-?0?\.\d+%?$/;
const IDENTIFIER_LABEL = /\b(?:ids?|codes?|zip|postal|postcode|plz|cp|phone|tel|telephone|fax|mobile|sku|ean|upc|isbn|iban|account|acct|ref|reference|no|nr|num|number|serial|invoice|order|pin|ssn|nif|cif|vat|tax)\b|#|n[º°o]\.?$/i;

/** Whether `text` is a number written plainly (see the module doc for what is left out). */
export const looksNumeric = (text: string): boolean => {
  const t = text.trim();
  if (t !== text && /[\r\n\t]/.test(text)) return false;
  if (!PLAIN_NUMBER.test(t)) return false;
  const digits = t.replace(/[^\d]/g, "");
  return !(/^-?\d+$/.test(t) && digits.length >= 10);
};

const isYear = (text: string) => /^(19\d\d|20\d\d|2100)$/.test(text.trim());

const isStringCell = (cell: Cell) => (cell.type === "s" || cell.type === "inlineStr") && !cell.formula && cell.shown !== undefined;

export const checkTextNumbers = (sheet: LoadedSheet, textStyles: readonly boolean[]): Finding[] => {
  const cells = sheet.cells;
  if (!cells) return [];
  const ignored = cells.numberAsTextIgnored.flatMap((sqref) => sqref.split(/\s+/).map(parseRange)).filter((r) => r !== null);
  const ignoredAt = (cell: Cell) => ignored.some((r) => cell.row >= r.top && cell.row <= r.bottom && cell.col >= r.left && cell.col <= r.right);

  const firstRow = cells.rows.reduce((min, row) => (row.r < min && row.cells.some((c) => c.shown !== undefined && c.shown !== "") ? row.r : min), Infinity);
  // The first text in each column (its label, when the sheet has a header row).
  const labels = new Map<number, string>();
  for (const row of [...cells.rows].sort((a, b) => a.r - b.r)) {
    for (const cell of row.cells) if (!labels.has(cell.col) && isStringCell(cell) && !looksNumeric(cell.shown!)) labels.set(cell.col, cell.shown!);
  }

  const found: string[] = [];
  for (const row of cells.rows) {
    const words = row.cells.some((c) => isStringCell(c) && !looksNumeric(c.shown!) && /\p{L}/u.test(c.shown!));
    for (const cell of row.cells) {
      if (!isStringCell(cell) || !looksNumeric(cell.shown!)) continue;
      if (textStyles[cell.style]) continue;
      if (isYear(cell.shown!) && (row.r === firstRow || words)) continue;
      const label = labels.get(cell.col);
      if (label !== undefined && IDENTIFIER_LABEL.test(label)) continue;
      if (ignoredAt(cell)) continue;
      found.push(cell.ref);
    }
  }
  if (found.length === 0) return [];
  const name = sheet.entry.name;
  return [
    finding(
      "xlsx.number_stored_as_text",
      "warning",
      "data",
      `Sheet "${name}" has ${plural(found.length, "number")} stored as text (${cellList(found)}); sums, averages and lookups skip them. Retype them as numbers if they are amounts.`,
      cellsAt(name, found),
    ),
  ];
};
