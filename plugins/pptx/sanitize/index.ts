/** What a deck gets neutralised before anything opens it (core/ooxml/sanitize): its OLE objects and controls. */
import { sanitizeOoxml } from "../../../core/ooxml/sanitize/index.ts";
import { removeOleObjects } from "../../../core/ooxml/sanitize/ole.ts";
import { slideObjects } from "./ole.ts";

export const sanitizePptx = (bytes: Uint8Array) => sanitizeOoxml(bytes, [(ed, removed) => removeOleObjects(ed, slideObjects, removed)]);
