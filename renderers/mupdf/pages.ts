/**
 * A PDF opened page by page for reading into Markdown (plugins/pdf/extract): each page's text as mupdf's
 * structured text gives it (blocks of lines in mupdf's reading order, every line cut into words with their boxes,
 * font size and weight), the pictures on it, and a page or part of a page drawn to PNG for OCR.
 *
 * Coordinates are points from the page's top left, as mupdf's structured text reports them. Opening refuses what
 * the mupdf reader (reader.ts) refuses, with the same `PdfReadError`: a password is needed, or nothing can be read.
 * Every mupdf object is destroyed once done with; `close()` frees the document.
 */
import type * as Mupdf from "mupdf";
import { PdfReadError } from "./errors.ts";

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
  readonly close: () => void;
}

let loading: Promise<MupdfModule> | undefined;
/** The last messages mupdf logged, quoted in errors. mupdf has one log per process: whoever set it last keeps it. */
const log: string[] = [];

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

interface FontFacts {
  bold: boolean;
}

/** A space wider than this share of the font size between two characters separates words even with no space. */
const WORD_GAP = 0.25;

const roundSize = (size: number): number => Math.round(size * 2) / 2;

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
      facts = { bold: font.isBold() || BOLD_NAME.test(font.getName()) };
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
        const blocks: LayoutBlock[] = [];
        const sizes = new Map<number, number>();
        let chars = 0;
        let lines: LayoutLine[] = [];
        let blockBox: LayoutBox = { x0: 0, y0: 0, x1: 0, y1: 0 };
        // The line being read: its words, and per character size and weight counts.
        let words: LayoutWord[] = [];
        let word: LayoutWord | null = null;
        let lineBox: LayoutBox = { x0: 0, y0: 0, x1: 0, y1: 0 };
        let horizontal = true;
        let lineSizes = new Map<number, number>();
        let boldChars = 0;
        let lineChars = 0;
        let lastX1 = -Infinity;
        const endWord = () => {
          if (word) words.push(word);
          word = null;
        };
        stext.walk({
          onImageBlock(bbox, _transform, image) {
            blocks.push({ kind: "image", x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], width: image.getWidth(), height: image.getHeight() });
            image.destroy();
          },
          beginTextBlock(bbox) {
            lines = [];
            blockBox = { x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3] };
          },
          beginLine(bbox, _wmode, direction) {
            words = [];
            word = null;
            lineBox = { x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3] };
            horizontal = Math.abs(direction[1]) < 0.05 && direction[0] > 0;
            lineSizes = new Map();
            boldChars = 0;
            lineChars = 0;
            lastX1 = -Infinity;
          },
          onChar(c, _origin, font, size, quad) {
            const facts = fontFacts(font);
            if (c === "\u00ad") {
              // A soft hyphen is dropped inside a word and becomes a hyphen where it ends a line (see endLine).
              if (word) word.text += c;
              return;
            }
            if (c.trim() === "") {
              endWord();
              return;
            }
            const x0 = Math.min(quad[0], quad[4]);
            const x1 = Math.max(quad[2], quad[6]);
            const y0 = Math.min(quad[1], quad[3]);
            const y1 = Math.max(quad[5], quad[7]);
            if (word && horizontal && x0 - lastX1 > WORD_GAP * size) endWord();
            if (word) {
              word.text = word.text.endsWith("\u00ad") ? word.text.slice(0, -1) + c : word.text + c;
              word.x1 = Math.max(word.x1, x1);
              word.y0 = Math.min(word.y0, y0);
              word.y1 = Math.max(word.y1, y1);
            } else {
              word = { text: c, x0, y0, x1, y1 };
            }
            lastX1 = x1;
            const rounded = roundSize(size);
            lineSizes.set(rounded, (lineSizes.get(rounded) ?? 0) + 1);
            sizes.set(rounded, (sizes.get(rounded) ?? 0) + 1);
            if (facts.bold) boldChars++;
            lineChars++;
            chars++;
          },
          endLine() {
            endWord();
            if (lineChars === 0) return;
            // A soft hyphen inside a word was dropped; one ending the line stays as a hyphen to join on.
            const last = words[words.length - 1];
            if (last?.text.endsWith("\u00ad")) last.text = last.text.slice(0, -1) + "-";
            let size = 0;
            let most = -1;
            for (const [s, n] of lineSizes) {
              if (n > most) {
                most = n;
                size = s;
              }
            }
            lines.push({ ...lineBox, words, text: words.map((w) => w.text).join(" "), size, bold: boldChars >= 0.9 * lineChars, horizontal });
          },
          endTextBlock() {
            if (lines.length > 0) blocks.push({ kind: "text", ...blockBox, lines });
          },
        });
        return { page: index + 1, width: bx1 - bx0, height: by1 - by0, blocks, chars, sizes };
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
        const device = new mupdf.DrawDevice(matrix, pixmap);
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

  return { count, layout, png, close: () => doc.destroy() };
};
