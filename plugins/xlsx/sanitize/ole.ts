/**
 * Excel's OLE objects and ActiveX controls (core/ooxml/sanitize/ole.ts): `oleObjects` and `controls` go from the
 * sheet; the sheet's VML drawing keeps their preview shapes.
 */
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import type { Found, OleFinder } from "../../../core/ooxml/sanitize/ole.ts";

const find = (_text: string, root: XEl): Found => {
  const gone = root.children.filter((e) => e.local === "oleObjects" || e.local === "controls");
  return { edits: gone.map((e) => ({ start: e.start, end: e.end, text: "" })), gone };
};

export const sheetObjects: OleFinder = { marker: /<(\w+:)?(oleObjects|controls)\b/, find };
