/** What a workbook gets neutralised before anything opens it (core/ooxml/sanitize): objects, external links, connections. */
import { sanitizeOoxml } from "../../../core/ooxml/sanitize/index.ts";
import { removeOleObjects } from "../../../core/ooxml/sanitize/ole.ts";
import { neutraliseConnections, removeExternalLinks } from "./workbook-links.ts";
import { sheetObjects } from "./ole.ts";

export const sanitizeXlsx = (bytes: Uint8Array) =>
  sanitizeOoxml(bytes, [(ed, removed) => removeOleObjects(ed, sheetObjects, removed), removeExternalLinks, neutraliseConnections]);
