/**
 * Pictures that do not fit the page. An inline drawing (`wp:inline`) in the body wider than its section's text
 * column or taller than its text area is cut at the margin or the page edge by Word and LibreOffice; the repair
 * (`docx.fit_images`) scales it down proportionally so it fits: `wp:extent` and the drawing's own size
 * (`a:xfrm/a:ext` of the picture, shape or group; a group keeps its child extents, so its content scales with it).
 * A floating drawing (`wp:anchor`) placed mostly or wholly outside the page is reported only: where it should go
 * is the author's choice. Drawings in text boxes, headers and footers are left alone (their frame decides).
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { finding, setAttr, type Edit } from "./edit.ts";
import type { Model } from "./model.ts";
import { sectionAt, type Geometry } from "./sections.ts";
import { ancestor, type XEl } from "../../../core/ooxml/xml/tree.ts";

export const FIX = "docx.fit_images";

const EMU_PER_TWIP = 635;
/** Rounding slack before a drawing counts as too large (1%). */
const SLACK = 1.01;

interface Oversized {
  readonly extent: XEl;
  readonly cx: number;
  readonly cy: number;
  readonly factor: number;
}

const oversized = (model: Model): Oversized[] => {
  const out: Oversized[] = [];
  const sections = model.sections;
  for (const inline of model.all(model.docx.main, "inline")) {
    if (ancestor(inline, "txbxContent")) continue;
    const extent = inline.child("extent");
    const cx = Number(extent?.attrs["cx"]);
    const cy = Number(extent?.attrs["cy"]);
    if (!extent || !(cx > 0) || !(cy > 0)) continue;
    const g = sectionAt(sections, inline.start)?.geometry;
    if (!g || g.columnWidth <= 0 || g.textHeight <= 0) continue;
    const maxX = g.columnWidth * EMU_PER_TWIP;
    const maxY = g.textHeight * EMU_PER_TWIP;
    if (cx <= maxX * SLACK && cy <= maxY * SLACK) continue;
    out.push({ extent, cx, cy, factor: Math.min(maxX / cx, maxY / cy) });
  }
  return out;
};

/** The drawing's own `a:ext` (picture, shape or group), which Word keeps equal to `wp:extent`. */
const ownExt = (inline: XEl): XEl | undefined => {
  const data = inline.child("graphic")?.child("graphicData");
  for (const item of data?.children ?? []) {
    for (const pr of item.children) {
      if (pr.local === "spPr" || pr.local === "grpSpPr") return pr.child("xfrm")?.child("ext");
    }
  }
  return undefined;
};

const ratio = (a: number, b: number) => Math.round((a / b) * 100);

export const checkImages = (model: Model): Finding[] => {
  const out: Finding[] = [];
  const big = oversized(model);
  if (big.length > 0) {
    const n = big.length;
    const worst = big.reduce((m, b) => Math.min(m, b.factor), 1);
    out.push(
      finding(
        "docx.image_too_large",
        "warning",
        "layout",
        `${n} picture${n === 1 ? " is" : "s are"} larger than the text area (up to ${ratio(1, worst)}% of it) and ${n === 1 ? "is" : "are"} cut at the margin or the page edge. The repair scales ${n === 1 ? "it" : "them"} down to fit, keeping the proportions.`,
        FIX,
      ),
    );
  }
  const off = offPage(model);
  if (off > 0) {
    out.push(
      finding(
        "docx.floating_object_off_page",
        "warning",
        "layout",
        `${off} floating picture${off === 1 ? " or shape is" : "s or shapes are"} placed mostly outside the page, so ${off === 1 ? "it does" : "they do"} not show in print or in the PDF.`,
      ),
    );
  }
  return out;
};

export const fixImages = (model: Model): Edit[] => {
  const part = model.docx.main;
  const edits: Edit[] = [];
  for (const b of oversized(model)) {
    const cx = Math.max(1, Math.floor(b.cx * b.factor));
    const cy = Math.max(1, Math.floor(b.cy * b.factor));
    edits.push(setAttr(part, b.extent, "cx", String(cx)), setAttr(part, b.extent, "cy", String(cy)));
    const ext = ownExt(b.extent.parent!);
    if (!ext) continue;
    const ex = Number(ext.attrs["cx"]);
    const ey = Number(ext.attrs["cy"]);
    if (ex > 0) edits.push(setAttr(part, ext, "cx", String(ex === b.cx ? cx : Math.max(1, Math.floor(ex * b.factor)))));
    if (ey > 0) edits.push(setAttr(part, ext, "cy", String(ey === b.cy ? cy : Math.max(1, Math.floor(ey * b.factor)))));
  }
  return edits;
};

/** The share of a span [from, from + size] that lies outside [0, limit]. */
const outside = (from: number, size: number, limit: number): number => {
  if (size <= 0) return 0;
  const visible = Math.max(0, Math.min(from + size, limit) - Math.max(from, 0));
  return 1 - visible / size;
};

/** Where an anchor's offset along one axis starts on the page, in twips; undefined when it depends on the text. */
const origin = (relative: string, g: Geometry, horizontal: boolean): number | undefined => {
  if (horizontal) {
    if (relative === "page" || relative === "leftMargin") return 0;
    if (relative === "margin" || relative === "column") return g.left;
    if (relative === "rightMargin") return g.pageWidth - g.right;
    return undefined;
  }
  if (relative === "page" || relative === "topMargin") return 0;
  if (relative === "margin") return g.top;
  if (relative === "bottomMargin") return g.pageHeight - g.bottom;
  return undefined;
};

/** Floating drawings of the body more than half outside the page, by their stated position. */
const offPage = (model: Model): number => {
  let count = 0;
  const sections = model.sections;
  for (const anchor of model.all(model.docx.main, "anchor")) {
    if (ancestor(anchor, "txbxContent")) continue;
    const g = sectionAt(sections, anchor.start)?.geometry;
    const extent = anchor.child("extent");
    const cx = Number(extent?.attrs["cx"]) / EMU_PER_TWIP;
    const cy = Number(extent?.attrs["cy"]) / EMU_PER_TWIP;
    if (!g || !(cx > 0) || !(cy > 0)) continue;
    let share = 0;
    const simple = anchor.attrs["simplePos"];
    if (simple === "1" || simple === "true") {
      const pos = anchor.child("simplePos");
      share = Math.max(
        outside(Number(pos?.attrs["x"]) / EMU_PER_TWIP || 0, cx, g.pageWidth),
        outside(Number(pos?.attrs["y"]) / EMU_PER_TWIP || 0, cy, g.pageHeight),
      );
    } else {
      for (const [name, horizontal] of [["positionH", true], ["positionV", false]] as const) {
        const pos = anchor.child(name);
        const offset = pos?.child("posOffset")?.text;
        if (!pos || offset === undefined || offset.trim() === "") continue;
        const start = origin(pos.attrs["relativeFrom"] ?? "", g, horizontal);
        if (start === undefined) continue;
        const at = start + Number(offset) / EMU_PER_TWIP;
        if (!Number.isFinite(at)) continue;
        share = Math.max(share, outside(at, horizontal ? cx : cy, horizontal ? g.pageWidth : g.pageHeight));
      }
    }
    if (share > 0.5) count++;
  }
  return count;
};
