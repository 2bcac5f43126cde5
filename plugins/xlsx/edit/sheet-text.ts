/**
 * Finding rows and cells in a worksheet's text without parsing all of it: the rows are cut where the reader cuts
 * them (extract/sheet-xml.ts), only the row an edit aims at is parsed, and shared and array formulas are found by a
 * scan of their `f` tags. Every offset is one in the part's text, so an edit splices exactly the cell it changes.
 */
import { parseRange, parseRef, shiftFormula } from "../extract/cell-ref.ts";
import { parseRows, splitSheet } from "../extract/sheet-xml.ts";
import { inlineString, unescapeOoxml } from "../extract/strings.ts";
import { attr, child, kids, ownText } from "../../../core/ooxml/xml/query.ts";
import { cleanText, readFragment, readTree, type XEl } from "../../../core/ooxml/xml/tree.ts";

export interface RowSpot {
  readonly number: number;
  /** Where its text starts and where the next row (or the end of `sheetData`'s content) starts. */
  readonly start: number;
  readonly end: number;
  readonly hasRef: boolean;
}

export interface SheetRows {
  /** The namespace prefix of the sheet's elements with its colon (`x:`), "" for the default namespace. */
  readonly prefix: string;
  /** The `sheetData` element, null when the sheet has none. */
  readonly sheetData: { readonly start: number; readonly end: number; readonly content: { readonly start: number; readonly end: number } | null } | null;
  readonly rows: readonly RowSpot[];
}

const ROW_TAG = /^<(?:[\w.-]+:)?row\b[^>]*?\sr\s*=\s*["'](\d+)["']/;
const SHEET_DATA = /<((?:[\w.-]+:)?)sheetData\b/;

export const sheetRows = (xml: string, part: string): SheetRows => {
  const prefix = SHEET_DATA.exec(xml)?.[1] ?? "";
  const split = splitSheet(xml);
  let spans: { start: number; end: number }[];
  let sheetData: SheetRows["sheetData"];
  if (split) {
    spans = [...split.rows];
    sheetData = { start: split.element.start, end: split.element.end, content: split.content };
  } else {
    // Comments or CDATA inside the rows: the whole part is parsed so nothing hidden in them is taken for a row.
    const data = child(readTree(xml, part), "sheetData");
    if (!data) return { prefix, sheetData: null, rows: [] };
    spans = kids(data, "row").map((r) => ({ start: r.start, end: r.end }));
    sheetData = { start: data.start, end: data.end, content: data.openEnd === data.end ? null : { start: data.openEnd, end: data.closeStart } };
  }
  let number = 0;
  const rows = spans.map((span): RowSpot => {
    const m = ROW_TAG.exec(xml.slice(span.start, Math.min(span.end, span.start + 2000)));
    number = m ? Number(m[1]) : number + 1;
    return { number, start: span.start, end: span.end, hasRef: m !== null };
  });
  return { prefix, sheetData, rows };
};

export const parseRow = (xml: string, part: string, spot: RowSpot): XEl => readFragment(xml, part, spot.start, spot.end).find((el) => el.local === "row")!;

export interface CellSpot {
  readonly el: XEl;
  readonly row: number;
  readonly col: number;
  readonly hasRef: boolean;
}

export const rowCells = (row: XEl, rowNumber: number): CellSpot[] => {
  let col = 0;
  const out: CellSpot[] = [];
  for (const el of row.children) {
    if (el.local !== "c") continue;
    const at = parseRef(attr(el, "r") ?? "");
    col = at?.col ?? col + 1;
    out.push({ el, row: at?.row ?? rowNumber, col, hasRef: at !== null });
  }
  return out;
};

/** The formula text of every shared formula group (`si`), and its anchor cell (the top left of its `ref`). */
export type SharedFormulas = ReadonlyMap<string, { readonly text: string; readonly row: number; readonly col: number }>;

const F_ELEMENT = /<((?:[\w.-]+:)?)f\b([^>]*?)(?:\/>|>([^<]*)<\/\1f>)/g;
const attrOf = (attrs: string, name: string): string | undefined => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs)?.slice(1).find((v) => v !== undefined);

export const sharedFormulas = (xml: string): SharedFormulas => {
  const out = new Map<string, { text: string; row: number; col: number }>();
  if (!/\bt\s*=\s*["']shared["']/.test(xml)) return out;
  for (const m of xml.matchAll(F_ELEMENT)) {
    const attrs = m[2]!;
    if (attrOf(attrs, "t") !== "shared" || !m[3]) continue;
    const si = attrOf(attrs, "si");
    const range = parseRange(attrOf(attrs, "ref") ?? "");
    if (si !== undefined && range && !out.has(si)) out.set(si, { text: cleanText(m[3]), row: range.top, col: range.left });
  }
  return out;
};

/** The ranges of array formulas that span more than one cell: Excel changes such a formula only as a whole. */
export const arrayRanges = (xml: string): { ref: string; top: number; left: number; bottom: number; right: number }[] => {
  if (!/\bt\s*=\s*["']array["']/.test(xml)) return [];
  const out = [];
  for (const m of xml.matchAll(F_ELEMENT)) {
    if (attrOf(m[2]!, "t") !== "array") continue;
    const ref = attrOf(m[2]!, "ref") ?? "";
    const range = parseRange(ref);
    if (range && (range.bottom > range.top || range.right > range.left)) out.push({ ref, ...range });
  }
  return out;
};

/** Where each cell of shared group `si` without its own formula text is, with its `f` element's range. */
export const sharedDependents = (xml: string, si: string): { row: number; col: number; start: number; end: number }[] => {
  const out = [];
  for (const m of xml.matchAll(F_ELEMENT)) {
    if (m[3] || attrOf(m[2]!, "t") !== "shared" || attrOf(m[2]!, "si") !== si) continue;
    const before = xml.slice(Math.max(0, m.index - 2000), m.index);
    const cells = [...before.matchAll(/<(?:[\w.-]+:)?c\b([^>]*)>/g)];
    const at = parseRef(attrOf(cells[cells.length - 1]?.[1] ?? "", "r") ?? "");
    if (at) out.push({ ...at, start: m.index, end: m.index + m[0].length });
  }
  return out;
};

export type CellKind = "text" | "number" | "formula" | "boolean" | "error" | "date" | "empty";

export interface CellValue {
  /** As the model sees it: a string, the value as stored, `TRUE`/`FALSE`, or `=FORMULA`. */
  readonly text: string;
  readonly kind: CellKind;
  /** The cell is the anchor of a shared formula group (its `si`), whose other cells borrow its text. */
  readonly sharedAnchor: string | null;
  /** The cell holds a formula (its own or a shared one). */
  readonly formula: boolean;
}

export const cellValue = (cell: XEl, row: number, col: number, strings: readonly string[] | null, shared: SharedFormulas): CellValue => {
  const f = child(cell, "f");
  const type = attr(cell, "t") ?? "n";
  const v = child(cell, "v");
  if (f) {
    let text = ownText(f);
    const si = attr(f, "si");
    const isShared = attr(f, "t") === "shared" && si !== undefined;
    if (!text && isShared) {
      const anchor = shared.get(si!);
      if (anchor) text = shiftFormula(anchor.text, row - anchor.row, col - anchor.col);
    }
    const sharedAnchor = isShared && ownText(f) !== "" ? si! : null;
    if (text) return { text: `=${text}`, kind: "formula", sharedAnchor, formula: true };
  }
  const raw = v ? ownText(v) : undefined;
  const plain = (text: string, kind: CellKind): CellValue => ({ text, kind: text === "" ? "empty" : kind, sharedAnchor: null, formula: f !== undefined });
  switch (type) {
    case "inlineStr":
      return plain(inlineString(cell) || unescapeOoxml(raw ?? ""), "text");
    case "s":
      return plain(raw === undefined || raw === "" ? "" : (strings?.[Number(raw)] ?? ""), "text");
    case "str":
      return plain(unescapeOoxml(raw ?? ""), "text");
    case "b":
      return plain(raw === undefined || raw === "" ? "" : raw === "1" || raw.toLowerCase() === "true" ? "TRUE" : "FALSE", "boolean");
    case "e":
      return plain(raw ?? "", "error");
    case "d":
      return plain(raw ?? "", "date");
    default:
      return plain((raw ?? "").trim(), "number");
  }
};
