/**
 * Opening a PDF for review with mupdf (the one loader of the process, renderers/mupdf/pages.ts). A file that needs a
 * password, or whose encryption mupdf cannot undo (its text would be unreadable), is refused as `file_rejected`
 * (interface, Errors: "password-protected PDF"); a file mupdf cannot open at all is reported as `null`, so inspect
 * can say so as a finding instead of failing the review.
 */
import type * as Mupdf from "mupdf";
import { ExtractRefused } from "../../../core/contracts/extract.ts";
import { loadMupdf, mupdfLog } from "../../../renderers/mupdf/pages.ts";

export type MupdfModule = typeof Mupdf;

export interface OpenedPdf {
  readonly mupdf: MupdfModule;
  readonly doc: Mupdf.PDFDocument;
}

export const passwordRefusal = (): ExtractRefused =>
  new ExtractRefused("The PDF is password-protected; Quire cannot read it without the password.", "file_rejected");

/**
 * A security handler mupdf does not know (public-key `Adobe.PubSec`, a vendor's DRM) stops it opening the file: every
 * string and stream would stay encrypted, so there is no text to read without the recipient's password or key.
 */
const UNKNOWN_HANDLER = /unknown encryption handler|unknown crypt filter|unsupported encryption/i;
const certificateRefusal = (): ExtractRefused =>
  new ExtractRefused("The PDF is encrypted for a certificate or a password Quire does not have, so its text cannot be read.", "file_rejected");

/**
 * Opens `bytes` as a PDF; `null` when mupdf cannot make a document of them. Throws the refusals above. The caller
 * destroys `doc`.
 */
export const openPdf = async (bytes: Uint8Array): Promise<OpenedPdf | null> => {
  const mupdf = await loadMupdf();
  // mupdf's one log is shared by the process; pages.ts reads it page by page, so what came before is dropped.
  mupdfLog.length = 0;
  let doc: Mupdf.PDFDocument | null;
  try {
    doc = mupdf.Document.openDocument(bytes, "application/pdf").asPDF();
  } catch (error) {
    if (UNKNOWN_HANDLER.test(error instanceof Error ? error.message : String(error))) throw certificateRefusal();
    return null;
  }
  if (doc === null) return null;
  let refuse: boolean;
  try {
    refuse = doc.needsPassword();
  } catch {
    refuse = true;
  }
  if (refuse) {
    doc.destroy();
    throw passwordRefusal();
  }
  return { mupdf, doc };
};

/** The document written anew with mupdf's save `options`, copied out of WASM memory. */
export const saveBytes = (doc: Mupdf.PDFDocument, options: string): Uint8Array => {
  const buffer = doc.saveToBuffer(options);
  try {
    return buffer.asUint8Array().slice();
  } finally {
    buffer.destroy();
  }
};
