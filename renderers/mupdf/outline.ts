/**
 * The outline (bookmarks) of a PDF: LibreOffice exports every heading of a Word file into it with the page it
 * landed on, which is exactly what a table of contents needs. Pages are numbered from 1.
 */
import * as mupdf from "mupdf";
import type { PdfOutlineEntry } from "../../core/contracts/engines.ts";

interface RawOutline {
  title?: string;
  page?: number;
  down?: RawOutline[];
}

export const pdfOutline = async (pdf: Uint8Array): Promise<PdfOutlineEntry[]> => {
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  try {
    const out: PdfOutlineEntry[] = [];
    const walk = (items: RawOutline[] | undefined, level: number) => {
      for (const item of items ?? []) {
        if (item.title !== undefined && typeof item.page === "number" && item.page >= 0) out.push({ title: item.title, page: item.page + 1, level });
        walk(item.down, level + 1);
      }
    };
    walk(doc.loadOutline() as RawOutline[] | undefined, 1);
    return out;
  } finally {
    doc.destroy();
  }
};
