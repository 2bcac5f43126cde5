/**
 * `format: pdf`: the document is laid out as Word (real styles, numbering, fields) and LibreOffice converts it, so
 * a PDF and a docx of the same Markdown look the same. Only the PDF is delivered (interface, format table).
 * Reading a PDF (page markers, headings from font sizes, tables from layout, OCR of scanned pages) is in extract/;
 * reviewing one (JavaScript and launch actions removed, fonts, damaged cross-references, scans, forms) in review/.
 */
import type { FormatPlugin } from "../../core/contracts/format-plugin.ts";
import { pdfPageCount } from "../../core/files/pages.ts";
import { extractPdf } from "./extract/index.ts";
import { inspectPdf, repairPdf, sanitizePdf } from "./review/index.ts";

export const pdfPlugin: FormatPlugin = {
  id: "pdf",
  format: "pdf",
  mediaTypes: ["application/pdf"],
  source: "document",
  delivers: { file: false, pdf: "self", previews: true },
  countPages: pdfPageCount,
  renderedAs: "docx",
  typeset: true,
  extract: extractPdf,
  sanitize: sanitizePdf,
  inspect: inspectPdf,
  repair: repairPdf,
};
