/**
 * Where a worksheet's rows are, so that what surrounds `sheetData` (merges, drawings) is parsed without them and rows
 * can be parsed in batches and reading can stop at the row cap: parsing costs time and memory in proportion to the
 * text, and a 64 MB sheet must not cost gigabytes to show 5,000 rows. Each batch is parsed (and checked) in place
 * by the one tokenizer, so cells keep their offsets in the part's text. Cutting is done only where it is safe: no
 * CDATA section or comment inside `sheetData`, which could hide a `<row` that is not one; otherwise the caller
 * parses the whole part.
 */
import { readFragment, type XEl } from "../../../core/ooxml/xml/tree.ts";

/** A range `[start, end)` of the part's text. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

export interface SheetXml {
  /** The `sheetData` element itself, start tag to end tag: where the sheet's table was read from. */
  readonly element: Range;
  /** The content of `sheetData`, left unread when the rest of the sheet is parsed (null when it has none). */
  readonly content: Range | null;
  /** Where each `row` is in the part's text, in file order. */
  readonly rows: readonly Range[];
}

export const splitSheet = (xml: string): SheetXml | null => {
  const open = /<((?:[\w.-]+:)?)sheetData\b[^>]*?(\/?)>/.exec(xml);
  if (!open) return null;
  if (open[2] === "/") return { element: { start: open.index, end: open.index + open[0].length }, content: null, rows: [] };
  const closeTag = `</${open[1]}sheetData>`;
  const close = xml.indexOf(closeTag, open.index);
  if (close < 0) return null;
  const from = open.index + open[0].length;
  const content = xml.slice(from, close);
  if (content.includes("<![CDATA[") || content.includes("<!--")) return null;
  const starts = [...content.matchAll(/<(?:[\w.-]+:)?row[\s>/]/g)].map((m) => m.index!);
  if (starts.length === 0 ? content.trim() !== "" : content.slice(0, starts[0]).trim() !== "") return null;
  const rows = starts.map((start, i) => ({ start: from + start, end: from + (starts[i + 1] ?? content.length) }));
  return { element: { start: open.index, end: close + closeTag.length }, content: { start: from, end: close }, rows };
};

/** Parses a run of rows in place; throws `PackageRefused` (naming `part`) when they are not well-formed. */
export const parseRows = (xml: string, rows: readonly Range[], part: string): XEl[] =>
  rows.length === 0 ? [] : readFragment(xml, part, rows[0]!.start, rows[rows.length - 1]!.end).filter((el) => el.local === "row");

/** Rows that hold a value, a string or a formula: what a row left unread would have shown. */
export const rowsWithContent = (xml: string, rows: readonly Range[]): number =>
  rows.filter((row) => /<(?:[\w.-]+:)?(?:v|t|f)\b[^>]*>[^<]/.test(xml.slice(row.start, row.end))).length;
