/**
 * PowerPoint's OLE objects and ActiveX controls (core/ooxml/sanitize/ole.ts): an OLE `p:graphicFrame` (or the
 * compatibility block holding it twice) becomes a `p:pic` with the object's preview (same shape id, name and place,
 * so animations still find it), or an empty shape of the same place when it has none; `p:controls` goes.
 */
import { findAll, type XEl } from "../../../core/ooxml/xml/tree.ts";
import type { Edit } from "../../../core/ooxml/splice.ts";
import { child, inheritedDeclarations, prefixOf, withoutChildren, type Found, type OleFinder } from "../../../core/ooxml/sanitize/ole.ts";

/** The preview picture PowerPoint keeps inside an OLE object (`p:oleObj/p:pic`), if any. */
const previewOf = (frame: XEl): XEl | undefined => findAll(frame, (e) => e.local === "pic" && e.parent?.local === "oleObj")[0];

/** An OLE graphic frame as a picture of its preview (or an empty shape where it has none), same id and place. */
const pptxFrame = (text: string, frame: XEl, top: XEl): string => {
  const p = prefixOf(frame);
  const nv = child(frame, "nvGraphicFramePr");
  const cNvPr = child(nv, "cNvPr");
  const nvPr = child(nv, "nvPr");
  const xfrm = child(frame, "xfrm");
  const graphic = child(frame, "graphic");
  const a = graphic ? prefixOf(graphic) : "a:";
  const blipFill = child(previewOf(frame), "blipFill");
  const copy = (el: XEl | undefined, fallback: string) => (el ? text.slice(el.start, el.end) : fallback);
  const decls = inheritedDeclarations(text, [cNvPr, nvPr, blipFill].filter((e): e is XEl => e !== undefined), top);
  const nvProps = `${copy(cNvPr, `<${p}cNvPr id="0" name=""/>`)}`;
  const spPr = `<${p}spPr><${a}xfrm${xfrm?.rawAttrs ?? ""}>${xfrm ? text.slice(xfrm.openEnd, xfrm.closeStart) : ""}</${a}xfrm><${a}prstGeom prst="rect"><${a}avLst/></${a}prstGeom></${p}spPr>`;
  if (blipFill) {
    return `<${p}pic${decls}><${p}nvPicPr>${nvProps}<${p}cNvPicPr/>${copy(nvPr, `<${p}nvPr/>`)}</${p}nvPicPr>${copy(blipFill, "")}${spPr}</${p}pic>`;
  }
  return `<${p}sp${decls}><${p}nvSpPr>${nvProps}<${p}cNvSpPr/>${copy(nvPr, `<${p}nvPr/>`)}</${p}nvSpPr>${spPr}</${p}sp>`;
};

const find = (text: string, root: XEl): Found => {
  const edits: Edit[] = [];
  const gone: XEl[] = [];
  const frames = findAll(root, (e) => e.local === "graphicFrame" && findAll(e, (d) => d.local === "oleObj").length > 0);
  const done = new Set<XEl>();
  for (const frame of frames) {
    if (done.has(frame)) continue;
    gone.push(...findAll(frame, (d) => d.local === "oleObj").map(withoutChildren));
    // PowerPoint 2010 writes the frame twice, a VML choice without preview and a fallback with one: the whole
    // block becomes the picture, so no reader is left with the branch that has none.
    const branch = frame.parent;
    const block = branch && (branch.local === "Choice" || branch.local === "Fallback") && branch.parent?.local === "AlternateContent" ? branch.parent : null;
    if (!block) {
      edits.push({ start: frame.start, end: frame.end, text: pptxFrame(text, frame, frame) });
      continue;
    }
    const siblings = frames.filter((f) => f.parent?.parent === block);
    for (const f of siblings) done.add(f);
    const chosen = siblings.find((f) => previewOf(f)) ?? frame;
    edits.push({ start: block.start, end: block.end, text: pptxFrame(text, chosen, block) });
  }
  for (const controls of findAll(root, (e) => e.local === "controls")) {
    gone.push(controls);
    edits.push({ start: controls.start, end: controls.end, text: "" });
  }
  return { edits, gone };
};

export const slideObjects: OleFinder = { marker: /:(oleObj|controls)\b/, find };
