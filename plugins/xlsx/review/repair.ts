/**
 * The safe structural repairs of a workbook (fix names `xlsx.*`), each a minimal edit of the raw text of the
 * affected parts; every other part, and everything else in the edited ones, stays as it was. None touches a cell's
 * value or formula, a sheet name or a defined name's text, so `content` is the same before and after:
 * - `xlsx.unhide_first_sheet`: when every sheet is hidden, shows the active sheet (the first when none is set).
 * - `xlsx.active_tab`: points the workbook view's active and first tab at sheets that exist.
 * - `xlsx.duplicate_sheet_ids`: gives sheets whose id is missing or taken the next free ids, and drops the
 *   calculation chain, whose entries name sheets by id.
 * - `xlsx.duplicate_defined_names`: removes the extra copies of a defined name written twice identically.
 * - `xlsx.overlapping_merges`: removes merged ranges overlapping an earlier one, as Excel's own repair does.
 * - `xlsx.sort_cells`: puts rows, and cells within rows, in ascending order (when nothing is duplicated).
 * - `xlsx.drop_calc_chain`: removes a stale calculation chain (a cache Excel rebuilds).
 * - `xlsx.duplicate_table_ids`: gives tables whose id is missing or taken the next free ids (never their names).
 * A fix with nothing to do returns the bytes unchanged.
 */
import { openPackage, type Package } from "../../../core/ooxml/package.ts";
import { writePackage } from "../../../core/ooxml/write.ts";
import type { RepairFix } from "../../../core/contracts/review.ts";
import { relsOfType } from "../../../core/ooxml/rels.ts";
import { calcChainPart, FIX_CALC_CHAIN } from "./calc-chain.ts";
import { FIX_MERGES, FIX_ORDER, orderFixable, overlappingMerges } from "./sheet-checks.ts";
import { readSheet, type Row } from "./sheet.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { withAttribute, withoutAttribute } from "../../../core/ooxml/xml/markup.ts";
import { removePart } from "./surgery.ts";
import { FIX_TABLE_IDS, readTables, tableIdsReferenced, tablesNeedingIds } from "./tables.ts";
import { readWorkbookInfo, workbookPart, type WorkbookInfo } from "./workbook.ts";
import { duplicateNames, FIX_ACTIVE_TAB, FIX_DEFINED_NAMES, FIX_SHEET_IDS, FIX_UNHIDE, isHidden, sheetIdsNeedingNumbers, tabOutOfRange } from "./workbook-checks.ts";

type Changes = Map<string, string | null>;

interface Book {
  readonly pkg: Package;
  readonly part: string;
  readonly xml: string;
  readonly info: WorkbookInfo;
}

const openBook = (bytes: Uint8Array): Book | null => {
  const pkg = openPackage(bytes);
  const part = workbookPart(pkg);
  const xml = pkg.text(part);
  return xml === null ? null : { pkg, part, xml, info: readWorkbookInfo(pkg, part, xml) };
};

const tagEdit = (xml: string, span: { start: number; end: number }, edit: (tag: string) => string): Edit => ({ ...span, text: edit(xml.slice(span.start, span.end)) });

const validIndex = (value: string | undefined, count: number) => (value !== undefined && /^\d+$/.test(value) && Number(value) < count ? Number(value) : undefined);

const unhideFirstSheet = ({ xml, info, part }: Book): Changes => {
  const { sheets } = info;
  if (sheets.length === 0 || !sheets.every((s) => isHidden(s.state))) return new Map();
  const target = sheets[validIndex(info.view?.activeTab, sheets.length) ?? 0]!;
  return new Map([[part, splice(xml, [tagEdit(xml, target.tag, (tag) => withoutAttribute(tag, "state"))])]]);
};

const activeTab = ({ xml, info, part }: Book): Changes => {
  const view = info.view;
  if (!view || !tabOutOfRange(info)) return new Map();
  const count = info.sheets.length;
  const visible = Math.max(0, info.sheets.findIndex((s) => !isHidden(s.state)));
  const active = validIndex(view.activeTab, count) ?? visible;
  const first = Math.min(validIndex(view.firstSheet, count) ?? 0, active);
  return new Map([
    [
      part,
      splice(xml, [
        tagEdit(xml, view.tag, (tag) => {
          let out = view.activeTab === undefined ? tag : withAttribute(tag, "activeTab", String(active));
          if (view.firstSheet !== undefined) out = withAttribute(out, "firstSheet", String(first));
          return out;
        }),
      ]),
    ],
  ]);
};

const dropCalcChain = (book: Book): Changes => {
  const target = calcChainPart(book.info);
  const rel = relsOfType(book.info.rels, "calcChain").find((r) => !r.external);
  return target && rel ? removePart(book.pkg, book.part, rel.id, target) : new Map();
};

const duplicateSheetIds = (book: Book): Changes => {
  const { xml, info, part } = book;
  const renumber = sheetIdsNeedingNumbers(info);
  if (renumber.length === 0) return new Map();
  let next = Math.max(0, ...info.sheets.map((s) => (s.sheetId !== undefined && /^\d+$/.test(s.sheetId) ? Number(s.sheetId) : 0))) + 1;
  const edits = renumber.map((i) => tagEdit(xml, info.sheets[i]!.tag, (tag) => withAttribute(tag, "sheetId", String(next++))));
  const changes = dropCalcChain(book);
  changes.set(part, splice(xml, edits));
  return changes;
};

const duplicateDefinedNames = ({ xml, info, part }: Book): Changes => {
  const edits: Edit[] = [];
  for (const group of duplicateNames(info)) {
    const text = (n: (typeof group)[number]) => xml.slice(n.element.start, n.element.end);
    if (!group.every((n) => text(n) === text(group[0]!))) continue;
    for (const extra of group.slice(1)) edits.push({ ...extra.element, text: "" });
  }
  return edits.length === 0 ? new Map() : new Map([[part, splice(xml, edits)]]);
};

/** Applies `edit` to the raw text of every worksheet; parts it leaves alone are not rewritten. */
const eachSheet = ({ pkg, info }: Book, edit: (xml: string, part: string) => string | null): Changes => {
  const changes: Changes = new Map();
  for (const sheet of info.sheets) {
    if (sheet.kind !== "worksheet" || !sheet.part) continue;
    const xml = pkg.text(sheet.part);
    if (xml === null) continue;
    const edited = edit(xml, sheet.part);
    if (edited !== null && edited !== xml) changes.set(sheet.part, edited);
  }
  return changes;
};

const overlappingMergesFix = (book: Book): Changes =>
  eachSheet(book, (xml, part) => {
    const cells = readSheet(xml, part, null);
    const dropped = overlappingMerges(cells.merges);
    if (dropped.length === 0) return null;
    const block = /<((?:[\w.-]+:)?)mergeCells\b[^>]*>[\s\S]*?<\/\1mergeCells>/.exec(xml);
    if (!block) return null;
    const start = block.index;
    const end = start + block[0].length;
    if (dropped.length === cells.merges.length) return splice(xml, [{ start, end, text: "" }]);
    const edits: Edit[] = dropped.map((i) => ({ ...cells.merges[i]!.span, text: "" }));
    const open = /^<[^>]*>/.exec(block[0])![0];
    if (/\scount\s*=/.test(open)) edits.push({ start, end: start + open.length, text: withAttribute(open, "count", String(cells.merges.length - dropped.length)) });
    return splice(xml, edits);
  });

/** Whether the text between consecutive spans (and before the first, after the last, up to `outer`) is only white space. */
const onlySpaces = (xml: string, outer: { start: number; end: number }, spans: readonly { start: number; end: number }[]): boolean => {
  let at = outer.start;
  for (const span of spans) {
    if (xml.slice(at, span.start).trim() !== "") return false;
    at = span.end;
  }
  return xml.slice(at, outer.end).trim() === "";
};

const sortCells = (book: Book): Changes =>
  eachSheet(book, (xml, part) => {
    const cells = readSheet(xml, part, null);
    const { order } = cells;
    if (order.rowsOutOfOrder.length + order.cellsOutOfOrder.length === 0 || !orderFixable(cells) || !cells.sheetData) return null;
    const sheetData = cells.sheetData;
    if (!onlySpaces(xml, sheetData, cells.rows.map((r) => r.span))) return null;
    const rowText = (row: Row): string | null => {
      const whole = xml.slice(row.span.start, row.span.end);
      if (row.cells.length < 2 || row.cells.every((c, i) => i === 0 || c.col > row.cells[i - 1]!.col)) return whole;
      const first = row.cells[0]!.span.start;
      const last = row.cells[row.cells.length - 1]!.span.end;
      if (!onlySpaces(xml, { start: first, end: last }, row.cells.map((c) => c.span))) return null;
      const sorted = [...row.cells].sort((a, b) => a.col - b.col).map((c) => xml.slice(c.span.start, c.span.end));
      return xml.slice(row.span.start, first) + sorted.join("") + xml.slice(last, row.span.end);
    };
    const rows = [...cells.rows].sort((a, b) => a.r - b.r).map(rowText);
    if (rows.some((r) => r === null)) return null;
    const inner = cells.rows.length === 0 ? "" : rows.join("");
    return splice(xml, [{ start: cells.rows[0]!.span.start, end: cells.rows[cells.rows.length - 1]!.span.end, text: inner }]);
  });

const duplicateTableIds = ({ pkg, info }: Book): Changes => {
  if (tableIdsReferenced(pkg)) return new Map();
  const tables = readTables(pkg, info, (part) => pkg.text(part));
  const renumber = tablesNeedingIds(tables);
  let next = Math.max(0, ...tables.map((t) => (t.id !== undefined && /^\d+$/.test(t.id) ? Number(t.id) : 0))) + 1;
  const changes: Changes = new Map();
  for (const table of renumber) {
    const xml = (changes.get(table.part) as string | undefined) ?? pkg.text(table.part)!;
    changes.set(table.part, splice(xml, [tagEdit(xml, table.tag, (tag) => withAttribute(tag, "id", String(next++)))]));
  }
  return changes;
};

const FIXES: Record<string, (book: Book) => Changes> = {
  [FIX_UNHIDE]: unhideFirstSheet,
  [FIX_ACTIVE_TAB]: activeTab,
  [FIX_SHEET_IDS]: duplicateSheetIds,
  [FIX_DEFINED_NAMES]: duplicateDefinedNames,
  [FIX_MERGES]: overlappingMergesFix,
  [FIX_ORDER]: sortCells,
  [FIX_CALC_CHAIN]: dropCalcChain,
  [FIX_TABLE_IDS]: duplicateTableIds,
};

export const FIX_NAMES: readonly string[] = Object.keys(FIXES);

export const repairXlsx: RepairFix = async (bytes, fix, ctx) => {
  const apply = FIXES[fix];
  if (!apply) throw new Error(`unknown xlsx fix "${fix}" (known: ${FIX_NAMES.join(", ")})`);
  ctx.signal?.throwIfAborted();
  const book = openBook(bytes);
  if (!book) return bytes;
  const changes = apply(book);
  return changes.size === 0 ? bytes : writePackage(book.pkg, changes);
};
