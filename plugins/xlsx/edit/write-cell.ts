/**
 * Writing one cell into a worksheet's text: the `c` element replaced when the cell exists, else a new one placed in
 * its row in column order (the row created in row order when missing). A shared formula's anchor cell lends its
 * formula to the other cells of its group, so before it is overwritten those cells get the formula written out
 * in full; a cell inside a multi-cell array formula is refused, as Excel refuses to change part of one.
 */
import { parseRange, refOf, shiftFormula } from "../extract/cell-ref.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { withAttribute } from "../../../core/ooxml/xml/markup.ts";
import { attr } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { cellXml, escapeXml, rowStartTag, widenedSpans, type CellContent } from "./cell-markup.ts";
import { arrayRanges, cellValue, parseRow, rowCells, sharedDependents, sharedFormulas, sheetRows, type CellSpot, type CellValue, type RowSpot, type SharedFormulas, type SheetRows } from "./sheet-text.ts";

/** An edit that cannot be made, with the outcome and the reason the report gives. */
export class EditRefused extends Error {
  constructor(
    message: string,
    readonly outcome: "rejected" | "not_found" = "rejected",
  ) {
    super(message);
  }
}

export interface Located {
  readonly rows: SheetRows;
  readonly spot: RowSpot | undefined;
  readonly rowEl: XEl | undefined;
  readonly cells: readonly CellSpot[];
  readonly cell: CellSpot | undefined;
}

export const locate = (xml: string, part: string, row: number, col: number): Located => {
  const rows = sheetRows(xml, part);
  const spot = rows.rows.find((r) => r.number === row);
  if (!spot) return { rows, spot, rowEl: undefined, cells: [], cell: undefined };
  const rowEl = parseRow(xml, part, spot);
  const cells = rowCells(rowEl, row);
  return { rows, spot, rowEl, cells, cell: cells.find((c) => c.col === col && c.row === row) };
};

/** The cell's value now, or null when the sheet has no cell there. */
export const valueAt = (xml: string, part: string, row: number, col: number, strings: readonly string[] | null): CellValue | null => {
  const { cell } = locate(xml, part, row, col);
  return cell ? cellValue(cell.el, row, col, strings, sharedFormulas(xml)) : null;
};

const prefixOf = (el: XEl) => el.name.slice(0, el.name.length - el.local.length);

/** The group's other cells with their formula written out, so the group survives its anchor's change. */
const writeOutShared = (xml: string, si: string, shared: SharedFormulas): Edit[] => {
  const anchor = shared.get(si);
  if (!anchor) return [];
  return sharedDependents(xml, si).map((d) => {
    const p = /^<((?:[\w.-]+:)?)f/.exec(xml.slice(d.start, d.end))?.[1] ?? "";
    return { start: d.start, end: d.end, text: `<${p}f>${escapeXml(shiftFormula(anchor.text, d.row - anchor.row, d.col - anchor.col))}</${p}f>` };
  });
};

/** The sheet's merged ranges. */
const mergedRanges = (xml: string) =>
  [...xml.matchAll(/<(?:[\w.-]+:)?mergeCell\b[^>]*?\sref\s*=\s*["']([^"']+)["']/g)].flatMap((m) => {
    const range = parseRange(m[1]!);
    return range ? [{ ref: m[1]!, ...range }] : [];
  });

/** The sheet's `dimension` (the used range, a hint readers size the sheet by) widened to take a new cell. */
const widenDimension = (xml: string, row: number, col: number): string => {
  const m = /<(?:[\w.-]+:)?dimension\b[^>]*?\sref\s*=\s*["']([^"']*)["'][^>]*>/.exec(xml);
  const range = m ? parseRange(m[1]!) : null;
  if (!m || !range || (range.top <= row && row <= range.bottom && range.left <= col && col <= range.right)) return xml;
  const ref = `${refOf(Math.min(range.top, row), Math.min(range.left, col))}:${refOf(Math.max(range.bottom, row), Math.max(range.right, col))}`;
  return xml.slice(0, m.index) + withAttribute(m[0], "ref", ref) + xml.slice(m.index + m[0].length);
};

export interface WriteOptions {
  /** The style (`s`) of a new cell. */
  readonly style?: string | null;
  /** The start tag of the row a new row is made from. */
  readonly rowTemplate?: string | null;
}

/** The sheet's text with `content` in the cell, and the cell's value before (null when it had no cell). */
export const writeCell = (
  xml: string,
  part: string,
  row: number,
  col: number,
  content: CellContent,
  strings: readonly string[] | null,
  options: WriteOptions = {},
): { xml: string; before: CellValue | null } => {
  const ref = refOf(row, col);
  const array = arrayRanges(xml).find((a) => a.top <= row && row <= a.bottom && a.left <= col && col <= a.right);
  if (array) throw new EditRefused(`${ref} is part of the array formula over ${array.ref}; Excel changes such a formula only as a whole`);
  const merged = content.kind === "empty" ? undefined : mergedRanges(xml).find((m) => m.top <= row && row <= m.bottom && m.left <= col && col <= m.right && (m.top !== row || m.left !== col));
  if (merged) throw new EditRefused(`${ref} is hidden under the merged cells ${merged.ref}, which show ${refOf(merged.top, merged.left)}`);
  const loc = locate(xml, part, row, col);
  const sheetData = loc.rows.sheetData;
  if (!sheetData) throw new EditRefused("the sheet has no cell table (sheetData)");
  const edits: Edit[] = [];
  let before: CellValue | null = null;
  if (loc.cell) {
    const el = loc.cell.el;
    const shared = sharedFormulas(xml);
    before = cellValue(el, row, col, strings, shared);
    const rest = el.children.filter((c) => c.local !== "f" && c.local !== "v" && c.local !== "is").map((c) => xml.slice(c.start, c.end)).join("");
    edits.push({ start: el.start, end: el.end, text: cellXml(prefixOf(el), xml.slice(el.start, el.openEnd), ref, null, content, rest) });
    if (before.sharedAnchor !== null) edits.push(...writeOutShared(xml, before.sharedAnchor, shared));
  } else if (content.kind === "empty") {
    return { xml, before };
  } else if (loc.rowEl) {
    if (loc.cells.some((c) => !c.hasRef)) throw new EditRefused("the cells of this row are stored without references, so a new cell cannot be placed among them");
    const rowEl = loc.rowEl;
    const p = prefixOf(rowEl);
    const cell = cellXml(p, null, ref, options.style ?? null, content);
    const tag = xml.slice(rowEl.start, rowEl.openEnd);
    const spans = attr(rowEl, "spans");
    const wider = spans === undefined ? null : widenedSpans(spans, col);
    const newTag = wider === null ? tag : withAttribute(tag, "spans", wider);
    if (rowEl.openEnd === rowEl.end) edits.push({ start: rowEl.start, end: rowEl.end, text: `${newTag.replace(/\s*\/>$/, ">")}${cell}</${rowEl.name}>` });
    else {
      if (newTag !== tag) edits.push({ start: rowEl.start, end: rowEl.openEnd, text: newTag });
      const at = loc.cells.find((c) => c.col > col)?.el.start ?? rowEl.closeStart;
      edits.push({ start: at, end: at, text: cell });
    }
  } else {
    if (loc.rows.rows.some((r) => !r.hasRef)) throw new EditRefused("the rows of this sheet are stored without numbers, so a new row cannot be placed among them");
    const p = loc.rows.prefix;
    const rowXml = `${rowStartTag(p, options.rowTemplate ?? null, row)}${cellXml(p, null, ref, options.style ?? null, content)}</${p}row>`;
    const next = loc.rows.rows.find((r) => r.number > row);
    if (next) edits.push({ start: next.start, end: next.start, text: rowXml });
    else if (sheetData.content) edits.push({ start: sheetData.content.end, end: sheetData.content.end, text: rowXml });
    else edits.push({ start: sheetData.start, end: sheetData.end, text: `<${p}sheetData>${rowXml}</${p}sheetData>` });
  }
  const edited = splice(xml, edits);
  return { xml: loc.cell ? edited : widenDimension(edited, row, col), before };
};
