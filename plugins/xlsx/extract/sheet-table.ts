/**
 * A sheet's cells as one GFM table over the used range: from the first to the last non-empty row and column
 * (empty rows and columns around the data are left out), the first non-empty row as the header, a run of empty
 * rows inside the data kept as one empty row (it separates blocks of data). Huge sheets are cut at `MAX_ROWS`
 * rows and `MAX_COLUMNS` columns, with a line and a diagnostic saying how much was left out.
 */
import type { Diagnostic } from "../../../core/diagnostics.ts";
import { columnLetters } from "./cell-ref.ts";
import { gfmTable } from "./markdown.ts";

export const MAX_ROWS = 5000;
export const MAX_COLUMNS = 256;

/** `rows`: row → column → cell Markdown, as `worksheet.ts` reads it. */
export const sheetTable = (rows: ReadonlyMap<number, ReadonlyMap<number, string>>, sheet: string, diagnostics: Diagnostic[], rowsNotRead = 0): string => {
  const used = [...rows.keys()].filter((r) => rows.get(r)!.size > 0).sort((a, b) => a - b);
  if (used.length === 0) return "_(empty sheet)_";
  let left = Infinity;
  let right = 0;
  for (const r of used) {
    for (const c of rows.get(r)!.keys()) {
      if (c < left) left = c;
      if (c > right) right = c;
    }
  }
  const lastColumn = Math.min(right, left + MAX_COLUMNS - 1);
  const lines: string[][] = [];
  let shown = 0;
  let previous = used[0]! - 1;
  for (const r of used) {
    if (shown > MAX_ROWS) break;
    if (r > previous + 1 && lines.length > 0) lines.push([]);
    const cells = rows.get(r)!;
    const line: string[] = [];
    for (let c = left; c <= lastColumn; c++) line.push(cells.get(c) ?? "");
    lines.push(line);
    previous = r;
    shown++;
  }
  const notes: string[] = [];
  const rowsLeft = used.length - Math.min(shown, used.length) + rowsNotRead;
  if (rowsLeft > 0) {
    notes.push(`_(${rowsLeft.toLocaleString("en-US")} more rows not shown; the first ${MAX_ROWS.toLocaleString("en-US")} are.)_`);
    diagnostics.push({
      code: "extract.rows_truncated",
      severity: "warning",
      category: "extract",
      message: `Sheet "${sheet}" has ${used.length + rowsNotRead} rows with data; ${rowsLeft} after the first ${MAX_ROWS} were left out.`,
      location: { sheet },
    });
  }
  if (right > lastColumn) {
    notes.push(`_(columns ${columnLetters(lastColumn + 1)} to ${columnLetters(right)} not shown.)_`);
    diagnostics.push({
      code: "extract.columns_truncated",
      severity: "warning",
      category: "extract",
      message: `Sheet "${sheet}" uses ${right - left + 1} columns; only the first ${MAX_COLUMNS} are shown.`,
      location: { sheet },
    });
  }
  return [gfmTable(lines), ...notes].join("\n\n");
};
