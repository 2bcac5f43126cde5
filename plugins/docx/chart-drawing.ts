/**
 * A chart block drawn as a flat picture (core/contracts/drawing.ts) for the Word document, which shows it as a
 * picture with its table under it. Bars are clustered columns, lines have a dot at each point, a pie starts at
 * twelve o'clock and goes clockwise with each slice's share written on it. A value axis has four to six round ticks
 * with light grid lines, and starts at zero unless every value is negative; the legend, under the plot, names
 * the series (a pie's slices) when there is more than one. Colours are the charts' colours (core/style/chart-colors.ts),
 * text is the style's font and text colour.
 *
 * Text widths are estimated (an average glyph width per face), which is all the layout needs: the painter anchors
 * each text on its measured width.
 */
import type { Drawing, Mark } from "../../core/contracts/drawing.ts";
import type { ChartBlock } from "../../core/ir/types.ts";
import { chartColors } from "../../core/style/chart-colors.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import { hex } from "./geometry.ts";

const axisColor = "8C8C8C";
const gridColor = "E3E3E3";
const pad = 10;

/** Serif families by name; anything else is drawn sans. */
const serif = /times|georgia|garamond|cambria|book|serif(?!.*sans)|palatino|baskerville|minion|liberation serif|tinos|caslon/i;

const estimate = (text: string, size: number, bold = false) => [...text].length * size * (bold ? 0.58 : 0.53);

/** Fits a label into `width`, ending it with "…" when it must be cut. */
function fit(text: string, size: number, width: number): string {
  if (estimate(text, size) <= width) return text;
  const chars = [...text];
  let n = Math.max(1, Math.floor(width / (size * 0.53)) - 1);
  while (n > 1 && estimate(chars.slice(0, n).join("") + "…", size) > width) n--;
  return chars.slice(0, n).join("").trimEnd() + "…";
}

/** Round ticks over [min, max]: 1, 2 or 5 times a power of ten apart, four to six of them. */
export function ticks(min: number, max: number): number[] {
  const lo = Math.min(0, min);
  const hi = max > lo ? Math.max(0, max) : lo + 1;
  const rough = (hi - lo) / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => (hi - lo) / s <= 6)!;
  const first = Math.floor(lo / step) * step;
  const out: number[] = [];
  for (let v = first; v < hi + step * 0.999; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** The chart drawn `width` pixels wide; its height follows (about 9:16). */
export function drawChart(block: ChartBlock, style: StyleApplied, width: number): Drawing {
  const height = Math.round(width * 0.56);
  const size = Math.max(10, Math.round(((style.font_size - 1) * 96) / 72));
  const text = hex(style.colors.text);
  const marks: Mark[] = [];
  const pie = block.chart === "pie";
  const colors = chartColors(style.colors.accent, pie ? block.labels.length : block.series.length);
  let top = pad;
  if (block.title) {
    const titleSize = Math.round(size * 1.2);
    marks.push({ kind: "text", x: width / 2, y: top + titleSize, text: fit(block.title, titleSize, width - 2 * pad), size: titleSize, color: text, anchor: "middle", bold: true });
    top += titleSize * 1.8;
  }
  const names = pie ? block.labels : block.series.map((s) => s.name);
  const legendHeight = pie || names.length > 1 ? legend(marks, names, colors, { width, bottom: height - pad, size, color: text }) : 0;
  const area = { x: pad, y: top, w: width - 2 * pad, h: height - pad - legendHeight - top };
  if (pie) drawPie(marks, block, colors, area, size);
  else drawAxes(marks, block, colors, area, size, text);
  return { width, height, font: { family: style.font, serif: serif.test(style.font) }, background: "FFFFFF", marks };
}

/** Legend entries centred in rows from the bottom edge up; returns the height it takes. */
function legend(marks: Mark[], names: string[], colors: string[], at: { width: number; bottom: number; size: number; color: string }): number {
  const swatch = at.size * 0.8;
  const entries = names.map((name, i) => {
    const label = fit(name, at.size, at.width / 3);
    return { label, color: colors[i]!, w: swatch + 6 + estimate(label, at.size) + 16 };
  });
  const rows: (typeof entries)[] = [[]];
  for (const entry of entries) {
    const row = rows[rows.length - 1]!;
    if (row.length > 0 && row.reduce((s, e) => s + e.w, 0) + entry.w > at.width - 2 * pad) rows.push([entry]);
    else row.push(entry);
  }
  const line = at.size * 1.5;
  rows.forEach((row, r) => {
    const y = at.bottom - (rows.length - 1 - r) * line;
    let x = (at.width - row.reduce((s, e) => s + e.w, 0) + 16) / 2;
    for (const entry of row) {
      marks.push({ kind: "rect", x, y: y - swatch, w: swatch, h: swatch, fill: entry.color });
      marks.push({ kind: "text", x: x + swatch + 6, y, text: entry.label, size: at.size, color: at.color, anchor: "start" });
      x += entry.w;
    }
  });
  return rows.length * line + at.size * 0.6;
}

function drawAxes(marks: Mark[], block: ChartBlock, colors: string[], area: { x: number; y: number; w: number; h: number }, size: number, color: string): void {
  const values = block.series.flatMap((s) => s.values);
  const scale = ticks(Math.min(...values), Math.max(...values));
  const lo = scale[0]!;
  const hi = scale[scale.length - 1]!;
  const labels = scale.map((v) => number.format(v));
  const left = area.x + Math.max(...labels.map((l) => estimate(l, size))) + 8;
  const plot = { x: left, y: area.y + size / 2, w: area.x + area.w - left, h: area.h - size * 1.9 - size / 2 };
  const yOf = (v: number) => plot.y + plot.h - ((v - lo) / (hi - lo)) * plot.h;
  scale.forEach((v, i) => {
    const y = yOf(v);
    marks.push({ kind: "path", points: [[plot.x, y], [plot.x + plot.w, y]], closed: false, stroke: v === 0 ? axisColor : gridColor, width: 1 });
    marks.push({ kind: "text", x: plot.x - 6, y: y + size * 0.35, text: labels[i]!, size, color, anchor: "end" });
  });
  const slot = plot.w / Math.max(block.labels.length, 1);
  // Many categories (days, months over years): every n-th label, each with room for about four characters.
  const every = Math.max(1, Math.ceil((size * 2.4) / slot));
  block.labels.forEach((label, i) => {
    if (i % every !== 0) return;
    marks.push({ kind: "text", x: plot.x + slot * (i + 0.5), y: plot.y + plot.h + size * 1.4, text: fit(label, size, slot * every - 4), size, color, anchor: "middle" });
  });
  const zero = yOf(Math.max(lo, Math.min(0, hi)));
  if (block.chart === "bar") {
    const group = slot * 0.72;
    const bar = group / block.series.length;
    block.series.forEach((s, k) =>
      s.values.forEach((v, i) => {
        const x = plot.x + slot * i + (slot - group) / 2 + bar * k;
        const y = yOf(v);
        marks.push({ kind: "rect", x: x + 0.5, y: Math.min(y, zero), w: Math.max(bar - 1, 1), h: Math.abs(zero - y), fill: colors[k]! });
      }),
    );
  } else {
    block.series.forEach((s, k) => {
      const points = s.values.map((v, i): [number, number] => [plot.x + slot * (i + 0.5), yOf(v)]);
      marks.push({ kind: "path", points, closed: false, stroke: colors[k]!, width: 2.5 });
      for (const [x, y] of points) marks.push({ kind: "path", points: circle(x, y, 3.5), closed: true, fill: colors[k]! });
    });
  }
  marks.push({ kind: "path", points: [[plot.x, plot.y + plot.h], [plot.x + plot.w, plot.y + plot.h]], closed: false, stroke: axisColor, width: 1 });
}

function drawPie(marks: Mark[], block: ChartBlock, colors: string[], area: { x: number; y: number; w: number; h: number }, size: number): void {
  const values = block.series[0]?.values.map((v) => Math.max(v, 0)) ?? [];
  const total = values.reduce((s, v) => s + v, 0);
  if (total <= 0) return;
  const r = Math.min(area.w, area.h) / 2 - 2;
  const cx = area.x + area.w / 2;
  const cy = area.y + area.h / 2;
  let angle = -Math.PI / 2;
  values.forEach((v, i) => {
    const sweep = (v / total) * 2 * Math.PI;
    if (sweep <= 0) return;
    const steps = Math.max(2, Math.ceil(sweep / 0.03));
    const rim = Array.from({ length: steps + 1 }, (_, k): [number, number] => {
      const a = angle + (sweep * k) / steps;
      return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
    });
    marks.push({ kind: "path", points: sweep >= 2 * Math.PI - 1e-9 ? rim : [[cx, cy], ...rim], closed: true, fill: colors[i]!, stroke: "FFFFFF", width: 1.5 });
    if (v / total >= 0.05) {
      const mid = angle + sweep / 2;
      const share = `${Math.round((v / total) * 100)}%`;
      const ink = light(colors[i]!) ? "1A1A1A" : "FFFFFF";
      marks.push({ kind: "text", x: cx + r * 0.62 * Math.cos(mid), y: cy + r * 0.62 * Math.sin(mid) + size * 0.35, text: share, size, color: ink, anchor: "middle", bold: true });
    }
    angle += sweep;
  });
}

const circle = (x: number, y: number, r: number): Array<[number, number]> =>
  Array.from({ length: 16 }, (_, k): [number, number] => [x + r * Math.cos((k * Math.PI) / 8), y + r * Math.sin((k * Math.PI) / 8)]);

/** Whether dark text reads better than white on `color` (a rough luma, enough for the chart colours). */
const light = (color: string): boolean => {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(color.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 160;
};
