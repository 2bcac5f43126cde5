/**
 * Every formula of the workbook parsed once (formula-refs.ts), for the checks that follow references: the formula
 * cells of each worksheet and the defined names, and how sheet names in formulas resolve (Excel compares them
 * without case).
 */
import { parseFormula, type FormulaParts } from "./formula-refs.ts";
import type { LoadedWorkbook } from "./load.ts";
import type { Cell } from "./sheet.ts";
import type { DefinedName } from "./workbook.ts";

export interface FormulaCell {
  readonly sheet: number;
  readonly cell: Cell;
  readonly parts: FormulaParts;
}

export interface ParsedName {
  readonly name: DefinedName;
  readonly parts: FormulaParts;
}

export interface Formulas {
  readonly cells: FormulaCell[];
  readonly names: ParsedName[];
  /** The index of the sheet called `name`, compared without case; undefined when there is none. */
  readonly sheetIndex: (name: string) => number | undefined;
}

export const parseFormulas = (loaded: LoadedWorkbook): Formulas => {
  const cells: FormulaCell[] = [];
  loaded.sheets.forEach((sheet, index) => {
    for (const row of sheet.cells?.rows ?? []) {
      for (const cell of row.cells) {
        if (cell.formula && cell.formula.text.trim() !== "") cells.push({ sheet: index, cell, parts: parseFormula(cell.formula.text) });
      }
    }
  });
  const names = (loaded.workbook?.names ?? []).map((name) => ({ name, parts: parseFormula(name.value) }));
  const bySheetName = new Map<string, number>();
  loaded.sheets.forEach((sheet, index) => {
    const key = sheet.entry.name.toLowerCase();
    if (!bySheetName.has(key)) bySheetName.set(key, index);
  });
  return { cells, names, sheetIndex: (name) => bySheetName.get(name.toLowerCase()) };
};
