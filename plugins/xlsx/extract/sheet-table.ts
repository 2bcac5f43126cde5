/**
 * A sheet's cells as one IR table over the used range: from the first to the last non-empty row and column
 * (empty rows and columns around the data are left out), the first non-empty row as the header, a run of empty
 * rows inside the data kept as one empty row (it separates blocks of data). Huge sheets are cut at `MAX_ROWS`
 * rows and `MAX_COLUMNS` columns, with a comment block and a diagnostic saying how much was left out.
 */
import type { Diagnostic } from "../../../core/diagnostics.ts";
import type { Block, SourceRange, TableCell, TableRow } from "../../../core/ir/types.ts";
import { columnLetters } from "./cell-ref.ts";

export const MAX_ROWS = 5000;
export const MAX_COLUMNS = 256;

/** A note of what the sheet does not show, where its cells are. */
export const sheetNote = (text: string, source: SourceRange | null): Block => ({ type: "comment", id: "", ...(source ? { source } : {}), text });

/** `rows`: row → column → cell, as `worksheet.ts` reads it; `source`: the `sheetData` element they came from. */
export const sheetBlocks = (
  rows: ReadonlyMap<number, ReadonlyMap<number, TableCell>>,
  sheet: string,
  diagnostics: Diagnostic[],
  source: SourceRange | null,
  rowsNotRead = 0,
): Block[] => {
  const used = [...rows.keys()].filter((r) => rows.get(r)!.size > 0).sort((a, b) => a - b);
  if (used.length === 0) return [sheetNote("empty sheet", source)];
  let left = Infinity;
  let right = 0;
  for (const r of used) {
    for (const c of rows.get(r)!.keys()) {
      if (c < left) left = c;
      if (c > right) right = c;
    }
  }
  const lastColumn = Math.min(right, left + MAX_COLUMNS - 1);
  const line = (cells?: ReadonlyMap<number, TableCell>): TableRow => {
    const out: TableCell[] = [];
    for (let c = left; c <= lastColumn; c++) out.push(cells?.get(c) ?? { id: "", inlines: [] });
    return { id: "", cells: out };
  };
  const lines: TableRow[] = [];
  let shown = 0;
  let previous = used[0]! - 1;
  for (const r of used) {
    if (shown > MAX_ROWS) break;
    if (r > previous + 1 && lines.length > 0) lines.push(line());
    lines.push(line(rows.get(r)));
    previous = r;
    shown++;
  }
  const [header, ...body] = lines;
  const out: Block[] = [{ type: "table", id: "", ...(source ? { source } : {}), align: header!.cells.map(() => null), header: [header!], rows: body }];
  const rowsLeft = used.length - Math.min(shown, used.length) + rowsNotRead;
  if (rowsLeft > 0) {
    out.push(sheetNote(`${rowsLeft.toLocaleString("en-US")} more rows not shown; the first ${MAX_ROWS.toLocaleString("en-US")} are.`, source));
    diagnostics.push({
      code: "extract.rows_truncated",
      severity: "warning",
      category: "extract",
      message: `Sheet "${sheet}" has ${used.length + rowsNotRead} rows with data; ${rowsLeft} after the first ${MAX_ROWS} were left out.`,
      location: { sheet },
    });
  }
  if (right > lastColumn) {
    out.push(sheetNote(`columns ${columnLetters(lastColumn + 1)} to ${columnLetters(right)} not shown.`, source));
    diagnostics.push({
      code: "extract.columns_truncated",
      severity: "warning",
      category: "extract",
      message: `Sheet "${sheet}" uses ${right - left + 1} columns; only the first ${MAX_COLUMNS} are shown.`,
      location: { sheet },
    });
  }
  return out;
};
