/**
 * One look at each page for the review: its text as mupdf's structured text reads it (the `content` the repair loop
 * holds every repair to, one whitespace-normalised string per page), its size, and for a page with (almost) no
 * text, what is drawn on it: how much of it pictures cover (a scan) or whether anything is drawn at all (an empty
 * page). Drawing is only looked at on such pages, so a page of text costs one structured-text pass.
 *
 * mupdf reads past errors in a page's content (a stream that does not decompress, an operator with a missing
 * resource) and only logs them; those messages, taken from its one log while the page is read, are the page's
 * `errors`. mupdf's work is synchronous, so nothing else writes to the log meanwhile.
 */
import type * as Mupdf from "mupdf";
import { mupdfLog } from "../../../renderers/mupdf/pages.ts";
import type { MupdfModule } from "./open.ts";

/** Fewer characters than this (not white space), with pictures over half the page, is a scan (as extract reads it). */
export const SCAN_MAX_CHARS = 20;
export const SCAN_MIN_COVER = 0.5;

export interface PageSurvey {
  /** From 1. */
  readonly page: number;
  readonly text: string;
  /** Characters other than white space. */
  readonly chars: number;
  readonly width: number;
  readonly height: number;
  /** Share of the page pictures cover, 0 to 1; only measured on pages with fewer than SCAN_MAX_CHARS characters. */
  readonly pictureCover: number;
  /** Anything visible is drawn (text, lines, fills other than white, pictures, annotations). */
  readonly drawn: boolean;
  /** Why mupdf could not read the page, when it could not. */
  readonly unreadable?: string;
  /** Errors mupdf met reading the page's content (a broken stream, a missing resource): parts may not show. */
  readonly errors: string[];
}

const normalise = (text: string): string => text.replace(/\s+/g, " ").trim();

type Rect = [number, number, number, number];

/** The box a picture fills: the unit square through the picture's matrix, cut to the page. */
const pictureBox = (ctm: Mupdf.Matrix, page: Rect): number => {
  const [a, b, c, d, e, f] = ctm;
  const xs = [e, a + e, c + e, a + c + e];
  const ys = [f, b + f, d + f, b + d + f];
  const w = Math.min(Math.max(...xs), page[2]) - Math.max(Math.min(...xs), page[0]);
  const h = Math.min(Math.max(...ys), page[3]) - Math.max(Math.min(...ys), page[1]);
  return w > 0 && h > 0 ? w * h : 0;
};

/** White (or fully transparent) paint is what an empty page is often "filled" with; it shows nothing. */
const invisible = (colorspace: Mupdf.ColorSpace, color: number[], alpha: number): boolean => {
  if (alpha <= 0) return true;
  try {
    if (colorspace.isCMYK()) return color.every((v) => v <= 0.001);
    if (colorspace.isGray() || colorspace.isRGB()) return color.every((v) => v >= 0.999);
  } catch {
    // A paint without a colour space mupdf can describe (a pattern, a separation) is counted as visible.
  }
  return false;
};

const drawing = (mupdf: MupdfModule, page: Mupdf.Page, bounds: Rect): { cover: number; drawn: boolean } => {
  let pictures = 0;
  let drawn = false;
  const picture = (ctm: Mupdf.Matrix) => {
    drawn = true;
    pictures += pictureBox(ctm, bounds);
  };
  const device = new mupdf.Device({
    fillPath: (_path, _evenOdd, _ctm, colorspace, color, alpha) => {
      if (!invisible(colorspace, color, alpha)) drawn = true;
    },
    strokePath: (_path, _stroke, _ctm, colorspace, color, alpha) => {
      if (!invisible(colorspace, color, alpha)) drawn = true;
    },
    fillText: () => {
      drawn = true;
    },
    strokeText: () => {
      drawn = true;
    },
    fillShade: () => {
      drawn = true;
    },
    fillImage: (_image, ctm) => picture(ctm),
    fillImageMask: (_image, ctm) => picture(ctm),
  });
  try {
    page.run(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  const area = Math.max((bounds[2] - bounds[0]) * (bounds[3] - bounds[1]), 1);
  return { cover: Math.min(pictures / area, 1), drawn };
};

export const surveyPage = (mupdf: MupdfModule, doc: Mupdf.PDFDocument, index: number): PageSurvey => {
  const number = index + 1;
  mupdfLog.length = 0;
  let page: Mupdf.Page;
  try {
    // mupdf shows a page tree entry that is missing or not a dictionary as a blank page; other readers fail on it.
    if (!doc.findPage(index).isDictionary()) throw new Error("the page object is missing");
    page = doc.loadPage(index);
  } catch (error) {
    return { page: number, text: "", chars: 0, width: 0, height: 0, pictureCover: 0, drawn: false, unreadable: reason(error), errors: [] };
  }
  try {
    const bounds = page.getBounds() as Rect;
    const width = bounds[2] - bounds[0];
    const height = bounds[3] - bounds[1];
    const stext = page.toStructuredText("");
    let text: string;
    try {
      text = normalise(stext.asText());
    } finally {
      stext.destroy();
    }
    const chars = text.replace(/\s/g, "").length;
    if (chars >= SCAN_MAX_CHARS) return { page: number, text, chars, width, height, pictureCover: 0, drawn: true, errors: contentErrors() };
    const { cover, drawn } = drawing(mupdf, page, bounds);
    return { page: number, text, chars, width, height, pictureCover: cover, drawn: drawn || chars > 0, errors: contentErrors() };
  } catch (error) {
    return { page: number, text: "", chars: 0, width: 0, height: 0, pictureCover: 0, drawn: false, unreadable: reason(error), errors: [] };
  } finally {
    page.destroy();
  }
};

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Log lines that say the page may not show as made. A broken ICC profile is replaced by a plain colour space
 * without visible harm, and warnings that only announce the next line (`treating as end of file`) add nothing.
 */
const CONTENT_ERROR = /^(syntax|library|format) error: (?!.*ICC)/;

const contentErrors = (): string[] => [...new Set(mupdfLog.filter((line) => CONTENT_ERROR.test(line)))];
