/**
 * `repair` for PDF (core/contracts/review.ts). One fix so far:
 *
 * - `pdf.rebuild_xref`: the file is opened (mupdf rebuilds a damaged cross-reference table by scanning the
 *   objects) and written anew in full, with a correct table, `startxref` and trailer. Objects, page content, fonts
 *   and pictures are written as they were read; nothing is recompressed, cleaned or dropped, so the text of every
 *   page stays the same (the repair loop checks it).
 */
import type { RepairFix } from "../../../core/contracts/review.ts";
import { REBUILD_XREF } from "./findings.ts";
import { openPdf, saveBytes } from "./open.ts";

/** A plain full save: a new cross-reference table and nothing else changed on purpose. */
export const REBUILD_SAVE_OPTIONS = "";

export const PDF_FIXES = [REBUILD_XREF] as const;

export const repairPdf: RepairFix = async (bytes, fix, ctx) => {
  ctx.signal?.throwIfAborted();
  if (fix !== REBUILD_XREF) throw new Error(`unknown PDF fix "${fix}" (known: ${PDF_FIXES.join(", ")})`);
  const opened = await openPdf(bytes);
  if (opened === null) throw new Error("the PDF cannot be opened, so its cross-reference table cannot be rebuilt");
  const { doc } = opened;
  try {
    // Pages are read so that mupdf meets (and repairs around) every object it would need, as inspect did.
    const count = doc.countPages();
    if (count === 0) throw new Error("no page of the PDF can be read, so rewriting it would lose them");
    for (let index = 0; index < count; index++) doc.loadPage(index).destroy();
    return saveBytes(doc, REBUILD_SAVE_OPTIONS);
  } finally {
    doc.destroy();
  }
};
