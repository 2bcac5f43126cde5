/**
 * Page geometry for the Word output, in Word's units: twips (1/20 pt, 1/1440 inch) for the page
 * and margins, half-points for font sizes, pixels at 96 dpi for pictures. A4, since the service's
 * default region is the EU; the orientation and margins come from `style_applied`.
 */
import type { StyleApplied } from "../../core/style/types.ts";

const A4 = { width: 11906, height: 16838 };
const twipsPerCm = 1440 / 2.54;

export interface Geometry {
  pageWidth: number;
  pageHeight: number;
  margin: number;
  /** Width between the margins: what tables and pictures must fit in. */
  textWidth: number;
  textHeight: number;
}

export function geometry(style: StyleApplied): Geometry {
  const landscape = style.orientation === "landscape";
  const pageWidth = landscape ? A4.height : A4.width;
  const pageHeight = landscape ? A4.width : A4.height;
  const margin = Math.round(style.margins_cm * twipsPerCm);
  return {
    pageWidth,
    pageHeight,
    margin,
    textWidth: pageWidth - 2 * margin,
    textHeight: pageHeight - 2 * margin,
  };
}

/** 15 twips to a pixel at 96 dpi. */
export const twipsToPixels = (twips: number): number => twips / 15;

/** Points → Word half-points. */
export const halfPoints = (points: number): number => Math.round(points * 2);

/** `#RRGGBB` → `RRGGBB`, as WordprocessingML writes colours. */
export const hex = (color: string): string => color.replace(/^#/, "").toUpperCase();

/** A light tint of a colour (mixed with white), for table header shading and code backgrounds. */
export function tint(color: string, amount: number): string {
  const value = hex(color);
  const channels = [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16));
  return channels
    .map((c) => Math.round(c + (255 - c) * amount).toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}
