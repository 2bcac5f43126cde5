/**
 * Charts in a Word document: the chart as a picture (drawn by chart-drawing.ts, painted by mupdf at twice its size
 * so it prints sharp) centred and kept with its data table, which follows as a normal table. The pictures are
 * painted before the pure mapping, as pictures are fetched; a chart that cannot be painted leaves its table alone,
 * with a warning.
 */
import { AlignmentType, ImageRun, Paragraph } from "docx";
import type { ImageData } from "../../core/contracts/format-plugin.ts";
import { diagnostic } from "../../core/diagnostics.ts";
import { chartAlt } from "../../core/ir/chart.ts";
import type { ChartBlock, IRDocument } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import { paintDrawing } from "../../renderers/mupdf/drawing.ts";
import type { BodyChild } from "./blocks.ts";
import { drawChart } from "./chart-drawing.ts";
import type { MapContext } from "./context.ts";
import { geometry, twipsToPixels } from "./geometry.ts";
import { mapTable } from "./tables.ts";

/** Chart block id → its picture (`width`/`height` the size it is shown at, in pixels), or null when it could not be painted. */
export async function chartPictures(ir: IRDocument, style: StyleApplied, signal?: AbortSignal): Promise<Map<string, ImageData | null>> {
  const out = new Map<string, ImageData | null>();
  const width = Math.floor(twipsToPixels(geometry(style).textWidth));
  for (const block of ir.blocks) {
    if (block.type !== "chart") continue;
    signal?.throwIfAborted();
    try {
      const drawing = drawChart(block, style, width);
      const { png } = await paintDrawing(drawing, 2);
      out.set(block.id, { data: png, width: drawing.width, height: drawing.height, type: "png" });
    } catch {
      out.set(block.id, null);
    }
  }
  return out;
}

export function mapChart(block: ChartBlock, ctx: MapContext, extra: object): BodyChild[] {
  const picture = ctx.charts.get(block.id) ?? null;
  const table = mapTable(block.table, ctx);
  if (picture === null) {
    ctx.diagnostics.push(diagnostic("chart.unavailable", "warning", "content", "The chart could not be drawn as a picture; its table is shown without it.", block.id));
    return table ? [table] : [];
  }
  const alt = chartAlt(block);
  return [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      keepNext: true,
      ...extra,
      children: [
        new ImageRun({
          type: "png",
          data: picture.data,
          transformation: { width: picture.width, height: picture.height },
          altText: { name: block.title ?? alt, description: alt },
        }),
      ],
    }),
    ...(table ? [table] : []),
  ];
}
