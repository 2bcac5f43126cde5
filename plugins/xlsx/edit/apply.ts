/**
 * Applying an edit plan to a workbook, op by op on the evolving text of the sheets (each op locates its cell anew,
 * so earlier edits never leave later ones pointing at stale offsets). Strings are written inline, so the shared
 * string table stays as it was. Once cells change, the workbook is marked for a full calculation on load when it
 * holds formulas (written formulas have no cached value, dependent ones a stale one), and the calculation chain is
 * dropped when a formula is written or removed (workbook-calc.ts). Rows are only appended below the last row with
 * data: inserting above would move cells that formulas, names and tables refer to.
 */
import type { AppliedEdit, BlockEditOp, EditOp, EditResult } from "../../../core/contracts/edit.ts";
import { openPackage, type Package } from "../../../core/ooxml/package.ts";
import { holdsPart, relsOf, relsOfType } from "../../../core/ooxml/rels.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { withAttribute } from "../../../core/ooxml/xml/markup.ts";
import { attr, child, ownText } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { parseRange, refOf } from "../extract/cell-ref.ts";
import { readSharedStrings } from "../extract/strings.ts";
import { readWorkbook, workbookPartOf, type SheetEntry, type Workbook } from "../extract/workbook.ts";
import { cellId, parseCellId } from "./cell-ids.ts";
import { typedContent, type CellContent } from "./cell-markup.ts";
import { cellValue, rowCells, sharedFormulas, sheetRows, type CellValue } from "./sheet-text.ts";
import { replaceInRuns, runsOf, sharedStringItems, type Run } from "./rich-text.ts";
import { textCellsWith } from "./replace-all.ts";
import { calcChainRemoval, withFullCalcOnLoad } from "./workbook-calc.ts";
import { EditRefused, locate, valueAt, writeCell } from "./write-cell.ts";

interface Session {
  readonly pkg: Package;
  readonly workbook: Workbook;
  readonly strings: readonly string[] | null;
  /** The shared string items, parsed when a rich string is first edited. */
  items?: { items: XEl[]; xml: string } | null;
  /** The texts of the parts edited so far (sheets, tables). */
  readonly texts: Map<string, string>;
  formulasChanged: boolean;
}

interface Target {
  readonly sheet: SheetEntry;
  readonly part: string;
  readonly row: number;
  readonly col: number;
}

const textOf = (s: Session, part: string): string => s.texts.get(part) ?? s.pkg.text(part) ?? "";

const resolve = (s: Session, id: string): Target => {
  const address = parseCellId(id);
  if (!address) throw new EditRefused(`"${id}" is not a cell (Sheet1!B4)`, "not_found");
  const sheet = s.workbook.sheets.find((x) => x.name === address.sheet) ?? s.workbook.sheets.find((x) => x.name.toLowerCase() === address.sheet.toLowerCase());
  if (!sheet) throw new EditRefused(`the workbook has no sheet named "${address.sheet}"`, "not_found");
  if (sheet.kind !== "worksheet") throw new EditRefused(`"${sheet.name}" is a ${sheet.kind}, which has no cells`);
  if (!sheet.part || !holdsPart(s.pkg, sheet.part)) throw new EditRefused(`the part of sheet "${sheet.name}" is missing`, "not_found");
  return { sheet, part: sheet.part, row: address.row, col: address.col };
};

const write = (s: Session, t: Target, row: number, col: number, content: CellContent, options: Parameters<typeof writeCell>[6] = {}): CellValue | null => {
  const result = writeCell(textOf(s, t.part), t.part, row, col, content, s.strings, options);
  s.texts.set(t.part, result.xml);
  if (content.kind === "formula" || result.before?.formula) s.formulasChanged = true;
  return result.before;
};

const shown = (s: Session, t: Target, row = t.row, col = t.col): string => valueAt(textOf(s, t.part), t.part, row, col, s.strings)?.text ?? "";

/** The cell's current value; `not_found` when it holds nothing (a block is a cell with content). */
const existing = (s: Session, t: Target): CellValue => {
  const value = valueAt(textOf(s, t.part), t.part, t.row, t.col, s.strings);
  if (!value || value.kind === "empty") throw new EditRefused(`${refOf(t.row, t.col)} is empty`, "not_found");
  return value;
};

const formulaContent = (formula: string): CellContent => {
  const value = formula.trim().replace(/^=/, "");
  if (value === "") throw new EditRefused("the formula is empty");
  return { kind: "formula", value };
};

/** What a cell's text becomes after `replace_text`: it stays the kind of cell it was (a formula, a string, a value). */
const replacedContent = (before: CellValue, text: string): CellContent => {
  if (before.kind === "formula") return text.startsWith("=") ? formulaContent(text) : typedContent(text);
  if (before.kind === "text") return text === "" ? { kind: "empty" } : { kind: "text", value: text };
  return typedContent(text);
};

const prefixOf = (el: XEl) => el.name.slice(0, el.name.length - el.local.length);

/** The runs of the cell's rich string (shared or inline) when it is one, written with the sheet's own prefix. */
const richRuns = (s: Session, t: Target, text: string): Run[] | null => {
  const xml = textOf(s, t.part);
  const cell = locate(xml, t.part, t.row, t.col).cell?.el;
  if (!cell || child(cell, "f")) return null;
  let source: XEl | undefined;
  let sourceXml = xml;
  if (attr(cell, "t") === "inlineStr") source = child(cell, "is");
  else if (attr(cell, "t") === "s") {
    if (s.items === undefined) s.items = sharedStringItems(s.pkg, workbookPartOf(s.workbook, "sharedStrings"));
    source = s.items?.items[Number(ownText(child(cell, "v")))];
    sourceXml = s.items?.xml ?? "";
  }
  const runs = runsOf(source, sourceXml);
  // Run properties are copied as written, so the string table's prefix must be the sheet's.
  if (!runs || prefixOf(source!) !== prefixOf(cell) || runs.map((r) => r.text).join("") !== text) return null;
  return runs;
};

const occurrences = (text: string, find: string): number => {
  let n = 0;
  for (let at = text.indexOf(find); at >= 0; at = text.indexOf(find, at + find.length)) n++;
  return n;
};

type Outcome = Pick<AppliedEdit, "outcome" | "target" | "before" | "after" | "reason">;

/** The last row holding a value, a string or a formula. */
const lastDataRow = (xml: string, part: string): number => {
  let last = 0;
  for (const row of sheetRows(xml, part).rows) {
    if (row.number > last && /<(?:[\w.-]+:)?(?:v|t|f)\b[^>]*>[^<]/.test(xml.slice(row.start, row.end))) last = row.number;
  }
  return last;
};

const REF = /\sref\s*=\s*["']([^"']*)["']/;

/**
 * Tables (and their filters) that end at the row a new row is appended below take it in, as Excel's tables grow
 * when one types under them. A table ending in a totals row does not: the new row is below its totals.
 */
const extendTables = (s: Session, t: Target, row: number): void => {
  for (const rel of relsOfType(relsOf(s.pkg, t.part), "table")) {
    if (rel.external || !holdsPart(s.pkg, rel.target)) continue;
    const xml = textOf(s, rel.target);
    const table = /<(?:[\w.-]+:)?table\b[^>]*>/.exec(xml);
    const ref = table ? REF.exec(table[0])?.[1] : undefined;
    const range = ref === undefined ? null : parseRange(ref);
    const totals = table ? /\stotalsRowCount\s*=\s*["'](\d+)["']/.exec(table[0])?.[1] : undefined;
    if (!table || !range || range.bottom !== row || Number(totals ?? 0) > 0) continue;
    const grown = (r: string) => {
      const at = parseRange(r);
      return at && at.bottom === row ? `${refOf(at.top, at.left)}:${refOf(row + 1, at.right)}` : r;
    };
    const edits: Edit[] = [{ start: table.index, end: table.index + table[0].length, text: withAttribute(table[0], "ref", grown(ref!)) }];
    const filter = /<(?:[\w.-]+:)?autoFilter\b[^>]*>/.exec(xml);
    const filterRef = filter ? REF.exec(filter[0])?.[1] : undefined;
    if (filter && filterRef !== undefined) edits.push({ start: filter.index, end: filter.index + filter[0].length, text: withAttribute(filter[0], "ref", grown(filterRef)) });
    s.texts.set(rel.target, splice(xml, edits));
  }
};

const insertRow = (s: Session, t: Target, values: readonly string[]): Outcome => {
  const xml = textOf(s, t.part);
  const block = existing(s, t);
  if (lastDataRow(xml, t.part) !== t.row) {
    throw new EditRefused("inserting in the middle would move cells that formulas, names or tables refer to; append at the end instead");
  }
  const contents = values.map((v) => (v.startsWith("=") && v.trim().length > 1 ? formulaContent(v) : typedContent(v)));
  if (contents.every((c) => c.kind === "empty")) throw new EditRefused("the new row has no values");
  const loc = locate(xml, t.part, t.row, t.col);
  const above = loc.rowEl!;
  const shared = sharedFormulas(xml);
  const cells = rowCells(above, t.row);
  const styles = new Map(cells.map((c) => [c.col, attr(c.el, "s") ?? null]));
  const filled = cells.filter((c) => cellValue(c.el, c.row, c.col, s.strings, shared).kind !== "empty");
  const first = Math.min(...filled.map((c) => c.col));
  const template = xml.slice(above.start, above.openEnd);
  const row = t.row + 1;
  contents.forEach((content, i) => {
    if (content.kind !== "empty") write(s, t, row, first + i, content, { style: styles.get(first + i) ?? null, rowTemplate: template });
  });
  extendTables(s, t, t.row);
  const after = contents.map((_c, i) => shown(s, t, row, first + i)).join(" | ");
  return { outcome: "applied", target: `row ${row}`, before: block.text, after, reason: null };
};

/**
 * `replace_all`: the phrase replaced in every text cell of every worksheet, each cell written as `replace_text`
 * writes one (its rich runs keep their formatting), one edit per occurrence. A cell Excel would not let change
 * alone (under a merge, inside an array formula) is reported rejected and the others still change.
 */
const replaceAll = (s: Session, find: string, replace: string): Array<Omit<AppliedEdit, "index" | "op">> => {
  if (find === "") throw new EditRefused("there is no text to find");
  const out: Array<Omit<AppliedEdit, "index" | "op">> = [];
  for (const sheet of s.workbook.sheets) {
    if (sheet.kind !== "worksheet" || !sheet.part || !holdsPart(s.pkg, sheet.part)) continue;
    for (const cell of textCellsWith(textOf(s, sheet.part), sheet.part, s.strings, find)) {
      const t: Target = { sheet, part: sheet.part, row: cell.row, col: cell.col };
      const block = cellId(sheet.name, cell.row, cell.col);
      const runs = richRuns(s, t, cell.text);
      // From the last occurrence back, so the offsets of the earlier ones hold.
      const rich = runs ? cell.at.reduceRight((r, at) => replaceInRuns(r, at, find.length, replace), runs) : null;
      const text = cell.text.split(find).join(replace);
      try {
        write(s, t, t.row, t.col, rich ? (rich.length > 0 ? { kind: "rich", runs: rich } : { kind: "empty" }) : text === "" ? { kind: "empty" } : { kind: "text", value: text });
      } catch (error) {
        if (!(error instanceof EditRefused)) throw error;
        out.push(...cell.at.map(() => ({ outcome: "rejected" as const, block, target: find, before: cell.text, after: cell.text, reason: error.message })));
        continue;
      }
      const after = shown(s, t);
      out.push(...cell.at.map(() => ({ outcome: "applied" as const, block, target: find, before: cell.text, after, reason: null })));
    }
  }
  if (out.length === 0) return [{ outcome: "not_found", block: null, target: find, before: null, after: null, reason: `"${find}" is not in the text of any cell` }];
  return out;
};

const applyOne = (s: Session, op: BlockEditOp): Outcome => {
  switch (op.op) {
    case "set_cell": {
      const t = resolve(s, op.block);
      const content = op.formula ? formulaContent(op.value) : typedContent(op.value);
      const before = write(s, t, t.row, t.col, content);
      return { outcome: "applied", target: refOf(t.row, t.col), before: before?.text ?? "", after: shown(s, t), reason: null };
    }
    case "replace_text": {
      const t = resolve(s, op.block);
      const before = existing(s, t);
      if (op.find === "") throw new EditRefused("there is no text to find");
      const count = occurrences(before.text, op.find);
      if (count === 0) return { outcome: "not_found", target: op.find, before: before.text, after: before.text, reason: `"${op.find}" is not in the cell` };
      if (count > 1) return { outcome: "ambiguous", target: op.find, before: before.text, after: before.text, reason: `"${op.find}" occurs ${count} times in the cell` };
      const at = before.text.indexOf(op.find);
      const text = before.text.slice(0, at) + op.replace + before.text.slice(at + op.find.length);
      const runs = before.kind === "text" ? richRuns(s, t, before.text) : null;
      const replaced = runs ? replaceInRuns(runs, at, op.find.length, op.replace) : null;
      write(s, t, t.row, t.col, replaced ? (replaced.length > 0 ? { kind: "rich", runs: replaced } : { kind: "empty" }) : replacedContent(before, text));
      return { outcome: "applied", target: op.find, before: before.text, after: shown(s, t), reason: null };
    }
    case "delete": {
      const t = resolve(s, op.block);
      const before = existing(s, t);
      write(s, t, t.row, t.col, { kind: "empty" });
      return { outcome: "applied", target: refOf(t.row, t.col), before: before.text, after: shown(s, t), reason: null };
    }
    case "insert_row":
      return insertRow(s, resolve(s, op.block), op.values);
    case "insert_after":
    case "insert_before":
      throw new EditRefused("a sheet has no paragraphs to insert; use set_cell to fill a cell or insert_row to add a row at the end");
    case "move":
      throw new EditRefused("moving cells would break the formulas, names and tables that refer to them");
    case "add_slide":
      throw new EditRefused("a workbook has no slides");
    case "comment":
      throw new EditRefused("comments on cells are not written");
  }
};

const FORMULA = /<(?:[\w.-]+:)?f[\s>/]/;

/** Whether any worksheet holds a formula, whose cached value a changed cell may have made stale. */
const holdsFormulas = (s: Session): boolean =>
  s.workbook.sheets.some((sheet) => sheet.kind === "worksheet" && sheet.part !== null && FORMULA.test(textOf(s, sheet.part)));

export const applyPlan = (bytes: Uint8Array, plan: readonly EditOp[]): EditResult => {
  const pkg = openPackage(bytes);
  const workbook = readWorkbook(pkg);
  const s: Session = {
    pkg,
    workbook,
    strings: readSharedStrings(pkg, workbookPartOf(workbook, "sharedStrings"), []),
    texts: new Map(),
    formulasChanged: false,
  };
  const edits = plan.flatMap((op, index): AppliedEdit[] => {
    const base = { index, op: op.op, block: "block" in op ? op.block : null };
    // A failed op leaves the sheets as they were before it.
    const saved = new Map(s.texts);
    const formulasChanged = s.formulasChanged;
    try {
      if (op.op === "replace_all") return replaceAll(s, op.find, op.replace).map((e) => ({ index, op: op.op, ...e }));
      return [{ ...base, ...applyOne(s, op) }];
    } catch (error) {
      s.texts.clear();
      for (const [k, v] of saved) s.texts.set(k, v);
      s.formulasChanged = formulasChanged;
      const refused = error instanceof EditRefused;
      let before: string | null = null;
      try {
        const t = resolve(s, base.block ?? "");
        before = valueAt(textOf(s, t.part), t.part, t.row, t.col, s.strings)?.text ?? null;
      } catch {
        // The block itself is what failed.
      }
      return [{ ...base, outcome: refused ? error.outcome : "rejected", target: null, before, after: before, reason: (error as Error).message }];
    }
  });
  const parts = new Map<string, string | null>();
  for (const [part, text] of s.texts) if (text !== pkg.text(part)) parts.set(part, text);
  if (parts.size > 0 && (s.formulasChanged || holdsFormulas(s))) {
    const xml = pkg.text(workbook.part);
    const marked = xml === null ? null : withFullCalcOnLoad(xml);
    if (marked !== null && marked !== xml) parts.set(workbook.part, marked);
  }
  if (parts.size > 0 && s.formulasChanged) for (const [part, text] of calcChainRemoval(pkg, workbook)) parts.set(part, text);
  return { parts, edits };
};
