/** A Markdown table as the page's chart data: core's reading of the table (core/ir/chart.ts) in Chart.js's shape. */
import { chartData } from "../../core/ir/chart.ts";
import type { TableBlock } from "../../core/ir/types.ts";
import type { TableSeries } from "./widgets.ts";

export function tableSeries(table: TableBlock): TableSeries {
  const { labels, series } = chartData(table);
  return { labels, datasets: series.map((s) => ({ label: s.name, data: s.values })) };
}
