/**
 * The deck's look: slide geometry (16:9, 13.333 × 7.5 in, PowerPoint's "Widescreen"), the type
 * scale and the palette, all derived from `style_applied` so the caller's font and colours
 * carry over from the document to the slides.
 *
 * Type scale. `font_size` is a document body size (11 pt by default); slides are read from a
 * distance, so the slide body is twice that (22 pt by default) kept within 16-28 pt. Titles are
 * 1.6 × body, tables 2 pt under body, code 6 pt under. When a slide's content does not fit, the
 * body may shrink to 14 pt and tables and code to 12 pt, never below. A slide of text and tables
 * that would leave most of its area empty sets them larger, the body up to 28 pt (`maxBodySize`).
 */
import type { StyleApplied } from "../../core/style/types.ts";
import type { Box } from "./model.ts";

export const slideWidth = 13.333;
export const slideHeight = 7.5;
export const marginX = 0.75;
export const contentWidth = slideWidth - 2 * marginX;

/** Where titles start on content slides, and the accent bar under them. */
export const titleTop = 0.42;
export const accentBar = { width: 1.1, height: 0.06, gap: 0.1 };
/** Space between the accent bar and the content. */
export const titleContentGap = 0.28;
/** Untitled (continuation) slides start their content here, under a short accent bar. */
export const untitledTop = 0.8;
/** The footer band: footer text and slide number sit in it; content stays above it. */
export const footerTop = 6.98;
export const footerHeight = 0.32;
export const contentBottom = 6.78;

export const minBodySize = 14;
export const maxBodySize = 28;
export const minTableSize = 12;
export const minCodeSize = 12;
export const minTitleSize = 24;

export const monoFace = "Courier New";

export interface Sizes {
  body: number;
  subheading: number;
  table: number;
  code: number;
  caption: number;
  footnote: number;
}

export function baseBodySize(style: StyleApplied): number {
  const size = Math.round(style.font_size * 2);
  return Math.min(28, Math.max(16, size));
}

/** Sizes for a body size; tables and code shrink point for point with the body, to their floors. */
export function sizesFor(body: number, base: number): Sizes {
  const drop = base - body;
  return {
    body,
    subheading: body + 2,
    table: Math.max(minTableSize, base - 2 - drop),
    code: Math.max(minCodeSize, base - 6 - drop),
    caption: Math.max(11, Math.round(body * 0.65)),
    footnote: 11,
  };
}

export function titleSize(base: number): number {
  return Math.round(base * 1.6);
}

export interface Palette {
  title: string;
  headings: string;
  text: string;
  accent: string;
  /**
   * The accent where it must read on white (bullets, links): the accent itself when it has a
   * contrast of 3:1 or more, else the heading colour, else the text colour.
   */
  ink: string;
  /** Secondary text: subtitles, captions, footers, quotes. */
  muted: string;
  /** Text on the accent colour (section slides, table headers): white or near-black. */
  onAccent: string;
  /** A light tint of the accent for table banding. */
  band: string;
  /** Background of code blocks. */
  codeFill: string;
  border: string;
}

export function palette(style: StyleApplied): Palette {
  const accent = hex(style.colors.accent, "2F5496");
  const text = hex(style.colors.text, "1A1A1A");
  const headings = hex(style.colors.headings, "2F5496");
  return {
    title: hex(style.colors.title, "1F3864"),
    headings,
    text,
    accent,
    ink: [accent, headings].find((c) => contrastOnWhite(c) >= 3) ?? text,
    muted: mix(text, "FFFFFF", 0.38),
    onAccent: luminance(accent) > 0.55 ? "1A1A1A" : "FFFFFF",
    band: mix(accent, "FFFFFF", 0.92),
    codeFill: "F3F4F6",
    border: "D0D4DA",
  };
}

/** CSS `#RGB` / `#RRGGBB` → `RRGGBB`; anything else falls back (the style reader writes hex). */
export function hex(color: string, fallback: string): string {
  const value = color.trim().replace(/^#/, "");
  if (/^[0-9a-f]{6}$/i.test(value)) return value.toUpperCase();
  if (/^[0-9a-f]{3}$/i.test(value)) return [...value].map((c) => c + c).join("").toUpperCase();
  return fallback;
}

/** Mixes `color` towards `other` by `amount` (0 = color, 1 = other). */
export function mix(color: string, other: string, amount: number): string {
  const a = channels(color);
  const b = channels(other);
  return a
    .map((c, i) => Math.round(c + (b[i]! - c) * amount).toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

/** Relative luminance (WCAG), 0 black … 1 white. */
export function luminance(color: string): number {
  const [r, g, b] = channels(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of a colour against white. */
export function contrastOnWhite(color: string): number {
  return 1.05 / (luminance(color) + 0.05);
}

function channels(color: string): [number, number, number] {
  return [0, 2, 4].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];
}

/** The content area of a slide whose title (if any) ends at `titleBottom`. */
export function contentArea(titleBottom: number | null): Box {
  const top = titleBottom === null ? untitledTop : titleBottom + accentBar.gap + accentBar.height + titleContentGap;
  return { x: marginX, y: top, w: contentWidth, h: contentBottom - top };
}
