/**
 * How tall a shape's text is drawn, against the height its box offers. The box is the shape's own or its
 * placeholder's (templates.ts) less the body insets (`a:bodyPr` lIns/tIns/rIns/bIns, default 0.1 in sideways and
 * 0.05 in above and below). Each property is taken from the nearest place that states it: the run, the paragraph,
 * the shape's list style, the layout's and master's placeholder, the master's text styles, the presentation's
 * default, and 18 pt at last. Lines wrap by words over per-character widths (`plugins/pptx/measure.ts`, Arial's,
 * adjusted per face: see `Widths`), a line is 1.2 em times the line spacing, and space before the first paragraph
 * and after the last is left out, as PowerPoint draws them. On text boxes PowerPoint itself sized to their text
 * (`a:spAutoFit`), the estimate comes within 1% of PowerPoint's heights.
 *
 * Autofit is read as PowerPoint draws it: `a:spAutoFit` grows the shape (nothing to measure), and `a:normAutofit`
 * draws the text at the `fontScale`/`lnSpcReduction` it states (100% when it states none: PowerPoint only works a
 * new scale out when someone edits the text).
 */
import { attr, child, elements, flag, kids, ownText } from "../../../core/ooxml/xml/query.ts";
import { fontWidthFactor, lineStarts, type MeasureRun } from "../measure.ts";
import type { PlacedShape } from "./shapes.ts";
import type { SlideTemplates } from "./templates.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

const EMU_PER_INCH = 914_400;
const EMU_PER_POINT = 12_700;
const LINE_EM = 1.2;

export interface Autofit {
  readonly kind: "none" | "normal" | "shape";
  readonly fontScale: number;
  readonly lineReduction: number;
}

export interface TextFrame {
  /** Inner width and height (EMU). */
  readonly width: number;
  readonly height: number;
  readonly wrap: boolean;
  readonly autofit: Autofit;
  readonly paragraphs: readonly XEl[];
  /** Why the text is not measured (vertical text, columns), or null. */
  readonly unmeasured: string | null;
}

interface Spacing {
  readonly pct?: number;
  readonly pts?: number;
}

const spacing = (node: XEl | undefined): Spacing | undefined => {
  if (!node) return undefined;
  const pct = child(node, "spcPct");
  const pts = child(node, "spcPts");
  if (pct) return { pct: (Number(attr(pct, "val")) || 0) / 100_000 };
  if (pts) return { pts: (Number(attr(pts, "val")) || 0) / 100 };
  return undefined;
};

const percent = (value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const n = value.endsWith("%") ? Number(value.slice(0, -1)) * 1000 : Number(value);
  return Number.isFinite(n) ? n / 100_000 : fallback;
};

/** The first of `nodes` stating `pick`, nearest first. */
const first = <T>(nodes: readonly (XEl | undefined)[], pick: (n: XEl) => T | undefined): T | undefined => {
  for (const n of nodes) {
    if (!n) continue;
    const value = pick(n);
    if (value !== undefined) return value;
  }
  return undefined;
};

export const textFrame = (shape: PlacedShape, templates: SlideTemplates): TextFrame | null => {
  const body = child(shape.node, "txBody");
  if (!body || !shape.box) return null;
  const props = templates.bodyProps(shape.node, shape.ph);
  const inset = (name: string, fallback: number) => first(props, (p) => (attr(p, name) === undefined ? undefined : Number(attr(p, name)) || 0)) ?? fallback;
  const fit = first(props, (p) => elements(p).find((c) => /^(noAutofit|normAutofit|spAutoFit)$/.test(c.local)));
  const autofit: Autofit =
    fit === undefined || fit.local === "noAutofit"
      ? { kind: "none", fontScale: 1, lineReduction: 0 }
      : fit.local === "spAutoFit"
        ? { kind: "shape", fontScale: 1, lineReduction: 0 }
        : { kind: "normal", fontScale: percent(attr(fit, "fontScale"), 1), lineReduction: percent(attr(fit, "lnSpcReduction"), 0) };
  const vert = first(props, (p) => attr(p, "vert")) ?? "horz";
  const columns = Number(first(props, (p) => attr(p, "numCol")) ?? 1) || 1;
  return {
    width: shape.box.w - inset("lIns", 91_440) - inset("rIns", 91_440),
    height: shape.box.h - inset("tIns", 45_720) - inset("bIns", 45_720),
    wrap: (first(props, (p) => attr(p, "wrap")) ?? "square") !== "none",
    autofit,
    paragraphs: kids(body, "p"),
    unmeasured: vert !== "horz" ? "vertical text" : columns > 1 ? "text in columns" : null,
  };
};

/**
 * How wide a face sets text against Arial. `lenient` leans narrow, so that text called too tall is too tall (a
 * finding); `strict` leans wide, so that text called short enough fits (a repair). Measured against LibreOffice's
 * rendering of the same boxes: Calibri (Carlito) and Times set about 10% narrower than Arial; faces that are not
 * installed fall back to wider ones (measure.ts, `fontWidthFactor`).
 */
export type Widths = "lenient" | "strict";

const narrow = /^(calibri|carlito|times new roman|times|liberation serif|tinos)$/i;

const faceFactor = (face: string | undefined, widths: Widths): number => {
  const name = (face ?? "").trim();
  if (widths === "lenient") return (narrow.test(name) ? 0.9 : 1) * 0.92;
  return /^(calibri|carlito)$/i.test(name) ? 0.9 : fontWidthFactor(name);
};

/**
 * The height (EMU) the paragraphs need in their frame, drawn at `fontScale` with line spacing reduced by
 * `lineReduction`, and the height of their tallest line.
 */
export const textHeight = (
  shape: PlacedShape,
  templates: SlideTemplates,
  frame: TextFrame,
  widths: Widths,
  fontScale = frame.autofit.fontScale,
  lineReduction = frame.autofit.lineReduction,
): { height: number; line: number } => {
  const styles = templates.listStyles(shape.node, shape.ph);
  let total = 0;
  let tallest = 0;
  frame.paragraphs.forEach((p, index) => {
    const pPr = child(p, "pPr");
    const level = Math.min(8, Math.max(0, Number(attr(pPr, "lvl") ?? 0) || 0));
    const chain = [pPr, ...styles.map((s) => child(s, `lvl${level + 1}pPr`))];
    const defaults = chain.map((c) => child(c, "defRPr"));
    const size = (rPr: XEl | undefined) => (Number(first([rPr, ...defaults], (r) => attr(r, "sz"))) || 1800) / 100;
    const bold = (rPr: XEl | undefined) => first([rPr, ...defaults], (r) => (attr(r, "b") === undefined ? undefined : flag(r, "b"))) ?? false;
    const face = (rPr: XEl | undefined) => templates.face(first([rPr, ...defaults], (r) => attr(child(r, "latin"), "typeface")) ?? "+mn-lt");
    const pieces: Array<{ text: string; size: number; bold: boolean; factor: number }> = [];
    for (const run of elements(p)) {
      const name = run.local;
      const rPr = child(run, "rPr");
      if (name === "br") pieces.push({ text: "\n", size: size(rPr), bold: false, factor: 1 });
      else if (name === "r" || name === "fld") pieces.push({ text: kids(run, "t").map(ownText).join(""), size: size(rPr), bold: bold(rPr), factor: faceFactor(face(rPr), widths) });
    }
    // An empty paragraph is one line the size of its end mark.
    const largest = (pieces.length ? Math.max(...pieces.map((r) => r.size)) : size(child(p, "endParaRPr"))) * fontScale;
    const runs: MeasureRun[] = pieces.map((r) => ({ text: r.text, bold: r.bold, scale: (r.size * fontScale * r.factor) / largest }));
    const indent = (Number(first(chain, (c) => attr(c, "marL"))) || 0) / EMU_PER_INCH;
    const width = frame.wrap ? frame.width / EMU_PER_INCH : 1e6;
    const lines = runs.length ? lineStarts({ runs, size: largest, indent }, width).length : 1;
    const line = first(chain, (c) => spacing(child(c, "lnSpc")));
    const lineHeight = line?.pts !== undefined ? line.pts : largest * LINE_EM * (line?.pct ?? 1) * (1 - lineReduction);
    const gap = (s: Spacing | undefined) => (s?.pts !== undefined ? s.pts : (s?.pct ?? 0) * largest * LINE_EM);
    const before = index > 0 ? gap(first(chain, (c) => spacing(child(c, "spcBef")))) : 0;
    const after = index < frame.paragraphs.length - 1 ? gap(first(chain, (c) => spacing(child(c, "spcAft")))) : 0;
    total += (before + lines * lineHeight + after) * EMU_PER_POINT;
    tallest = Math.max(tallest, lineHeight * EMU_PER_POINT);
  });
  return { height: total, line: tallest };
};
