/**
 * The extraction contract: a format plugin's `extract(bytes, ctx)` reads a file into Markdown (interface,
 * Extraction). Headings, lists and tables are kept; slides and sheets are sections; PDFs carry page markers as HTML
 * comments (`<!-- page 3 -->`). What could not be read is said in the text and in diagnostics, never dropped
 * silently. Readers throw `PackageRefused` (core/ooxml/package.ts) or `ExtractRefused` for files they must refuse.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { OfficeConverter } from "./engines.ts";

export class ExtractRefused extends Error {
  constructor(
    message: string,
    /** `file_rejected` for what must be refused (password, macros, bombs); `unreadable` for damaged files. */
    readonly code: "file_rejected" | "unreadable",
  ) {
    super(message);
  }
}

/** Reads text from a picture (PNG/JPEG/GIF/WebP or a rendered PDF page) with Tesseract, English and Spanish. */
export interface Ocr {
  readonly read: (image: Uint8Array, options?: { signal?: AbortSignal }) => Promise<{ text: string; markdown: string; confidence: number }>;
}

export interface ExtractContext {
  readonly signal?: AbortSignal;
  readonly ocr?: Ocr;
  readonly converter?: OfficeConverter;
  /** PDF pages read at most (1,000), and scanned pages read by OCR at most (100). */
  readonly maxPages?: number;
  readonly maxOcrPages?: number;
}

export interface ExtractResult {
  readonly markdown: string;
  /** Pages (PDF), slides (pptx) or sheets (xlsx); 1 for text and pictures. */
  readonly pages: number;
  readonly diagnostics: Diagnostic[];
}

export type Extract = (bytes: Uint8Array, ctx: ExtractContext) => Promise<ExtractResult>;
