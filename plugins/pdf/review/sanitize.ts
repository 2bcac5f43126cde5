/**
 * `sanitize` for PDF (core/contracts/review.ts): removes JavaScript, `/Launch`, `/SubmitForm` and `/ImportData` actions
 * wherever the file keeps them (actions.ts) and names each in `removed`. Links to web addresses stay.
 *
 * A file with nothing to remove comes back as the very same bytes: it is not saved again. Otherwise mupdf writes the
 * whole file anew (no incremental update, which would leave the scripts in the older revision) and collects the
 * objects nothing points to any more, so the removed scripts are gone from the bytes too, not only unreachable.
 * Page content, fonts and pictures are written as they were: no stream is recompressed or cleaned.
 */
import type { Sanitize } from "../../../core/contracts/review.ts";
import { describeSite, findActiveSites } from "./actions.ts";
import { openPdf, saveBytes } from "./open.ts";

/** A full save that drops unreferenced objects and touches nothing else. */
export const SANITIZE_SAVE_OPTIONS = "garbage";

export const sanitizePdf: Sanitize = async (bytes, ctx) => {
  ctx.signal?.throwIfAborted();
  const opened = await openPdf(bytes);
  // What mupdf cannot open cannot be cleaned either; inspect reports it as unreadable.
  if (opened === null) return { bytes, removed: [] };
  const { doc } = opened;
  try {
    const sites = findActiveSites(doc);
    if (sites.length === 0) return { bytes, removed: [] };
    const removed: string[] = [];
    for (const site of sites) {
      site.remove();
      removed.push(...describeSite(site));
    }
    return { bytes: saveBytes(doc, SANITIZE_SAVE_OPTIONS), removed };
  } finally {
    doc.destroy();
  }
};
