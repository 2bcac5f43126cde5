/** What a Word file gets neutralised before anything opens it (core/ooxml/sanitize): its objects and outside fields. */
import { sanitizeOoxml } from "../../../core/ooxml/sanitize/index.ts";
import { removeOleObjects } from "../../../core/ooxml/sanitize/ole.ts";
import { removeOutsideFields } from "./fields.ts";
import { wordObjects } from "./ole.ts";

export const sanitizeDocx = (bytes: Uint8Array) => sanitizeOoxml(bytes, [(ed, removed) => removeOleObjects(ed, wordObjects, removed), removeOutsideFields]);
