/**
 * OLE objects and ActiveX controls: an embedded or linked program object (`oleObject1.bin`, an embedded workbook, a
 * linked file) runs its server when activated, and a control runs code; neither is content a reader needs. Each
 * object goes with its relationship, its part (and what only it pointed at) and its Override, and its preview
 * picture stays where the format has one, so the object then shows as the picture it looked like:
 *
 * - Word: `w:object` becomes `w:pict` with its VML preview shape (or the `w:drawing` it holds); its
 *   `o:OLEObject`, `w:objectEmbed`/`w:objectLink` and `w:control` go; a `w:control` in a `w:pict` goes;
 * - PowerPoint: an OLE `p:graphicFrame` (or the compatibility block holding it twice) becomes a `p:pic` with the
 *   object's preview (same shape id, name and place, so animations still find it), or an empty shape of the same
 *   place when it has none; `p:controls` goes;
 * - Excel: `oleObjects` and `controls` go from the sheet; the sheet's VML drawing keeps their preview shapes.
 *
 * Charts' own embedded workbooks (a chart's `c:externalData`, relationship `package`) are kept: they are the chart's
 * data, never activated on opening. A chart linked to an outside workbook is an external relationship (external.ts).
 */
import { elementsNaming, relRefs } from "../review/rels.ts";
import { attrsOf, findAll, splice, type XEl } from "../review/xml-scan.ts";
import type { PackageEditor } from "./editor.ts";
import { outermostEdits } from "./external.ts";

type Kind = "docx" | "pptx" | "xlsx";
type Edit = readonly [number, number, string];

const child = (el: XEl | undefined, local: string): XEl | undefined => el?.children.find((c) => c.local === local);
const prefixOf = (el: XEl): string => (el.name.includes(":") ? `${el.name.slice(0, el.name.indexOf(":"))}:` : "");

/**
 * The namespace declarations markup copied out of `top` needs: those on the pieces' ancestors up to `top`
 * (inclusive) whose prefix the copied text uses.
 */
const inheritedDeclarations = (text: string, pieces: readonly XEl[], top: XEl): string => {
  const copied = pieces.map((p) => text.slice(p.start, p.end)).join("");
  const decls = new Map<string, string>();
  for (const piece of pieces) {
    for (let el = piece.parent; el; el = el.parent) {
      for (const [name, value] of attrsOf(el)) {
        if (name.startsWith("xmlns:") && !decls.has(name) && copied.includes(`${name.slice(6)}:`)) decls.set(name, value);
      }
      if (el === top) break;
    }
  }
  return [...decls].map(([name, value]) => ` ${name}="${value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`).join("");
};

/** The objects of one part to neutralise: the edits, and the elements whose relationships go with them. */
interface Found {
  readonly edits: Edit[];
  readonly gone: XEl[];
}

/** Where a Word object sits: in a run, or in a markup-compatibility branch inside one. */
const RUN_LEVEL = new Set(["r", "Choice", "Fallback"]);

const docxObjects = (text: string, root: XEl): Found => {
  const edits: Edit[] = [];
  const gone: XEl[] = [];
  const objectParts = new Set(["OLEObject", "control", "objectEmbed", "objectLink", "movie"]);
  for (const object of findAll(root, (e) => e.local === "object" && RUN_LEVEL.has(e.parent?.local ?? ""))) {
    const removals = object.children.filter((c) => objectParts.has(c.local));
    gone.push(...removals);
    const drawing = child(object, "drawing");
    if (drawing) {
      edits.push([object.start, object.end, text.slice(drawing.start, drawing.end)]);
      continue;
    }
    const inner = splice(text.slice(object.openEnd, object.closeStart), removals.map((r) => [r.start - object.openEnd, r.end - object.openEnd, ""] as const));
    const pict = `${prefixOf(object)}pict`;
    edits.push([object.start, object.end, `<${pict}>${inner}</${pict}>`]);
  }
  for (const control of findAll(root, (e) => e.local === "control" && e.parent?.local === "pict")) {
    gone.push(control);
    edits.push([control.start, control.end, ""]);
  }
  return { edits, gone };
};

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

const pptxObjects = (text: string, root: XEl): Found => {
  const edits: Edit[] = [];
  const gone: XEl[] = [];
  const frames = findAll(root, (e) => e.local === "graphicFrame" && findAll(e, (d) => d.local === "oleObj").length > 0);
  const done = new Set<XEl>();
  for (const frame of frames) {
    if (done.has(frame)) continue;
    gone.push(...findAll(frame, (d) => d.local === "oleObj").map((o) => ({ ...o, children: [] })));
    // PowerPoint 2010 writes the frame twice, a VML choice without preview and a fallback with one: the whole
    // block becomes the picture, so no reader is left with the branch that has none.
    const branch = frame.parent;
    const block = branch && (branch.local === "Choice" || branch.local === "Fallback") && branch.parent?.local === "AlternateContent" ? branch.parent : null;
    if (!block) {
      edits.push([frame.start, frame.end, pptxFrame(text, frame, frame)]);
      continue;
    }
    const siblings = frames.filter((f) => f.parent?.parent === block);
    for (const f of siblings) done.add(f);
    const chosen = siblings.find((f) => previewOf(f)) ?? frame;
    edits.push([block.start, block.end, pptxFrame(text, chosen, block)]);
  }
  for (const controls of findAll(root, (e) => e.local === "controls")) {
    gone.push(controls);
    edits.push([controls.start, controls.end, ""]);
  }
  return { edits, gone };
};

const xlsxObjects = (_text: string, root: XEl): Found => {
  const gone = root.children.filter((e) => e.local === "oleObjects" || e.local === "controls");
  return { edits: gone.map((e) => [e.start, e.end, ""] as const), gone };
};

/** Elements that name an object's preview picture, not the object. */
const PREVIEWS = new Set(["blip", "imagedata", "objectPr", "controlPr"]);

const FINDERS: Record<Kind, (text: string, root: XEl) => Found> = { docx: docxObjects, pptx: pptxObjects, xlsx: xlsxObjects };
const MARKERS: Record<Kind, RegExp> = { docx: /:(object|control)\b/, pptx: /:(oleObj|controls)\b/, xlsx: /<(\w+:)?(oleObjects|controls)\b/ };

export const removeOleObjects = (ed: PackageEditor, kind: Kind, removed: string[]): void => {
  for (const source of ed.sources()) {
    if (source === "") continue;
    const text = ed.text(source);
    if (text === null || !MARKERS[kind].test(text)) continue;
    const root = ed.tree(source);
    if (!root) continue;
    const { edits, gone } = FINDERS[kind](text, root);
    if (edits.length === 0) continue;
    const rels = ed.rels(source);
    const ids = new Set(rels.map((r) => r.id));
    const named = gone.flatMap((el) => elementsNaming(text, el, ids));
    ed.edit(source, outermostEdits(edits));
    const still = new Set(relRefs(ed.text(source)!).map((r) => r.id));
    const drop = new Set(named.map((n) => n.id).filter((id) => !still.has(id)));
    const told = new Set<string>();
    for (const n of named) {
      const rel = rels.find((r) => r.id === n.id);
      if (!rel || !drop.has(rel.id) || told.has(rel.id) || PREVIEWS.has(n.el.local)) continue;
      told.add(rel.id);
      const program = [...attrsOf(n.el)].find(([name]) => /^(\w+:)?progid$/i.test(name))?.[1];
      const label = n.el.local === "control" ? "ActiveX control" : rel.external ? "linked OLE object" : "OLE object";
      removed.push(`${label} ${rel.external ? `(${rel.target})` : rel.part}${program ? ` (${program})` : ""} in ${source}`);
    }
    ed.removeRels(source, drop);
  }
};
