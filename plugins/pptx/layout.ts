/**
 * Placing a slide's flow items in its content area, so that no text runs out of its box.
 *
 * Fit first, then continue: the whole content is tried at the base sizes, then with the body
 * one point smaller at a time down to 14 pt (tables and code shrink with it down to 12 pt). The
 * first size at which everything fits on one slide wins. When nothing fits, the content is laid
 * out over as many slides as it needs, at a size halfway between the base and the floor
 * (`continuedBodySize`): text boxes break between paragraphs (a paragraph taller than what is
 * left breaks between lines), tables between rows with the header row repeated, pictures move
 * to the next slide unless they can shrink to 60% of their size, charts take the room left
 * (at most half as tall as the area is wide) or move on when less than `minChartHeight` is
 * left. Headings stay with what follows them. Heights come from `measure.ts`.
 */
import type { ImageData } from "../../core/contracts/format-plugin.ts";
import type { ChartBlock } from "../../core/ir/types.ts";
import { chartColors } from "../../core/style/chart-colors.ts";
import { chartAlt } from "../../core/ir/chart.ts";
import type { FlowItem, ParaSpec, TableSpec, TextBox } from "./content.ts";
import { fitImage } from "./images.ts";
import type { MeasureParagraph } from "./measure.ts";
import { lineHeight, lineStarts, paragraphHeight, textHeight, textWidth } from "./measure.ts";
import type { Box, CellModel, ParagraphModel, RunModel, ShapeModel, TableShape, TextShape } from "./model.ts";
import type { Palette, Sizes } from "./theme.ts";
import { minBodySize, monoFace, sizesFor } from "./theme.ts";

export interface LayoutContext {
  face: string;
  palette: Palette;
  /** The body size before any shrinking. */
  base: number;
  /** Line spacing multiple for body text. */
  lineSpacing: number;
  /** Footnote id → its number and plain text. */
  footnotes: ReadonlyMap<string, { n: number; text: string }>;
  /** The largest body size a slide of text and tables may grow to; absent, nothing is set above `base`. */
  grow?: number;
}

/** Space between a text box, table or picture and the next. */
export const blockGap = 0.2;
/** How far a quote or code box inside a list sits in per level, in inches. */
const depthIndent = 0.45;
const quoteBar = { width: 0.06, gap: 0.2 };
const codePad = { x: 0.18, y: 0.1 };
const quotePad = 0.04;
export const cellMargin = { vertical: 0.08, horizontal: 0.12 };
/** Pictures placed after other content may shrink to this share of their full size, no less. */
const minImageShare = 0.6;
const minImageHeight = 1.8;
/** Below this a chart's axis labels and legend crowd its plot. */
const minChartHeight = 2.6;
/** Rounding slack when comparing heights. */
const epsilon = 0.001;

// --- paragraphs ----------------------------------------------------------------------------------

export function paragraphModel(spec: ParaSpec, sizes: Sizes, lc: LayoutContext, firstInBox: boolean): ParagraphModel {
  const size = spec.role === "subheading" ? sizes.subheading : spec.role === "code" ? sizes.code : spec.role === "caption" ? sizes.caption : sizes.body;
  const color = spec.role === "subheading" ? lc.palette.headings : spec.role === "quote" || spec.role === "caption" ? lc.palette.muted : lc.palette.text;
  const indent = spec.bullet ? Math.round(size * (spec.indentEm ?? 1.3)) : 0;
  return {
    runs: spec.runs,
    size,
    color,
    align: spec.align,
    level: spec.level,
    ...(spec.bullet ? { bullet: spec.bullet } : {}),
    indent,
    // A box's first paragraph gets no space before: the box's position already spaces it.
    spaceBefore: firstInBox ? 0 : Math.round(spec.spaceBefore * size),
    lineSpacing: spec.role === "body" || spec.role === "quote" ? lc.lineSpacing : 1,
    ...(spec.role === "subheading" ? { bold: true } : {}),
    ...(spec.role === "quote" || spec.role === "caption" ? { italic: true } : {}),
    ...(spec.role === "code" ? { mono: true } : {}),
  };
}

/** What the measuring function needs to know about a paragraph model. */
export function measureOf(p: ParagraphModel): MeasureParagraph {
  return {
    runs: p.runs.map((r) => ({
      text: (r.breakBefore ? "\n" : "") + r.text,
      bold: Boolean(r.bold || p.bold),
      mono: Boolean(r.mono || p.mono),
      ...(r.superscript ? { scale: 0.7 } : {}),
    })),
    size: p.size,
    indent: p.bullet ? (p.indent * (p.level + 1)) / 72 : 0,
    spaceBefore: p.spaceBefore,
    lineSpacing: p.lineSpacing,
  };
}

export function faceOf(p: ParagraphModel, face: string): string {
  return p.mono ? monoFace : face;
}

/** Splits runs at a character offset of `measureOf`'s text (a line break counts as one). */
function splitRuns(runs: RunModel[], offset: number): [RunModel[], RunModel[]] {
  const first: RunModel[] = [];
  const rest: RunModel[] = [];
  let at = 0;
  for (const run of runs) {
    const chars = [...run.text];
    const lead = run.breakBefore ? 1 : 0;
    const end = at + lead + chars.length;
    if (end <= offset) first.push(run);
    else if (at + lead >= offset) rest.push(run);
    else {
      const cut = offset - at - lead;
      first.push({ ...run, text: chars.slice(0, cut).join("") });
      rest.push({ ...run, text: chars.slice(cut).join(""), breakBefore: false });
    }
    at = end;
  }
  if (rest[0]) rest[0] = { ...rest[0], text: rest[0].text.trimStart(), breakBefore: false };
  return [first, rest];
}

/** A paragraph cut after `lines` lines; the rest keeps its indent under a blank bullet. */
function splitParagraph(spec: ParaSpec, starts: number[], lines: number): [ParaSpec, ParaSpec] {
  const [first, rest] = splitRuns(spec.runs, starts[lines]!);
  const { keepWithNext: _keep, ...base } = spec;
  return [
    { ...base, runs: first },
    { ...base, runs: rest, spaceBefore: 0, ...(spec.bullet ? { bullet: { kind: "bullet", char: "\u00A0" } } : {}) },
  ];
}

// --- text boxes ----------------------------------------------------------------------------------

interface TextGeometry {
  x: number;
  w: number;
  insets: TextShape["insets"];
}

function textGeometry(box: TextBox, depth: number, area: Box): TextGeometry {
  const x = area.x + depth * depthIndent;
  const w = area.w - depth * depthIndent;
  switch (box) {
    case "body":
      return { x, w, insets: { left: 0, top: 0, right: 0, bottom: 0 } };
    case "quote":
      return { x: x + quoteBar.gap, w: w - quoteBar.gap, insets: { left: 0, top: quotePad, right: 0, bottom: quotePad } };
    case "code":
      return { x, w, insets: { left: codePad.x, top: codePad.y, right: codePad.x, bottom: codePad.y } };
  }
}

function innerWidth(g: TextGeometry): number {
  return g.w - g.insets.left - g.insets.right;
}

// --- tables --------------------------------------------------------------------------------------

export interface TableGeometry {
  width: number;
  columnWidths: number[];
  headerHeights: number[];
  rowHeights: number[];
}

function plain(runs: RunModel[]): string {
  return runs.map((r) => r.text).join(" ");
}

function cellParagraph(runs: RunModel[], table: TableSpec, column: number, size: number, header: boolean, lc: LayoutContext): ParagraphModel {
  const align = table.align[column] ?? null;
  return {
    runs,
    size,
    color: header ? lc.palette.onAccent : lc.palette.text,
    align: align === "center" ? "center" : align === "right" ? "right" : "left",
    level: 0,
    indent: 0,
    spaceBefore: 0,
    lineSpacing: 1,
    ...(header ? { bold: true } : {}),
  };
}

/**
 * Column widths from content. Each column wants its longest cell on one line and needs at least
 * its longest word. A table whose columns all get what they want is that wide (with some air,
 * at least 60% of the area); otherwise it spans the area, narrow columns get what they want and
 * the wide ones share the rest in proportion to their wants (never under their longest word
 * while there is room for it).
 */
function tableColumns(table: TableSpec, areaWidth: number, size: number, lc: LayoutContext): { width: number; columnWidths: number[] } {
  const columns = table.align.length;
  const all = [...table.header.map((r) => ({ r, header: true })), ...table.rows.map((r) => ({ r, header: false }))];
  const pad = 2 * cellMargin.horizontal;
  const wants: number[] = [];
  const words: number[] = [];
  for (let c = 0; c < columns; c++) {
    let longest = 0.5;
    let word = 0.5;
    for (const { r, header } of all) {
      const text = plain(r[c] ?? []);
      // A little slack: a column exactly as wide as its text would wrap on rounding.
      longest = Math.max(longest, textWidth(text, size, { bold: header, face: lc.face }) + pad + 0.04);
      for (const w of text.split(/\s+/)) word = Math.max(word, textWidth(w, size, { bold: header, face: lc.face }) + pad + 0.04);
    }
    wants.push(longest);
    words.push(Math.min(word, areaWidth / columns));
  }
  const wanted = wants.reduce((s, w) => s + w, 0);
  let width: number;
  let columnWidths: number[];
  if (wanted <= areaWidth) {
    width = Math.min(areaWidth, Math.max(wanted * 1.15, areaWidth * 0.6));
    columnWidths = wants.map((w) => (width * w) / wanted);
  } else {
    width = areaWidth;
    columnWidths = new Array<number>(columns).fill(0);
    const open = new Set(wants.keys());
    let left = width;
    // Columns wanting less than an even share of what is left get their want, until none do.
    for (let settled = true; settled && open.size > 0; ) {
      settled = false;
      const share = left / open.size;
      for (const c of [...open]) {
        if (wants[c]! <= share) {
          columnWidths[c] = wants[c]!;
          left -= wants[c]!;
          open.delete(c);
          settled = true;
        }
      }
    }
    const floor = [...open].reduce((s, c) => s + words[c]!, 0);
    const openWants = [...open].reduce((s, c) => s + wants[c]!, 0);
    for (const c of open) {
      columnWidths[c] =
        floor <= left
          ? words[c]! + ((left - floor) * (wants[c]! - words[c]!)) / Math.max(openWants - floor, 0.001)
          : (left * wants[c]!) / openWants;
    }
  }
  return { width, columnWidths };
}

/*
 * Measuring is memoised: a long table is measured once per size, not once per slide it spans
 * (the results depend only on the keys, so the mapping stays a pure function).
 */
const columnCache = new WeakMap<TableSpec, Map<string, { width: number; columnWidths: number[] }>>();
const rowCache = new WeakMap<RunModel[][], Map<string, number>>();

export function tableGeometry(table: TableSpec, areaWidth: number, size: number, lc: LayoutContext): TableGeometry {
  const whole = table.whole ?? table;
  const columnKey = `${areaWidth}|${size}|${lc.face}`;
  let byKey = columnCache.get(whole);
  if (!byKey) columnCache.set(whole, (byKey = new Map()));
  let columns = byKey.get(columnKey);
  if (!columns) byKey.set(columnKey, (columns = tableColumns(whole, areaWidth, size, lc)));
  const { width, columnWidths } = columns;
  const pad = 2 * cellMargin.horizontal;
  const rowKey = (header: boolean) => `${header}|${size}|${lc.face}|${columnWidths.join(",")}`;
  const height = (row: RunModel[][], header: boolean) => {
    let cached = rowCache.get(row);
    if (!cached) rowCache.set(row, (cached = new Map()));
    const key = rowKey(header);
    const hit = cached.get(key);
    if (hit !== undefined) return hit;
    const h =
      Math.max(
        ...columnWidths.map((w, c) => {
          const p = cellParagraph(row[c] ?? [], table, c, size, header, lc);
          return paragraphHeight(measureOf(p), w - pad, lc.face);
        }),
      ) +
      2 * cellMargin.vertical;
    cached.set(key, h);
    return h;
  };
  return {
    width,
    columnWidths,
    headerHeights: table.header.map((r) => height(r, true)),
    rowHeights: table.rows.map((r) => height(r, false)),
  };
}

function tableShape(table: TableSpec, g: TableGeometry, at: { x: number; y: number }, size: number, lc: LayoutContext, name: string): TableShape {
  const rows: CellModel[][] = [
    ...table.header.map((r) => r.map((runs, c) => ({ paragraph: cellParagraph(runs, table, c, size, true, lc), fill: lc.palette.accent }))),
    ...table.rows.map((r, i) =>
      r.map((runs, c) => ({ paragraph: cellParagraph(runs, table, c, size, false, lc), ...(i % 2 === 1 ? { fill: lc.palette.band } : {}) })),
    ),
  ];
  const rowHeights = [...g.headerHeights, ...g.rowHeights];
  return {
    type: "table",
    name,
    box: { x: at.x, y: at.y, w: g.width, h: rowHeights.reduce((s, h) => s + h, 0) },
    face: lc.face,
    columnWidths: g.columnWidths,
    rowHeights,
    rows,
    border: lc.palette.border,
    cellMargin,
  };
}

// --- footnotes -----------------------------------------------------------------------------------

function footnoteParagraphs(ids: string[], sizes: Sizes, lc: LayoutContext): ParagraphModel[] {
  return ids.flatMap((id, i) => {
    const note = lc.footnotes.get(id);
    if (!note) return [];
    return [
      {
        runs: [{ text: String(note.n), superscript: true }, { text: ` ${note.text}` }],
        size: sizes.footnote,
        color: lc.palette.muted,
        align: "left" as const,
        level: 0,
        indent: 0,
        spaceBefore: i === 0 ? 0 : 2,
        lineSpacing: 1,
      },
    ];
  });
}

function footnoteHeight(ids: string[], width: number, sizes: Sizes, lc: LayoutContext): number {
  const paragraphs = footnoteParagraphs(ids, sizes, lc);
  return paragraphs.length === 0 ? 0 : textHeight(paragraphs.map(measureOf), width, lc.face) + blockGap;
}

// --- one slide -----------------------------------------------------------------------------------

type Placed =
  | { kind: "text"; group: string; box: TextBox; geometry: TextGeometry; y: number; height: number; paragraphs: ParagraphModel[] }
  | { kind: "table"; table: TableSpec; geometry: TableGeometry; y: number }
  | { kind: "image"; image: ImageData; alt: string; caption?: ParagraphModel; y: number; w: number; h: number; captionHeight: number }
  | { kind: "chart"; chart: ChartBlock; y: number; w: number; h: number };

export interface PageFill {
  shapes: ShapeModel[];
  rest: FlowItem[];
}

/** The minimum a following item needs on the slide for a heading to stay with it. */
function leadHeight(item: FlowItem, area: Box, sizes: Sizes, lc: LayoutContext): number {
  switch (item.kind) {
    case "para": {
      const p = paragraphModel(item.para, sizes, lc, false);
      const g = textGeometry(item.box, item.depth, area);
      return Math.min(paragraphHeight(measureOf(p), innerWidth(g), faceOf(p, lc.face)), 2 * lineHeight(p) + p.spaceBefore / 72);
    }
    case "table": {
      const g = tableGeometry(item.table, area.w, sizes.table, lc);
      return blockGap + g.headerHeights.reduce((s, h) => s + h, 0) + (g.rowHeights[0] ?? 0);
    }
    case "image":
      return blockGap + minImageHeight;
    case "chart":
      return blockGap + minChartHeight;
  }
}

/** Fills one slide's content area from the front of `items`; what does not fit is returned. */
export function fillPage(items: FlowItem[], area: Box, sizes: Sizes, lc: LayoutContext): PageFill {
  const placed: Placed[] = [];
  const cited: string[] = [];
  let y = area.y;
  const bottom = area.y + area.h;
  let rest: FlowItem[] = [];

  /** Adds a paragraph to the open text box (`start` 0) or opens a new box for it. */
  const place = (item: Extract<FlowItem, { kind: "para" }>, p: ParagraphModel, g: TextGeometry, start: number, h: number, citing: string[]) => {
    const last = placed[placed.length - 1];
    if (start === 0 && last?.kind === "text") {
      last.paragraphs.push(p);
      last.height += h;
    } else {
      placed.push({ kind: "text", group: item.group, box: item.box, geometry: g, y: y + (placed.length === 0 ? 0 : blockGap), height: h, paragraphs: [p] });
    }
    y += start + h;
    cited.splice(0, cited.length, ...citing);
  };

  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const empty = placed.length === 0;
    const citing = [...cited, ...item.footnotes.filter((id) => !cited.includes(id))];
    const limit = bottom - footnoteHeight(citing, area.w, sizes, lc) + epsilon;
    const gap = empty ? 0 : blockGap;

    if (item.kind === "para") {
      const last = placed[placed.length - 1];
      const joins = last?.kind === "text" && last.group === item.group;
      const g = joins ? last.geometry : textGeometry(item.box, item.depth, area);
      const p = paragraphModel(item.para, sizes, lc, !joins);
      const measured = measureOf(p);
      const h = paragraphHeight(measured, innerWidth(g), faceOf(p, lc.face));
      const start = joins ? 0 : gap + g.insets.top + g.insets.bottom;
      const next = items[i + 1];
      const keep = item.para.keepWithNext && next ? leadHeight(next, area, sizes, lc) : 0;
      if (y + start + h + keep <= limit) {
        place(item, p, g, start, h, citing);
        continue;
      }
      // It does not fit whole. A paragraph taller than what is left may break between lines:
      // always on an empty slide, elsewhere only when a good part of it fits.
      const starts = lineStarts(measured, innerWidth(g), faceOf(p, lc.face));
      const fitting = Math.floor((limit - y - start - p.spaceBefore / 72 + epsilon) / lineHeight(p));
      const splittable = !item.para.keepWithNext && starts.length > 1 && fitting >= 1 && fitting < starts.length;
      if (splittable && (empty || (fitting >= 3 && starts.length - fitting >= 2))) {
        const [head, tail] = splitParagraph(item.para, starts, fitting);
        const hp = paragraphModel(head, sizes, lc, !joins);
        place(item, hp, g, start, paragraphHeight(measureOf(hp), innerWidth(g), faceOf(hp, lc.face)), citing);
        rest = [{ ...item, para: tail }, ...items.slice(i + 1)];
        break;
      }
      if (empty) {
        // Nothing smaller can be made of it: one line taller than the slide. Place it anyway.
        place(item, p, g, start, h, citing);
        continue;
      }
      rest = items.slice(i);
      break;
    }

    if (item.kind === "table") {
      const g = tableGeometry(item.table, area.w, sizes.table, lc);
      let used = gap + g.headerHeights.reduce((s, h) => s + h, 0);
      let fitting = 0;
      while (fitting < g.rowHeights.length && y + used + g.rowHeights[fitting]! <= limit) used += g.rowHeights[fitting++]!;
      if (fitting === g.rowHeights.length) {
        placed.push({ kind: "table", table: item.table, geometry: g, y: y + gap });
        y += used;
        cited.splice(0, cited.length, ...citing);
        continue;
      }
      // Split between rows: the header repeats on the next slide. Elsewhere than on an empty
      // slide, at least two rows must come along so the table does not start with a stub.
      const minimum = empty ? 1 : Math.min(2, g.rowHeights.length);
      const take = Math.max(fitting, empty ? 1 : 0);
      if (take >= minimum) {
        const whole = item.table.whole ?? item.table;
        const head: TableSpec = { ...item.table, rows: item.table.rows.slice(0, take), whole };
        const tail: TableSpec = { ...item.table, rows: item.table.rows.slice(take), whole };
        placed.push({ kind: "table", table: head, geometry: { ...g, rowHeights: g.rowHeights.slice(0, take) }, y: y + gap });
        y += gap + [...g.headerHeights, ...g.rowHeights.slice(0, take)].reduce((s, h) => s + h, 0);
        cited.splice(0, cited.length, ...citing);
        rest = [{ ...item, table: tail }, ...items.slice(i + 1)];
        break;
      }
      rest = items.slice(i);
      break;
    }

    if (item.kind === "chart") {
      const room = limit - y - gap;
      if (room < minChartHeight && !empty) {
        rest = items.slice(i);
        break;
      }
      const h = Math.max(Math.min(room, area.w / 2), Math.min(minChartHeight, area.h));
      placed.push({ kind: "chart", chart: item.chart, y: y + gap, w: Math.min(area.w, h * 2.2), h });
      y += gap + h;
      cited.splice(0, cited.length, ...citing);
      continue;
    }

    // A picture: full size if it fits, else shrunk to what is left (not below 60%), else on to
    // the next slide; alone on a slide it takes the whole area.
    const caption = item.caption
      ? paragraphModel({ role: "caption", runs: [{ text: item.caption }], level: 0, spaceBefore: 0, align: "center" }, sizes, lc, true)
      : undefined;
    const captionHeight = caption ? paragraphHeight(measureOf(caption), area.w, lc.face) + 0.08 : 0;
    const full = fitImage(item.image, area.w, area.h - captionHeight);
    const room = limit - y - gap - captionHeight;
    let size: { w: number; h: number } | null = null;
    if (full.h <= room) size = full;
    else if (room >= Math.max(minImageHeight, full.h * minImageShare) || empty) size = fitImage(item.image, area.w, Math.max(room, 0.5));
    if (!size) {
      rest = items.slice(i);
      break;
    }
    placed.push({ kind: "image", image: item.image, alt: item.alt, ...(caption ? { caption } : {}), y: y + gap, w: size.w, h: size.h, captionHeight });
    y += gap + size.h + captionHeight;
    cited.splice(0, cited.length, ...citing);
  }

  return { shapes: shapes(placed, cited, area, sizes, lc), rest };
}

function shapes(placed: Placed[], cited: string[], area: Box, sizes: Sizes, lc: LayoutContext): ShapeModel[] {
  const out: ShapeModel[] = [];
  const body = placed.find((p) => p.kind === "text" && p.box === "body");
  placed.forEach((p, i) => {
    const name = `Content ${i + 1}`;
    if (p.kind === "text") {
      const g = p.geometry;
      const h = p.height + g.insets.top + g.insets.bottom;
      if (p.box === "quote") {
        out.push({ type: "rect", name: `${name} bar`, box: { x: g.x - quoteBar.gap, y: p.y, w: quoteBar.width, h }, fill: lc.palette.accent });
      }
      out.push({
        type: "text",
        name,
        box: { x: g.x, y: p.y, w: g.w, h },
        paragraphs: p.paragraphs,
        face: lc.face,
        insets: g.insets,
        valign: "top",
        ...(p.box === "code" ? { fill: lc.palette.codeFill } : {}),
        ...(p === body ? { placeholder: "body" as const } : {}),
      });
    } else if (p.kind === "table") {
      out.push(tableShape(p.table, p.geometry, { x: area.x, y: p.y }, sizes.table, lc, name));
    } else if (p.kind === "chart") {
      const { chart, labels, series } = p.chart;
      out.push({
        type: "chart",
        name,
        box: { x: area.x + (area.w - p.w) / 2, y: p.y, w: p.w, h: p.h },
        chart,
        ...(p.chart.title ? { title: p.chart.title } : {}),
        labels,
        series,
        colors: chartColors(lc.palette.accent, chart === "pie" ? labels.length : series.length),
        face: lc.face,
        textColor: lc.palette.text,
        size: sizes.caption,
        alt: chartAlt(p.chart),
      });
    } else {
      out.push({
        type: "image",
        name,
        box: { x: area.x + (area.w - p.w) / 2, y: p.y, w: p.w, h: p.h },
        data: p.image.data,
        format: p.image.type,
        alt: p.alt,
      });
      if (p.caption) {
        out.push({
          type: "text",
          name: `${name} caption`,
          box: { x: area.x, y: p.y + p.h + 0.08, w: area.w, h: p.captionHeight - 0.08 },
          paragraphs: [p.caption],
          face: lc.face,
          insets: { left: 0, top: 0, right: 0, bottom: 0 },
          valign: "top",
        });
      }
    }
  });
  const notes = footnoteParagraphs(cited, sizes, lc);
  if (notes.length > 0) {
    const h = textHeight(notes.map(measureOf), area.w, lc.face);
    out.push({
      type: "text",
      name: "Footnotes",
      box: { x: area.x, y: area.y + area.h - h, w: area.w, h },
      paragraphs: notes,
      face: lc.face,
      insets: { left: 0, top: 0, right: 0, bottom: 0 },
      valign: "bottom",
    });
  }
  return out;
}

// --- all slides of one section -------------------------------------------------------------------

export interface FlowLayout {
  pages: ShapeModel[][];
  /** The body size used. */
  body: number;
}

/** Text set above the base size may take this share of the content area, no more: a full slide reads as crowded. */
const grownShare = 0.8;

/**
 * Lays a section's items out: on one slide at the largest body size from the base down to
 * 14 pt at which they fit, else over several slides at `continuedBodySize`. A slide of text and
 * tables (no picture or chart, whose room the text would take) first tries sizes above the base,
 * up to `lc.grow`, at which its content takes at most `grownShare` of the area: a few short
 * bullets would otherwise sit small at the top of an empty slide.
 */
export function layoutFlow(items: FlowItem[], area: Box, lc: LayoutContext): FlowLayout {
  const grows = items.every((item) => item.kind === "para" || item.kind === "table");
  for (let body = grows ? (lc.grow ?? lc.base) : lc.base; body > lc.base; body--) {
    const page = fillPage(items, area, sizesFor(body, lc.base), lc);
    if (page.rest.length === 0 && usedHeight(page.shapes, area) <= area.h * grownShare) return { pages: [page.shapes], body };
  }
  for (let body = lc.base; body >= minBodySize; body--) {
    const page = fillPage(items, area, sizesFor(body, lc.base), lc);
    if (page.rest.length === 0) return { pages: [page.shapes], body };
  }
  const body = continuedBodySize(lc.base);
  const sizes = sizesFor(body, lc.base);
  const pages: ShapeModel[][] = [];
  let rest = items;
  while (rest.length > 0) {
    const page = fillPage(rest, area, sizes, lc);
    pages.push(page.shapes);
    // fillPage always places something on an empty slide; this guards against a loop anyway.
    if (page.rest.length >= rest.length && page.rest[0] === rest[0]) rest = rest.slice(1);
    else rest = page.rest;
  }
  return { pages, body };
}

/** How far down the content area a slide's content reaches (footnotes, set at the bottom, aside). */
function usedHeight(shapes: ShapeModel[], area: Box): number {
  return Math.max(0, ...shapes.filter((s) => s.name !== "Footnotes").map((s) => s.box.y + s.box.h - area.y));
}

/**
 * Content that continues over several slides is set halfway between the base size and the
 * floor (18 pt for a 22 pt base): at the base a long table or list would take many sparse
 * slides, at the floor every slide would be crowded.
 */
export function continuedBodySize(base: number): number {
  return Math.round((base + minBodySize) / 2);
}
