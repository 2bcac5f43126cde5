/**
 * Tables (`xl/tables/table*.xml`, listed in each sheet's relationships): Excel repairs a workbook in which two
 * tables share an `id`, two tables share a name (`displayName`, compared without case) or a table's name is also a
 * defined name, and in which two tables of one sheet overlap. Table names are used in formulas (`Sales[Amount]`),
 * so they are never changed; ids are only the file's bookkeeping, and `xlsx.duplicate_table_ids` gives the later
 * duplicates free ids — unless slicers or timelines, which point at tables by id, are in the file.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { PackageRefused } from "../../../core/ooxml/package.ts";
import type { Finding } from "../../../core/contracts/review.ts";
import { parseRange } from "../extract/cell-ref.ts";
import { relsOfType } from "../../../core/ooxml/rels.ts";
import { finding } from "./findings.ts";
import { partText } from "./load.ts";
import { attributes, walkXml } from "../../../core/ooxml/xml/walk.ts";
import { safeRels, type Span, type WorkbookInfo } from "./workbook.ts";

export const FIX_TABLE_IDS = "xlsx.duplicate_table_ids";

export interface TableInfo {
  readonly part: string;
  readonly sheet: string;
  readonly id: string | undefined;
  readonly name: string;
  readonly ref: string;
  /** The root `<table …>` start tag. */
  readonly tag: Span;
}

/** The tables of every worksheet, read from `text(part)` (cleaned for inspection, raw for a repair). */
export const readTables = (pkg: Package, workbook: WorkbookInfo, text: (part: string) => string | null): TableInfo[] => {
  const out: TableInfo[] = [];
  for (const sheet of workbook.sheets) {
    if (!sheet.part || sheet.kind !== "worksheet") continue;
    for (const rel of relsOfType(safeRels(pkg, sheet.part), "table")) {
      if (rel.external) continue;
      const xml = text(rel.target);
      if (xml === null) continue;
      let table: TableInfo | undefined;
      try {
        walkXml(xml, rel.target, {
          open(tag, raw, start, end) {
            if (tag !== "table" || table) return;
            const a = attributes(raw);
            table = { part: rel.target, sheet: sheet.name, id: a.get("id"), name: a.get("displayName") ?? a.get("name") ?? "", ref: a.get("ref") ?? "", tag: { start, end } };
          },
        });
      } catch (error) {
        if (error instanceof PackageRefused && error.reason === "xml_invalid") continue;
        throw error;
      }
      if (table) out.push(table);
    }
  }
  return out;
};

/** Tables whose id is missing or already taken by an earlier table: the ones `xlsx.duplicate_table_ids` renumbers. */
export const tablesNeedingIds = (tables: readonly TableInfo[]): TableInfo[] => {
  const seen = new Set<string>();
  return tables.filter((t) => {
    const id = t.id !== undefined && /^\d+$/.test(t.id) ? String(Number(t.id)) : undefined;
    if (id === undefined || seen.has(id)) return true;
    seen.add(id);
    return false;
  });
};

/** Whether anything in the package points at tables by id (slicers, timelines). */
export const tableIdsReferenced = (pkg: Package): boolean => pkg.names.some((n) => /^xl\/(?:slicerCaches|timelineCaches)\//i.test(n));

export const checkTables = (pkg: Package, workbook: WorkbookInfo): Finding[] => {
  const tables = readTables(pkg, workbook, (part) => partText(pkg, part));
  if (tables.length === 0) return [];
  const out: Finding[] = [];
  const renumber = tablesNeedingIds(tables);
  if (renumber.length > 0) {
    const fixable = !tableIdsReferenced(pkg);
    out.push(
      finding(
        "xlsx.duplicate_table_id",
        "error",
        "structural",
        `Tables ${renumber.map((t) => `"${t.name}" (${t.part})`).join(", ")} have a missing id or one another table already has; Excel repairs the file.${fixable ? "" : " Slicers or timelines point at tables by id, so the ids are left as they are."}`,
        { sheet: renumber[0]!.sheet },
        fixable ? FIX_TABLE_IDS : undefined,
      ),
    );
  }
  const byName = new Map<string, TableInfo[]>();
  for (const table of tables) {
    const key = table.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), table]);
  }
  const definedNames = new Set(workbook.names.map((n) => n.name.toLowerCase()));
  for (const [key, same] of byName) {
    if (same.length > 1) {
      out.push(finding("xlsx.duplicate_table_name", "error", "structural", `${same.length} tables are named "${same[0]!.name}" (${same.map((t) => t.part).join(", ")}); Excel repairs the file.`, { sheet: same[1]!.sheet }));
    }
    if (definedNames.has(key)) {
      out.push(finding("xlsx.duplicate_table_name", "error", "structural", `Table "${same[0]!.name}" has the name of a defined name; Excel repairs the file.`, { sheet: same[0]!.sheet }));
    }
  }
  const bySheet = new Map<string, TableInfo[]>();
  for (const table of tables) bySheet.set(table.sheet, [...(bySheet.get(table.sheet) ?? []), table]);
  for (const [sheet, list] of bySheet) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = parseRange(list[i]!.ref);
        const b = parseRange(list[j]!.ref);
        if (a && b && a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom) {
          out.push(finding("xlsx.overlapping_tables", "error", "structural", `Tables "${list[i]!.name}" (${list[i]!.ref}) and "${list[j]!.name}" (${list[j]!.ref}) of sheet "${sheet}" overlap; Excel repairs the file.`, { sheet, cells: [list[i]!.ref, list[j]!.ref] }));
        }
      }
    }
  }
  return out;
};
