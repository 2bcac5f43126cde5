/**
 * OLE objects and ActiveX controls: an embedded or linked program object (`oleObject1.bin`, an embedded workbook, a
 * linked file) runs its server when activated, and a control runs code; neither is content a reader needs. Each
 * object goes with its relationship, its part (and what only it pointed at) and its Override, and its preview
 * picture stays where the format has one, so the object then shows as the picture it looked like:
 *
 * what an object looks like in each format is its plugin's (plugins/<format>/sanitize/ole.ts); here is what is common:
 * taking the object's relationships and parts with it, and naming what went.
 *
 * Charts' own embedded workbooks (a chart's `c:externalData`, relationship `package`) are kept: they are the chart's
 * data, never activated on opening. A chart linked to an outside workbook is an external relationship (external.ts).
 */
import { elementsNaming, relRefs } from "../review/rels.ts";
import type { XEl } from "../xml/tree.ts";
import type { PackageEditor } from "./editor.ts";
import { outermost, type Edit } from "../splice.ts";

export const child = (el: XEl | undefined, local: string): XEl | undefined => el?.children.find((c) => c.local === local);
export const prefixOf = (el: XEl): string => (el.name.includes(":") ? `${el.name.slice(0, el.name.indexOf(":"))}:` : "");

/**
 * The namespace declarations markup copied out of `top` needs: those on the pieces' ancestors up to `top`
 * (inclusive) whose prefix the copied text uses.
 */
export const inheritedDeclarations = (text: string, pieces: readonly XEl[], top: XEl): string => {
  const copied = pieces.map((p) => text.slice(p.start, p.end)).join("");
  const decls = new Map<string, string>();
  for (const piece of pieces) {
    for (let el = piece.parent; el; el = el.parent) {
      for (const [name, value] of el.qualifiedAttrs) {
        if (name.startsWith("xmlns:") && !decls.has(name) && copied.includes(`${name.slice(6)}:`)) decls.set(name, value);
      }
      if (el === top) break;
    }
  }
  return [...decls].map(([name, value]) => ` ${name}="${value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`).join("");
};

/** The objects of one part to neutralise: the edits, and the elements whose relationships go with them. */
export interface Found {
  readonly edits: Edit[];
  readonly gone: XEl[];
}

/** The element alone: its preview picture, inside it, stays (and so does the picture's relationship). */
export const withoutChildren = (el: XEl): XEl => Object.assign(Object.create(Object.getPrototypeOf(el) as object) as XEl, el, { children: [] });

/** Elements that name an object's preview picture, not the object. */
const PREVIEWS = new Set(["blip", "imagedata", "objectPr", "controlPr"]);


/**
 * How a format finds its objects (each plugin gives its own, plugins/<format>/sanitize/ole.ts): a cheap test of a
 * part's text, and the finder run on the parts that pass it.
 */
export interface OleFinder {
  readonly marker: RegExp;
  readonly find: (text: string, root: XEl) => Found;
}

export const removeOleObjects = (ed: PackageEditor, finder: OleFinder, removed: string[]): void => {
  for (const source of ed.sources()) {
    if (source === "") continue;
    const text = ed.text(source);
    if (text === null || !finder.marker.test(text)) continue;
    const root = ed.tree(source);
    if (!root) continue;
    const { edits, gone } = finder.find(text, root);
    if (edits.length === 0) continue;
    const rels = ed.rels(source);
    const ids = new Set(rels.map((r) => r.id));
    const named = gone.flatMap((el) => elementsNaming(text, el, ids));
    ed.edit(source, outermost(edits));
    const still = new Set(relRefs(ed.text(source)!).map((r) => r.id));
    const drop = new Set(named.map((n) => n.id).filter((id) => !still.has(id)));
    const told = new Set<string>();
    for (const n of named) {
      const rel = rels.find((r) => r.id === n.id);
      if (!rel || !drop.has(rel.id) || told.has(rel.id) || PREVIEWS.has(n.el.local)) continue;
      told.add(rel.id);
      const program = [...n.el.qualifiedAttrs].find(([name]) => /^(\w+:)?progid$/i.test(name))?.[1];
      const label = n.el.local === "control" ? "ActiveX control" : rel.external ? "linked OLE object" : "OLE object";
      removed.push(`${label} ${rel.external ? `(${rel.target})` : rel.part}${program ? ` (${program})` : ""} in ${source}`);
    }
    ed.removeRels(source, drop);
  }
};
