/**
 * The extraction contract: a format plugin's `extract(bytes, ctx)` reads a file into the IR (interface, Extraction;
 * issue 12: readers produce the IR, one writer writes Markdown). Headings, lists and tables are kept; slides and
 * sheets are sections; a PDF's pages start with a comment block `page N` (written `<!-- page 3 -->`) and its blocks
 * carry `source.part` `page:N`. What could not be read is said in a comment block and in diagnostics, never dropped
 * silently. core/extract writes the Markdown. Readers throw `PackageRefused` (core/ooxml/package.ts) or
 * `ExtractRefused` for files they must refuse.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { IRDocument } from "../ir/types.ts";
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

/** What a reader returns: the text read, as the IR. */
export interface ExtractResult {
  readonly ir: IRDocument;
  /** A file that is Markdown already (txt, md) is extracted as written, not as the writer would write its IR. */
  readonly asWritten?: string;
  /** The charset a text file was read in (core/files/charset.ts), as a WHATWG label; only for txt and md. */
  readonly charset?: string;
  /** Pages (PDF), slides (pptx) or sheets (xlsx); 1 for text and pictures. */
  readonly pages: number;
  /** Pages whose text OCR read (a PDF's scanned pages and unusable text layers; a picture's page 1), in order. */
  readonly ocrPages?: readonly number[];
  readonly diagnostics: Diagnostic[];
}

export type Extract = (bytes: Uint8Array, ctx: ExtractContext) => Promise<ExtractResult>;
