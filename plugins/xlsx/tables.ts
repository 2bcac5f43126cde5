/**
 * One IR table → one sheet. The table starts at A1 with its header in row 1 (so references the
 * author wrote, `=B2*C2`, point where the author looked), the header row is styled, frozen and
 * repeated on printed pages, and an auto filter covers the header and the data rows.
 *
 * Totals are formulas. A row whose first cell starts with "Total", "Totals", "Totales", "Suma",
 * "Sum" or "Grand total" sums, in every numeric column where a number was written, the detail
 * rows since the previous total row; a "Subtotal"/"Subtotales" row sums the detail rows since the
 * previous total or subtotal row, and a total then skips the subtotal rows (no double counting).
 * When the written total differs from the sum the sum wins and an info says so — except in a
 * percentage column, where a total that is not the sum is an average or a rate: it is kept as
 * written (also reported). The sum's value is stored as the cached result, so even a viewer that
 * does not calculate shows it.
 */
import type { ColumnAlign, TableBlock } from "../../core/ir/types.ts";
import { round } from "./cells.ts";
import type { TypedColumn } from "./columns.ts";
import { typeColumn } from "./columns.ts";
import type { MapContext } from "./context.ts";
import type { Where } from "./context.ts";
import { clip, fitText, formulaValue, hasGap, inlineText, report, soleLink } from "./context.ts";
import { columnWidths, wantsLandscape, wrapAndMeasure } from "./layout.ts";
import { gapFill } from "./look.ts";
import type { CellLook, CellModel, CellValue, SheetModel } from "./model.ts";
import { address, columnLetter, columnNumber } from "./names.ts";

type RowKind = "detail" | "subtotal" | "total";

const totalLabel = /^(?:grand\s+total|totals?|totales|suma|sum)(?:\b|$)/i;
const subtotalLabel = /^sub-?\s?tota(?:l|les)(?:\b|$)/i;

export function rowKind(firstCell: string): RowKind {
  const label = firstCell.trim().replace(/[:*_]+$/, "").trim();
  if (subtotalLabel.test(label)) return "subtotal";
  if (totalLabel.test(label)) return "total";
  return "detail";
}

export function mapTable(block: TableBlock, name: string, ctx: MapContext): SheetModel {
  const width = block.align.length;
  const headerRows = block.header.length;
  const texts = block.rows.map((row) => row.cells.map((cell) => inlineText(cell.inlines, ctx)));
  const columns: TypedColumn[] = block.align.map((_, c) => typeColumn(texts.map((row) => row[c] ?? ""), ctx.evidence));
  const kinds = texts.map((row) => rowKind(row[0] ?? ""));
  const cells: CellModel[] = [];

  block.header.forEach((row, r) => {
    row.cells.forEach((cell, c) => {
      cells.push({
        row: r + 1,
        column: c + 1,
        value: { kind: "text", text: inlineText(cell.inlines, ctx).trim() },
        look: { ...ctx.looks.header, ...alignment(block.align[c] ?? null, columns[c]!.kind !== "text" ? "right" : undefined) },
      });
    });
  });

  block.rows.forEach((row, r) => {
    const sheetRow = headerRows + r + 1;
    const base: CellLook = kinds[r] === "detail" ? ctx.looks.body : ctx.looks.total;
    row.cells.forEach((cell, c) => {
      const column = columns[c]!;
      const typed = column.cells[r]!;
      const look: CellLook = { ...base, ...alignment(block.align[c] ?? null), ...(hasGap(cell.inlines) ? { fill: gapFill } : {}) };
      const link = soleLink(cell.inlines, ctx);
      const where: Where = { nodeId: cell.id, sheet: name, cells: [address(sheetRow, c + 1)] };
      let value: CellValue;
      let numFmt: string | undefined;
      if (link) {
        value = { kind: "link", ...link };
        look.color = "0563C1";
        look.underline = true;
      } else {
        switch (typed.type) {
          case "empty":
            value = { kind: "empty" };
            break;
          case "text":
            value = { kind: "text", text: fitText(typed.value, ctx, where) };
            break;
          case "number":
            value = { kind: "number", value: typed.value };
            numFmt = typed.numFmt;
            break;
          case "date":
            value = { kind: "date", iso: typed.value };
            numFmt = typed.numFmt;
            break;
          case "formula":
            value = formulaValue(typed.value, ctx, where);
            if (value.kind === "formula") numFmt = column.numFmt ?? borrowedFormat(value.formula, columns);
            break;
        }
      }
      if (kinds[r] !== "detail" && c > 0 && typed.type === "number" && column.kind === "number") {
        const total = totalFormula(columns, kinds, r, c, headerRows, where, ctx);
        if (total) value = total;
      }
      cells.push({ row: sheetRow, column: c + 1, value, ...(numFmt ? { numFmt } : {}), look });
    });
  });

  columns.forEach((column, c) => {
    const header = block.header[0]?.cells[c];
    const place = header ? `column ${JSON.stringify(inlineText(header.inlines, ctx).trim())} of sheet "${name}"` : `sheet "${name}"`;
    if (column.ambiguousDates.length > 0) {
      const first = block.rows[column.ambiguousDates[0]!]?.cells[c]?.id;
      report(
        ctx,
        "xlsx.ambiguous_date",
        "info",
        "data",
        `${column.ambiguousDates.length} date(s) in ${place} could be day/month or month/day and nothing in the document tells which; they were kept as text. Write them as 2026-03-01 to get real dates.`,
        { ...(first ? { nodeId: first } : {}), sheet: name, cells: column.ambiguousDates.map((r) => address(headerRows + r + 1, c + 1)) },
      );
    }
    if (column.mixedCurrencies) {
      report(ctx, "xlsx.mixed_currencies", "info", "data", `${place} mixes currencies; each amount keeps its own currency format.`, {
        ...(header ? { nodeId: header.id } : {}),
        sheet: name,
      });
    }
  });

  const widths = columnWidths(cells, width, headerRows, ctx.style.font_size);
  const sheet: SheetModel = {
    name,
    kind: "table",
    sourceId: block.id,
    cells,
    columnWidths: widths,
    rowHeights: {},
    frozenRows: headerRows,
    showGridLines: true,
    print: { landscape: wantsLandscape(widths), ...(headerRows > 0 ? { titleRows: `1:${headerRows}` } : {}) },
  };
  sheet.rowHeights = wrapAndMeasure(sheet, ctx.style.font_size);
  const lastData = lastDataRow(kinds);
  if (headerRows > 0 && width > 0 && lastData >= 0) {
    sheet.autoFilter = `A${headerRows}:${columnLetter(width)}${headerRows + lastData + 1}`;
  }
  return sheet;
}

/** The last body row the filter covers: trailing total rows stay out, so sorting leaves them last. */
function lastDataRow(kinds: RowKind[]): number {
  let last = kinds.length - 1;
  while (last >= 0 && kinds[last] !== "detail") last--;
  return last;
}

function totalFormula(
  columns: TypedColumn[],
  kinds: RowKind[],
  r: number,
  c: number,
  headerRows: number,
  where: Where,
  ctx: MapContext,
): CellValue | null {
  const kind = kinds[r]!;
  let start = r;
  while (start > 0 && kinds[start - 1] !== "total" && !(kind === "subtotal" && kinds[start - 1] === "subtotal")) start--;
  const details: number[] = [];
  for (let i = start; i < r; i++) if (kinds[i] === "detail") details.push(i);
  if (details.length === 0) return null;

  const column = columns[c]!;
  const letter = columnLetter(c + 1);
  const ranges: string[] = [];
  let runStart = details[0]!;
  details.forEach((row, i) => {
    const next = details[i + 1];
    if (next === row + 1) return;
    const from = headerRows + runStart + 1;
    const to = headerRows + row + 1;
    ranges.push(from === to ? `${letter}${from}` : `${letter}${from}:${letter}${to}`);
    if (next !== undefined) runStart = next;
  });

  const known = details.every((i) => column.cells[i]!.type !== "formula");
  const sum = details.reduce((acc, i) => acc + (column.numbers[i]?.value ?? 0), 0);
  const written = column.numbers[r]!;
  const places = written.decimals + (written.flavour.type === "percent" ? 2 : 0);
  const cached = round(sum, 10);
  const differs = known && Math.abs(written.value - cached) > 0.5 * 10 ** -places + 1e-9 * Math.max(1, Math.abs(cached));
  const at = `${address(headerRows + r + 1, c + 1)} of sheet "${where.sheet}"`;
  if (differs && written.flavour.type === "percent") {
    report(
      ctx,
      "xlsx.total_kept",
      "info",
      "data",
      `The ${kind} in ${at} (${written.value}) is not the sum of its column (${cached}); in a percentage column that is usually an average or a rate, so it was kept as written.`,
      where,
    );
    return null;
  }
  const formula = `SUM(${ranges.join(",")})`;
  if (differs) {
    report(
      ctx,
      "xlsx.total_differs",
      "info",
      "data",
      `The ${kind} written in ${at} was ${written.value}, but the rows above add up to ${cached}; the cell is now ${clip(`=${formula}`)}.`,
      where,
    );
  }
  return known ? { kind: "formula", formula, result: cached } : { kind: "formula", formula };
}

/**
 * A format for a formula in a column with none of its own (a column of formulas): that of the
 * first column it refers to on the same sheet — `=C2*(1+growth_rate)` shows like column C, with
 * cents — unless it divides by a cell, which makes a ratio rather than an amount.
 */
function borrowedFormat(formula: string, columns: TypedColumn[]): string | undefined {
  const unquoted = formula.replace(/"(?:[^"]|"")*"/g, '""');
  if (/\/\s*\$?[A-Za-z]{1,3}\$?\d/.test(unquoted)) return undefined;
  const ref = /(?<![A-Za-z0-9_.!'$])\$?([A-Za-z]{1,3})\$?\d+(?![A-Za-z0-9_(!])/.exec(unquoted);
  if (!ref) return undefined;
  const column = columns[columnNumber(ref[1]!) - 1];
  const format = column && column.kind !== "text" ? column.numFmt : undefined;
  return format === undefined ? undefined : withDecimals(format);
}

/**
 * A computed amount has cents even when its inputs had none (100 × 1.05): whole-number formats
 * get two decimals; a bare `0` becomes General, which shows what there is.
 */
function withDecimals(format: string): string | undefined {
  if (format === "0") return undefined;
  return format
    .split(";")
    .map((section) => (section.includes("%") || /0\.0/.test(section) ? section : section.replace(/#,##0|(?<![#,.0])0(?![.0])/, (m) => `${m}.00`)))
    .join(";");
}

function alignment(align: ColumnAlign, fallback?: "left" | "center" | "right"): Pick<CellLook, "align"> {
  const value = align ?? fallback;
  return value ? { align: value } : {};
}
