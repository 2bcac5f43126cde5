/**
 * One IR table → one sheet. The table starts at A1 with its header in row 1 (so references the
 * author wrote, `=B2*C2`, point where the author looked), the header row is styled, frozen and
 * repeated on printed pages, and an auto filter covers the header and the data rows.
 *
 * Total rows are formulas (totals.ts); a formula's cells show the format of what it computes
 * (result-formats.ts).
 */
import type { ColumnAlign, TableBlock } from "../../core/ir/types.ts";
import type { TypedColumn } from "./columns.ts";
import { typeColumn } from "./columns.ts";
import type { MapContext } from "./context.ts";
import type { Where } from "./context.ts";
import { fitText, formulaValue, hasGap, inlineText, report, soleLink } from "./context.ts";
import { columnWidths, wantsLandscape, wrapAndMeasure } from "./layout.ts";
import { gapFill } from "./look.ts";
import type { CellLook, CellModel, CellValue, SheetModel } from "./model.ts";
import { address, columnLetter } from "./names.ts";
import type { FormatLookup, Shown } from "./result-formats.ts";
import { resultFormat, shownOf } from "./result-formats.ts";
import type { RowKind } from "./totals.ts";
import { fillTotals, rowKind } from "./totals.ts";

export function mapTable(block: TableBlock, name: string, ctx: MapContext): SheetModel {
  const width = block.align.length;
  const headerRows = block.header.length;
  const texts = block.rows.map((row) => row.cells.map((cell) => inlineText(cell.inlines, ctx)));
  const headers = block.align.map((_, c) => (block.header[0]?.cells[c] ? inlineText(block.header[0].cells[c].inlines, ctx).trim() : ""));
  const columns: TypedColumn[] = block.align.map((_, c) => typeColumn(texts.map((row) => row[c] ?? ""), ctx.evidence, headers[c]));
  const kinds = texts.map((row) => rowKind(row[0] ?? ""));
  const formats = formatLookup(columns, kinds, headers, ctx);
  const cells: CellModel[] = [];
  const grid: CellModel[][] = [];

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
    grid.push([]);
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
            if (value.kind === "formula") numFmt = detailNumbers(column, kinds) ? column.numFmt : resultFormat(value.formula, headers[c]!, formats);
            break;
        }
      }
      const model: CellModel = { row: sheetRow, column: c + 1, value, ...(numFmt ? { numFmt } : {}), look };
      grid[r]!.push(model);
      cells.push(model);
    });
  });
  const ids = block.rows.map((row) => row.cells.map((cell) => cell.id));
  fillTotals({ columns, headers, kinds, grid, headerRows, sheet: name, ids }, ctx);

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

/** Whether the column has numbers of its own in its detail rows (then its formulas show like them). */
function detailNumbers(column: TypedColumn, kinds: RowKind[]): boolean {
  return column.cells.some((cell, r) => kinds[r] === "detail" && cell.type === "number");
}

/**
 * What a formula's references show: a column by its numbers, or by what its first formula computes (a column
 * of formulas reading another); an assumption by its value's format.
 */
function formatLookup(columns: TypedColumn[], kinds: RowKind[], headers: string[], ctx: MapContext): FormatLookup {
  const known = new Map<number, Shown | null>();
  const lookup: FormatLookup = {
    column(c) {
      const column = columns[c - 1];
      if (!column || column.kind !== "number") return null;
      if (known.has(c)) return known.get(c)!;
      known.set(c, null); // a formula reading its own column, or a cycle
      let shown: Shown | null = null;
      if (detailNumbers(column, kinds)) shown = shownOf(column.numFmt, column.unit);
      else {
        const r = column.cells.findIndex((cell, i) => kinds[i] === "detail" && cell.type === "formula");
        const typed = r === -1 ? null : column.cells[r]!;
        if (typed?.type === "formula") shown = shownOf(resultFormat(typed.value, headers[c - 1]!, lookup), column.unit);
      }
      known.set(c, shown);
      return shown;
    },
    name: (word) => shownOf(ctx.nameFormats.get(word.toLowerCase())),
  };
  return lookup;
}

function alignment(align: ColumnAlign, fallback?: "left" | "center" | "right"): Pick<CellLook, "align"> {
  const value = align ?? fallback;
  return value ? { align: value } : {};
}
