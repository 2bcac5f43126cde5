/**
 * IR tables → Word tables: full text width, columns as wide as their content asks (column-widths.ts), set smaller
 * when their words would not fit otherwise, header rows that repeat on every page, thin borders, a tinted header,
 * and each column's alignment. Words that still cannot fit get break opportunities where their parts meet (breaks.ts).
 */
import { AlignmentType, BorderStyle, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import type { ColumnAlign, TableBlock, TableRow as IRTableRow } from "../../core/ir/types.ts";
import type { MapContext } from "./context.ts";
import { hex, tint } from "./geometry.ts";
import type { HeaderRow } from "./layout.ts";
import { mapInlines } from "./inlines.ts";
import { styleIds } from "./styles.ts";
import { boldWidth, tableFit } from "./column-widths.ts";
import { breakLongWords } from "./breaks.ts";

const border = { style: BorderStyle.SINGLE, size: 4, color: "BFBFBF" };
/** Percent of the text width; docx writes it in OOXML fiftieths (5000 = 100%). */
const fullWidth = 100;

export function mapTable(block: TableBlock, ctx: MapContext): Table | null {
  const columns = block.align.length;
  if (columns === 0 || block.header.length + block.rows.length === 0) return null;
  const { widths, fontSize, room } = tableFit(block, ctx);
  const smaller = fontSize < ctx.style.font_size ? { textSize: fontSize, sizeRuns: true } : {};
  const row = (ir: IRTableRow, header: boolean) =>
    new TableRow({
      tableHeader: header,
      cantSplit: true,
      children: ir.cells.map(
        (cell, c) =>
          new TableCell({
            width: { size: widths[c] ?? 0, type: WidthType.DXA },
            ...(header ? { shading: { type: ShadingType.CLEAR, color: "auto", fill: tint(ctx.style.colors.accent, 0.85) } } : {}),
            children: [
              new Paragraph({
                style: styleIds.tableText,
                alignment: cellAlignment(block.align[c] ?? null),
                children: mapInlines(breakLongWords(cell.inlines, room[c] ?? Infinity, header ? boldWidth : 1), ctx, { bold: header, ...smaller }),
              }),
            ],
          }),
      ),
    });
  return new Table({
    width: { size: fullWidth, type: WidthType.PERCENTAGE },
    columnWidths: widths,
    borders: { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border },
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
    rows: [...block.header.map((r) => row(r, true)), ...block.rows.map((r) => row(r, false))],
  });
}

/** Columns without an alignment are left-aligned even in a justified document: cells are narrow. */
function cellAlignment(align: ColumnAlign) {
  switch (align) {
    case "center":
      return AlignmentType.CENTER;
    case "right":
      return AlignmentType.RIGHT;
    default:
      return AlignmentType.LEFT;
  }
}

const none = { style: BorderStyle.NONE, size: 0, color: "auto" };

/**
 * A label/value header table: a memo's To/From/Date/Subject (no grid, a rule under it, the way
 * memos are printed) or a minutes' meeting header (a light grid with tinted labels, like the
 * body's tables). Labels are bold; values keep their formatting, links and gaps.
 */
export function mapFieldTable(rows: HeaderRow[], ctx: MapContext, look: "memo" | "meeting"): Table {
  const labelShare = look === "memo" ? 20 : 25;
  const rule = { style: BorderStyle.SINGLE, size: 12, color: hex(ctx.style.colors.accent) };
  const borders =
    look === "memo"
      ? { top: none, left: none, right: none, insideHorizontal: none, insideVertical: none, bottom: rule }
      : { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border };
  const cell = (children: Paragraph, share: number, label: boolean) =>
    new TableCell({
      width: { size: share, type: WidthType.PERCENTAGE },
      ...(label && look === "meeting" ? { shading: { type: ShadingType.CLEAR, color: "auto", fill: tint(ctx.style.colors.accent, 0.85) } } : {}),
      children: [children],
    });
  return new Table({
    width: { size: fullWidth, type: WidthType.PERCENTAGE },
    columnWidths: [labelShare, 100 - labelShare].map((share) => Math.floor((ctx.geometry.textWidth * share) / 100)),
    borders,
    margins: look === "memo" ? { top: 40, bottom: 40, left: 0, right: 100 } : { top: 60, bottom: 60, left: 100, right: 100 },
    rows: rows.map(
      (row, i) =>
        new TableRow({
          cantSplit: true,
          children: [
            cell(new Paragraph({ style: styleIds.tableText, alignment: AlignmentType.LEFT, children: [new TextRun({ text: row.label, bold: true })] }), labelShare, true),
            cell(
              new Paragraph({
                style: styleIds.tableText,
                alignment: AlignmentType.LEFT,
                // The last memo row leaves room above the rule.
                ...(look === "memo" && i === rows.length - 1 ? { spacing: { after: 120 } } : {}),
                children: mapInlines(row.value, ctx),
              }),
              100 - labelShare,
              false,
            ),
          ],
        }),
    ),
  });
}
