/**
 * Sanitizing an OOXML package (docx, pptx, xlsx) before anything opens it, LibreOffice included (the review's first
 * step; core/contracts/review.ts). What a reader would load, run or fetch from outside is neutralised, and each thing is
 * named in `removed`, one readable line each, for the report's `sanitized.removed`:
 *
 * - OLE objects and ActiveX controls, their previews kept as pictures (ole.ts);
 * - Word fields that reach outside (DDE, DDEAUTO, INCLUDETEXT, INCLUDEPICTURE, LINK, IMPORT), their results kept
 *   (fields.ts);
 * - Excel external links (formulas keep their cached values) and data connections (workbook-links.ts);
 * - every remaining external relationship but hyperlinks: linked images, attached templates, subdocuments, frames,
 *   linked media, remote fonts, mail-merge sources (external.ts).
 *
 * Each removal takes its relationship, its part, its content-type Override and the element that named it together,
 * so the package still opens; text is never touched (a removed field code is not text). A clean package comes back
 * as the same bytes with `removed: []`. Macros are refused (`ExtractRefused`, `file_rejected`); a zip bomb or a DTD
 * is refused by the safe reader (`PackageRefused`).
 */
import { refuseMacros } from "../macros.ts";
import type { SanitizeResult } from "../../contracts/review.ts";
import { PackageView } from "../review/parts.ts";
import { PackageEditor } from "./editor.ts";
import { removeExternalRelationships } from "./external.ts";
import { removeOutsideFields } from "./fields.ts";
import { removeOleObjects } from "./ole.ts";
import { neutraliseConnections, removeExternalLinks } from "./workbook-links.ts";

export const sanitizeOoxml = (bytes: Uint8Array, kind: "docx" | "pptx" | "xlsx"): SanitizeResult => {
  const view = new PackageView(bytes);
  refuseMacros(view.pkg);
  const ed = new PackageEditor(view);
  const removed: string[] = [];
  removeOleObjects(ed, kind, removed);
  if (kind === "docx") removeOutsideFields(ed, removed);
  if (kind === "xlsx") {
    removeExternalLinks(ed, removed);
    neutraliseConnections(ed, removed);
  }
  removeExternalRelationships(ed, removed);
  return { bytes: ed.bytes(removed), removed };
};
