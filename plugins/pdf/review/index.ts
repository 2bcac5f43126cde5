/**
 * Reviewing a PDF (DESIGN.md, "review: file ─► sanitize ─► inspect ─► repair loop"): what the pdf plugin gives
 * core/review. `sanitizePdf` removes scripts and actions that run or send something (sanitize.ts), `inspectPdf`
 * reads the text of every page and reports what readers trip on (inspect.ts), `repairPdf` applies a `pdf.` fix
 * (repair.ts). A password-protected PDF is refused by all three with `ExtractRefused(…, "file_rejected")`.
 */
export { inspectPdf } from "./inspect.ts";
export { repairPdf, PDF_FIXES } from "./repair.ts";
export { sanitizePdf } from "./sanitize.ts";
