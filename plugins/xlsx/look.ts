/**
 * The house look of a sheet, from `style_applied`: the header row in the accent colour with
 * text that stays readable on it (white, or near-black on a light accent), thin grey borders,
 * total rows bold over a tinted band, and assumption values in Excel's own "Input" look so a
 * reader sees at once which cells are meant to be changed.
 */
import type { StyleApplied } from "../../core/style/types.ts";
import type { CellLook } from "./model.ts";

export const gridColor = "BFBFBF";
export const linkColor = "0563C1";
export const gapFill = "FFF2CC";

/** `#2F5496`, `2f5496` or `#abc` → `2F5496`; anything else → the fallback. */
export function hex(color: string, fallback = "2F5496"): string {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(color.trim());
  if (!m) return fallback;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!;
  return h.toUpperCase();
}

function channels(color: string): [number, number, number] {
  const h = hex(color);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** Mixes a colour with white; `amount` 0 keeps it, 1 gives white. */
export function tint(color: string, amount: number): string {
  return channels(color)
    .map((c) => Math.round(c + (255 - c) * amount).toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

/** White or near-black, whichever reads better on `background` (WCAG relative luminance). */
export function textOn(background: string): string {
  const [r, g, b] = channels(background).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.45 ? "1A1A1A" : "FFFFFF";
}

export interface Looks {
  header: CellLook;
  body: CellLook;
  total: CellLook;
  input: CellLook;
}

export function looks(style: StyleApplied): Looks {
  const accent = hex(style.colors.accent);
  return {
    header: { bold: true, color: textOn(accent), fill: accent, border: gridColor, vertical: "middle", wrap: true },
    body: { border: gridColor, vertical: "top" },
    total: { bold: true, border: gridColor, fill: tint(accent, 0.85), topBorder: accent, vertical: "top" },
    input: { border: "7F7F7F", fill: "FFCC99", color: "3F3F76", vertical: "top" },
  };
}
