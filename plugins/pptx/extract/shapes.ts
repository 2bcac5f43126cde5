/**
 * A slide's shape tree in reading order. Groups are flattened, their children placed on the slide through the
 * group's transform (`a:off`/`a:ext` against `a:chOff`/`a:chExt`); shapes are then read top to bottom and, among
 * shapes whose tops are close (within 1/24 of the slide height), left to right. Shapes whose position is unknown
 * come last, in the order the file lists them.
 */
import { attr, child, elements } from "../../../core/ooxml/xml/query.ts";
import { placeholderOf, type Box, type Placeholder, type SlideTemplates } from "./placeholders.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export interface PlacedShape {
  readonly node: XEl;
  /** `sp`, `pic`, `graphicFrame`, `cxnSp`, `contentPart`… */
  readonly kind: string;
  readonly ph: Placeholder | null;
  readonly box: Box | null;
  readonly order: number;
}

interface Transform {
  readonly sx: number;
  readonly sy: number;
  readonly dx: number;
  readonly dy: number;
}

const IDENTITY: Transform = { sx: 1, sy: 1, dx: 0, dy: 0 };

const num = (node: XEl | undefined, name: string): number => Number(attr(node, name) ?? 0) || 0;

/** The transform a group applies to its children, composed with its parent's. */
const groupTransform = (group: XEl, parent: Transform): Transform => {
  const xfrm = child(child(group, "grpSpPr"), "xfrm");
  if (!xfrm) return parent;
  const off = child(xfrm, "off");
  const ext = child(xfrm, "ext");
  const chOff = child(xfrm, "chOff");
  const chExt = child(xfrm, "chExt");
  const sx = num(chExt, "cx") ? num(ext, "cx") / num(chExt, "cx") : 1;
  const sy = num(chExt, "cy") ? num(ext, "cy") / num(chExt, "cy") : 1;
  const own = { sx, sy, dx: num(off, "x") - num(chOff, "x") * sx, dy: num(off, "y") - num(chOff, "y") * sy };
  return { sx: own.sx * parent.sx, sy: own.sy * parent.sy, dx: own.dx * parent.sx + parent.dx, dy: own.dy * parent.sy + parent.dy };
};

const flatten = (tree: XEl, transform: Transform, templates: SlideTemplates, out: PlacedShape[]): void => {
  for (const node of elements(tree)) {
    const kind = node.local;
    if (kind === "grpSp") {
      flatten(node, groupTransform(node, transform), templates, out);
      continue;
    }
    if (!/^(sp|pic|graphicFrame|cxnSp|contentPart)$/.test(kind)) continue;
    const ph = placeholderOf(node);
    const at = templates.box(node, ph);
    const box = at ? { x: at.x * transform.sx + transform.dx, y: at.y * transform.sy + transform.dy } : null;
    out.push({ node, kind, ph, box, order: out.length });
  }
};

export const shapesInReadingOrder = (spTree: XEl, templates: SlideTemplates, slideHeight: number): PlacedShape[] => {
  const all: PlacedShape[] = [];
  flatten(spTree, IDENTITY, templates, all);
  const placed = all.filter((s) => s.box).sort((a, b) => a.box!.y - b.box!.y || a.box!.x - b.box!.x || a.order - b.order);
  const tolerance = slideHeight / 24;
  const ordered: PlacedShape[] = [];
  for (let i = 0; i < placed.length; ) {
    const top = placed[i]!.box!.y;
    let j = i;
    while (j < placed.length && placed[j]!.box!.y - top <= tolerance) j++;
    ordered.push(...placed.slice(i, j).sort((a, b) => a.box!.x - b.box!.x || a.box!.y - b.box!.y || a.order - b.order));
    i = j;
  }
  return [...ordered, ...all.filter((s) => !s.box)];
};
