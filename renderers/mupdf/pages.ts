/**
 * A PDF opened page by page for reading into Markdown (plugins/pdf/extract): each page's text as mupdf's
 * structured text gives it (blocks of lines in mupdf's reading order, every line cut into words with their boxes,
 * font size and weight), the pictures on it, a page or part of a page drawn to PNG for OCR, and the letter-like
 * shapes a page draws as filled outlines (text that is drawn, not written: plugins/pdf/extract/text-layer.ts).
 *
 * Coordinates are points from the page's top left, as mupdf's structured text reports them. Opening refuses what
 * the mupdf reader (reader.ts) refuses, with the same `PdfReadError`: a password is needed, or nothing can be read.
 * Every mupdf object is destroyed once done with; `close()` frees the document.
 */
import type * as Mupdf from "mupdf";
import { PdfReadError } from "./errors.ts";
import { pageRules, type PageRules } from "./rules.ts";
import { logicalOrder, RTL } from "./bidi.ts";

type MupdfModule = typeof Mupdf;

export interface LayoutBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface LayoutWord extends LayoutBox {
  text: string;
}

export interface LayoutLine extends LayoutBox {
  readonly words: LayoutWord[];
  /** The words joined by single spaces. */
  readonly text: string;
  /** The font size most of the line's characters have, in points. */
  readonly size: number;
  /** At least nine characters in ten are in a bold font. */
  readonly bold: boolean;
  /** At least nine characters in ten are in a monospaced font (code, a terminal's output). */
  readonly mono: boolean;
  /** Writing direction is left to right on a horizontal baseline (not rotated or vertical). */
  readonly horizontal: boolean;
}

export interface LayoutTextBlock extends LayoutBox {
  readonly kind: "text";
  readonly lines: LayoutLine[];
}

export interface LayoutImageBlock extends LayoutBox {
  readonly kind: "image";
  /** The picture's own size in pixels. */
  readonly width: number;
  readonly height: number;
}

export type LayoutBlock = LayoutTextBlock | LayoutImageBlock;

export interface PageLayout {
  /** From 1. */
  readonly page: number;
  readonly width: number;
  readonly height: number;
  /** In mupdf's reading order; pictures only when asked for. */
  readonly blocks: LayoutBlock[];
  /** Characters other than white space. */
  readonly chars: number;
  /** Characters (not white space) by font size rounded to half a point. */
  readonly sizes: Map<number, number>;
  /** Glyphs mupdf could not map to a character (U+FFFD, left out of the text): a font without a character map. */
  readonly unmapped: number;
}

export interface PdfPages {
  readonly count: number;
  /** `images: true` keeps picture blocks (slower: mupdf keeps every picture it meets). */
  readonly layout: (index: number, options?: { images?: boolean }) => PageLayout;
  /**
   * The page, or the part of it inside `clip` (page points), drawn in gray at `dpi` (lowered so the picture stays
   * under `maxPixels`), as PNG.
   */
  readonly png: (index: number, options: { dpi: number; clip?: LayoutBox; maxPixels?: number }) => { png: Uint8Array; width: number; height: number };
  /** What is drawn on the page as filled outlines rather than as text (slow on pages with many drawings). */
  readonly outlines: (index: number) => OutlineInk;
  /** The horizontal and vertical rules the page draws (renderers/mupdf/rules.ts: capped per page), for ruled tables. */
  readonly rules?: (index: number) => PageRules;
  readonly close: () => void;
}

/**
 * Filled outlines the size and shape of letters: closed shapes 2 to 40 points high and not much wider than high,
 * in a path with curves. Text drawn as outlines is many of these, of many sizes; a chart's bars and lines are not.
 */
export interface OutlineInk {
  /** Letter-like shapes (each closed part of a path counts). */
  readonly shapes: number;
  /** Different sizes among them (width and height to a point): a row of identical markers is one. */
  readonly sizes: number;
}

let loading: Promise<MupdfModule> | undefined;
/** The last messages mupdf logged, quoted in errors. mupdf has one log per process, so every reader shares this one. */
export const mupdfLog: string[] = [];
const log = mupdfLog;

export const loadMupdf = (): Promise<MupdfModule> =>
  (loading ??= import("mupdf").then((mupdf) => {
    const keep = (message: string) => {
      log.push(message);
      if (log.length > 20) log.shift();
    };
    mupdf.setLog({ warning: keep, error: keep });
    return mupdf;
  }));

const damaged = (what: string, cause: unknown): PdfReadError => {
  const detail = cause instanceof Error ? cause.message : String(cause ?? "");
  const logged = log.splice(0).slice(-3).join("; ");
  return new PdfReadError({
    reason: "damaged",
    message: `the PDF is damaged or not a PDF: ${what}${detail === "" ? "" : ` (${detail})`}${logged === "" ? "" : `; mupdf: ${logged}`}`,
    cause,
  });
};

const BOLD_NAME = /bold|black|heavy|semibold|demibold|extrabold|ultrabold|cmbx|cmssbx|cmb\d|[-,](bd|b)$/i;
/** Monospaced faces by name, for fonts whose flags do not say so (most embedded subsets): Courier, TeX's cmtt. */
const MONO_NAME = /mono|courier|consol|menlo|inconsolata|cmtt|lmmono|sfmono|codenew|fira ?code|source ?code|typewriter|fixed|lucida ?console|andale/i;

interface FontFacts {
  bold: boolean;
  mono: boolean;
}

/** A space wider than this share of the font size between two characters separates words even with no space. */
const WORD_GAP = 0.25;

const roundSize = (size: number): number => Math.round(size * 2) / 2;

interface RawChar extends LayoutBox {
  c: string;
  readonly size: number;
  readonly bold: boolean;
  readonly mono: boolean;
}

interface RawLine extends LayoutBox {
  readonly horizontal: boolean;
  readonly chars: RawChar[];
}

interface RawBlock extends LayoutBox {
  readonly kind: "text";
  readonly lines: RawLine[];
}

/**
 * mupdf's walker makes each character with `String.fromCharCode`, which cuts characters beyond the first 65,536
 * (emoji, mathematical letters) to a wrong one; its JSON has them right. The JSON's lines are the same lines in the
 * same order, so each line's characters are taken from there when the counts agree.
 */
const fixCharacters = (raw: readonly (RawBlock | LayoutImageBlock)[], stext: Mupdf.StructuredText): void => {
  const lines = raw.flatMap((b) => (b.kind === "text" ? b.lines : []));
  if (lines.length === 0) return;
  let json: { blocks?: { type?: string; lines?: { text?: string }[] }[] };
  try {
    json = JSON.parse(stext.asJSON()) as typeof json;
  } catch {
    return;
  }
  const texts = (json.blocks ?? []).flatMap((b) => (b.type === "text" ? (b.lines ?? []).map((l) => l.text ?? "") : []));
  if (texts.length !== lines.length) return;
  lines.forEach((line, i) => {
    const points = [...texts[i]!];
    if (points.length !== line.chars.length) return;
    points.forEach((c, k) => {
      line.chars[k]!.c = c;
    });
  });
};

/**
 * Values typed into a form's text fields and chosen in its lists: a field without an appearance stream (common:
 * the viewer is asked to draw it) has no text on the page, yet its value is what the form says. Each becomes a
 * line of its own where the field is, unless the page's text already shows it there.
 */
const fieldValues = (page: Mupdf.Page, raw: readonly (RawBlock | LayoutImageBlock)[]): RawBlock[] => {
  const pdfPage = page as Mupdf.PDFPage;
  if (typeof pdfPage.getWidgets !== "function") return [];
  const out: RawBlock[] = [];
  let widgets: Mupdf.PDFWidget[];
  try {
    widgets = pdfPage.getWidgets();
  } catch {
    return [];
  }
  const shown = raw.flatMap((b) => (b.kind === "text" ? b.lines : []));
  for (const widget of widgets) {
    try {
      const type = widget.getFieldType();
      if (type !== "text" && type !== "combobox" && type !== "listbox") continue;
      const value = widget.getValue().replace(/\s+/g, " ").trim();
      if (value === "") continue;
      const [x0, y0, x1, y1] = widget.getRect();
      const inside = (l: RawLine) => l.x0 < x1 && l.x1 > x0 && l.y0 < y1 && l.y1 > y0;
      if (shown.some((l) => inside(l) && l.chars.map((c) => c.c).join("").replace(/\s+/g, "").includes(value.replace(/\s+/g, "").slice(0, 20)))) continue;
      // The characters are spread over the field's width; only their order and rough place matter.
      const size = Math.max(4, Math.min(12, (y1 - y0) * 0.7));
      const step = Math.min(size * 0.5, (x1 - x0) / Math.max(value.length, 1));
      const top = (y0 + y1) / 2 - size / 2;
      const chars: RawChar[] = [...value].map((c, i) => ({ c, x0: x0 + 1 + i * step, x1: x0 + 1 + (i + 1) * step, y0: top, y1: top + size, size, bold: false, mono: false }));
      const line: RawLine = { x0, y0: top, x1: Math.min(x1, x0 + 1 + chars.length * step), y1: top + size, horizontal: true, chars };
      out.push({ kind: "text", x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1, lines: [line] });
    } catch {
      // A field mupdf cannot describe is left out; the page's own text is still read.
    } finally {
      widget.destroy();
    }
  }
  return out;
};

/**
 * A ligature in right-to-left text (Arabic lam with khah, say) is one glyph that stands for two letters or more.
 * mupdf gives its letters in the line's logical order but the ligature's own letters backwards: the letters but one
 * come first, each of no width at the glyph's right edge, then the letter that carries the glyph's width. Put back
 * in the glyph's order, "اخلطوط" reads "الخطوط" again.
 */
const ligaturesInOrder = (chars: RawChar[]): void => {
  for (let i = 0; i < chars.length; i++) {
    const first = chars[i]!;
    if (first.x1 - first.x0 > 0.01 || !RTL.test(first.c)) continue;
    let end = i;
    while (end + 1 < chars.length && chars[end + 1]!.x1 - chars[end + 1]!.x0 <= 0.01 && Math.abs(chars[end + 1]!.x0 - first.x0) < 0.5) end++;
    const carrier = chars[end + 1];
    if (!carrier || !RTL.test(carrier.c) || Math.abs(carrier.x1 - first.x0) > 0.5 || carrier.x1 - carrier.x0 <= 0.01) continue;
    chars.splice(i, end + 2 - i, ...chars.slice(i, end + 2).reverse());
    i = end + 1;
  }
};

/** Characters of one line → words (split at white space, or at a gap with none) with the line's size and weight. */
const buildLine = (raw: RawLine, sizes: Map<number, number>): { line: LayoutLine; chars: number } | null => {
  ligaturesInOrder(raw.chars);
  const chars = raw.horizontal ? logicalOrder(raw.chars) : raw.chars;
  // In logical order a right-to-left word's next letter stands left of the one before.
  const backwards = chars !== raw.chars && chars.some((ch) => RTL.test(ch.c));
  const words: LayoutWord[] = [];
  const lineSizes = new Map<number, number>();
  let word: LayoutWord | null = null;
  let last: RawChar | null = null;
  let bold = 0;
  let mono = 0;
  let count = 0;
  for (const ch of chars) {
    const c = ch.c;
    if (c === "\u00ad") {
      // A soft hyphen is dropped inside a word and becomes a hyphen where it ends the line (below).
      if (word) word.text += c;
      continue;
    }
    // U+FFFD is mupdf's "no idea which character this glyph is": nothing to read.
    if (c === "\ufffd") continue;
    if (c.trim() === "") {
      if (word) words.push(word);
      word = null;
      continue;
    }
    const gap = last === null ? 0 : Math.max(ch.x0 - last.x1, backwards && word ? word.x0 - ch.x1 : -Infinity);
    if (word && raw.horizontal && gap > WORD_GAP * ch.size) {
      words.push(word);
      word = null;
    }
    if (word) {
      word.text = (word.text.endsWith("\u00ad") ? word.text.slice(0, -1) : word.text) + c;
      word.x0 = Math.min(word.x0, ch.x0);
      word.x1 = Math.max(word.x1, ch.x1);
      word.y0 = Math.min(word.y0, ch.y0);
      word.y1 = Math.max(word.y1, ch.y1);
    } else {
      word = { text: c, x0: ch.x0, y0: ch.y0, x1: ch.x1, y1: ch.y1 };
    }
    last = ch;
    const rounded = roundSize(ch.size);
    lineSizes.set(rounded, (lineSizes.get(rounded) ?? 0) + 1);
    sizes.set(rounded, (sizes.get(rounded) ?? 0) + 1);
    if (ch.bold) bold++;
    if (ch.mono) mono++;
    count++;
  }
  if (word) words.push(word);
  if (count === 0) return null;
  const end = words[words.length - 1];
  if (end?.text.endsWith("\u00ad")) end.text = `${end.text.slice(0, -1)}-`;
  let size = 0;
  let most = -1;
  for (const [s, n] of lineSizes) {
    if (n > most) {
      most = n;
      size = s;
    }
  }
  const text = words.map((w) => w.text).join(" ");
  return { line: { x0: raw.x0, y0: raw.y0, x1: raw.x1, y1: raw.y1, words, text, size, bold: bold >= 0.9 * count, mono: mono >= 0.9 * count, horizontal: raw.horizontal }, chars: count };
};

export const openPdfPages = async (pdf: Uint8Array): Promise<PdfPages> => {
  const mupdf = await loadMupdf();
  log.length = 0;
  let doc: Mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(pdf, "application/pdf");
  } catch (error) {
    throw damaged("mupdf cannot open it", error);
  }
  let count: number;
  try {
    if (doc.needsPassword()) {
      throw new PdfReadError({ reason: "encrypted", message: "the PDF is protected by a password; it cannot be read without it" });
    }
    try {
      count = doc.countPages();
    } catch (error) {
      throw damaged("its page tree cannot be read", error);
    }
    if (count === 0) throw damaged("no page could be read", "");
  } catch (error) {
    doc.destroy();
    throw error;
  }

  // Font facts by mupdf font pointer: a document keeps its fonts alive while it is open.
  const fonts = new Map<number, FontFacts>();
  const fontFacts = (font: Mupdf.Font): FontFacts => {
    const pointer = font.pointer as unknown as number;
    let facts = fonts.get(pointer);
    if (!facts) {
      const name = font.getName();
      facts = { bold: font.isBold() || BOLD_NAME.test(name), mono: font.isMono() || MONO_NAME.test(name) };
      fonts.set(pointer, facts);
    }
    font.destroy();
    return facts;
  };

  const layout = (index: number, options: { images?: boolean } = {}): PageLayout => {
    const page = doc.loadPage(index);
    try {
      const [bx0, by0, bx1, by1] = page.getBounds();
      const stext = page.toStructuredText(options.images ? "preserve-images" : "");
      try {
        // First the characters as mupdf walks them, then (fixed, see below) into words and lines.
        const raw: (RawBlock | LayoutImageBlock)[] = [];
        let unmapped = 0;
        let block: RawBlock | null = null;
        let line: RawLine | null = null;
        stext.walk({
          onImageBlock(bbox, _transform, image) {
            raw.push({ kind: "image", x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], width: image.getWidth(), height: image.getHeight() });
            image.destroy();
          },
          beginTextBlock(bbox) {
            block = { kind: "text", x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], lines: [] };
            raw.push(block);
          },
          beginLine(bbox, _wmode, direction) {
            line = { x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], horizontal: Math.abs(direction[1]) < 0.05 && direction[0] > 0, chars: [] };
            block?.lines.push(line);
          },
          onChar(c, _origin, font, size, quad) {
            if (c === "\ufffd") unmapped++;
            const { bold, mono } = fontFacts(font);
            line?.chars.push({
              c,
              x0: Math.min(quad[0], quad[4]),
              x1: Math.max(quad[2], quad[6]),
              y0: Math.min(quad[1], quad[3]),
              y1: Math.max(quad[5], quad[7]),
              size,
              bold,
              mono,
            });
          },
        });
        fixCharacters(raw, stext);
        for (const field of fieldValues(page, raw)) {
          // Among the blocks, before the first one that starts below the field.
          const at = raw.findIndex((b) => b.y0 > field.y1);
          raw.splice(at < 0 ? raw.length : at, 0, field);
        }
        const sizes = new Map<number, number>();
        let chars = 0;
        const blocks: LayoutBlock[] = [];
        for (const item of raw) {
          if (item.kind === "image") {
            blocks.push(item);
            continue;
          }
          const lines: LayoutLine[] = [];
          for (const rawLine of item.lines) {
            const built = buildLine(rawLine, sizes);
            if (built) {
              lines.push(built.line);
              chars += built.chars;
            }
          }
          if (lines.length > 0) blocks.push({ kind: "text", x0: item.x0, y0: item.y0, x1: item.x1, y1: item.y1, lines });
        }
        return { page: index + 1, width: bx1 - bx0, height: by1 - by0, blocks, chars, sizes, unmapped };
      } finally {
        stext.destroy();
      }
    } finally {
      page.destroy();
    }
  };

  const png = (index: number, options: { dpi: number; clip?: LayoutBox; maxPixels?: number }) => {
    const page = doc.loadPage(index);
    try {
      const [bx0, by0, bx1, by1] = page.getBounds();
      const clip = options.clip ?? { x0: bx0, y0: by0, x1: bx1, y1: by1 };
      const x0 = Math.max(clip.x0, bx0);
      const y0 = Math.max(clip.y0, by0);
      const x1 = Math.min(clip.x1, bx1);
      const y1 = Math.min(clip.y1, by1);
      const maxPixels = options.maxPixels ?? 40_000_000;
      let scale = options.dpi / 72;
      const area = Math.max(x1 - x0, 1) * Math.max(y1 - y0, 1);
      if (area * scale * scale > maxPixels) scale = Math.sqrt(maxPixels / area);
      const box: [number, number, number, number] = [Math.floor(x0 * scale), Math.floor(y0 * scale), Math.ceil(x1 * scale), Math.ceil(y1 * scale)];
      if (box[2] <= box[0]) box[2] = box[0] + 1;
      if (box[3] <= box[1]) box[3] = box[1] + 1;
      const matrix = mupdf.Matrix.scale(scale, scale);
      const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, box, false);
      try {
        pixmap.clear(255);
        const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
        try {
          page.run(device, matrix);
          device.close();
        } finally {
          device.destroy();
        }
        return { png: pixmap.asPNG(), width: pixmap.getWidth(), height: pixmap.getHeight() };
      } finally {
        pixmap.destroy();
      }
    } finally {
      page.destroy();
    }
  };

  const outlines = (index: number): OutlineInk => {
    const page = doc.loadPage(index);
    let shapes = 0;
    const sizes = new Set<string>();
    const fillPath = (path: Mupdf.Path, _evenOdd: boolean, ctm: Mupdf.Matrix, colorspace: Mupdf.ColorSpace) => {
      colorspace.destroy();
      try {
        measure(path, ctm);
      } finally {
        path.destroy();
      }
    };
    const measure = (path: Mupdf.Path, ctm: Mupdf.Matrix) => {
      const [a, b, c, d, e, f] = ctm;
      // Each closed part's box in page points; a part counts when the path has a curve (letters do, bars do not).
      const parts: number[][] = [];
      let box: number[] | null = null;
      let curves = 0;
      const point = (x: number, y: number) => {
        const px = a * x + c * y + e;
        const py = b * x + d * y + f;
        if (!box) return;
        box[0] = Math.min(box[0]!, px);
        box[1] = Math.min(box[1]!, py);
        box[2] = Math.max(box[2]!, px);
        box[3] = Math.max(box[3]!, py);
      };
      path.walk({
        moveTo(x, y) {
          const px = a * x + c * y + e;
          const py = b * x + d * y + f;
          box = [px, py, px, py];
          parts.push(box);
        },
        lineTo: point,
        curveTo(x1, y1, x2, y2, x3, y3) {
          curves++;
          point(x1, y1);
          point(x2, y2);
          point(x3, y3);
        },
      });
      if (curves === 0) return;
      for (const [x0, y0, x1, y1] of parts) {
        const w = x1! - x0!;
        const h = y1! - y0!;
        if (h < 2 || h > 40 || w > 2 * h || w < 0.2) continue;
        shapes++;
        sizes.add(`${Math.round(w)}x${Math.round(h)}`);
      }
    };
    const device = new mupdf.Device({ fillPath });
    try {
      page.run(device, mupdf.Matrix.identity);
      device.close();
    } finally {
      device.destroy();
      page.destroy();
    }
    return { shapes, sizes: sizes.size };
  };

  const rules = (index: number): PageRules => {
    const page = doc.loadPage(index);
    try {
      return pageRules(mupdf, page);
    } finally {
      page.destroy();
    }
  };

  return { count, layout, png, outlines, rules, close: () => doc.destroy() };
};
