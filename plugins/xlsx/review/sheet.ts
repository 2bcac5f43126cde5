/**
 * A worksheet part read for review: every cell with its type, raw value, the value it shows (shared and inline
 * strings resolved) and its formula (shared formulas expanded from their master by shifting relative references),
 * each row and cell with its span in the text; the merged ranges; the ranges where "number stored as text" is
 * ignored (`ignoredErrors`); and what Excel trips on while reading rows: rows or cells out of order, the same cell
 * twice, a cell whose reference is not in its row, a reference that is not a cell, a cell type SpreadsheetML does
 * not have, a number cell whose value is not a number.
 */
import { columnLetters, parseRef, shiftFormula } from "../extract/cell-ref.ts";
import { unescapeOoxml } from "../extract/strings.ts";
import { dropInvalidChars } from "../../../core/ooxml/chars.ts";
import { attributes, walkXml } from "../../../core/ooxml/xml/walk.ts";
import { RichTextCollector } from "./strings.ts";
import type { Span } from "./workbook.ts";

export const MAX_ROW = 1_048_576;
export const MAX_COL = 16_384;

/** The cell types of SpreadsheetML (`t`), and how a number is written in `v`. */
const TYPES = new Set(["n", "s", "str", "inlineStr", "b", "e", "d"]);
const NUMBER = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

export interface Formula {
  /** `normal`, `shared`, `array` or `dataTable`. */
  readonly kind: string;
  /** The formula's own text (empty for a shared formula that is not the master). */
  readonly own: string;
  readonly si: string | undefined;
  readonly ref: string | undefined;
  /** The formula this cell computes: its own text, or the master's shifted here; empty when unknown. */
  text: string;
}

export interface Cell {
  readonly ref: string;
  readonly row: number;
  readonly col: number;
  /** The `t` attribute, `n` when absent. */
  readonly type: string;
  readonly style: number;
  /** The `v` text as written. */
  readonly value: string | undefined;
  /** The value the cell shows (shared/inline strings resolved), undefined when it has none. */
  readonly shown: string | undefined;
  readonly formula: Formula | undefined;
  readonly span: Span;
}

export interface Row {
  readonly r: number;
  readonly span: Span;
  readonly cells: Cell[];
}

export interface OrderProblems {
  /** Rows whose number is not above the previous row's (cells keep their own references). */
  rowsOutOfOrder: number[];
  /** Cells that come after a cell further right in the same row. */
  cellsOutOfOrder: string[];
  /** References held by more than one cell. */
  duplicates: string[];
  /** Cells whose reference names another row than the one they are in. */
  misplaced: string[];
  /** `r` attributes of rows or cells that are not a row number or a cell reference in Excel's grid. */
  invalid: string[];
}

export interface SheetCells {
  readonly rows: Row[];
  readonly merges: { ref: string; span: Span }[];
  /** `sqref`s of `ignoredError numberStoredAsText`. */
  readonly numberAsTextIgnored: string[];
  /** The text between `<sheetData>` and `</sheetData>`, when the sheet has one with content. */
  readonly sheetData: Span | undefined;
  readonly order: OrderProblems;
  /** Cells whose shared string index the table does not hold. */
  readonly missingStrings: string[];
  /** Cells whose type is unknown, or that are numbers with a value that is not a number. */
  readonly invalidValues: string[];
  /** Shared-formula cells whose master (the cell with the formula text for their `si`) the sheet does not have. */
  readonly orphanFormulas: string[];
}

interface Building {
  ref: string;
  row: number;
  col: number;
  type: string;
  style: number;
  start: number;
  value: string | undefined;
  formula: { kind: string; own: string; si: string | undefined; ref: string | undefined } | undefined;
  inline: string | undefined;
}

const shownValue = (cell: Building, strings: readonly string[] | null, missing: string[]): string | undefined => {
  const v = cell.value;
  switch (cell.type) {
    case "s": {
      if (v === undefined || v.trim() === "") return undefined;
      const text = strings?.[Number(v)];
      if (text === undefined) missing.push(cell.ref);
      return text;
    }
    case "inlineStr":
      return cell.inline !== undefined && cell.inline !== "" ? cell.inline : v === undefined || v === "" ? undefined : dropInvalidChars(unescapeOoxml(v));
    case "str":
      return v === undefined || v === "" ? undefined : dropInvalidChars(unescapeOoxml(v));
    default:
      return v === undefined || v.trim() === "" ? undefined : v.trim();
  }
};

export const readSheet = (xml: string, part: string, strings: readonly string[] | null): SheetCells => {
  const rows: Row[] = [];
  const merges: { ref: string; span: Span }[] = [];
  const numberAsTextIgnored: string[] = [];
  const order: OrderProblems = { rowsOutOfOrder: [], cellsOutOfOrder: [], duplicates: [], misplaced: [], invalid: [] };
  const missingStrings: string[] = [];
  const invalidValues: string[] = [];
  const seen = new Set<number>();
  let sheetData: Span | undefined;
  let sheetDataStart = -1;
  let row: { r: number; start: number; cells: Cell[]; lastCol: number } | null = null;
  let lastRow = 0;
  let cell: Building | null = null;
  let into: "v" | "f" | "is" | null = null;
  let buffer = "";
  const rich = new RichTextCollector();

  walkXml(xml, part, {
    open(tag, raw, start, end, selfClosing) {
      if (cell) {
        if (into === "is") rich.open(tag);
        else if (tag === "v" || tag === "f") {
          into = tag;
          buffer = "";
          if (tag === "f") {
            const a = attributes(raw);
            cell.formula = { kind: a.get("t") ?? "normal", own: "", si: a.get("si"), ref: a.get("ref") };
          }
        } else if (tag === "is") {
          into = "is";
          rich.take();
        }
        return;
      }
      if (tag === "c" && row) {
        const a = attributes(raw);
        const written = a.get("r");
        let r = row.r;
        let col = row.lastCol + 1;
        if (written !== undefined) {
          const at = parseRef(written);
          if (!at || at.col > MAX_COL || at.row > MAX_ROW || at.row < 1 || at.col < 1) order.invalid.push(written);
          else {
            r = at.row;
            col = at.col;
          }
        }
        const ref = `${columnLetters(col)}${r}`;
        if (r !== row.r) order.misplaced.push(ref);
        else if (col <= row.lastCol) order.cellsOutOfOrder.push(ref);
        const key = r * (MAX_COL + 1) + col;
        if (seen.has(key)) order.duplicates.push(ref);
        seen.add(key);
        row.lastCol = Math.max(row.lastCol, col);
        cell = {
          ref,
          row: r,
          col,
          type: a.get("t") ?? "n",
          style: Number(a.get("s") ?? 0) || 0,
          start,
          value: undefined,
          formula: undefined,
          inline: undefined,
        };
      } else if (tag === "row") {
        const written = attributes(raw).get("r");
        let r = lastRow + 1;
        if (written !== undefined) {
          if (/^\d+$/.test(written) && Number(written) >= 1 && Number(written) <= MAX_ROW) r = Number(written);
          else order.invalid.push(`row ${written}`);
        }
        if (r <= lastRow) order.rowsOutOfOrder.push(r);
        lastRow = Math.max(lastRow, r);
        row = { r, start, cells: [], lastCol: 0 };
      } else if (tag === "sheetData" && !selfClosing) sheetDataStart = end;
      else if (tag === "mergeCell") merges.push({ ref: attributes(raw).get("ref") ?? "", span: { start, end } });
      else if (tag === "ignoredError") {
        const a = attributes(raw);
        const on = a.get("numberStoredAsText");
        if (on === "1" || on === "true") numberAsTextIgnored.push(a.get("sqref") ?? "");
      }
    },
    text(text) {
      if (into === "is") rich.text(text);
      else if (into) buffer += text;
    },
    close(tag, start, end) {
      if (cell) {
        if (into === "is") {
          if (tag === "is") {
            cell.inline = rich.take();
            into = null;
          } else rich.close(tag);
          return;
        }
        if (tag === "v" && into === "v") {
          cell.value = buffer;
          into = null;
        } else if (tag === "f" && into === "f") {
          if (cell.formula) cell.formula.own = buffer;
          into = null;
        } else if (tag === "c") {
          const built = cell;
          if (!TYPES.has(built.type) || (built.type === "n" && built.value !== undefined && built.value.trim() !== "" && !NUMBER.test(built.value))) invalidValues.push(built.ref);
          const formula = built.formula ? { ...built.formula, text: built.formula.own } : undefined;
          row?.cells.push({
            ref: built.ref,
            row: built.row,
            col: built.col,
            type: built.type,
            style: built.style,
            value: built.value,
            shown: shownValue(built, strings, missingStrings),
            formula,
            span: { start: built.start, end },
          });
          cell = null;
        }
        return;
      }
      if (tag === "row" && row) {
        rows.push({ r: row.r, span: { start: row.start, end }, cells: row.cells });
        row = null;
      } else if (tag === "sheetData" && sheetDataStart >= 0) sheetData = { start: sheetDataStart, end: start };
    },
  });
  return { rows, merges, numberAsTextIgnored, sheetData, order, missingStrings, invalidValues, orphanFormulas: expandShared(rows) };
};

/** Gives every shared-formula cell the master's formula shifted to it; returns the cells with no master. */
const expandShared = (rows: readonly Row[]): string[] => {
  const masters = new Map<string, Cell>();
  for (const row of rows) {
    for (const cell of row.cells) {
      const f = cell.formula;
      if (f?.kind === "shared" && f.si !== undefined && f.own.trim() !== "" && !masters.has(f.si)) masters.set(f.si, cell);
    }
  }
  const orphans: string[] = [];
  for (const row of rows) {
    for (const cell of row.cells) {
      const f = cell.formula;
      if (f?.kind !== "shared" || f.own.trim() !== "") continue;
      const master = f.si === undefined ? undefined : masters.get(f.si);
      if (!master) {
        orphans.push(cell.ref);
        continue;
      }
      f.text = shiftFormula(master.formula!.own, cell.row - master.row, cell.col - master.col);
    }
  }
  return orphans;
};
