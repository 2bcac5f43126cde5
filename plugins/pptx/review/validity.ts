/**
 * Markup PowerPoint refuses to draw and offers to repair (its repair then drops or rewrites the shape), in slides,
 * their notes, layouts and masters:
 * - a text body (`p:txBody`, a table cell's `a:txBody`) without any paragraph: the schema asks for at least one
 *   `a:p`, and generators leave it out for empty cells and shapes. `pptx.add_empty_paragraph` adds `<a:p/>`,
 *   which holds no text (and `a:bodyPr`, when that is missing too);
 * - a preset geometry name that is not one of DrawingML's (`oval`, `roundedRectangle`): not repaired, the intended
 *   shape is not ours to guess;
 * - a negative width or height (`a:ext`, `a:chExt`);
 * - a table row whose number of cells differs from the table's columns (`a:gridCol`): merged cells are still
 *   written as cells (`hMerge`), so every row has one cell per column.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { attr, child, kids, relAttr } from "../../../core/ooxml/xml/query.ts";
import type { Finding } from "../../../core/contracts/review.ts";
import type { Deck } from "./deck.ts";
import { finding } from "./finding.ts";
import { PRESET_GEOMETRIES } from "./preset-geometry.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { drawingPrefixFor, locate, prefixOf } from "./surgery.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export const ADD_EMPTY_PARAGRAPH = "pptx.add_empty_paragraph";

interface ShapePart {
  readonly part: string;
  readonly root: XEl;
  /** The slide it belongs to (a slide or its notes), or undefined for layouts and masters. */
  readonly page: number | undefined;
  readonly label: string;
}

/** Slides, their notes, the masters and their layouts: every part PowerPoint draws shapes from. */
const shapeParts = (deck: Deck): ShapePart[] => {
  const out: ShapePart[] = [];
  for (const slide of deck.slides) {
    out.push({ part: slide.part, root: slide.root, page: slide.number, label: `Slide ${slide.number}` });
    if (slide.notesPart && slide.notes) out.push({ part: slide.notesPart, root: slide.notes, page: slide.number, label: `The notes of slide ${slide.number}` });
  }
  for (const master of deck.masters) {
    const root = deck.parts.root(master);
    if (!root) continue;
    out.push({ part: master, root, page: undefined, label: `The slide master ${master}` });
    const rels = deck.parts.rels(master);
    for (const id of kids(child(root, "sldLayoutIdLst"), "sldLayoutId")) {
      const rel = rels.get(relAttr(id, "id") ?? "");
      const layout = rel && !rel.external ? deck.parts.root(rel.target) : null;
      if (layout && rel) out.push({ part: rel.target, root: layout, page: undefined, label: `The slide layout ${rel.target}` });
    }
  }
  return out;
};

interface Problems {
  readonly emptyBodies: XEl[];
  readonly geometries: string[];
  readonly negative: number;
  readonly tables: number;
}

/** Every element of the part, both branches of alternate content included. */
const survey = (root: XEl): Problems => {
  const problems = { emptyBodies: [] as XEl[], geometries: [] as string[], negative: 0, tables: 0 };
  const visit = (node: XEl) => {
    const name = node.local;
    const children = node.children;
    if (name === "txBody" && !children.some((c) => c.local === "p")) problems.emptyBodies.push(node);
    else if (name === "prstGeom") {
      const prst = attr(node, "prst") ?? "";
      if (!PRESET_GEOMETRIES.has(prst)) problems.geometries.push(prst);
    } else if (name === "xfrm") {
      for (const c of children) if (/^(ext|chExt)$/.test(c.local) && (Number(attr(c, "cx")) < 0 || Number(attr(c, "cy")) < 0)) problems.negative++;
    } else if (name === "tbl") {
      const columns = kids(child(node, "tblGrid"), "gridCol").length;
      if (kids(node, "tr").some((tr) => kids(tr, "tc").length !== columns)) problems.tables++;
    }
    for (const c of children) visit(c);
  };
  visit(root);
  return problems;
};

const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

export const checkValidity = (deck: Deck): Finding[] => {
  const out: Finding[] = [];
  for (const { root, page, label } of shapeParts(deck)) {
    const pages = page === undefined ? [] : [page];
    const p = survey(root);
    if (p.emptyBodies.length > 0) {
      out.push(finding("text.body_without_paragraph", "error", "structural", `${label} has ${plural(p.emptyBodies.length, "a text body", "text bodies")} without any paragraph; PowerPoint offers to repair the file.`, pages, ADD_EMPTY_PARAGRAPH));
    }
    if (p.geometries.length > 0) {
      const names = [...new Set(p.geometries)].map((g) => `"${g}"`).join(", ");
      out.push(finding("shape.unknown_geometry", "error", "structural", `${label} draws shapes with a preset geometry PowerPoint does not know (${names}); PowerPoint offers to repair the file and drops them.`, pages));
    }
    if (p.negative > 0) {
      out.push(finding("shape.negative_size", "error", "structural", `${label} has ${plural(p.negative, "a shape", "shapes")} with a negative width or height; PowerPoint offers to repair the file.`, pages));
    }
    if (p.tables > 0) {
      out.push(finding("table.grid_mismatch", "error", "structural", `${label} has ${plural(p.tables, "a table", "tables")} whose rows do not all have one cell per column; PowerPoint offers to repair the file.`, pages));
    }
  }
  return out;
};

export const addEmptyParagraphs = (pkg: Package, deck: Deck): Map<string, string> => {
  const changes = new Map<string, string>();
  for (const { part, root } of shapeParts(deck)) {
    const bodies = survey(root).emptyBodies;
    if (bodies.length === 0) continue;
    const xml = pkg.text(part)!;
    const edits: Edit[] = bodies.flatMap((body): Edit[] => {
      const open = locate(body);
      const bodyPr = child(body, "bodyPr");
      const { prefix, declare } = bodyPr ? { prefix: prefixOf(locate(bodyPr).qname), declare: "" } : drawingPrefixFor(xml);
      const paragraph = `<${prefix}p${declare}/>`;
      // `a:bodyPr` opens a text body and the paragraphs close it (CT_TextBody).
      const properties = bodyPr ? "" : `<${prefix}bodyPr${declare}/>`;
      if (open.selfClosing) {
        const head = xml.slice(open.start, open.end - 2).replace(/\s+$/, "");
        return [{ start: open.start, end: open.end, text: `${head}>${properties}${paragraph}</${open.qname}>` }];
      }
      const close = body.closeStart;
      return [...(properties ? [{ start: open.end, end: open.end, text: properties }] : []), { start: close, end: close, text: paragraph }];
    });
    changes.set(part, splice(xml, edits));
  }
  return changes;
};
