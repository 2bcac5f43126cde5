/**
 * Charts from Markdown tables (pure). A ```` ```chart ```` fence (body lines `type: bar|line|pie`, `title: …`, or the
 * short form ```` ```chart line ````) directly followed by a table becomes one `ChartBlock` for the office formats
 * (`chartBlocks`); the artifact reads the same fence itself and shares `chartData`/`readNumber`. The table's first
 * column gives the labels, every column of numbers a series, a total row is left out. Numbers are read as people
 * write them in tables: `1,234`, `1.234,5`, `12%`, `$4.1`, `4.1 M`, `(300)` for a negative.
 */
import { diagnostic, type Diagnostic } from "../diagnostics.ts";
import { plainText } from "./text.ts";
import { visitBlocks } from "./visit.ts";
import type { Block, ChartBlock, ChartKind, ChartSeries, CodeBlock, IRDocument, TableBlock } from "./types.ts";

export interface ChartData {
  labels: string[];
  series: ChartSeries[];
  /** Where each series and label came from in the table: its column, and the body rows drawn (a total row is not). */
  columns: number[];
  rows: number[];
}

/** The words a chart's description and an unnamed series are written with, in the document's language. */
export interface ChartWords {
  bar: string;
  line: string;
  pie: string;
  and: string;
  by: string;
  series: string;
}

export const englishChartWords: ChartWords = { bar: "Bar chart", line: "Line chart", pie: "Pie chart", and: "and", by: "by", series: "Series" };

export function chartData(table: TableBlock, words: Pick<ChartWords, "series"> = englishChartWords): ChartData {
  const header = table.header[0]?.cells.map((c) => plainText(c.inlines).trim()) ?? [];
  const cells = table.rows.map((r) => r.cells.map((c) => plainText(c.inlines).trim()));
  // A total row would dwarf the rows it adds up.
  const rows = cells.flatMap((r, i) => (/^(total|totals|sum|suma|total general)$/i.test(r[0] ?? "") ? [] : [i]));
  const body = rows.map((i) => cells[i]!);
  const labels = body.map((r) => r[0] ?? "");
  const series: ChartSeries[] = [];
  const columns: number[] = [];
  for (let col = 1; col < table.align.length; col += 1) {
    const values = body.map((r) => readNumber(r[col] ?? ""));
    const filled = values.filter((v) => v !== null).length;
    if (filled === 0 || filled < body.length / 2) continue;
    series.push({ name: header[col] || `${words.series} ${col}`, values: values.map((v) => v ?? 0) });
    columns.push(col);
  }
  return { labels, series, columns, rows };
}

/** A number as written in a table cell, or null when the cell is not one. */
export function readNumber(text: string): number | null {
  let s = text.trim();
  if (s === "") return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (/^[-−]/.test(s)) {
    negative = !negative;
    s = s.slice(1).trim();
  }
  let scale = 1;
  const suffix = /\s*(%|k|m|mm|bn|b|million|millions|thousand)$/i.exec(s);
  if (suffix) {
    const word = suffix[1]!.toLowerCase();
    scale = { "%": 1, k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, million: 1e6, millions: 1e6, b: 1e9, bn: 1e9 }[word] ?? 1;
    s = s.slice(0, suffix.index);
  }
  s = s.replace(/^[$€£¥]\s*|\s*[$€£¥]$|^(usd|eur|gbp)\s*|\s*(usd|eur|gbp)$/gi, "").replace(/[\s\u00a0']/g, "");
  if (!/^\d[\d.,]*$/.test(s) && !/^[.,]\d+$/.test(s)) return null;
  const lastComma = s.lastIndexOf(",");
  const lastDot = s.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    // Both separators: the later one is the decimal mark.
    s = lastComma > lastDot ? s.replace(/\./g, "").replace(",", ".") : s.replace(/,/g, "");
  } else if (lastComma >= 0) {
    // `1,234` and `1,234,567` group thousands; `4,5` is a decimal comma.
    s = /^\d{1,3}(,\d{3})+$/.test(s) ? s.replace(/,/g, "") : s.replace(",", ".");
  } else if (/^\d{1,3}(\.\d{3}){2,}$/.test(s)) s = s.replace(/\./g, "");
  const n = Number(s);
  if (!Number.isFinite(n)) return null;
  // Through 12 significant digits, so `4.1 M` is 4,100,000 and not 4,099,999.9999999995.
  return Number(((negative ? -n : n) * scale).toPrecision(12));
}

// Doughnuts are drawn as pies: the office formats have one round chart here.
const kinds: Record<string, ChartKind> = { bar: "bar", bars: "bar", column: "bar", columns: "bar", line: "line", lines: "line", pie: "pie", doughnut: "pie", donut: "pie" };

/** The fence's settings: `type:` and `title:` lines, the type also as the first word after `chart`. */
function chartSettings(block: CodeBlock): { chart: ChartKind; title?: string; problem?: string } {
  const settings = new Map<string, string>();
  for (const line of block.text.split(/\r?\n/)) {
    const setting = /^\s*([A-Za-z]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (setting) settings.set(setting[1]!.toLowerCase(), setting[2]!);
  }
  const type = (settings.get("type") ?? block.meta?.trim().split(/\s+/)[0] ?? "").toLowerCase();
  const chart = type === "" ? "bar" : kinds[type];
  const title = settings.get("title") || undefined;
  return {
    chart: chart ?? "bar",
    ...(title ? { title } : {}),
    ...(chart === undefined ? { problem: `Unknown chart type "${type}"; a bar chart is drawn (bar, line, pie).` } : {}),
  };
}

/**
 * Each top-level chart fence directly followed by a table with a column of numbers becomes one chart block, which
 * keeps the fence's id and the table (ids and all). A fence that cannot be drawn stays as it was, with a warning.
 */
export function chartBlocks(ir: IRDocument, words: ChartWords = englishChartWords): { ir: IRDocument; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const blocks: Block[] = [];
  let changed = false;
  for (let i = 0; i < ir.blocks.length; i += 1) {
    const block = ir.blocks[i]!;
    if (block.type !== "code" || block.lang?.toLowerCase() !== "chart") {
      blocks.push(block);
      continue;
    }
    const next = ir.blocks[i + 1];
    if (next?.type !== "table") {
      diagnostics.push(diagnostic("chart.invalid", "warning", "content", "A chart block must be directly followed by the table of its data; it is shown as written.", block.id));
      blocks.push(block);
      continue;
    }
    const { labels, series } = chartData(next, words);
    if (series.length === 0) {
      diagnostics.push(diagnostic("chart.invalid", "warning", "content", "The table after the chart has no column of numbers to draw; the table is kept without a chart.", block.id));
      blocks.push(block);
      continue;
    }
    const { problem, ...settings } = chartSettings(block);
    if (problem) diagnostics.push(diagnostic("chart.invalid", "warning", "content", problem, block.id));
    if (settings.chart === "pie" && series.length > 1) {
      diagnostics.push(diagnostic("chart.invalid", "warning", "content", `A pie chart shows one series: "${series[0]!.name}" is drawn, the other columns stay in the table.`, block.id));
    }
    const drawn = settings.chart === "pie" ? series.slice(0, 1) : series;
    const shown: ChartBlock = { type: "chart", id: block.id, ...settings, labels, series: drawn, table: next };
    const chart: ChartBlock = { ...shown, alt: chartAlt(shown, words) };
    blocks.push(chart);
    changed = true;
    i += 1;
  }
  // Renderers draw charts at the top level only; one in a list or a quote would otherwise stay code without a word.
  visitBlocks(ir.blocks, (block, { parents }) => {
    if (parents.length > 0 && block.type === "code" && block.lang?.toLowerCase() === "chart") {
      diagnostics.push(diagnostic("chart.invalid", "warning", "content", "A chart inside a list or a quote is not drawn; it is shown as written. Put the chart block and its table outside the list or quote.", block.id));
    }
  });
  return { ir: changed ? { ...ir, blocks } : ir, diagnostics };
}

/**
 * The words a picture or shape of the chart is described by (alt text): its kind, title, series and categories. A
 * chart made when the document was prepared for print carries its own, in the document's language.
 */
export function chartAlt(block: ChartBlock, words: ChartWords = englishChartWords): string {
  if (block.alt) return block.alt;
  const by = plainText(block.table.header[0]?.cells[0]?.inlines ?? []).trim();
  const names = block.series.map((s) => s.name);
  const series = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} ${words.and} ${names[names.length - 1]}`;
  return `${words[block.chart]}${block.title ? ` "${block.title}"` : ""}: ${series}${by ? ` ${words.by} ${by}` : ""}.`;
}
