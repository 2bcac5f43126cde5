/**
 * The workbook's `content` (core/contracts/review.ts): what a reader sees and what no repair may change. Sheet by sheet
 * in workbook order, the sheet's name (`sheet: Data`), then every cell that has a value or a formula in row and
 * column order — `Data!A1=42` for the value (cached values of formulas included: a reader sees them), and
 * `Data!C1==A1*B1` for the formula (shared formulas expanded). Then the defined names (`name: Rate=Data!$B$1`,
 * `name: Data!Local=…` for a name local to a sheet), each distinct one once. Cells are listed in grid order, not
 * file order, so putting rows back in order is not a change of content.
 */
import type { LoadedWorkbook } from "./load.ts";
import type { Cell } from "./sheet.ts";

const byPosition = (a: Cell, b: Cell) => a.row - b.row || a.col - b.col;

export const contentOf = (loaded: LoadedWorkbook): string[] => {
  const out: string[] = [];
  for (const { entry, cells } of loaded.sheets) {
    out.push(`sheet: ${entry.name}`);
    if (!cells) continue;
    const all = cells.rows.flatMap((row) => row.cells);
    // Already in order in a sound file; a stable sort keeps duplicates in file order.
    if (cells.order.rowsOutOfOrder.length + cells.order.cellsOutOfOrder.length + cells.order.misplaced.length > 0) all.sort(byPosition);
    for (const cell of all) {
      if (cell.shown !== undefined && cell.shown !== "") out.push(`${entry.name}!${cell.ref}=${cell.shown}`);
      if (cell.formula && cell.formula.text.trim() !== "") out.push(`${entry.name}!${cell.ref}==${cell.formula.text}`);
    }
  }
  const names = new Set<string>();
  for (const name of loaded.workbook?.names ?? []) {
    const scope = name.localSheetId === undefined ? "" : `${loaded.workbook!.sheets[name.localSheetId]?.name ?? `#${name.localSheetId}`}!`;
    names.add(`name: ${scope}${name.name}=${name.value}`);
  }
  out.push(...names);
  return out;
};
