/**
 * Shape ids (`p:cNvPr/@id`): PowerPoint wants every shape of a slide to carry its own unsigned-integer id and
 * shows its repair dialog when two share one (shapes pasted between slides, generators numbering tables and text
 * boxes apart). The check reads the shapes PowerPoint reads: the tree's own shapes and groups, not pictures nested
 * inside OLE objects, and the `mc:Choice` branch of alternate content. `pptx.renumber_shape_ids` keeps the first
 * shape with an id and gives each later duplicate (and each id that is not a number) a fresh one above the
 * slide's highest, in the `mc:Fallback` copy of the same shape too.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { attr, child } from "../../../core/ooxml/xml/query.ts";
import type { Finding } from "../../../core/contracts/review.ts";
import type { Deck } from "./deck.ts";
import { finding } from "./finding.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { attributeEdit } from "./surgery.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export const RENUMBER_SHAPE_IDS = "pptx.renumber_shape_ids";

const SHAPE = /^(sp|pic|graphicFrame|grpSp|cxnSp|contentPart)$/;
const MAX_ID = 4_294_967_295;

interface Entry {
  readonly cNvPr: XEl;
  readonly id: string;
  /** The same shape's `p:cNvPr` in the `mc:Fallback` branch, when the shape sits in alternate content. */
  readonly twin: XEl | undefined;
}

const cNvPrOf = (shape: XEl): XEl | undefined => child(shape.children.find((c) => /^nv.*Pr$/.test(c.local)), "cNvPr");

/** The shapes of a tree in the branch PowerPoint reads (`mc:Choice`), each with its fallback twin. */
const entries = (tree: XEl): Entry[] => {
  const out: Entry[] = [];
  const own = cNvPrOf(tree);
  if (own) out.push({ cNvPr: own, id: attr(own, "id") ?? "", twin: undefined });
  const walk = (node: XEl, twins: XEl[] | null) => {
    for (const c of node.children) {
      const name = c.local;
      if (name === "AlternateContent") {
        const branches = c.children;
        const choice = branches.find((b) => b.local === "Choice");
        const fallback = branches.find((b) => b.local === "Fallback");
        const fallbackIds: XEl[] = [];
        if (fallback) collect(fallback, fallbackIds);
        if (choice) walk(choice, fallbackIds);
        else if (fallback) walk(fallback, null);
      } else if (SHAPE.test(name)) {
        const cNvPr = cNvPrOf(c);
        if (cNvPr) out.push({ cNvPr, id: attr(cNvPr, "id") ?? "", twin: twins?.shift() });
        if (name === "grpSp") walk(c, twins);
      }
    }
  };
  const collect = (node: XEl, into: XEl[]) => {
    for (const c of node.children) {
      if (c.local === "AlternateContent") continue;
      if (SHAPE.test(c.local)) {
        const cNvPr = cNvPrOf(c);
        if (cNvPr) into.push(cNvPr);
        if (c.local === "grpSp") collect(c, into);
      }
    }
  };
  walk(tree, null);
  return out;
};

const valid = (id: string): boolean => /^\d+$/.test(id) && Number(id) <= MAX_ID;

interface Plan {
  readonly duplicates: string[];
  readonly invalid: string[];
  /** New ids for the entries that need one. */
  readonly changes: Array<{ entry: Entry; id: number }>;
}

const plan = (tree: XEl): Plan => {
  const all = entries(tree);
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const invalid: string[] = [];
  const needing: Entry[] = [];
  for (const entry of all) {
    if (!valid(entry.id)) {
      invalid.push(entry.id);
      needing.push(entry);
      continue;
    }
    const key = String(Number(entry.id));
    if (seen.has(key)) {
      duplicates.add(key);
      needing.push(entry);
    } else seen.add(key);
  }
  let next = Math.max(0, ...[...seen].map(Number)) + 1;
  const changes = needing.map((entry) => {
    while (seen.has(String(next))) next++;
    seen.add(String(next));
    return { entry, id: next++ };
  });
  return { duplicates: [...duplicates], invalid, changes };
};

export const checkShapeIds = (deck: Deck): Finding[] => {
  const out: Finding[] = [];
  for (const slide of deck.slides) {
    if (!slide.tree) continue;
    const { duplicates, invalid, changes } = plan(slide.tree);
    const fix = changes.every((c) => c.id <= MAX_ID) ? RENUMBER_SHAPE_IDS : undefined;
    if (duplicates.length > 0) {
      out.push(finding("shape.duplicate_id", "error", "structural", `Slide ${slide.number} has shapes sharing an id (${duplicates.join(", ")}); PowerPoint offers to repair the file.`, [slide.number], fix));
    }
    if (invalid.length > 0) {
      out.push(finding("shape.invalid_id", "error", "structural", `Slide ${slide.number} has shapes whose id is not a whole number (${invalid.map((i) => `"${i}"`).join(", ")}); PowerPoint offers to repair the file.`, [slide.number], fix));
    }
  }
  return out;
};

export const renumberShapeIds = (pkg: Package, deck: Deck): Map<string, string> => {
  const changes = new Map<string, string>();
  for (const slide of deck.slides) {
    if (!slide.tree) continue;
    const { changes: planned } = plan(slide.tree);
    if (planned.length === 0 || planned.some((c) => c.id > MAX_ID)) continue;
    const xml = pkg.text(slide.part)!;
    const edits: Edit[] = [];
    for (const { entry, id } of planned) {
      edits.push(attributeEdit(xml, entry.cNvPr, { id: String(id) }));
      if (entry.twin && attr(entry.twin, "id") === entry.id) edits.push(attributeEdit(xml, entry.twin, { id: String(id) }));
    }
    changes.set(slide.part, splice(xml, edits));
  }
  return changes;
};
