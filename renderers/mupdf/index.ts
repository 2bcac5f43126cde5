/** The mupdf PDF reader (reader.ts) and its error. */
export { pdfReader, DEFAULT_MAX_PAGES, DEFAULT_WIDTH, MAX_WIDTH } from "./reader.ts";
export { PdfReadError, type PdfReadFailure } from "./errors.ts";
export { pdfOutline } from "./outline.ts";
export { pdfPictures } from "./images.ts";
