/**
 * `table.overflow_width`: a table whose columns cannot fit without breaking words. The Word renderer fits a wide
 * table itself (issue 30, item 7): smaller type first, then a landscape page for that table alone; turning the whole
 * document for one table is no repair. So only a table that does not fit a landscape page even in the smallest type
 * is reported: its longest words will be cut (where their parts meet, when they have any).
 * The need is estimated from each column's longest unbreakable word (an average glyph is about 0.5 em wide) plus
 * cell padding.
 */
import type { Block, TableBlock } from "../../../core/ir/types.ts";
import { plainText } from "../../../core/ir/text.ts";
import { visitBlocks } from "../../../core/ir/visit.ts";
import type { PagesCheck } from "../../../core/contracts/check-plugin.ts";

const A4 = { shortIn: 8.27, longIn: 11.69 };
const PADDING_IN = 0.16;
const GLYPH_EM = 0.5;

/** The body's tables, in lists and quotes too; a chart's table is drawn, not set as a table. */
const tables = (blocks: Block[]): TableBlock[] => {
  const found: TableBlock[] = [];
  visitBlocks(blocks, (b) => {
    if (b.type === "table") found.push(b);
    else if (b.type === "chart") return "skip";
  });
  return found;
};

/** Inches the table needs so that no word has to break. */
export const neededWidthIn = (table: TableBlock, fontPt: number): number => {
  const columns = Math.max(0, ...[...table.header, ...table.rows].map((r) => r.cells.length));
  let total = 0;
  for (let c = 0; c < columns; c++) {
    const longest = Math.max(1, ...[...table.header, ...table.rows].map((r) => Math.max(0, ...plainText(r.cells[c]?.inlines ?? []).split(/\s+/).map((w) => w.length))));
    total += (longest * fontPt * GLYPH_EM) / 72 + PADDING_IN;
  }
  return total;
};

export const textWidthIn = (orientation: "portrait" | "landscape", marginsCm: number) =>
  (orientation === "portrait" ? A4.shortIn : A4.longIn) - (2 * marginsCm) / 2.54;

const pagesOf = (table: TableBlock, pages: ReadonlyArray<{ page: number; text: string }>) => {
  const first = plainText(table.header[0]?.cells[0]?.inlines ?? table.rows[0]?.cells[0]?.inlines ?? []).trim();
  const hit = first ? pages.find((p) => p.text.includes(first)) : undefined;
  return hit ? [hit.page] : [];
};

/** The smallest type the Word renderer sets a wide table in (plugins/docx/column-widths.ts, `smallestTableSize`). */
const smallestTableSize = (body: number): number => Math.min(body, Math.max(8, body - 3));

export const tableWidthCheck: PagesCheck = {
  id: "layout.table-width",
  stage: "pages",
  appliesTo: (ctx) => ctx.format === "docx" || ctx.format === "pdf",
  run: async (ir, ctx) => {
    const available = textWidthIn("landscape", ctx.style.margins_cm);
    const size = smallestTableSize(ctx.style.font_size);
    const diagnostics = tables(ir.blocks).flatMap((table) => {
      const needed = neededWidthIn(table, size);
      if (needed <= available) return [];
      return [
        {
          code: "table.overflow_width",
          severity: "warning" as const,
          category: "layout",
          message: `A table needs about ${needed.toFixed(1)} in of width to keep its words whole even in ${size} pt type; a landscape page gives ${available.toFixed(1)} in, so some words are cut.`,
          nodeId: table.id,
          location: { pages: pagesOf(table, ctx.pages) },
        },
      ];
    });
    return { diagnostics, repairs: [] };
  },
};
