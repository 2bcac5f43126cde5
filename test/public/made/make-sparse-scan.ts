/**
 * Makes test/public/made/SPARSE-2024-INV-1234-p1-150dpi.pdf: page 1 of MarkItDown's sparse invoice
 * (test/public/markitdown/SPARSE-2024-INV-1234_borderless_table.pdf, born digital) drawn at 150 dpi in grey and stored
 * as a JPEG in an image-only PDF (no text layer): the scan of a borderless table, read by OCR.
 *
 *   node --import tsx test/public/made/make-sparse-scan.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as mupdf from "mupdf";

const here = dirname(fileURLToPath(import.meta.url));
const DPI = 150;

const source = new mupdf.PDFDocument(readFileSync(join(here, "../markitdown/SPARSE-2024-INV-1234_borderless_table.pdf")));
const page = source.loadPage(0);
const pixmap = page.toPixmap(mupdf.Matrix.scale(DPI / 72, DPI / 72), mupdf.ColorSpace.DeviceGray, false);
const width = pixmap.getWidth();
const height = pixmap.getHeight();
const jpeg = pixmap.asJPEG(80);
pixmap.destroy();
page.destroy();
source.destroy();

const doc = new mupdf.PDFDocument();
const image = doc.addImage(new mupdf.Image(jpeg));
const w = (width * 72) / DPI;
const h = (height * 72) / DPI;
doc.insertPage(-1, doc.addPage([0, 0, w, h], 0, { XObject: { Im0: image } }, `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`));
writeFileSync(join(here, "SPARSE-2024-INV-1234-p1-150dpi.pdf"), doc.saveToBuffer("compress").asUint8Array());
doc.destroy();
