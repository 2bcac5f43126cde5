/**
 * The workbook part: where it is (the package's `officeDocument` relationship), its sheets in tab order with their
 * names, visibility and parts, and its date system (`workbookPr date1904`). A package without a workbook part is
 * not a readable workbook.
 */
import type { SourceRange } from "../../../core/ir/types.ts";
import type { Package } from "../../../core/ooxml/package.ts";
import { ExtractRefused } from "../../../core/contracts/extract.ts";
import { mainPart, relsOf, relsOfType, type Rels } from "../../../core/ooxml/rels.ts";
import { attr, child, flag, kids, readPart, relAttr } from "../../../core/ooxml/xml/query.ts";

export interface SheetEntry {
  readonly name: string;
  readonly hidden: boolean;
  /** The sheet's part, or null when its relationship is missing. */
  readonly part: string | null;
  readonly kind: "worksheet" | "chartsheet" | "dialogsheet" | "other";
  /** Its `sheet` element in the workbook part, where its name is. */
  readonly source: SourceRange;
}

export interface Workbook {
  readonly part: string;
  readonly rels: Rels;
  readonly sheets: readonly SheetEntry[];
  readonly date1904: boolean;
}

const KINDS = new Set(["worksheet", "chartsheet", "dialogsheet"]);

export const readWorkbook = (pkg: Package): Workbook => {
  const part = mainPart(pkg, "xl/workbook.xml");
  const root = readPart(pkg, part);
  if (!root) throw new ExtractRefused(`The file is not a complete Excel workbook: its workbook part (${part}) is missing.`, "unreadable");
  const rels = relsOf(pkg, part);
  const date1904 = flag(child(root, "workbookPr"), "date1904");
  const sheets = kids(child(root, "sheets"), "sheet").map((sheet, i): SheetEntry => {
    const rel = rels.get(relAttr(sheet, "id") ?? "");
    const state = attr(sheet, "state");
    const type = rel?.type ?? "";
    return {
      name: attr(sheet, "name") ?? `Sheet${i + 1}`,
      hidden: state === "hidden" || state === "veryHidden",
      part: rel && !rel.external ? rel.target : null,
      kind: KINDS.has(type) ? (type as SheetEntry["kind"]) : "other",
      source: { part, start: sheet.start, end: sheet.end },
    };
  });
  return { part, rels, sheets, date1904 };
};

/** The part of the workbook's relationship of `type` (`styles`, `sharedStrings`), if any. */
export const workbookPartOf = (workbook: Workbook, type: string): string | null => relsOfType(workbook.rels, type).find((r) => !r.external)?.target ?? null;
