/**
 * `pages` of an uploaded file, read cheaply without rendering: the format plugin counts them (a PDF's pages, a deck's
 * slides, a workbook's sheets); 1 for a format that has none of its own, a Word file included (issue 20: it has no
 * pages until it is laid out, and the count Word saves is often stale), as the extraction of the same file says.
 * The PDF container's own questions (its page count, its password) are answered here with mupdf, beside the upload
 * check that needs them.
 */
import * as mupdf from "mupdf";
import type { FormatRegistry } from "../contracts/format-plugin.ts";

const withPdf = <T>(bytes: Uint8Array, read: (doc: mupdf.Document) => T): T => {
  const doc = mupdf.Document.openDocument(bytes, "application/pdf");
  try {
    return read(doc);
  } finally {
    doc.destroy();
  }
};

export const isEncryptedPdf = (bytes: Uint8Array): boolean => withPdf(bytes, (doc) => doc.needsPassword());

export const pdfPageCount = (bytes: Uint8Array): number => withPdf(bytes, (doc) => doc.countPages());

export const pagesOf = (bytes: Uint8Array, kind: string, plugins: Pick<FormatRegistry, "get">): number => {
  try {
    return Math.max(1, plugins.get(kind)?.countPages?.(bytes) ?? 1);
  } catch {
    // A damaged file still counts as one page here; reading it later says what is wrong.
    return 1;
  }
};
