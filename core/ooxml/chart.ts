/**
 * A DrawingML chart part (`c:chartSpace`, in pptx slides, xlsx chart sheets and drawings) read as its title and a
 * small data table from the values cached in the chart (`c:strCache`, `c:numCache`, literals): categories down,
 * one column per series. Scatter and bubble charts whose series do not share their X values are listed point by
 * point. The embedded workbook is never opened: the cache is what the chart shows.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { Block, Inline, SourceRange, TableRow } from "../ir/types.ts";
import { sourceOf } from "./ir.ts";
import type { Package } from "./package.ts";
import { formatNumber } from "./number-format.ts";
import { attr, child, descendants, elements, flag, kids, ownText, path, readPart } from "./xml/query.ts";
import type { XEl } from "./xml/tree.ts";

/** Rows of a chart table at most; a chart's cache is rarely longer. */
const MAX_ROWS = 1000;

interface Series {
  name: string;
  categories: string[] | null;
  values: string[];
  sizes: string[] | null;
}

/** Points of a cache or literal (`strRef`, `numRef`, `strLit`, `numLit`, `multiLvlStrRef`) as display text. */
const points = (source: XEl | undefined, date1904: boolean): string[] | null => {
  if (!source) return null;
  const holder = elements(source)[0];
  if (!holder) return null;
  const kind = holder.local;
  const cache =
    kind === "strRef" ? child(holder, "strCache") : kind === "numRef" ? child(holder, "numCache") : kind === "multiLvlStrRef" ? child(holder, "multiLvlStrCache") : holder;
  if (!cache) return null;
  if (cache.local === "multiLvlStrCache") {
    // Levels go from the innermost out; a category is shown as "outer / inner", the outer label carried down.
    const levels = kids(cache, "lvl").map((lvl) => pointMap(lvl, "General", date1904));
    const count = Number(attr(child(cache, "ptCount"), "val") ?? 0);
    const carried = levels.map((level) => {
      const out: string[] = [];
      let last = "";
      for (let i = 0; i < count; i++) out.push((last = level.get(i) ?? last));
      return out;
    });
    return Array.from({ length: count }, (_, i) =>
      carried
        .map((lvl) => lvl[i]!)
        .reverse()
        .filter(Boolean)
        .join(" / "),
    );
  }
  const format = ownText(child(cache, "formatCode")) || "General";
  const map = pointMap(cache, format, date1904);
  const count = Math.max(Number(attr(child(cache, "ptCount"), "val") ?? 0), ...[...map.keys()].map((k) => k + 1));
  return Array.from({ length: count }, (_, i) => map.get(i) ?? "");
};

const pointMap = (cache: XEl, format: string, date1904: boolean): Map<number, string> => {
  const numeric = /num/i.test(cache.local);
  const map = new Map<number, string>();
  for (const pt of kids(cache, "pt")) {
    const raw = ownText(child(pt, "v"));
    const code = attr(pt, "formatCode") ?? format;
    const n = Number(raw);
    map.set(Number(attr(pt, "idx") ?? map.size), numeric && raw.trim() !== "" && Number.isFinite(n) ? formatNumber(n, code, date1904) : raw);
  }
  return map;
};

const seriesName = (ser: XEl, index: number): string => {
  const tx = child(ser, "tx");
  const fromCache = tx ? points(tx, false)?.[0] : undefined;
  return fromCache || ownText(child(tx, "v")) || `Series ${Number(attr(child(ser, "idx"), "val") ?? index) + 1}`;
};

/** The chart's title: rich text, a cached reference, or (auto title) the only series' name. */
const titleOf = (chart: XEl | undefined, series: Series[]): string | undefined => {
  const title = child(chart, "title");
  if (!title) return undefined;
  const tx = child(title, "tx");
  const rich = child(tx, "rich");
  if (rich) {
    const text = kids(rich, "p")
      .map((p) => descendants(p, "t").map(ownText).join(""))
      .filter((t) => t.trim())
      .join(" ");
    if (text.trim()) return text.trim();
  }
  const cached = tx ? points(tx, false)?.join(" ") : undefined;
  if (cached?.trim()) return cached.trim();
  return series.length === 1 ? series[0]!.name : undefined;
};

const TYPE_NAMES: Readonly<Record<string, string>> = { ofPie: "pie of pie", doughnut: "doughnut", bar: "bar" };

const typeOf = (plot: XEl): string => {
  const base = plot.local.replace(/3D/, "").replace(/Chart$/, "");
  if (base === "bar") return attr(child(plot, "barDir"), "val") === "col" ? "column" : "bar";
  return TYPE_NAMES[base] ?? base;
};

interface ChartRead {
  readonly space: XEl | null;
  /** `Chart (bar): Title`, plain text. */
  readonly label: string;
  /** The data table, its first row the header; null when the chart caches no data. */
  readonly rows: string[][] | null;
  /** Points left out of `rows` (over `MAX_ROWS`). */
  readonly more: number;
}

/** Reads the chart part; `diagnostics` gets what could not be read. */
const readChart = (pkg: Package, part: string, diagnostics: Diagnostic[]): ChartRead => {
  const space = readPart(pkg, part);
  if (!space) {
    diagnostics.push({ code: "extract.part_missing", severity: "warning", category: "extract", message: `The chart part ${part} is missing.` });
    return { space: null, label: "", rows: null, more: 0 };
  }
  const date1904 = flag(child(space, "date1904"), "val");
  const chart = child(space, "chart");
  const plots = elements(path(chart, "plotArea")).filter((n) => /Chart$/.test(n.local));
  const types = [...new Set(plots.map(typeOf))];
  const scatter = plots.some((p) => /^(scatter|bubble)Chart$/.test(p.local));
  const series: Series[] = plots.flatMap((plot) =>
    kids(plot, "ser").map((ser, i) => ({
      name: seriesName(ser, i),
      categories: points(child(ser, "cat") ?? child(ser, "xVal"), date1904),
      values: points(child(ser, "val") ?? child(ser, "yVal"), date1904) ?? [],
      sizes: points(child(ser, "bubbleSize"), date1904),
    })),
  );
  const title = titleOf(chart, series);
  const label = `Chart${types.length ? ` (${types.join(", ")})` : ""}${title ? `: ${title}` : ""}`;
  if (series.length === 0 || series.every((s) => s.values.length === 0)) {
    diagnostics.push({ code: "extract.chart_no_data", severity: "info", category: "extract", message: `The chart ${part} caches no data to show.` });
    return { space, label, rows: null, more: 0 };
  }
  const [header, ...body] = chartRows(series, scatter);
  return { space, label, rows: [header!, ...body.slice(0, MAX_ROWS)], more: Math.max(0, body.length - MAX_ROWS) };
};

const text = (value: string): Inline[] => (value === "" ? [] : [{ type: "text", id: "", text: value, marks: [] }]);

/**
 * The chart as IR blocks: its label in bold, the data table (its first row the header), and comment blocks for what
 * is not shown (missing part, no cached data, points over the limit). Each block's source is the chart part's
 * element it was read from; `at`, when given, is where the chart sits in the file that shows it, for a missing part.
 */
export const chartBlocks = (pkg: Package, part: string, diagnostics: Diagnostic[], at?: SourceRange): Block[] => {
  const { space, label, rows, more } = readChart(pkg, part, diagnostics);
  if (!space) return [{ type: "comment", id: "", ...(at ? { source: at } : {}), text: "a chart whose data is missing" }];
  const chart = child(space, "chart") ?? space;
  const out: Block[] = [{ type: "paragraph", id: "", source: sourceOf(child(chart, "title") ?? chart), inlines: [{ type: "text", id: "", text: label, marks: ["bold"] }] }];
  if (!rows) return [...out, { type: "comment", id: "", source: sourceOf(chart), text: "the chart holds no cached data" }];
  const source = sourceOf(path(chart, "plotArea") ?? chart);
  const width = Math.max(...rows.map((r) => r.length));
  const row = (cells: string[]): TableRow => ({ id: "", cells: Array.from({ length: width }, (_, i) => ({ id: "", inlines: text(cells[i] ?? "") })) });
  out.push({ type: "table", id: "", source, align: Array.from({ length: width }, () => null), header: [row(rows[0]!)], rows: rows.slice(1).map(row) });
  if (more > 0) out.push({ type: "comment", id: "", source, text: `${more} more chart points not shown` });
  return out;
};

const chartRows = (series: Series[], scatter: boolean): string[][] => {
  const categories = series.find((s) => s.categories?.length)?.categories ?? null;
  const shared = !scatter || series.every((s) => sameList(s.categories, categories));
  if (shared && !series.some((s) => s.sizes)) {
    const length = Math.max(categories?.length ?? 0, ...series.map((s) => s.values.length));
    const header = [scatter ? "X" : categories ? "Category" : "#", ...series.map((s) => s.name)];
    return [header, ...Array.from({ length }, (_, i) => [categories ? (categories[i] ?? "") : String(i + 1), ...series.map((s) => s.values[i] ?? "")])];
  }
  const sized = series.some((s) => s.sizes);
  const rows = [["Series", "X", "Y", ...(sized ? ["Size"] : [])]];
  for (const s of series) {
    s.values.forEach((y, i) => rows.push([s.name, s.categories?.[i] ?? String(i + 1), y, ...(sized ? [s.sizes?.[i] ?? ""] : [])]));
  }
  return rows;
};

const sameList = (a: string[] | null, b: string[] | null): boolean => (a ?? []).join("\u0000") === (b ?? []).join("\u0000");
