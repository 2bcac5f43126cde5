/**
 * Broken references in formulas and defined names: `#REF!` written into the formula (what Excel leaves after the
 * cells or sheet a formula pointed at were deleted), a sheet name no sheet of the workbook has, and an external
 * reference (`[1]Rates!B3`) whose external link part is not in the file. Each is an error of the data a reader
 * relies on; none can be repaired without guessing what the formula meant.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { holdsPart } from "../../../core/ooxml/rels.ts";
import { cellList, cellsAt, finding, plural } from "./findings.ts";
import type { FormulaName, FormulaParts, FormulaRef } from "./formula-refs.ts";
import type { Formulas } from "./formulas.ts";
import type { LoadedWorkbook } from "./load.ts";

type Problem = "ref" | "sheet" | "external";

const WHAT: Record<Problem, { code: string; cells: (n: number) => string; names: (n: number) => string; why: string }> = {
  ref: {
    code: "xlsx.broken_reference",
    cells: (n) => `${plural(n, "formula")} with #REF! (a reference to cells or a sheet that were deleted)`,
    names: (n) => `${n === 1 ? "refers" : "refer"} to #REF! (cells or a sheet that were deleted)`,
    why: "their results are errors or wrong",
  },
  sheet: {
    code: "xlsx.unknown_sheet_reference",
    cells: (n) => `${plural(n, "formula")} naming a sheet the workbook does not have`,
    names: (n) => `${n === 1 ? "names" : "name"} a sheet the workbook does not have`,
    why: "they cannot be calculated",
  },
  external: {
    code: "xlsx.external_link_missing",
    cells: (n) => `${plural(n, "formula")} referring to another workbook whose link is not in the file`,
    names: (n) => `${n === 1 ? "refers" : "refer"} to another workbook whose link is not in the file`,
    why: "their values cannot be updated and may be stale",
  },
};

const push = <K>(map: Map<K, string[]>, key: K, value: string) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export const checkReferences = (loaded: LoadedWorkbook, formulas: Formulas): Finding[] => {
  const workbook = loaded.workbook;
  if (!workbook) return [];
  const linkPresent = (book: string): boolean => {
    if (!/^\d+$/.test(book)) return false;
    const rel = workbook.rels.get(workbook.externalRefs[Number(book) - 1] ?? "");
    return !!rel && !rel.external && holdsPart(loaded.pkg, rel.target);
  };
  const problemsOf = (parts: FormulaParts): Set<Problem> => {
    const found = new Set<Problem>();
    if (parts.refErrors > 0) found.add("ref");
    const where: (FormulaRef | FormulaName)[] = [...parts.refs, ...parts.names];
    for (const at of where) {
      if (at.book !== undefined) {
        if (!linkPresent(at.book)) found.add("external");
      } else {
        const sheets = "lastSheet" in at && at.lastSheet !== undefined ? [at.sheet, at.lastSheet] : [at.sheet];
        if (sheets.some((s) => s !== undefined && formulas.sheetIndex(s) === undefined)) found.add("sheet");
      }
    }
    return found;
  };

  const out: Finding[] = [];
  const bySheet = new Map<string, Map<Problem, string[]>>();
  for (const { sheet, cell, parts } of formulas.cells) {
    for (const problem of problemsOf(parts)) {
      const name = loaded.sheets[sheet]!.entry.name;
      let kinds = bySheet.get(name);
      if (!kinds) bySheet.set(name, (kinds = new Map()));
      push(kinds, problem, cell.ref);
    }
  }
  for (const [sheet, kinds] of bySheet) {
    for (const [problem, cells] of kinds) {
      const what = WHAT[problem];
      out.push(finding(what.code, "error", "data", `Sheet "${sheet}" has ${what.cells(cells.length)} (${cellList(cells)}); ${what.why}.`, cellsAt(sheet, cells)));
    }
  }

  const names = new Map<Problem, string[]>();
  for (const { name, parts } of formulas.names) {
    for (const problem of problemsOf(parts)) {
      const scope = name.localSheetId === undefined ? "" : ` (${workbook.sheets[name.localSheetId]?.name ?? `sheet ${name.localSheetId}`})`;
      push(names, problem, `${name.name}${scope}`);
    }
  }
  for (const [problem, listed] of names) {
    const what = WHAT[problem];
    out.push(finding(what.code, "error", "data", `${listed.length === 1 ? "The defined name" : `${listed.length} defined names:`} ${cellList(listed)} ${what.names(listed.length)}; formulas using ${listed.length === 1 ? "it" : "them"} fail.`));
  }
  return out;
};
