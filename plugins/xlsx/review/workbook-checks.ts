/**
 * Checks of the workbook part: what Excel refuses or repairs in it (no sheet at all; sheet names that are
 * duplicated, too long or hold `[]:*?/\`; duplicate or missing sheet ids; two defined names of one name in one
 * scope; a defined name Excel cannot parse as a name; a workbook view whose active or first tab is past the last
 * sheet; every sheet hidden) and what a reader should know (hidden and very hidden sheets). Sheet names and defined
 * names are content: nothing here renames anything.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { columnIndex } from "../extract/cell-ref.ts";
import { finding, plural } from "./findings.ts";
import { MAX_COL, MAX_ROW } from "./sheet.ts";
import type { WorkbookInfo } from "./workbook.ts";

export const FIX_UNHIDE = "xlsx.unhide_first_sheet";
export const FIX_ACTIVE_TAB = "xlsx.active_tab";
export const FIX_SHEET_IDS = "xlsx.duplicate_sheet_ids";
export const FIX_DEFINED_NAMES = "xlsx.duplicate_defined_names";

const FORBIDDEN = /[[\]:*?/\\]/;

/** Whether Excel accepts `name` as a defined name: a letter, `_` or `\` first, no spaces, not a cell reference. */
export const validDefinedName = (name: string): boolean => {
  if (name.length === 0 || name.length > 255) return false;
  if (/^_xlnm\./i.test(name)) return true;
  if (!/^[\p{L}_\\][\p{L}\p{N}_.\\?]*$/u.test(name)) return false;
  if (/^[RrCc]$/.test(name) || /^[Rr]\d*[Cc]\d*$/.test(name)) return false;
  const cell = /^([A-Za-z]{1,3})(\d+)$/.exec(name);
  return !(cell && columnIndex(cell[1]!) <= MAX_COL && Number(cell[2]) >= 1 && Number(cell[2]) <= MAX_ROW);
};

export const sheetIdsNeedingNumbers = (workbook: WorkbookInfo): number[] => {
  const seen = new Set<string>();
  const out: number[] = [];
  for (const sheet of workbook.sheets) {
    const id = sheet.sheetId;
    if (id === undefined || !/^\d+$/.test(id) || seen.has(String(Number(id)))) out.push(sheet.index);
    else seen.add(String(Number(id)));
  }
  return out;
};

/** Groups of defined names sharing a name and a scope (Excel refuses the second). */
export const duplicateNames = (workbook: WorkbookInfo): WorkbookInfo["names"][number][][] => {
  const groups = new Map<string, WorkbookInfo["names"][number][]>();
  for (const name of workbook.names) {
    const key = `${name.localSheetId ?? ""}|${name.name.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
};

export const tabOutOfRange = (workbook: WorkbookInfo): boolean => {
  const view = workbook.view;
  if (!view) return false;
  const bad = (value: string | undefined) => value !== undefined && (!/^\d+$/.test(value) || Number(value) >= Math.max(1, workbook.sheets.length));
  return bad(view.activeTab) || bad(view.firstSheet);
};

export const isHidden = (state: string | undefined) => state === "hidden" || state === "veryHidden";

export const checkWorkbook = (workbook: WorkbookInfo, xml: string): Finding[] => {
  const out: Finding[] = [];
  const { sheets } = workbook;
  if (sheets.length === 0) out.push(finding("xlsx.no_sheets", "error", "structural", "The workbook lists no sheets; Excel cannot open a workbook without one."));

  for (const sheet of sheets) {
    if (sheet.state === "hidden") {
      out.push(finding("xlsx.hidden_sheet", "info", "content", `Sheet "${sheet.name}" is hidden; its content is in the file but not shown.`, { sheet: sheet.name }));
    } else if (sheet.state === "veryHidden") {
      out.push(
        finding(
          "xlsx.very_hidden_sheet",
          "warning",
          "content",
          `Sheet "${sheet.name}" is very hidden: Excel does not list it among the sheets a user can unhide, yet its content is in the file.`,
          { sheet: sheet.name },
        ),
      );
    }
  }
  if (sheets.length > 0 && sheets.every((s) => isHidden(s.state))) {
    out.push(
      finding("xlsx.all_sheets_hidden", "error", "structural", `Every sheet of the workbook is hidden (${plural(sheets.length, "sheet")}); Excel needs one visible sheet and repairs the file.`, {}, FIX_UNHIDE),
    );
  }

  const byName = new Map<string, string[]>();
  for (const sheet of sheets) {
    const key = sheet.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), sheet.name]);
    const why =
      sheet.name.trim() === ""
        ? "it is empty"
        : sheet.name.length > 31
          ? `it is ${sheet.name.length} characters long (Excel allows 31)`
          : FORBIDDEN.test(sheet.name)
            ? "it holds a character Excel does not allow in sheet names ([ ] : * ? / \\)"
            : null;
    if (why) out.push(finding("xlsx.invalid_sheet_name", "error", "structural", `Sheet name "${sheet.name}" is not valid: ${why}. Excel repairs the file.`, { sheet: sheet.name }));
  }
  for (const names of byName.values()) {
    if (names.length > 1) {
      out.push(
        finding("xlsx.duplicate_sheet_name", "error", "structural", `${plural(names.length, "sheet")} share the name "${names[0]}" (names are compared without case); Excel repairs the file.`, { sheet: names[1]! }),
      );
    }
  }

  const renumber = sheetIdsNeedingNumbers(workbook);
  if (renumber.length > 0) {
    const listed = renumber.map((i) => `"${sheets[i]!.name}" (${sheets[i]!.sheetId === undefined ? "none" : `sheetId ${sheets[i]!.sheetId}`})`).join(", ");
    out.push(
      finding("xlsx.duplicate_sheet_id", "error", "structural", `Sheet ids must be distinct numbers; ${listed} ${renumber.length === 1 ? "has" : "have"} a duplicate or missing id. Excel repairs the file.`, { sheet: sheets[renumber[0]!]!.name }, FIX_SHEET_IDS),
    );
  }

  for (const group of duplicateNames(workbook)) {
    const first = group[0]!;
    const text = (n: typeof first) => xml.slice(n.element.start, n.element.end);
    const identical = group.every((n) => text(n) === text(first));
    const scope = first.localSheetId === undefined ? "the workbook" : `sheet "${sheets[first.localSheetId]?.name ?? first.localSheetId}"`;
    out.push(
      finding(
        "xlsx.duplicate_defined_name",
        "error",
        "structural",
        `The name "${first.name}" is defined ${group.length} times in ${scope}${identical ? " (identically)" : " with different values"}; Excel drops the extra definitions in a repair.`,
        first.localSheetId === undefined ? {} : { sheet: sheets[first.localSheetId]?.name ?? "" },
        identical ? FIX_DEFINED_NAMES : undefined,
      ),
    );
  }
  for (const name of workbook.names) {
    if (!validDefinedName(name.name)) {
      out.push(finding("xlsx.invalid_defined_name", "error", "structural", `"${name.name}" is not a valid defined name (a name starts with a letter, "_" or "\\", has no spaces and is not a cell reference); Excel removes it in a repair.`));
    }
  }

  if (tabOutOfRange(workbook)) {
    const view = workbook.view!;
    out.push(
      finding(
        "xlsx.active_tab_out_of_range",
        "error",
        "structural",
        `The workbook view points at tab ${view.activeTab ?? 0} (first tab ${view.firstSheet ?? 0}) but the workbook has ${plural(sheets.length, "sheet")}; Excel repairs the file.`,
        {},
        FIX_ACTIVE_TAB,
      ),
    );
  }
  return out;
};
