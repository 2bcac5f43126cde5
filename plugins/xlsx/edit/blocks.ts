/**
 * A workbook as addressable blocks: every cell holding something, sheet by sheet in tab order, row by row as the
 * file stores them, each named as Excel names it (`Sheet1!B4`, `'My Sheet'!B4`) and carrying the exact range of its
 * `c` element. A cell shows its value as stored (a number unformatted, a string, `TRUE`/`FALSE`) or `=FORMULA`,
 * what a model needs to rewrite it. Reading stops at `MAX_CELLS`, past which a model cannot take in the workbook.
 */
import type { EditableDocument, EditBlock } from "../../../core/contracts/edit.ts";
import { openPackage, type Package } from "../../../core/ooxml/package.ts";
import { holdsPart } from "../../../core/ooxml/rels.ts";
import { parseRows } from "../extract/sheet-xml.ts";
import { readSharedStrings } from "../extract/strings.ts";
import { readWorkbook, workbookPartOf, type SheetEntry } from "../extract/workbook.ts";
import { cellId } from "./cell-ids.ts";
import { cellValue, rowCells, sharedFormulas, sheetRows, type CellValue } from "./sheet-text.ts";

export const MAX_CELLS = 5000;

/** Rows parsed at a time. */
const BATCH = 1000;

interface ReadCell {
  readonly row: number;
  readonly col: number;
  readonly value: CellValue;
  readonly start: number;
  readonly end: number;
}

const readCells = (xml: string, part: string, strings: readonly string[] | null, budget: number): ReadCell[] => {
  const spots = sheetRows(xml, part);
  const shared = sharedFormulas(xml);
  const out: ReadCell[] = [];
  for (let i = 0; i < spots.rows.length && out.length < budget; i += BATCH) {
    const batch = spots.rows.slice(i, i + BATCH);
    parseRows(xml, batch, part).forEach((row, k) => {
      for (const cell of rowCells(row, batch[k]!.number)) {
        if (out.length >= budget) return;
        const value = cellValue(cell.el, cell.row, cell.col, strings, shared);
        if (value.kind !== "empty") out.push({ row: cell.row, col: cell.col, value, start: cell.el.start, end: cell.el.end });
      }
    });
  }
  return out;
};

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

const sheetBlocks = (pkg: Package, sheet: SheetEntry, strings: readonly string[] | null, budget: number): EditBlock[] => {
  if (sheet.kind !== "worksheet" || !sheet.part || !holdsPart(pkg, sheet.part)) return [];
  const xml = pkg.text(sheet.part)!;
  const cells = readCells(xml, sheet.part, strings, budget);
  const headers = new Map(cells.filter((c) => c.row === 1 && c.value.kind === "text" && oneLine(c.value.text) !== "").map((c) => [c.col, oneLine(c.value.text)]));
  return cells.map((c): EditBlock => {
    const header = c.row > 1 ? headers.get(c.col) : undefined;
    return {
      id: cellId(sheet.name, c.row, c.col),
      kind: "cell",
      text: c.value.text,
      context: `${sheet.name}, row ${c.row}${header ? `, column ${header}` : ""}`,
      part: sheet.part!,
      start: c.start,
      end: c.end,
    };
  });
};

export const readBlocks = (bytes: Uint8Array): EditableDocument => {
  const pkg = openPackage(bytes);
  const workbook = readWorkbook(pkg);
  const strings = readSharedStrings(pkg, workbookPartOf(workbook, "sharedStrings"), []);
  const blocks: EditBlock[] = [];
  for (const sheet of workbook.sheets) {
    if (blocks.length >= MAX_CELLS) break;
    blocks.push(...sheetBlocks(pkg, sheet, strings, MAX_CELLS - blocks.length));
  }
  return { blocks, pages: workbook.sheets.length, pagesKnown: true };
};
