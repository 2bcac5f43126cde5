/**
 * A slide's shapes with their places on the slide. A shape's box is its `a:xfrm` (`a:off`, `a:ext`), or for a
 * placeholder without one, its layout's or master's; a group maps its children's coordinates onto the slide through
 * `a:chOff`/`a:chExt`. Bounds are what the shape covers when drawn: the box turned by its rotation, a table as tall
 * as its rows, a group as far as its children reach.
 */
import { attr, child, elements, flag, kids, path } from "../../../core/ooxml/xml/query.ts";
import { placeholderOf, type Placeholder, type SlideTemplates } from "./templates.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface PlacedShape {
  readonly node: XEl;
  /** `sp`, `pic`, `graphicFrame`, `grpSp`, `cxnSp`, `contentPart`. */
  readonly kind: string;
  readonly name: string;
  /** Hidden (`p:cNvPr hidden="1"`), itself or through its group: never drawn. */
  readonly hidden: boolean;
  readonly ph: Placeholder | null;
  /** The `a:xfrm` placing it (its own or inherited), in its parent's coordinates. */
  readonly xfrm: XEl | undefined;
  readonly inherited: boolean;
  /** The box in slide coordinates (before rotation); null when the shape says nowhere. */
  readonly box: Rect | null;
  /** What it covers on the slide. */
  readonly bounds: Rect | null;
  /** Scale from this shape's parent coordinates to slide EMU (groups scale their children). */
  readonly scale: { x: number; y: number };
  readonly children: readonly PlacedShape[];
}

interface Transform {
  readonly sx: number;
  readonly sy: number;
  readonly dx: number;
  readonly dy: number;
}

const IDENTITY: Transform = { sx: 1, sy: 1, dx: 0, dy: 0 };
const SHAPES = /^(sp|pic|graphicFrame|grpSp|cxnSp|contentPart)$/;

const num = (node: XEl | undefined, name: string): number => Number(attr(node, name) ?? 0) || 0;

const union = (rects: readonly Rect[]): Rect | null => {
  if (rects.length === 0) return null;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, w: Math.max(...rects.map((r) => r.x + r.w)) - x, h: Math.max(...rects.map((r) => r.y + r.h)) - y };
};

/** The box turned about its centre by `rot` (60,000ths of a degree), as an upright bounding box. */
const rotated = (r: Rect, rot: number): Rect => {
  const angle = ((rot / 60_000) * Math.PI) / 180;
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  if (sin < 1e-9) return r;
  const w = r.w * cos + r.h * sin;
  const h = r.w * sin + r.h * cos;
  return { x: r.x + r.w / 2 - w / 2, y: r.y + r.h / 2 - h / 2, w, h };
};

const apply = (t: Transform, r: Rect): Rect => ({ x: r.x * t.sx + t.dx, y: r.y * t.sy + t.dy, w: r.w * t.sx, h: r.h * t.sy });

/** A table is drawn as tall as its rows and as wide as its columns, whatever its frame says. */
const tableSize = (frame: XEl): { w: number; h: number } | null => {
  const tbl = path(frame, "graphic", "graphicData", "tbl");
  if (!tbl) return null;
  const w = kids(child(tbl, "tblGrid"), "gridCol").reduce((sum, c) => sum + num(c, "w"), 0);
  const h = kids(tbl, "tr").reduce((sum, r) => sum + num(r, "h"), 0);
  return { w, h };
};

const cNvPrOf = (node: XEl): XEl | undefined => child(elements(node).find((c) => /^nv.*Pr$/.test(c.local)), "cNvPr");

const place = (node: XEl, parent: Transform, templates: SlideTemplates, hiddenGroup: boolean): PlacedShape => {
  const kind = node.local;
  const hidden = hiddenGroup || flag(cNvPrOf(node), "hidden");
  const ph = placeholderOf(node);
  const { xfrm, inherited } = templates.xfrm(node, ph);
  const off = child(xfrm, "off");
  const ext = child(xfrm, "ext");
  const local = off && ext ? { x: num(off, "x"), y: num(off, "y"), w: num(ext, "cx"), h: num(ext, "cy") } : null;
  const box = local ? apply(parent, local) : null;
  const rot = num(xfrm, "rot");
  let children: PlacedShape[] = [];
  let drawn: Rect | null = box;
  if (kind === "grpSp") {
    const chOff = child(xfrm, "chOff");
    const chExt = child(xfrm, "chExt");
    const sx = local && num(chExt, "cx") ? local.w / num(chExt, "cx") : 1;
    const sy = local && num(chExt, "cy") ? local.h / num(chExt, "cy") : 1;
    const own: Transform = local ? { sx, sy, dx: local.x - num(chOff, "x") * sx, dy: local.y - num(chOff, "y") * sy } : IDENTITY;
    const composed: Transform = { sx: own.sx * parent.sx, sy: own.sy * parent.sy, dx: own.dx * parent.sx + parent.dx, dy: own.dy * parent.sy + parent.dy };
    children = elements(node)
      .filter((c) => SHAPES.test(c.local))
      .map((c) => place(c, composed, templates, hidden));
    drawn = union([...(box ? [box] : []), ...children.flatMap((c) => (c.bounds ? [c.bounds] : []))]);
  } else if (kind === "graphicFrame" && box) {
    const table = tableSize(node);
    if (table) drawn = { ...box, w: Math.max(box.w, table.w * parent.sx), h: Math.max(box.h, table.h * parent.sy) };
  }
  return {
    node,
    kind,
    name: attr(cNvPrOf(node), "name") ?? "",
    hidden,
    ph,
    xfrm,
    inherited,
    box,
    bounds: drawn ? rotated(drawn, rot) : null,
    scale: { x: parent.sx, y: parent.sy },
    children,
  };
};

/** The shapes directly in the slide's tree, groups holding their children. */
export const placeShapes = (tree: XEl | undefined, templates: SlideTemplates): PlacedShape[] =>
  tree
    ? elements(tree)
        .filter((c) => SHAPES.test(c.local))
        .map((c) => place(c, IDENTITY, templates, false))
    : [];

/** Every shape, groups and their children included, in tree order. */
export const flattenShapes = (shapes: readonly PlacedShape[]): PlacedShape[] => shapes.flatMap((s) => [s, ...flattenShapes(s.children)]);
