/**
 * Total rows are formulas. A row whose first cell starts with "Subtotal" sums the rows since the previous
 * subtotal or total; "Total", "Totals", "Totales", "Suma" or "Sum" the rows since the previous total — the
 * subtotals among them, not their rows again; "Total general", "Grand total", "Gran total" the totals above
 * it. A bare "Total" that follows totals of its own level with nothing new in between sums them (the grand
 * total of "Total North", "Total South").
 *
 * In each numeric column — numbers and formulas alike — the cell gets its aggregate:
 * - amounts: the SUM, whether the cell was empty or held a number (the sum wins over a number written wrong,
 *   with an info);
 * - a column of ratios (its formulas divide, or show a percentage): the row's own ratio of the totals
 *   (`=(D5-C5)/D5`), when the formula reads only its own row and the columns it reads are summed; else empty,
 *   with a warning, since a reader would take the empty cell for a total that is missing;
 * - a running balance (each formula reads the same column on a row above, `=E2+B3`): summing it would count
 *   every balance again, so its total is the balance at the last row it covers (`=E4`);
 * - percentages, prices, rates, averages, years and codes (units.ts): only a number written there becomes
 *   the SUM when it is the sum; a percentage that is not is an average or a rate and is kept (reported);
 * - text columns stay as written.
 * A sum of typed numbers is cached in the cell, so a viewer that does not calculate shows it.
 */
import { round } from "./cells.ts";
import type { TypedColumn } from "./columns.ts";
import type { MapContext, Where } from "./context.ts";
import { clip, report } from "./context.ts";
import type { CellModel, CellValue } from "./model.ts";
import { address, columnLetter, columnNumber } from "./names.ts";
import { shownOf } from "./result-formats.ts";
import { notAdditive } from "./units.ts";

export type RowKind = "detail" | "subtotal" | "total" | "grand";

const levels: Record<RowKind, number> = { detail: 0, subtotal: 1, total: 2, grand: 3 };
const grandLabel = /^(?:grand\s+total|gran\s+total|total\s+general|total\s+global|overall\s+total|totales\s+generales)(?:\b|$)/i;
const totalLabel = /^(?:totals?|totales|suma|sum)(?:\b|$)/i;
const subtotalLabel = /^sub-?\s?tota(?:l|les)(?:\b|$)/i;

export function rowKind(firstCell: string): RowKind {
  const label = firstCell.trim().replace(/[:*_]+$/, "").trim();
  if (subtotalLabel.test(label)) return "subtotal";
  if (grandLabel.test(label)) return "grand";
  if (totalLabel.test(label)) return "total";
  return "detail";
}

/** For each total row (by body row index), the body rows it adds up, in order. */
export function summaryItems(kinds: RowKind[]): Map<number, number[]> {
  const pending: number[] = [];
  const items = new Map<number, number[]>();
  const take = (below: (level: number) => boolean) => {
    const taken: number[] = [];
    while (pending.length > 0 && below(levels[kinds[pending.at(-1)!]!])) taken.unshift(pending.pop()!);
    return taken;
  };
  kinds.forEach((kind, r) => {
    if (kind !== "detail") {
      const level = levels[kind];
      let taken = take((l) => l < level);
      if (taken.length === 0) taken = take((l) => l === level);
      items.set(r, taken);
    }
    pending.push(r);
  });
  return items;
}

export interface TotalsInput {
  columns: TypedColumn[];
  headers: string[];
  kinds: RowKind[];
  /** The body's cells as mapped, by body row and column (0-based). */
  grid: CellModel[][];
  headerRows: number;
  sheet: string;
  /** IR id of each body cell, for reports. */
  ids: string[][];
}

type Mode = "sum" | "ratio" | "running" | "written" | "percent" | "none";

/** Writes the aggregate into every total row's cells (`grid` is changed in place). */
export function fillTotals(input: TotalsInput, ctx: MapContext): void {
  const { columns, kinds, grid, headerRows } = input;
  const items = summaryItems(kinds);
  if (items.size === 0) return;
  const modes = columns.map((column, c) => modeOf(column, c, input));
  const sheetRow = (r: number) => headerRows + r + 1;
  columns.forEach((column, c) => {
    const mode = modes[c]!;
    if (mode === "none") return;
    const letter = columnLetter(c + 1);
    const ratio = mode === "ratio" ? ratioPattern(input, c, modes) : null;
    const format = columnFormat(input, c);
    // Each row's known value, for the cached result and the written-total check.
    const values: (number | undefined)[] = kinds.map((_, r) => (kinds[r] === "detail" ? detailValue(column, r) : undefined));
    for (const [r, rows] of items) {
      const cell = grid[r]![c]!;
      const typed = column.cells[r]!;
      const where: Where = { nodeId: input.ids[r]![c]!, sheet: input.sheet, cells: [address(sheetRow(r), c + 1)] };
      const empty = typed.type === "empty";
      if (typed.type === "number") values[r] = column.numbers[r]!.value;
      if (rows.length === 0 || !(empty || typed.type === "number")) continue;
      if (mode === "ratio") {
        if (empty && ratio) {
          cell.value = { kind: "formula", formula: ratio.replace(/\{row\}/g, String(sheetRow(r))) };
          if (format) cell.numFmt = format;
        } else if (empty) {
          report(
            ctx,
            "xlsx.total_empty",
            "warning",
            "data",
            `The ${kinds[r]} in ${address(sheetRow(r), c + 1)} of sheet "${input.sheet}" was left empty: the column "${input.headers[c] || letter}" computes a ratio row by row that could not be worked out for the totals; write its formula there.`,
            where,
          );
        }
        continue;
      }
      if (mode === "running") {
        if (empty) {
          const last = rows.at(-1)!;
          const formula = `${letter}${sheetRow(last)}`;
          cell.value = values[last] !== undefined ? { kind: "formula", formula, result: values[last]! } : { kind: "formula", formula };
          if (format) cell.numFmt = format;
          values[r] = values[last];
        }
        continue;
      }
      if (empty && mode !== "sum") continue;
      const known = rows.every((i) => values[i] !== undefined);
      const sum = round(rows.reduce((acc, i) => acc + (values[i] ?? 0), 0), 10);
      const formula = `SUM(${ranges(rows.map(sheetRow), letter)})`;
      if (!empty) {
        const written = column.numbers[r]!;
        const places = written.decimals + (written.flavour.type === "percent" ? 2 : 0);
        const differs = known && Math.abs(written.value - sum) > 0.5 * 10 ** -places + 1e-9 * Math.max(1, Math.abs(sum));
        const at = `${address(sheetRow(r), c + 1)} of sheet "${input.sheet}"`;
        if (differs && (written.flavour.type === "percent" || mode === "percent")) {
          report(
            ctx,
            "xlsx.total_kept",
            "info",
            "data",
            `The ${kinds[r]} in ${at} (${written.value}) is not the sum of its column (${sum}); in a percentage column that is usually an average or a rate, so it was kept as written.`,
            where,
          );
          continue;
        }
        if (differs) {
          report(
            ctx,
            "xlsx.total_differs",
            "info",
            "data",
            `The ${kinds[r]} written in ${at} was ${written.value}, but the rows above add up to ${sum}; the cell is now ${clip(`=${formula}`)}.`,
            where,
          );
        }
      } else if (format) cell.numFmt = format;
      cell.value = known ? { kind: "formula", formula, result: sum } : { kind: "formula", formula };
      values[r] = known ? sum : undefined;
    }
  });
}

function modeOf(column: TypedColumn, c: number, input: TotalsInput): Mode {
  if (c === 0 || column.kind !== "number") return "none";
  const header = input.headers[c] ?? "";
  const format = shownOf(columnFormat(input, c));
  const hasFormulas = input.kinds.some((k, r) => k === "detail" && column.cells[r]!.type === "formula");
  if (hasFormulas && runsOn(input, c)) return "running";
  if (hasFormulas && (format?.kind === "percent" || column.unit === "percent" || dividesByCell(input, c))) return "ratio";
  if (format?.kind === "percent" || column.unit === "percent") return "percent";
  if (notAdditive(header)) return "written";
  return "sum";
}

/** The format the column's detail cells show with. */
function columnFormat(input: TotalsInput, c: number): string | undefined {
  for (let r = 0; r < input.kinds.length; r++) if (input.kinds[r] === "detail" && input.grid[r]![c]!.numFmt) return input.grid[r]![c]!.numFmt;
  return input.columns[c]!.numFmt;
}

function detailValue(column: TypedColumn, r: number): number | undefined {
  const typed = column.cells[r]!;
  if (typed.type === "formula") return undefined;
  return column.numbers[r]?.value ?? 0;
}

/** `B2:B4,B7` for the rows 2, 3, 4, 7. */
function ranges(rows: number[], letter: string): string {
  const out: string[] = [];
  let start = rows[0]!;
  rows.forEach((row, i) => {
    const next = rows[i + 1];
    if (next === row + 1) return;
    out.push(start === row ? `${letter}${start}` : `${letter}${start}:${letter}${row}`);
    if (next !== undefined) start = next;
  });
  return out.join(",");
}

const reference = /(?<![A-Za-z0-9_.!'$])(\$?)([A-Za-z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_(!])/g;

function formulaOf(value: CellValue): string | null {
  return value.kind === "formula" ? value.formula : null;
}

/**
 * The column's formulas read the column itself on a row above: a running balance or a cumulative sum. Its first
 * formula may open it from elsewhere (`=D2`); every later one carries it on.
 */
function runsOn(input: TotalsInput, c: number): boolean {
  const own = columnLetter(c + 1).toUpperCase();
  const carried = input.grid.flatMap((row, r) => {
    const formula = input.kinds[r] === "detail" ? formulaOf(row[c]!.value) : null;
    if (formula === null) return [];
    const here = input.headerRows + r + 1;
    const refs = [...formula.replace(/"(?:[^"]|"")*"/g, '""').matchAll(reference)];
    return [refs.some(([, , letters, rowAbs, digits]) => letters!.toUpperCase() === own && rowAbs !== "$" && Number(digits) < here)];
  });
  const later = carried[0] ? carried : carried.slice(1);
  return later.length > 0 && later.every(Boolean);
}

function dividesByCell(input: TotalsInput, c: number): boolean {
  return input.grid.some((row, r) => {
    const formula = input.kinds[r] === "detail" ? formulaOf(row[c]!.value) : null;
    return formula !== null && /\/\s*\(?\s*\$?[A-Za-z]{1,3}\$?\d/.test(formula.replace(/"(?:[^"]|"")*"/g, '""'));
  });
}

/**
 * The ratio the detail rows compute, with `{row}` for the row: every detail formula the same once its own row
 * is taken out, reading only its own row (or fixed rows), and only columns that are summed.
 */
function ratioPattern(input: TotalsInput, c: number, modes: Mode[]): string | null {
  let pattern: string | null = null;
  for (let r = 0; r < input.kinds.length; r++) {
    if (input.kinds[r] !== "detail") continue;
    const formula = formulaOf(input.grid[r]![c]!.value);
    if (formula === null) return null;
    const row = input.headerRows + r + 1;
    let ok = /"/.test(formula) ? false : true;
    const shaped = formula.replace(reference, (whole, colAbs: string, letters: string, rowAbs: string, digits: string) => {
      if (rowAbs === "$") return whole;
      if (Number(digits) !== row || modes[columnNumber(letters) - 1] !== "sum") ok = false;
      return `${colAbs}${letters}${rowAbs}{row}`;
    });
    if (!ok || (pattern !== null && pattern !== shaped)) return null;
    pattern = shaped;
  }
  return pattern;
}
