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
  readonly previews: (pdf: Uint8Array, options?: { maxPages?: number; width?: number }) => Promise<PdfPreview[]>;
}
