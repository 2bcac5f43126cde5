/**
 * `pages` of an uploaded file, read cheaply without rendering: a PDF's page count, a deck's slides, a workbook's
 * sheets, a Word file's page count as Word last saved it (`docProps/app.xml`), and 1 for the rest.
 */
import * as mupdf from "mupdf";
import { openPackage } from "../ooxml/package.ts";
import type { FileKind } from "./kinds.ts";

export const isEncryptedPdf = (bytes: Uint8Array): boolean => {
  const doc = mupdf.Document.openDocument(bytes, "application/pdf");
  try {
    return doc.needsPassword();
  } finally {
    doc.destroy();
  }
};

export const pagesOf = (bytes: Uint8Array, kind: FileKind): number => {
  try {
    if (kind === "pdf") {
      const doc = mupdf.Document.openDocument(bytes, "application/pdf");
      try {
        return Math.max(1, doc.countPages());
      } finally {
        doc.destroy();
      }
    }
    if (kind === "pptx") return Math.max(1, openPackage(bytes).names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length);
    if (kind === "xlsx") return Math.max(1, (openPackage(bytes).text("xl/workbook.xml")?.match(/<(\w+:)?sheet\b/g) ?? []).length);
    if (kind === "docx") return Math.max(1, Number(/<Pages>(\d+)<\/Pages>/.exec(openPackage(bytes).text("docProps/app.xml") ?? "")?.[1] ?? 1));
  } catch {
    // A damaged file still counts as one page here; reading it later says what is wrong.
  }
  return 1;
};
