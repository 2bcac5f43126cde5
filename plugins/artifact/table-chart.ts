/**
 * A Markdown table as chart data (pure): the first column gives the labels, every other column whose cells are
 * numbers gives a series. Numbers are read as people write them in tables: `1,234`, `1.234,5`, `12%`, `$4.1`,
 * `4.1 M`, `(300)` for a negative.
 */
import { plainText } from "../../core/ir/text.ts";
import type { TableBlock } from "../../core/ir/types.ts";
import type { TableSeries } from "./widgets.ts";

export function tableSeries(table: TableBlock): TableSeries {
  const header = table.header[0]?.cells.map((c) => plainText(c.inlines).trim()) ?? [];
  const rows = table.rows.map((r) => r.cells.map((c) => plainText(c.inlines).trim()));
  // A total row would dwarf the rows it adds up.
  const body = rows.filter((r) => !/^(total|totals|sum|suma|total general)$/i.test(r[0] ?? ""));
  const labels = body.map((r) => r[0] ?? "");
  const datasets: TableSeries["datasets"] = [];
  for (let col = 1; col < table.align.length; col += 1) {
    const values = body.map((r) => readNumber(r[col] ?? ""));
    const filled = values.filter((v) => v !== null).length;
    if (filled === 0 || filled < body.length / 2) continue;
    datasets.push({ label: header[col] || `Series ${col}`, data: values.map((v) => v ?? 0) });
  }
  return { labels, datasets };
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
