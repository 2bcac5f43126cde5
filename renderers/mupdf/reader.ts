/**
 * `PdfReader` (core/contracts/engines.ts) on mupdf's WASM build: page count, text per page from mupdf's structured text,
 * and PNG previews of the first pages at a pixel width. DESIGN.md, "renderers/": layout checks count pages, the
 * report quotes text by page, previews are what a person would see.
 *
 * mupdf is imported on first use (its WASM costs a little to load, and a service that never reads a PDF should
 * not pay it). Work is synchronous inside WASM, so one call holds the event loop while it runs; every mupdf object
 * is destroyed as soon as it is done with, so WASM memory does not grow with the number of files read.
 * mupdf's own warnings (repairs of broken files) are kept out of the service's stderr and only quoted in errors.
 */
import type { PdfPageText, PdfPreview, PdfReader } from "../../core/contracts/engines.ts";
import { pdfOutline } from "./outline.ts";
import { pdfPictures } from "./images.ts";
import { finishTags } from "./accessible.ts";
import { PdfReadError } from "./errors.ts";
import { encodePng } from "./png.ts";
import { loadMupdf, mupdfLog } from "./pages.ts";

type Mupdf = typeof import("mupdf");

/** One loader and one log for every mupdf reader of the process (pages.ts). */
const log = mupdfLog;
const load = (): Promise<Mupdf> => loadMupdf();

export const DEFAULT_MAX_PAGES = 10;
export const DEFAULT_WIDTH = 800;
/** Previews wider than this are refused: a 10 000 px page is a memory bomb, not a preview. */
export const MAX_WIDTH = 4000;

type Document = InstanceType<Mupdf["Document"]>;

const damaged = (what: string, cause: unknown): PdfReadError => {
  const detail = cause instanceof Error ? cause.message : String(cause);
  const logged = log.splice(0).slice(-3).join("; ");
  return new PdfReadError({
    reason: "damaged",
    message: `the PDF is damaged or not a PDF: ${what}${detail === "" ? "" : ` (${detail})`}${logged === "" ? "" : `; mupdf: ${logged}`}`,
    cause,
  });
};

/** Opens the file, refuses encrypted or page-less ones, runs `use`, and frees the document whatever happens. */
const withDocument = async <T>(pdf: Uint8Array, use: (doc: Document, mupdf: Mupdf) => T): Promise<T> => {
  const mupdf = await load();
  log.length = 0;
  let doc: Document;
  try {
    doc = mupdf.Document.openDocument(pdf, "application/pdf");
  } catch (error) {
    throw damaged("mupdf cannot open it", error);
  }
  try {
    if (doc.needsPassword()) {
      throw new PdfReadError({ reason: "encrypted", message: "the PDF is protected by a password; it cannot be read without it" });
    }
    let pages: number;
    try {
      pages = doc.countPages();
    } catch (error) {
      throw damaged("its page tree cannot be read", error);
    }
    if (pages === 0) throw damaged("no page could be read", "");
    try {
      return use(doc, mupdf);
    } catch (error) {
      if (error instanceof PdfReadError) throw error;
      throw damaged("a page cannot be read", error);
    }
  } finally {
    doc.destroy();
  }
};

const info = (pdf: Uint8Array): Promise<{ pages: number; text: PdfPageText[] }> =>
  withDocument(pdf, (doc) => {
    const pages = doc.countPages();
    const text: PdfPageText[] = [];
    for (let index = 0; index < pages; index++) {
      const page = doc.loadPage(index);
      try {
        const stext = page.toStructuredText("preserve-whitespace");
        try {
          text.push({ page: index + 1, text: stext.asText() });
        } finally {
          stext.destroy();
        }
      } finally {
        page.destroy();
      }
    }
    return { pages, text };
  });

const previews = (pdf: Uint8Array, options: { maxPages?: number; width?: number; pages?: ReadonlyArray<number> } = {}): Promise<PdfPreview[]> => {
  const maxPages = Math.floor(options.maxPages ?? DEFAULT_MAX_PAGES);
  const width = Math.floor(options.width ?? DEFAULT_WIDTH);
  if (!(width >= 1 && width <= MAX_WIDTH)) {
    return Promise.reject(new RangeError(`previews: width must be a whole number of pixels from 1 to ${MAX_WIDTH}, got ${options.width}`));
  }
  if (!(maxPages >= 0)) return Promise.reject(new RangeError(`previews: maxPages must be 0 or more, got ${options.maxPages}`));
  return withDocument(pdf, (doc, mupdf) => {
    const count = Math.min(doc.countPages(), maxPages);
    // Chosen pages (numbered from 1) that exist, in order; else the first `maxPages`.
    const chosen = options.pages
      ? [...new Set(options.pages)].filter((p) => Number.isInteger(p) && p >= 1 && p <= doc.countPages()).sort((a, b) => a - b).slice(0, maxPages).map((p) => p - 1)
      : Array.from({ length: count }, (_, i) => i);
    const out: PdfPreview[] = [];
    for (const index of chosen) {
      const page = doc.loadPage(index);
      try {
        // Bounds include the page's rotation; moving the origin to 0,0 makes the pixmap exactly `width` wide.
        const [x0, y0, x1] = page.getBounds();
        const scale = width / Math.max(x1 - x0, 1e-3);
        const matrix = mupdf.Matrix.concat(mupdf.Matrix.translate(-x0, -y0), mupdf.Matrix.scale(scale, scale));
        const pixmap = page.toPixmap(matrix, mupdf.ColorSpace.DeviceRGB, false, true);
        try {
          const width = pixmap.getWidth();
          const height = pixmap.getHeight();
          out.push({ page: index + 1, png: encodePng(pixmap.getPixels(), width, height, 3), width, height });
        } finally {
          pixmap.destroy();
        }
      } finally {
        page.destroy();
      }
    }
    return out;
  });
};

export const pdfReader: PdfReader = { info, previews, outline: pdfOutline, pictures: (pdf) => pdfPictures(pdf), finishTags };
