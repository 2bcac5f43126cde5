/**
 * Where pictures sit on the pages of a PDF (mupdf's structured text with images kept): each picture's box and its
 * page's size, in points. The layout check uses it to find pictures that reach into the margins or off the page.
 */
import * as mupdf from "mupdf";
import type { PdfPicture } from "../../core/contracts/engines.ts";

interface RawBlock {
  type: string;
  bbox: { x: number; y: number; w: number; h: number };
}

export const pdfPictures = async (pdf: Uint8Array, maxPages = 1000): Promise<PdfPicture[]> => {
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  try {
    const out: PdfPicture[] = [];
    const count = Math.min(doc.countPages(), maxPages);
    for (let i = 0; i < count; i++) {
      const page = doc.loadPage(i);
      const [x0, y0, x1, y1] = page.getBounds();
      const text = page.toStructuredText("preserve-images");
      const blocks = (JSON.parse(text.asJSON()) as { blocks: RawBlock[] }).blocks;
      for (const block of blocks) {
        if (block.type !== "image") continue;
        out.push({ page: i + 1, box: { x: block.bbox.x, y: block.bbox.y, width: block.bbox.w, height: block.bbox.h }, pageSize: { width: x1 - x0, height: y1 - y0 } });
      }
      text.destroy();
      page.destroy();
    }
    return out;
  } finally {
    doc.destroy();
  }
};
