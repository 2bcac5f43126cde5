/**
 * A worksheet part read into the text each cell shows: shared and inline strings, numbers through their number
 * format (dates as ISO), booleans `TRUE`/`FALSE`, errors as written (`#DIV/0!`). A formula shows its cached value,
 * never its text; a formula with no cached value (the file was never calculated) shows `=FORMULA` and is listed so
 * the reader can say so. Shared formulas are expanded from their anchor cell. Merged ranges keep the value of their
 * first cell only. Rows are parsed in batches and reading stops past the row cap; the rest is only counted.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { childrenOf, parseXml } from "../../../core/ooxml/package.ts";
import { parseRange, parseRef, refOf, shiftFormula } from "./cell-ref.ts";
import { tableCell } from "./markdown.ts";
import { formatNumber } from "./number-format.ts";
import { relsOf } from "./rels.ts";
import { MAX_ROWS } from "./sheet-table.ts";
import { parseRows, rowsWithContent, splitSheet } from "./sheet-xml.ts";
import { inlineString, unescapeOoxml } from "./strings.ts";
import type { FormatOf } from "./styles.ts";
import { attr, child, isElement, kids, nameOf, ownText, relAttr, type XmlNode } from "./xml.ts";

export interface SheetCells {
  /** Row number → column number → the cell as GFM table-cell Markdown (non-empty cells only). */
  readonly rows: Map<number, Map<number, string>>;
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

/** Formula text as a code span (nothing in it is Markdown), `|` still escaped for the table, on one line. */
const codeCell = (text: string): string => {
  const formula = text.replace(/\s*[\r\n]+\s*/g, " ");
  const fence = formula.includes("`") ? "``" : "`";
  return `${fence}${fence.length > 1 ? " " : ""}${formula.replace(/\|/g, "\\|")}${fence.length > 1 ? " " : ""}${fence}`;
};

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
  const root = parseXml(split ? split.frame : xml, part).find(isElement);
  if (!root) return null;
  const rows = new Map<number, Map<number, string>>();
  const uncalculated: string[] = [];
  const shared = new Map<string, { text: string; row: number; col: number }>();
  let missingStrings = 0;
  let rowNumber = 0;

  const readRow = (row: XmlNode): void => {
    rowNumber = Number(attr(row, "r") ?? rowNumber + 1) || rowNumber + 1;
    let colNumber = 0;
    for (const cell of childrenOf(row)) {
      if (nameOf(cell) !== "c") continue;
      const at = parseRef(attr(cell, "r") ?? "");
      colNumber = at?.col ?? colNumber + 1;
      const rowOf = at?.row ?? rowNumber;
      const type = attr(cell, "t") ?? "n";
      let value: string | undefined;
      let formula: XmlNode | undefined;
      for (const piece of childrenOf(cell)) {
        const name = nameOf(piece);
        if (name === "v") value = ownText(piece);
        else if (name === "f") formula = piece;
      }
      let text: string;
      if (formula && (value === undefined || (value === "" && type !== "str"))) {
        let source = ownText(formula);
        const si = attr(formula, "si");
        if (attr(formula, "t") === "shared" && si !== undefined) {
          const anchor = shared.get(si);
          if (source) shared.set(si, { text: source, row: rowOf, col: colNumber });
          else if (anchor) source = shiftFormula(anchor.text, rowOf - anchor.row, colNumber - anchor.col);
        }
        text = source ? codeCell(`=${source}`) : "";
        if (source) uncalculated.push(refOf(rowOf, colNumber));
      } else {
        if (formula && attr(formula, "t") === "shared" && ownText(formula)) shared.set(attr(formula, "si") ?? "", { text: ownText(formula), row: rowOf, col: colNumber });
        text = tableCell(shownValue(type, value, cell, ctx));
        if (type === "s" && value !== undefined && value !== "" && ctx.strings?.[Number(value)] === undefined) missingStrings++;
      }
      if (text === "") continue;
      let cells = rows.get(rowOf);
      if (!cells) rows.set(rowOf, (cells = new Map()));
      cells.set(colNumber, text);
    }
  };

  // Past the row cap, the rest is only counted, not parsed (the table shows MAX_ROWS rows under its header).
  let rowsNotRead = 0;
  if (split) {
    for (let i = 0; i < split.rows.length; i += BATCH) {
      if (rows.size > MAX_ROWS + 1) {
        rowsNotRead = rowsWithContent(split.rows.slice(i));
        break;
      }
      parseRows(split.rows.slice(i, i + BATCH), part).forEach(readRow);
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
  return { rows, rowsNotRead, uncalculated, missingStrings, drawings };
};

const shownValue = (type: string, value: string | undefined, cell: XmlNode, ctx: CellContext): string => {
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
