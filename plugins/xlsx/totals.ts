/**
 * Total rows are formulas. A row whose first cell starts with "Subtotal" (Zwischensumme, Sous-total, Subtotale,
 * Subtotaal) sums the rows since the previous subtotal or total; "Total", "Totals", "Totales", "Suma" or "Sum"
 * (Summe, Gesamt, Insgesamt, Totale, Totaal) the rows since the previous total — the subtotals among them, not
 * their rows again; "Total general", "Grand total", "Gran total" (Gesamtsumme, Total général, Totale generale,
 * Total geral, Eindtotaal) the totals above it. A bare "Total" that follows totals of its own level with nothing new in between sums them (the grand
 * total of "Total North", "Total South").
 *
 * In each numeric column — numbers and formulas alike — the cell gets its aggregate:
 * - amounts: the SUM, whether the cell was empty or held a number (the sum wins over a number written wrong,
 *   with an info);
 * - a column of ratios (its formulas divide, or show a percentage): the row's own ratio of the totals
 *   (`=(D5-C5)/D5`, a margin `=D7/B7`), when the formula reads only its own row and the columns it reads have
 *   totals; else empty, with a warning, since a reader would take the empty cell for a total that is missing;
 * - a running balance, a stock (each formula carries the same column on from a row above and adds this row's
 *   flows, `=E2+B3`, `=D2+B3-C3`, or is a cumulative `=SUM(B$2:B3)`): summing it would count every balance
 *   again, so its total is the balance at the last row it covers (`=E4`). A column that merely reads the row
 *   above — a growth chain `=B2*(1+growth_rate)`, a step `=B2+500` — is a flow like any other, and is summed;
 * - percentages, prices, rates, averages, years and codes (units.ts): only a number written there becomes
 *   the SUM when it is the sum; a percentage that is not is an average or a rate and is kept (reported);
 * - text columns stay as written.
 * A sum of typed numbers is cached in the cell, so a viewer that does not calculate shows it.
 *
 * Totals that contradict their rows are reported (`xlsx.totals_inconsistent`): a column computed from another
 * on each row and never above it (gross profit `=B2-C2` from revenue) whose total comes out above that
 * column's total, as when a total written by the author takes the last year (`=B6`) instead of the sum.
 */
import { round } from "./cells.ts";
import { evaluate } from "./evaluate.ts";
import type { TypedColumn } from "./columns.ts";
import type { MapContext, Where } from "./context.ts";
import { clip, report } from "./context.ts";
import type { CellModel, CellValue } from "./model.ts";
import { address, columnLetter, columnNumber } from "./names.ts";
import { shownOf } from "./result-formats.ts";
import { notAdditive } from "./units.ts";

export type RowKind = "detail" | "subtotal" | "total" | "grand";

const levels: Record<RowKind, number> = { detail: 0, subtotal: 1, total: 2, grand: 3 };
const grandLabel =
  /^(?:grand\s+total|gran\s+total|total\s+general|total\s+global|overall\s+total|totales\s+generales|gesamtsumme|gesamtbetrag|total\s+g[ée]n[ée]ral|totale\s+(?:generale|complessivo)|total\s+geral|eindtotaal|totaal\s+generaal)(?![\p{L}])/iu;
const totalLabel = /^(?:totals?|totales|suma|sum|summe|gesamt|insgesamt|totale|totali|totaal)(?![\p{L}])/iu;
const subtotalLabel = /^(?:sub-?\s?tota(?:l|les|le|li|is|al|ux)|sous-?\s?tot(?:al|aux)|zwischensummen?)(?![\p{L}])/iu;

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
  checkConsistency(input, items, modes, ctx);
}

function modeOf(column: TypedColumn, c: number, input: TotalsInput): Mode {
  if (c === 0 || column.kind !== "number") return "none";
  const header = input.headers[c] ?? "";
  const format = shownOf(columnFormat(input, c));
  const hasFormulas = input.kinds.some((k, r) => k === "detail" && column.cells[r]!.type === "formula");
  if (hasFormulas && carriesBalance(input, c)) return "running";
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

/** The cell references of a formula (strings blanked), with the row as written. */
function references(formula: string): { letters: string; rowAbs: boolean; row: number }[] {
  return [...formula.replace(/"(?:[^"]|"")*"/g, '""').matchAll(reference)].map(([, , letters, rowAbs, digits]) => ({
    letters: letters!.toUpperCase(),
    rowAbs: rowAbs === "$",
    row: Number(digits),
  }));
}

/** The formula's terms joined by `+` and `-` outside parentheses and strings. */
function additiveTerms(formula: string): string[] {
  const text = formula.replace(/"(?:[^"]|"")*"/g, '""');
  const terms: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if ((ch === "+" || ch === "-") && depth === 0) {
      const before = text.slice(start, i).trim();
      // A sign (`=-B2`, `*-1`) or an exponent (`1E+5`) does not end a term.
      if (before === "" || /[-+*/^&=<>,(]$/.test(before) || /\d[eE]$/.test(before)) continue;
      terms.push(before);
      start = i + 1;
    }
  }
  terms.push(text.slice(start).trim());
  return terms.filter((t) => t !== "");
}

/**
 * A stock in one formula of row `here`: the column `own` carried on from a row above plus or minus this row's
 * flows (a term that reads a cell of this row), or a cumulative sum from a fixed first row to this one.
 */
function carriesOn(formula: string, own: string, here: number): boolean {
  const cumulative = /^SUM\(\s*\$?([A-Za-z]{1,3})\$\d+\s*:\s*\$?([A-Za-z]{1,3})(\d+)\s*\)$/i.exec(formula.trim());
  if (cumulative && cumulative[1]!.toUpperCase() === cumulative[2]!.toUpperCase() && Number(cumulative[3]) === here) return true;
  const terms = additiveTerms(formula).map(references);
  const above = (refs: ReturnType<typeof references>) => refs.some((ref) => ref.letters === own && !ref.rowAbs && ref.row < here);
  const flow = (refs: ReturnType<typeof references>) => !above(refs) && refs.some((ref) => !ref.rowAbs && ref.row === here);
  return terms.some(above) && terms.some(flow);
}

/**
 * The column is a running balance or a cumulative sum: every formula carries it on (carriesOn). Its first
 * formula may open it from elsewhere (`=D2`); every later one carries it on.
 */
function carriesBalance(input: TotalsInput, c: number): boolean {
  const own = columnLetter(c + 1).toUpperCase();
  const carried = input.grid.flatMap((row, r) => {
    const formula = input.kinds[r] === "detail" ? formulaOf(row[c]!.value) : null;
    return formula === null ? [] : [carriesOn(formula, own, input.headerRows + r + 1)];
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
 * is taken out, reading only its own row (or fixed rows), and only columns that get a total (a sum or a balance).
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
      const read = modes[columnNumber(letters) - 1];
      if (Number(digits) !== row || (read !== "sum" && read !== "running")) ok = false;
      return `${colAbs}${letters}${rowAbs}{row}`;
    });
    if (!ok || (pattern !== null && pattern !== shaped)) return null;
    pattern = shaped;
  }
  return pattern;
}

/**
 * Each column whose formulas read another column on their own row and never a row above (gross profit `=B2-C2`
 * reads revenue) and come out no greater on any row is a part of it; its total must not come out greater either.
 * Values are worked out from the formulas (evaluate.ts); a pair with any value unknown, a total left empty or a
 * balance (whose total is not a sum) is not compared.
 */
function checkConsistency(input: TotalsInput, items: Map<number, number[]>, modes: Mode[], ctx: MapContext): void {
  const { grid, headerRows } = input;
  const width = input.columns.length;
  const memo = new Map<string, number | undefined>();
  const value = (r: number, c: number): number | undefined => {
    if (r >= grid.length || c >= width) return 0;
    const key = `${r}:${c}`;
    if (memo.has(key)) return memo.get(key);
    memo.set(key, undefined); // a circular reference has no value
    const cell = grid[r]![c]!.value;
    const v =
      cell.kind === "number" ? cell.value : cell.kind === "empty" ? 0 : cell.kind === "formula" ? evaluate(cell.formula, lookup) : undefined;
    memo.set(key, v);
    return v;
  };
  const lookup = {
    cell: (column: number, row: number) => (row <= headerRows ? undefined : value(row - headerRows - 1, column - 1)),
    name: (name: string) => ctx.nameValues.get(name),
  };
  // Top to bottom first, so a long chain reading the row above never recurses deeper than one row.
  for (let r = 0; r < grid.length; r++) for (let c = 0; c < width; c++) value(r, c);
  const sheetRow = (r: number) => headerRows + r + 1;
  const reads = (r: number, c: number): Set<number> => {
    const formula = formulaOf(grid[r]![c]!.value);
    const refs = formula === null ? [] : references(formula);
    if (refs.some((ref) => !ref.rowAbs && ref.row < sheetRow(r))) return new Set();
    return new Set(refs.filter((ref) => !ref.rowAbs && ref.row === sheetRow(r)).map((ref) => columnNumber(ref.letters) - 1));
  };
  // Amounts only: a ratio, a rate or a balance does not add up, so its total is not a sum to compare.
  const compared = (c: number) => modes[c] === "sum";
  const amount = (x: number) => x.toLocaleString("en-US", { maximumFractionDigits: 2 });
  const name = (c: number) => JSON.stringify(input.headers[c] || columnLetter(c + 1));
  for (const [r, rows] of items) {
    const details = rows.filter((i) => input.kinds[i] === "detail");
    if (details.length < 2) continue;
    const exceeding = new Map<number, number[]>();
    for (let part = 0; part < width; part++) {
      if (!compared(part) || grid[r]![part]!.value.kind === "empty") continue;
      const wholes = details.map((i) => reads(i, part)).reduce((a, b) => new Set([...a].filter((w) => b.has(w))));
      for (const whole of wholes) {
        if (whole === part || !compared(whole) || grid[r]![whole]!.value.kind === "empty") continue;
        const pairs = details.map((i) => [value(i, part), value(i, whole)] as const);
        const [partTotal, wholeTotal] = [value(r, part), value(r, whole)];
        if (partTotal === undefined || wholeTotal === undefined || pairs.some(([p, w]) => p === undefined || w === undefined || p > w + 1e-9 * Math.abs(w))) continue;
        if (partTotal > wholeTotal + 1e-9 * Math.max(1, Math.abs(wholeTotal))) exceeding.set(whole, [...(exceeding.get(whole) ?? []), part]);
      }
    }
    for (const [whole, parts] of exceeding) {
      const at = (c: number) => address(sheetRow(r), c + 1);
      const shown = (c: number) => {
        const formula = formulaOf(grid[r]![c]!.value);
        return `${at(c)}${formula === null ? "" : ` ${clip(`=${formula}`, 40)}`}, ${amount(value(r, c)!)}`;
      };
      const sum = `=SUM(${ranges(rows.map(sheetRow), columnLetter(whole + 1))})`;
      const hint = formulaOf(grid[r]![whole]!.value) === sum.slice(1) ? "" : ` Over the same rows the ${input.kinds[r]} of ${name(whole)} is ${sum}.`;
      report(
        ctx,
        "xlsx.totals_inconsistent",
        "warning",
        "data",
        `On sheet "${input.sheet}" the ${input.kinds[r]} of ${parts.map((c) => `${name(c)} (${shown(c)})`).join(" and of ")} ${parts.length > 1 ? "are" : "is"} greater than the ${input.kinds[r]} of ${name(whole)} (${shown(whole)}), although on every row ${parts.map(name).join(" and ")} ${parts.length > 1 ? "are" : "is"} at most ${name(whole)}: the totals do not add up the same rows the same way.${hint}`,
        { nodeId: input.ids[r]![whole]!, sheet: input.sheet, cells: [at(whole), ...parts.map(at)] },
      );
    }
  }
}
