/**
 * Checks of each worksheet's structure, where Excel shows its repair dialog: merged ranges that overlap (Excel
 * drops them), rows or cells out of order, one cell written twice, cell references outside the grid or outside
 * their row, cells of an unknown type or numbers that are not numbers, shared formulas whose master is missing,
 * shared string indexes past the table. A worksheet that could
 * not be read at all is said here too, so the user knows its cells went unchecked.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { parseRange } from "../extract/cell-ref.ts";
import { cellList, cellsAt, finding, plural } from "./findings.ts";
import type { LoadedSheet } from "./load.ts";
import type { SheetCells } from "./sheet.ts";

export const FIX_MERGES = "xlsx.overlapping_merges";
export const FIX_ORDER = "xlsx.sort_cells";

type Range = NonNullable<ReturnType<typeof parseRange>>;
const overlap = (a: Range, b: Range) => a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
/** A merge taller than this is compared with every other instead of being filed under each of its rows. */
const TALL = 512;

/** Indexes (in file order) of merges that overlap an earlier merge that is kept: the ones Excel drops. */
export const overlappingMerges = (merges: SheetCells["merges"]): number[] => {
  const byRow = new Map<number, Range[]>();
  const tall: Range[] = [];
  const dropped: number[] = [];
  merges.forEach((merge, index) => {
    const range = parseRange(merge.ref);
    if (!range) return;
    const candidates = range.bottom - range.top >= TALL ? [...byRow.values()].flat() : Array.from({ length: range.bottom - range.top + 1 }, (_, i) => byRow.get(range.top + i) ?? []).flat();
    if ([...candidates, ...tall].some((kept) => overlap(kept, range))) {
      dropped.push(index);
      return;
    }
    if (range.bottom - range.top >= TALL) tall.push(range);
    else {
      for (let r = range.top; r <= range.bottom; r++) {
        const list = byRow.get(r);
        if (list) list.push(range);
        else byRow.set(r, [range]);
      }
    }
  });
  return dropped;
};

/** Whether putting rows and cells in order is all the sheet needs: no duplicates, nothing misplaced or invalid. */
export const orderFixable = (cells: SheetCells): boolean => {
  const { order } = cells;
  if (order.duplicates.length + order.misplaced.length + order.invalid.length > 0) return false;
  return new Set(cells.rows.map((r) => r.r)).size === cells.rows.length;
};

/** `stringsUnreadable`: the shared string table itself is damaged (reported once, not again for each cell). */
export const checkSheet = (sheet: LoadedSheet, stringsUnreadable = false): Finding[] => {
  const name = sheet.entry.name;
  if (!sheet.cells) {
    return sheet.problem ? [finding("xlsx.sheet_unreadable", "error", "structural", `Sheet "${name}" could not be read, so it was not checked: ${sheet.problem}.`, { sheet: name })] : [];
  }
  const out: Finding[] = [];
  const { cells } = sheet;

  const dropped = overlappingMerges(cells.merges);
  if (dropped.length > 0) {
    const refs = dropped.map((i) => cells.merges[i]!.ref);
    out.push(finding("xlsx.overlapping_merge", "error", "structural", `Sheet "${name}" has merged ranges that overlap others (${cellList(refs)}); Excel removes them in a repair.`, cellsAt(name, refs), FIX_MERGES));
  }

  const { order } = cells;
  const disorder = [...order.rowsOutOfOrder.map((r) => `${r}:${r}`), ...order.cellsOutOfOrder];
  if (disorder.length > 0) {
    const fixable = orderFixable(cells);
    out.push(
      finding(
        "xlsx.cell_order",
        "error",
        "structural",
        `Sheet "${name}" has rows or cells out of order (${cellList(disorder)}); Excel reads them as damaged and repairs the file.`,
        cellsAt(name, disorder),
        fixable ? FIX_ORDER : undefined,
      ),
    );
  }
  if (order.duplicates.length > 0) {
    out.push(finding("xlsx.duplicate_cell", "error", "structural", `Sheet "${name}" writes ${plural(order.duplicates.length, "cell")} more than once (${cellList(order.duplicates)}); Excel keeps one and repairs the file.`, cellsAt(name, order.duplicates)));
  }
  const wrong = [...order.misplaced, ...order.invalid];
  if (wrong.length > 0) {
    out.push(finding("xlsx.invalid_cell_reference", "error", "structural", `Sheet "${name}" has cell or row references that are not valid or not in their row (${cellList(wrong)}); Excel repairs the file.`, cellsAt(name, wrong)));
  }
  if (cells.orphanFormulas.length > 0) {
    out.push(
      finding(
        "xlsx.shared_formula_orphan",
        "error",
        "structural",
        `Sheet "${name}" has ${plural(cells.orphanFormulas.length, "cell")} sharing a formula whose master cell is missing (${cellList(cells.orphanFormulas)}); Excel removes those formulas in a repair.`,
        cellsAt(name, cells.orphanFormulas),
      ),
    );
  }
  if (cells.invalidValues.length > 0) {
    out.push(
      finding(
        "xlsx.invalid_cell_value",
        "error",
        "structural",
        `Sheet "${name}" has ${plural(cells.invalidValues.length, "cell")} with a type Excel does not know or a number that is not a number (${cellList(cells.invalidValues)}); Excel repairs the file and may empty them.`,
        cellsAt(name, cells.invalidValues),
      ),
    );
  }
  if (cells.missingStrings.length > 0 && !stringsUnreadable) {
    out.push(
      finding(
        "xlsx.shared_string_missing",
        "error",
        "structural",
        `Sheet "${name}" has ${plural(cells.missingStrings.length, "cell")} pointing at shared strings the file does not hold (${cellList(cells.missingStrings)}); Excel repairs the file and the cells lose their text.`,
        cellsAt(name, cells.missingStrings),
      ),
    );
  }
  return out;
};
