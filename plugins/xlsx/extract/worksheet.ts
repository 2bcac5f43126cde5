/**
 * A worksheet part read into the text each cell shows: shared and inline strings, numbers through their number
 * format (dates as ISO), booleans `TRUE`/`FALSE`, errors as written (`#DIV/0!`). A formula shows its cached value,
 * never its text; a formula with no cached value (the file was never calculated) shows `=FORMULA` as code and is
 * listed so the reader can say so. Shared formulas are expanded from their anchor cell. Merged ranges keep the value
 * of their first cell only. Rows are parsed in batches and reading stops past the row cap; the rest is only counted.
 * Each cell is an IR table cell whose source is its `c` element.
 */
import type { Inline, SourceRange, TableCell } from "../../../core/ir/types.ts";
import type { Package } from "../../../core/ooxml/package.ts";
import { parseRange, parseRef, refOf, shiftFormula } from "./cell-ref.ts";
import { formatNumber } from "../../../core/ooxml/number-format.ts";
import { relsOf } from "../../../core/ooxml/rels.ts";
import { MAX_ROWS } from "./sheet-table.ts";
import { parseRows, rowsWithContent, splitSheet } from "./sheet-xml.ts";
import { inlineString, unescapeOoxml } from "./strings.ts";
import type { FormatOf } from "./styles.ts";
import { attr, child, kids, ownText, relAttr } from "../../../core/ooxml/xml/query.ts";
import { readTree, type XEl } from "../../../core/ooxml/xml/tree.ts";

export interface SheetCells {
  /** Row number → column number → the cell (non-empty cells only). */
  readonly rows: Map<number, Map<number, TableCell>>;
  /** The `sheetData` element the cells were read from (null when the sheet has none). */
  readonly source: SourceRange | null;
  /** Rows with content after the row cap that were counted but not read. */
  readonly rowsNotRead: number;
  /** Cells holding a formula with no cached value. */
  readonly uncalculated: string[];
  /** Shared-string indexes that the table does not hold. */
  readonly missingStrings: number;
  /** Drawing parts of the sheet (charts, pictures). */
  readonly drawings: string[];
}

export interface CellContext {
  readonly strings: readonly string[] | null;
  readonly formatOf: FormatOf;
  readonly date1904: boolean;
}

/** A cell's text, its line breaks kept (a table cell shows them). */
const textInlines = (value: string): Inline[] => {
  const text = value.trim();
  if (text === "") return [];
  if (!/[\r\n]/.test(text)) return [{ type: "text", id: "", text, marks: [] }];
  const out: Inline[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (i > 0) out.push({ type: "lineBreak", id: "" });
    if (line !== "") out.push({ type: "text", id: "", text: line, marks: [] });
  });
  return out;
};

/** Formula text as code (nothing in it is Markdown), on one line. */
const formulaInlines = (formula: string): Inline[] => [{ type: "text", id: "", text: formula.replace(/\s*[\r\n]+\s*/g, " "), marks: ["code"] }];

/** An ISO date cell (`t="d"`) without the parts it does not need. */
const isoCell = (value: string): string => {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?)?Z?$/.exec(value.trim());
  if (!m) return value;
  return !m[2] || /^00:00(:00)?$/.test(m[2]) ? m[1]! : `${m[1]} ${m[2].replace(/:00$/, "")}`;
};

/** Rows parsed at a time when the sheet can be read in batches (`sheet-xml.ts`). */
const BATCH = 1000;

export const readWorksheet = (pkg: Package, part: string, ctx: CellContext): SheetCells | null => {
  const xml = pkg.text(part);
  if (xml === null) return null;
  const split = splitSheet(xml);
  const root = readTree(xml, part, split?.content ? { skip: { from: split.content.start, to: split.content.end } } : {});
  const rows = new Map<number, Map<number, TableCell>>();
  const uncalculated: string[] = [];
  const shared = new Map<string, { text: string; row: number; col: number }>();
  let missingStrings = 0;
  let rowNumber = 0;

  const readRow = (row: XEl): void => {
    rowNumber = Number(attr(row, "r") ?? rowNumber + 1) || rowNumber + 1;
    let colNumber = 0;
    for (const cell of row.children) {
      if (cell.local !== "c") continue;
      const at = parseRef(attr(cell, "r") ?? "");
      colNumber = at?.col ?? colNumber + 1;
      const rowOf = at?.row ?? rowNumber;
      const type = attr(cell, "t") ?? "n";
      let value: string | undefined;
      let formula: XEl | undefined;
      for (const piece of cell.children) {
        const name = piece.local;
        if (name === "v") value = ownText(piece);
        else if (name === "f") formula = piece;
      }
      let inlines: Inline[];
      if (formula && (value === undefined || (value === "" && type !== "str"))) {
        let source = ownText(formula);
        const si = attr(formula, "si");
        if (attr(formula, "t") === "shared" && si !== undefined) {
          const anchor = shared.get(si);
          if (source) shared.set(si, { text: source, row: rowOf, col: colNumber });
          else if (anchor) source = shiftFormula(anchor.text, rowOf - anchor.row, colNumber - anchor.col);
        }
        inlines = source ? formulaInlines(`=${source}`) : [];
        if (source) uncalculated.push(refOf(rowOf, colNumber));
      } else {
        if (formula && attr(formula, "t") === "shared" && ownText(formula)) shared.set(attr(formula, "si") ?? "", { text: ownText(formula), row: rowOf, col: colNumber });
        inlines = textInlines(shownValue(type, value, cell, ctx));
        if (type === "s" && value !== undefined && value !== "" && ctx.strings?.[Number(value)] === undefined) missingStrings++;
      }
      if (inlines.length === 0) continue;
      let cells = rows.get(rowOf);
      if (!cells) rows.set(rowOf, (cells = new Map()));
      cells.set(colNumber, { id: "", source: { part, start: cell.start, end: cell.end }, inlines });
    }
  };

  // Past the row cap, the rest is only counted, not parsed (the table shows MAX_ROWS rows under its header).
  let rowsNotRead = 0;
  if (split) {
    for (let i = 0; i < split.rows.length; i += BATCH) {
      if (rows.size > MAX_ROWS + 1) {
        rowsNotRead = rowsWithContent(xml, split.rows.slice(i));
        break;
      }
      parseRows(xml, split.rows.slice(i, i + BATCH), part).forEach(readRow);
    }
  } else kids(child(root, "sheetData"), "row").forEach(readRow);

  for (const merge of kids(child(root, "mergeCells"), "mergeCell")) {
    const range = parseRange(attr(merge, "ref") ?? "");
    if (!range) continue;
    for (let r = range.top; r <= range.bottom; r++) {
      const cells = rows.get(r);
      if (!cells) continue;
      for (let c = range.left; c <= range.right; c++) if (r !== range.top || c !== range.left) cells.delete(c);
    }
  }

  const rels = relsOf(pkg, part);
  const drawings = kids(root, "drawing")
    .map((d) => rels.get(relAttr(d, "id") ?? ""))
    .filter((r) => r && !r.external)
    .map((r) => r!.target);
  const sheetData = split ? split.element : child(root, "sheetData");
  const source = sheetData ? { part, start: sheetData.start, end: sheetData.end } : null;
  return { rows, source, rowsNotRead, uncalculated, missingStrings, drawings };
};

const shownValue = (type: string, value: string | undefined, cell: XEl, ctx: CellContext): string => {
  switch (type) {
    case "inlineStr":
      return inlineString(cell) || unescapeOoxml(value ?? "");
    case "s":
      return value === undefined || value === "" ? "" : (ctx.strings?.[Number(value)] ?? "");
    case "str":
      return unescapeOoxml(value ?? "");
    case "b":
      return value === undefined || value === "" ? "" : value === "1" || value.toLowerCase() === "true" ? "TRUE" : "FALSE";
    case "e":
      return value ?? "";
    case "d":
      return value ? isoCell(value) : "";
    default: {
      if (value === undefined || value.trim() === "") return "";
      const n = Number(value);
      return Number.isFinite(n) ? formatNumber(n, ctx.formatOf(Number(attr(cell, "s") ?? 0)), ctx.date1904) : value;
    }
  }
};
