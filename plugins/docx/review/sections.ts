/**
 * Page geometry of the body's sections, in twips (1/1440 inch): the page, its margins, the text area and the
 * width of one text column. A section ends at a paragraph whose `w:pPr` holds a `w:sectPr` (that paragraph is its
 * last) or at the body's own final `w:sectPr`; so a table or a picture belongs to the section whose `sectPr`
 * follows it. A section without a page size or margins has no geometry (nothing is measured against a guess).
 */
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { kids } from "../../../core/ooxml/xml/tree.ts";

export interface Geometry {
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  /** Width of the text area between the margins. */
  readonly textWidth: number;
  readonly textHeight: number;
  /** Width of one text column (the widest, for unequal columns). */
  readonly columnWidth: number;
}

const UNITS: Record<string, number> = { mm: 1440 / 25.4, cm: 1440 / 2.54, in: 1440, pt: 20, pc: 240, pi: 240 };

/** A twips measure as written: a number, or a number with a unit (`2.5cm`, allowed by the standard). */
export const twips = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt|pc|pi)?\s*$/.exec(value);
  if (!m) return undefined;
  return Number(m[1]) * (m[2] ? UNITS[m[2]]! : 1);
};

const geometryOf = (sectPr: XEl | undefined, gutterAtTop: boolean): Geometry | null => {
  const size = sectPr?.child("pgSz");
  const margins = sectPr?.child("pgMar");
  const pageWidth = twips(size?.attrs["w"]);
  const pageHeight = twips(size?.attrs["h"]);
  if (!size || !margins || pageWidth === undefined || pageHeight === undefined) return null;
  const m = (name: string) => Math.abs(twips(margins.attrs[name]) ?? 0);
  const gutter = m("gutter");
  const left = m("left") + (gutterAtTop ? 0 : gutter);
  const right = m("right");
  const top = m("top") + (gutterAtTop ? gutter : 0);
  const bottom = m("bottom");
  const textWidth = pageWidth - left - right;
  const textHeight = pageHeight - top - bottom;
  let columnWidth = textWidth;
  const cols = sectPr!.child("cols");
  if (cols) {
    const listed = cols.childrenNamed("col").map((c) => twips(c.attrs["w"]) ?? 0);
    const equal = cols.attrs["equalWidth"];
    if (listed.length > 1 && (equal === "0" || equal === "false" || equal === "off")) columnWidth = Math.max(...listed);
    else {
      const num = Math.max(1, Number.parseInt(cols.attrs["num"] ?? "1", 10) || 1);
      const space = twips(cols.attrs["space"]) ?? 720;
      if (num > 1) columnWidth = (textWidth - space * (num - 1)) / num;
    }
  }
  return { pageWidth, pageHeight, left, right, top, bottom, textWidth, textHeight, columnWidth };
};

export interface Section {
  /** Offset in the document part where the section ends (its blocks start before it). */
  readonly end: number;
  readonly sectPr: XEl | undefined;
  readonly geometry: Geometry | null;
}

/** The body's sections in order; the last one runs to the end of the body. */
export const sectionsOf = (body: XEl | undefined, gutterAtTop: boolean): Section[] => {
  const out: Section[] = [];
  if (!body) return out;
  const walk = (container: XEl) => {
    for (const c of kids(container)) {
      if (c.local === "p") {
        const sectPr = c.child("pPr")?.child("sectPr");
        if (sectPr) out.push({ end: c.end, sectPr, geometry: geometryOf(sectPr, gutterAtTop) });
      } else if (c.local === "sdt" || c.local === "sdtContent" || c.local === "customXml" || c.local === "ins" || c.local === "moveTo") walk(c);
    }
  };
  walk(body);
  const last = body.child("sectPr");
  out.push({ end: Number.POSITIVE_INFINITY, sectPr: last, geometry: geometryOf(last, gutterAtTop) });
  return out;
};

/** The section an offset of the document part belongs to. */
export const sectionAt = (sections: readonly Section[], offset: number): Section | undefined => {
  for (const s of sections) if (offset < s.end) return s;
  return sections[sections.length - 1];
};
