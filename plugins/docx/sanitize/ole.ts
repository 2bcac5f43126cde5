/**
 * Word's OLE objects and ActiveX controls (core/ooxml/sanitize/ole.ts): `w:object` becomes `w:pict` with its VML
 * preview shape (or the `w:drawing` it holds); its `o:OLEObject`, `w:objectEmbed`/`w:objectLink` and `w:control` go;
 * a `w:control` in a `w:pict` goes.
 */
import { findAll, type XEl } from "../../../core/ooxml/xml/tree.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { child, prefixOf, type Found, type OleFinder } from "../../../core/ooxml/sanitize/ole.ts";

/** Where a Word object sits: in a run, or in a markup-compatibility branch inside one. */
const RUN_LEVEL = new Set(["r", "Choice", "Fallback"]);

const find = (text: string, root: XEl): Found => {
  const edits: Edit[] = [];
  const gone: XEl[] = [];
  const objectParts = new Set(["OLEObject", "control", "objectEmbed", "objectLink", "movie"]);
  for (const object of findAll(root, (e) => e.local === "object" && RUN_LEVEL.has(e.parent?.local ?? ""))) {
    const removals = object.children.filter((c) => objectParts.has(c.local));
    gone.push(...removals);
    const drawing = child(object, "drawing");
    if (drawing) {
      edits.push({ start: object.start, end: object.end, text: text.slice(drawing.start, drawing.end) });
      continue;
    }
    const inner = splice(text.slice(object.openEnd, object.closeStart), removals.map((r) => ({ start: r.start - object.openEnd, end: r.end - object.openEnd, text: "" })));
    const pict = `${prefixOf(object)}pict`;
    edits.push({ start: object.start, end: object.end, text: `<${pict}>${inner}</${pict}>` });
  }
  for (const control of findAll(root, (e) => e.local === "control" && e.parent?.local === "pict")) {
    gone.push(control);
    edits.push({ start: control.start, end: control.end, text: "" });
  }
  return { edits, gone };
};

export const wordObjects: OleFinder = { marker: /:(object|control)\b/, find };
