/**
 * A worksheet's XML cut into what surrounds `sheetData` (merges, drawings) and the text of each row, so that rows
 * can be parsed in batches and reading can stop at the row cap: parsing costs time and memory in proportion to the
 * text, and a 64 MB sheet must not cost gigabytes to show 5,000 rows. Each batch is still parsed (and validated)
 * by `parseXml`. Cutting is done only where it is safe: no CDATA section or comment inside `sheetData`, which could
 * hide a `<row` that is not one; otherwise the caller parses the whole part.
 */
import { parseXml } from "../../../core/ooxml/package.ts";
import { isElement, kids, type XmlNode } from "./xml.ts";

export interface SheetXml {
  /** The worksheet with an empty `sheetData`. */
  readonly frame: string;
  /** The XML of each `row`, in file order. */
  readonly rows: readonly string[];
}

export const splitSheet = (xml: string): SheetXml | null => {
  const open = /<((?:[\w.-]+:)?)sheetData\b[^>]*?(\/?)>/.exec(xml);
  if (!open) return null;
  if (open[2] === "/") return { frame: xml, rows: [] };
  const close = xml.indexOf(`</${open[1]}sheetData>`, open.index);
  if (close < 0) return null;
  const content = xml.slice(open.index + open[0].length, close);
  if (content.includes("<![CDATA[") || content.includes("<!--")) return null;
  const starts = [...content.matchAll(/<(?:[\w.-]+:)?row[\s>/]/g)].map((m) => m.index!);
  if (starts.length === 0 ? content.trim() !== "" : content.slice(0, starts[0]).trim() !== "") return null;
  const rows = starts.map((start, i) => content.slice(start, starts[i + 1] ?? content.length));
  return { frame: `${xml.slice(0, open.index)}<${open[1]}sheetData/>${xml.slice(close + `</${open[1]}sheetData>`.length)}`, rows };
};

/** Parses some rows' XML; throws `PackageRefused` (naming `part`) when they are not well-formed. */
export const parseRows = (rows: readonly string[], part: string): XmlNode[] => {
  const wrapper = parseXml(`<sheetData>${rows.join("")}</sheetData>`, part).find(isElement);
  return wrapper ? kids(wrapper, "row") : [];
};

/** Rows (as XML) that hold a value, a string or a formula: what a row left unread would have shown. */
export const rowsWithContent = (rows: readonly string[]): number => rows.filter((row) => /<(?:[\w.-]+:)?(?:v|t|f)\b[^>]*>[^<]/.test(row)).length;
