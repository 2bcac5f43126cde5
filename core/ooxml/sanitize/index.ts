/**
 * Sanitizing an OOXML package (docx, pptx, xlsx) before anything opens it, LibreOffice included (the review's first
 * step; core/contracts/review.ts). What a reader would load, run or fetch from outside is neutralised, and each thing is
 * named in `removed`, one readable line each, for the report's `sanitized.removed`:
 *
 * - first the format's own steps, given by its plugin: OLE objects and ActiveX controls with their previews kept as
 *   pictures (core's ole.ts with the format's finder), Word fields that reach outside (DDE, INCLUDETEXT, LINK…,
 *   their results kept), Excel external links (formulas keep their cached values) and data connections;
 * - then every remaining external relationship but hyperlinks: linked images, attached templates, subdocuments,
 *   frames, linked media, remote fonts, mail-merge sources (external.ts).
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

/** One thing a format neutralises, on the package being edited; it names what it removed in `removed`. */
export type SanitizeStep = (ed: PackageEditor, removed: string[]) => void;

export const sanitizeOoxml = (bytes: Uint8Array, steps: ReadonlyArray<SanitizeStep>): SanitizeResult => {
  const view = new PackageView(bytes);
  refuseMacros(view.pkg);
  const ed = new PackageEditor(view);
  const removed: string[] = [];
  for (const step of steps) step(ed, removed);
  removeExternalRelationships(ed, removed);
  return { bytes: ed.bytes(removed), removed };
};
