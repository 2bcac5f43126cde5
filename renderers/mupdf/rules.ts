/**
 * The straight rules a PDF page draws (the borders of ruled tables, plugins/pdf/extract/lattice.ts), read from what
 * the page's content stream paints through a mupdf Device: every axis-aligned straight segment of a stroked path,
 * every filled rectangle no thicker than `THIN` points as the rule along its middle, and the four edges of a larger
 * filled rectangle (a filled cell's sides are its borders, as in pdfplumber's `rect` edges; those of light shading
 * are marked: `SHADING`). Curves, slanted
 * segments, filled shapes that are not rectangles and paint that does not show (white, transparent) are no rules. Annotations (form fields' boxes) are not read:
 * `runPageContents` where the page has it.
 *
 * Bounded work: at most `MAX_PATHS` paths and `MAX_RULES` rules are read per page. Past either cap the page's
 * remaining drawing is skipped (each further path is released unread) and the result says `truncated`: a page
 * drawing that much is a chart, a map or a plan, and lattice.ts then finds no ruled tables on it.
 *
 * Coordinates are points from the page's top left, the space of mupdf's structured text (renderers/mupdf/pages.ts).
 */
import type * as Mupdf from "mupdf";

export interface Rule {
  /** `h`: from x0 to x1 at y0 = y1; `v`: from y0 to y1 at x0 = x1. */
  readonly orientation: "h" | "v";
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  /** An edge of a lightly shaded rectangle (`SHADING`): a border only where no drawn rule says otherwise. */
  readonly shade?: true;
}

export interface PageRules {
  readonly rules: Rule[];
  /** The caps were reached; `rules` holds what was read before. */
  readonly truncated: boolean;
  /** Paths the page painted (counted up to the cap). */
  readonly paths: number;
}

export const MAX_PATHS = 20_000;
export const MAX_RULES = 50_000;
/** A filled rectangle this thin (points) is a line. */
export const THIN = 3;
/** A segment this far off the axis over its length (points) still runs along it: a rule drawn a hair askew. */
const SKEW = 0.5;
/** Shorter segments are ticks, dots of a dotted line or parts of glyphs drawn as paths, not rules. */
const MIN_LENGTH = 1;

type Point = [number, number];

/**
 * Paint that does not show on white paper (white, or fully transparent): a white box behind text, a white rule
 * drawn over another to hide it. camelot sees only what shows (it reads the rendered page); so does this.
 */
const invisible = (colorspace: Mupdf.ColorSpace, color: readonly number[], alpha: number): boolean => alpha <= 0.01 || lightness(colorspace, color) >= 0.98;

/** 0 (black) to 1 (white); 0 for colours of other spaces (spot colours, patterns): taken as showing. */
const lightness = (colorspace: Mupdf.ColorSpace, color: readonly number[]): number => {
  if (color.length === 0) return 0;
  const n = colorspace.getNumberOfComponents();
  if ((colorspace.isCMYK() || n === 4) && color.length === 4) return (1 - Math.min(1, color[0]! + color[3]!)) * 0.3 + (1 - Math.min(1, color[1]! + color[3]!)) * 0.59 + (1 - Math.min(1, color[2]! + color[3]!)) * 0.11;
  if ((colorspace.isRGB() || n === 3) && color.length === 3) return 0.3 * color[0]! + 0.59 * color[1]! + 0.11 * color[2]!;
  if ((colorspace.isGray() || n === 1) && color.length === 1) return color[0]!;
  return 0;
};

/**
 * A filled rectangle lighter than this is shading: a header row's tint, a highlight behind a line of text inside a
 * ruled cell, or cells told apart only by white gaps between their tints. Its edges are marked `shade` (lattice.ts
 * uses them only away from drawn rules). Darker blocks draw their grid as rules.
 */
const SHADING = 0.75;

const segmentRule = (a: Point, b: Point, out: Rule[]): void => {
  const dx = Math.abs(b[0] - a[0]);
  const dy = Math.abs(b[1] - a[1]);
  if (dy <= SKEW && dx >= MIN_LENGTH) {
    const y = (a[1] + b[1]) / 2;
    out.push({ orientation: "h", x0: Math.min(a[0], b[0]), x1: Math.max(a[0], b[0]), y0: y, y1: y });
  } else if (dx <= SKEW && dy >= MIN_LENGTH) {
    const x = (a[0] + b[0]) / 2;
    out.push({ orientation: "v", x0: x, x1: x, y0: Math.min(a[1], b[1]), y1: Math.max(a[1], b[1]) });
  }
};

/** The closed parts of a path as point lists (page space), and whether it has curves. */
const subpaths = (path: Mupdf.Path, ctm: Mupdf.Matrix): { parts: { points: Point[]; closed: boolean }[]; curved: boolean } => {
  const [a, b, c, d, e, f] = ctm;
  const at = (x: number, y: number): Point => [a * x + c * y + e, b * x + d * y + f];
  const parts: { points: Point[]; closed: boolean }[] = [];
  let current: { points: Point[]; closed: boolean } | null = null;
  let curved = false;
  path.walk({
    moveTo(x, y) {
      current = { points: [at(x, y)], closed: false };
      parts.push(current);
    },
    lineTo(x, y) {
      current?.points.push(at(x, y));
    },
    curveTo(_x1, _y1, _x2, _y2, x3, y3) {
      curved = true;
      // The part goes on from the curve's end; the curve itself is no rule (NaN marks the break).
      current?.points.push([Number.NaN, Number.NaN], at(x3, y3));
    },
    closePath() {
      if (current) {
        current.closed = true;
        const first = current.points[0]!;
        // A new part starts at the closed part's first point when the path goes on without a moveTo.
        current = { points: [first], closed: false };
        parts.push(current);
      }
    },
  });
  return { parts: parts.filter((p) => p.points.length >= 2), curved };
};

/** The box of an axis-aligned rectangle (4 corners, optionally repeating the first), or null. */
const rectangle = (points: readonly Point[]): [number, number, number, number] | null => {
  let pts = points;
  if (pts.length === 5 && Math.abs(pts[4]![0] - pts[0]![0]) <= SKEW && Math.abs(pts[4]![1] - pts[0]![1]) <= SKEW) pts = pts.slice(0, 4);
  if (pts.length !== 4 || pts.some((p) => Number.isNaN(p[0]))) return null;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const near = (v: number, u: number) => Math.abs(v - u) <= SKEW;
  if (!pts.every((p) => (near(p[0], x0) || near(p[0], x1)) && (near(p[1], y0) || near(p[1], y1)))) return null;
  // Consecutive corners share a side (a bow-tie's crossing is no rectangle).
  for (let i = 0; i < 4; i++) {
    const p = pts[i]!;
    const q = pts[(i + 1) % 4]!;
    if (!near(p[0], q[0]) && !near(p[1], q[1])) return null;
  }
  return [x0, y0, x1, y1];
};

const filledRules = (path: Mupdf.Path, ctm: Mupdf.Matrix, shading: boolean, out: Rule[]): void => {
  const { parts } = subpaths(path, ctm);
  for (const part of parts) {
    const box = rectangle(part.points);
    if (!box) continue;
    const [x0, y0, x1, y1] = box;
    const w = x1 - x0;
    const h = y1 - y0;
    if (w < MIN_LENGTH && h < MIN_LENGTH) continue;
    if (h <= THIN && w > h) out.push({ orientation: "h", x0, x1, y0: (y0 + y1) / 2, y1: (y0 + y1) / 2 });
    else if (w <= THIN && h > w) out.push({ orientation: "v", x0: (x0 + x1) / 2, x1: (x0 + x1) / 2, y0, y1 });
    else {
      const shade = shading ? { shade: true as const } : {};
      out.push({ orientation: "h", x0, x1, y0, y1: y0, ...shade }, { orientation: "h", x0, x1, y0: y1, y1, ...shade });
      out.push({ orientation: "v", x0, x1: x0, y0, y1, ...shade }, { orientation: "v", x0: x1, x1, y0, y1, ...shade });
    }
  }
};

const strokedRules = (path: Mupdf.Path, ctm: Mupdf.Matrix, out: Rule[]): void => {
  const { parts } = subpaths(path, ctm);
  for (const part of parts) {
    const pts = part.points;
    for (let i = 1; i < pts.length; i++) {
      const p = pts[i - 1]!;
      const q = pts[i]!;
      if (Number.isNaN(p[0]) || Number.isNaN(q[0])) continue;
      segmentRule(p, q, out);
    }
    if (part.closed && pts.length >= 3 && !Number.isNaN(pts[pts.length - 1]![0])) segmentRule(pts[pts.length - 1]!, pts[0]!, out);
  }
};

/** The rules page `page` draws; `mupdf` is the loaded module (renderers/mupdf/pages.ts `loadMupdf`). */
export const pageRules = (mupdf: typeof Mupdf, page: Mupdf.Page, limits: { paths?: number; rules?: number } = {}): PageRules => {
  const maxPaths = limits.paths ?? MAX_PATHS;
  const maxRules = limits.rules ?? MAX_RULES;
  const rules: Rule[] = [];
  let paths = 0;
  let truncated = false;
  const take = (): boolean => {
    if (truncated) return false;
    if (paths >= maxPaths || rules.length >= maxRules) {
      truncated = true;
      return false;
    }
    paths++;
    return true;
  };
  const device = new mupdf.Device({
    fillPath(path, _evenOdd, ctm, colorspace, color, alpha) {
      try {
        if (take() && !invisible(colorspace, color, alpha)) filledRules(path, ctm, lightness(colorspace, color) >= SHADING, rules);
      } finally {
        colorspace.destroy();
        path.destroy();
      }
    },
    strokePath(path, stroke, ctm, colorspace, color, alpha) {
      try {
        if (take() && !invisible(colorspace, color, alpha)) strokedRules(path, ctm, rules);
      } finally {
        colorspace.destroy();
        stroke.destroy();
        path.destroy();
      }
    },
  });
  try {
    if (typeof page.runPageContents === "function") page.runPageContents(device, mupdf.Matrix.identity);
    else page.run(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  if (rules.length > maxRules) rules.length = maxRules;
  return { rules, truncated, paths };
};
