/**
 * The contracts of the heavy engines behind plugins (DESIGN.md, "renderers/"). Core, plugins and pipelines depend on
 * these types only; the implementations live in renderers/ (libreoffice/, mupdf/) and are started once per process.
 */

export type OfficeFormat = "docx" | "pptx" | "xlsx" | "doc" | "ppt" | "xls";
export type ConvertTarget = "pdf" | "docx" | "pptx" | "xlsx" | "csv";

export interface ConvertOptions {
  readonly signal?: AbortSignal;
  /** Per conversion; a converter that takes longer is killed and restarted. */
  readonly timeoutMs?: number;
}

/** Office file conversion through LibreOffice kept warm (a cold `soffice --convert-to` costs about 1.4 s). */
export interface OfficeConverter {
  readonly convert: (input: Uint8Array, from: OfficeFormat, to: ConvertTarget, options?: ConvertOptions) => Promise<Uint8Array>;
  readonly close: () => Promise<void>;
}

export interface PdfPageText {
  readonly page: number;
  readonly text: string;
}

export interface PdfPreview {
  readonly page: number;
  readonly png: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export interface PdfOutlineEntry {
  readonly title: string;
  readonly page: number;
  readonly level: number;
}

/** A picture's box on a PDF page and the page's size, in points (1/72 in), from the top left. */
export interface PdfPicture {
  readonly page: number;
  readonly box: { x: number; y: number; width: number; height: number };
  readonly pageSize: { width: number; height: number };
}

/** Reading PDFs with mupdf: page count, text per page, PNG previews. */
export interface PdfReader {
  readonly info: (pdf: Uint8Array) => Promise<{ pages: number; text: PdfPageText[] }>;
  /** PNG pictures of the first `maxPages` pages, or of the chosen `pages` (numbered from 1, at most `maxPages`). */
  readonly previews: (pdf: Uint8Array, options?: { maxPages?: number; width?: number; pages?: ReadonlyArray<number> }) => Promise<PdfPreview[]>;
  /** The PDF's bookmarks (headings and their pages). */
  readonly outline: (pdf: Uint8Array) => Promise<PdfOutlineEntry[]>;
  /** Where the pictures sit on each page. */
  readonly pictures: (pdf: Uint8Array) => Promise<PdfPicture[]>;
  /**
   * A tagged PDF of our own finished for PDF/UA: the document's language, one Document element at the root, and a
   * figure without alternative text as an artifact (decorative). A PDF that needs none of this is returned as it is.
   */
  readonly finishTags: (pdf: Uint8Array, options: { language?: string }) => Promise<Uint8Array>;
}

/** Tesseract's raw TSV of a picture: only the process and its output, so a worker thread can do the layout. */
export type OcrTsv = (image: Uint8Array, options?: { signal?: AbortSignal }) => Promise<string>;

/** A picture of a web page from headless Chromium (artifact previews). */
export interface ScreenshotOptions {
  /** CSS pixels; the PNG has the same width (scale 1). */
  readonly width?: number;
  /** The shot stops here however long the page is. */
  readonly maxHeight?: number;
  /** Whole shot, browser start excluded. */
  readonly timeoutMs?: number;
  /** How much page time passes before the shot (timers and animation frames run in that time). */
  readonly settleMs?: number;
  /** Script run in the page before its own (a stand-in for what the page would reach over the network). */
  readonly initScript?: string;
  readonly signal?: AbortSignal;
}

export interface Screenshot {
  readonly png: Uint8Array;
  readonly width: number;
  readonly height: number;
}
