/**
 * Pictures whose image is missing (the relationship Id names nothing, or names a part that is not in the package):
 * Office shows its repair dialog or a red-cross box, LibreOffice a broken-image frame. A picture is not text, so
 * removing it is a safe repair when the element removed holds a picture and nothing else:
 *
 * - Word: the `w:drawing` (DrawingML) or `w:pict` (VML) holding it; the run stays, empty;
 * - PowerPoint: the `p:pic`, unless an animation names its shape id (removing it would break the timing list);
 * - Excel: the drawing anchor holding the `xdr:pic` (or the `xdr:pic` alone inside a group).
 *
 * When it sits in a markup-compatibility block (`mc:AlternateContent`, a DrawingML choice and a VML fallback), the
 * whole block goes, so neither branch is left half there. The element must hold no text (no `t`, text box, field
 * code) and no OLE object; otherwise the finding is not repairable.
 */
import type { XmlPart } from "./parts.ts";
import { elementsNaming } from "./rels.ts";
import { closest, findAll, type XEl } from "../xml/tree.ts";

const ANCHORS = new Set(["twoCellAnchor", "oneCellAnchor", "absoluteAnchor"]);
const TEXT_BEARING = new Set(["t", "instrText", "delText", "txbxContent", "txbx", "textbox", "txBody", "object", "OLEObject", "oleObj", "fldSimple"]);

const holdsText = (el: XEl): boolean => findAll(el, (e) => e !== el && TEXT_BEARING.has(e.local)).length > 0;

/** The shape id (`cNvPr id`) of a PowerPoint picture, and whether the slide's animations name it. */
const animated = (xml: XmlPart, pic: XEl): boolean => {
  const cNvPr = findAll(pic, (e) => e.local === "cNvPr")[0];
  const id = cNvPr ? cNvPr.qualifiedAttrs.get("id") : undefined;
  if (!id || !xml.tree) return false;
  const timing = findAll(xml.tree, (e) => e.local === "timing");
  return timing.some((t) => new RegExp(`\\sspid\\s*=\\s*["']${id}["']`).test(xml.clean.slice(t.start, t.end)));
};

/** Where a picture element may sit to be removed on its own: a slide's or group's shape tree, or a compatibility branch. */
const PICTURE_PARENTS = new Set(["spTree", "grpSp", "Choice", "Fallback"]);

/** The element to remove for a picture whose image relationship is `el`'s attribute, or null when none is safe. */
const removalFor = (xml: XmlPart, el: XEl): XEl | null => {
  if (el.local !== "blip" && el.local !== "imagedata") return null;
  let container = closest(el, (e) => (e.local === "drawing" || e.local === "pict") && closest(e, (r) => r.local === "r") !== null);
  if (!container) {
    const pic = closest(el, (e) => e.local === "pic");
    if (!pic || !pic.parent) return null;
    if (ANCHORS.has(pic.parent.local)) container = pic.parent;
    else if (PICTURE_PARENTS.has(pic.parent.local)) container = pic;
    else return null;
  }
  if (holdsText(container)) return null;
  if (container.local === "pic" && animated(xml, container)) return null;
  const branch = container.parent;
  if (branch && (branch.local === "Choice" || branch.local === "Fallback") && branch.parent?.local === "AlternateContent") {
    // An Excel anchor cannot stay without its shape: the anchor goes with it.
    const block = branch.parent.parent && ANCHORS.has(branch.parent.parent.local) ? branch.parent.parent : branch.parent;
    return holdsText(block) ? null : block;
  }
  return container;
};

/**
 * The elements to remove so that no picture of the part names relationship `id`, or null when some element naming
 * it is not a picture that can go safely (or nothing names it).
 */
export const pictureRemovals = (xml: XmlPart, id: string): XEl[] | null => {
  if (!xml.tree) return null;
  const naming = [...new Set(elementsNaming(xml.clean, xml.tree, new Set([id])).map((n) => n.el))];
  if (naming.length === 0) return null;
  const out: XEl[] = [];
  for (const el of naming) {
    const removal = removalFor(xml, el);
    if (!removal) return null;
    out.push(removal);
  }
  return out;
};
