/**
 * Slide-level edits, each kept consistent across the parts a slide lives in, all by splicing: the presentation's
 * `p:sldIdLst` (and the section list and custom shows that name slides), its relationships, `[Content_Types].xml`,
 * and the slide's own part and relationships. A removed slide takes its notes slide with it, and a link from
 * another slide that jumped to it is unlinked, so no relationship is left pointing at a part that is gone.
 */
import { prefixesFor, withAttribute, withoutAttribute, escapeAttribute } from "../../../core/ooxml/xml/markup.ts";
import { relsOfType, relsOf, relsPartOf, sourceOfRels, targetPart } from "../../../core/ooxml/rels.ts";
import type { Edit } from "../../../core/ooxml/splice.ts";
import { attr, child, elements, kids, path, relAttr } from "../../../core/ooxml/xml/query.ts";
import { ancestor, findAll, readTree, type XEl } from "../../../core/ooxml/xml/tree.ts";
import { isTitle, placeholderOf } from "../extract/placeholders.ts";
import type { DeckPresentation, SlideEntry } from "./blocks.ts";
import { notesPartOf } from "./blocks.ts";
import { paragraphLike, prefixOf, rawOf, runsXml } from "./runs.ts";
import type { DeckState } from "./state.ts";

const TYPES = "[Content_Types].xml";
const SLIDE_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml";
const RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DRAWINGML = ["http://schemas.openxmlformats.org/drawingml/2006/main", "http://purl.oclc.org/ooxml/drawingml/main"];
const RELATIONSHIPS = ["http://schemas.openxmlformats.org/officeDocument/2006/relationships", "http://purl.oclc.org/ooxml/officeDocument/relationships"];
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const treeOf = (state: DeckState, part: string): { text: string; root: XEl } | null => {
  const text = state.text(part);
  return text === null ? null : { text, root: readTree(text, part) };
};

const samePart = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The `Override` of `[Content_Types].xml` naming `part`. */
const overrideOf = (types: XEl, part: string): XEl | undefined =>
  kids(types, "Override").find((o) => {
    const name = (attr(o, "PartName") ?? "").replace(/^\//, "");
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // A malformed escape is compared as written.
    }
    return samePart(decoded, part) || samePart(name, part);
  });

/** The path from the folder of `from` to `to` (both package paths), as a relationship target. */
export const relativeTarget = (from: string, to: string): string => {
  const base = from.split("/").slice(0, -1);
  const target = to.split("/");
  let common = 0;
  while (common < base.length && common < target.length - 1 && base[common] === target[common]) common++;
  return [...base.slice(common).map(() => ".."), ...target.slice(common)].map((s) => (s === ".." ? s : encodeURI(s))).join("/");
};

/** The presentation's entries naming a slide id in its sections (`p14:sectionLst`). */
const sectionEntries = (root: XEl, slideId: string): XEl[] => findAll(root, (e) => e.local === "sldId" && ancestor(e, "section") !== undefined && attr(e, "id") === slideId);

export const deleteSlide = (state: DeckState, presentation: DeckPresentation, slide: SlideEntry): void => {
  const pkg = state.pkg;
  const slideId = attr(slide.sldId, "id") ?? "";
  const presEdits: Edit[] = [{ start: slide.sldId.start, end: slide.sldId.end, text: "" }];
  for (const e of sectionEntries(presentation.root, slideId)) presEdits.push({ start: e.start, end: e.end, text: "" });
  const shows = findAll(presentation.root, (e) => e.local === "sld" && ancestor(e, "custShow") !== undefined && relAttr(e, "id") === slide.relId);
  for (const e of shows) presEdits.push({ start: e.start, end: e.end, text: "" });
  const notes = notesPartOf(pkg, slide.part);
  const removed = [slide.part, ...(notes ? [notes] : [])];

  // Relationships into the removed parts from the parts that stay: the presentation's, and links from other slides.
  const relsEdits = new Map<string, Edit[]>();
  const sourceEdits = new Map<string, Edit[]>();
  const presRels = relsPartOf(presentation.part);
  for (const relsPart of pkg.names.filter((n) => /\.rels$/i.test(n))) {
    const source = sourceOfRels(relsPart);
    if (source === null || removed.some((r) => samePart(r, source))) continue;
    const rels = treeOf(state, relsPart);
    if (!rels) continue;
    for (const rel of kids(rels.root, "Relationship")) {
      if (attr(rel, "TargetMode")?.toLowerCase() === "external") continue;
      const target = targetPart(source, attr(rel, "Target") ?? "");
      if (!removed.some((r) => samePart(r, target))) continue;
      const id = attr(rel, "Id") ?? "";
      if (relsPart !== presRels) {
        // A link to the slide is dropped with its relationship; anything else pointing there keeps both, as found.
        const sourceTree = treeOf(state, source);
        const users = sourceTree ? findAll(sourceTree.root, (e) => [...e.qualifiedAttrs].some(([k, v]) => k.includes(":") && !k.startsWith("xmlns") && v === id)) : [];
        if (users.some((u) => !u.local.startsWith("hlink"))) continue;
        for (const u of users) (sourceEdits.get(source) ?? sourceEdits.set(source, []).get(source)!).push({ start: u.start, end: u.end, text: "" });
      }
      (relsEdits.get(relsPart) ?? relsEdits.set(relsPart, []).get(relsPart)!).push({ start: rel.start, end: rel.end, text: "" });
    }
  }

  const types = treeOf(state, TYPES);
  const typeEdits: Edit[] = [];
  for (const part of removed) {
    const o = types ? overrideOf(types.root, part) : undefined;
    if (o) typeEdits.push({ start: o.start, end: o.end, text: "" });
  }

  state.edit(presentation.part, presEdits);
  for (const [part, edits] of relsEdits) state.edit(part, edits);
  for (const [part, edits] of sourceEdits) state.edit(part, edits);
  if (types && typeEdits.length > 0) state.edit(TYPES, typeEdits);
  for (const part of removed) {
    state.put(part, null);
    if (state.text(relsPartOf(part)) !== null) state.put(relsPartOf(part), null);
  }
};

export const moveSlide = (state: DeckState, presentation: DeckPresentation, slide: SlideEntry, after: SlideEntry): void => {
  const text = state.text(presentation.part)!;
  if (slide.sldId.start === after.sldId.end) return;
  const edits: Edit[] = [
    { start: slide.sldId.start, end: slide.sldId.end, text: "" },
    { start: after.sldId.end, end: after.sldId.end, text: rawOf(text, slide.sldId) },
  ];
  const own = sectionEntries(presentation.root, attr(slide.sldId, "id") ?? "")[0];
  const target = sectionEntries(presentation.root, attr(after.sldId, "id") ?? "")[0];
  if (own && target && own.start !== target.end) edits.push({ start: own.start, end: own.end, text: "" }, { start: target.end, end: target.end, text: rawOf(text, own) });
  state.edit(presentation.part, edits);
};

interface Source {
  readonly text: string;
  readonly shape: XEl;
}

const BODY_TYPES = ["body", "obj"];

/** The title or body placeholder of a slide or layout part, first in document order. */
const placeholderShape = (state: DeckState, part: string | undefined, title: boolean): Source | null => {
  if (!part) return null;
  const read = treeOf(state, part);
  if (!read) return null;
  const shapes = elements(path(read.root, "cSld", "spTree")).filter((s) => s.local === "sp");
  const match = (types: (t: string) => boolean) => shapes.find((s) => {
    const ph = placeholderOf(s);
    return ph !== null && types(ph.type);
  });
  const shape = title ? match((t) => isTitle({ type: t, idx: "" })) : (match((t) => BODY_TYPES.includes(t)) ?? match((t) => t === "subTitle"));
  if (!shape) return null;
  // A shape whose markup points through its part's relationships cannot move to a part without them.
  const prefixes = [...prefixesFor(read.text, RELATIONSHIPS)];
  const raw = rawOf(read.text, shape);
  if (prefixes.some((p) => new RegExp(`\\s${p.replace(/[.\-]/g, "\\$&")}:[\\w]+\\s*=`).test(raw))) return null;
  return { text: read.text, shape };
};

/** The placeholder copied with a new shape id and its paragraphs replaced by `lines`, each like its first paragraph. */
const filledShape = (source: Source, id: number, lines: readonly string[], a: string): string => {
  const { text, shape } = source;
  const edits: Edit[] = [];
  const cNvPr = path(shape, "nvSpPr", "cNvPr");
  if (cNvPr) edits.push({ start: cNvPr.start, end: cNvPr.openEnd, text: withAttribute(text.slice(cNvPr.start, cNvPr.openEnd), "id", String(id)) });
  const body = child(shape, "txBody");
  const paragraphs = kids(body, "p");
  const first = paragraphs[0];
  const fill = first ? lines.map((line) => paragraphLike(text, first, line)).join("") : lines.map((line) => `<${a}p>${runsXml(line, "", a)}</${a}p>`).join("");
  if (body && first) edits.push({ start: first.start, end: paragraphs.at(-1)!.end, text: fill });
  else if (body) edits.push({ start: body.closeStart, end: body.closeStart, text: fill });
  else edits.push({ start: shape.closeStart, end: shape.closeStart, text: `<${prefixOf(shape.name)}txBody><${a}bodyPr/><${a}lstStyle/>${fill}</${prefixOf(shape.name)}txBody>` });
  const sorted = [...edits].sort((x, y) => x.start - y.start);
  let out = "";
  let at = shape.start;
  for (const e of sorted) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at, shape.end);
};

/** A placeholder written from nothing, when neither the slide nor its layout has one: it inherits from the master. */
const bareShape = (id: number, title: boolean, lines: readonly string[], p: string, a: string): string => {
  const ph = title ? `<${p}ph type="title"/>` : `<${p}ph type="body" idx="1"/>`;
  const name = title ? "Title" : "Content";
  const paragraphs = (lines.length > 0 ? lines : [""]).map((line) => `<${a}p>${runsXml(line, "", a)}</${a}p>`).join("");
  return `<${p}sp><${p}nvSpPr><${p}cNvPr id="${id}" name="${name} ${id - 1}"/><${p}cNvSpPr><${a}spLocks noGrp="1"/></${p}cNvSpPr><${p}nvPr>${ph}</${p}nvPr></${p}nvSpPr><${p}spPr/><${p}txBody><${a}bodyPr/><${a}lstStyle/>${paragraphs}</${p}txBody></${p}sp>`;
};

/** The namespace declarations of a start tag, by prefix (`xmlns` for the default one). */
const declarations = (el: XEl): Map<string, string> => new Map([...el.qualifiedAttrs].filter(([k]) => k === "xmlns" || k.startsWith("xmlns:")));

/** The raw `Type` of the relationship `id` in a relationships part. */
const relType = (state: DeckState, relsPart: string, id: string): string | undefined => {
  const read = treeOf(state, relsPart);
  return read ? attr(kids(read.root, "Relationship").find((r) => attr(r, "Id") === id), "Type") : undefined;
};

export interface NewSlide {
  readonly part: string;
}

/**
 * A new slide after `after` on the layout of `like`: `like`'s title and body placeholders (else its layout's) copied
 * with `title` and `body` as their text, in a new part with its relationship to the layout, its content type, its
 * relationship from the presentation and its `p:sldId` (and section entry) after `after`'s.
 */
export const addSlide = (state: DeckState, presentation: DeckPresentation, after: SlideEntry, like: SlideEntry, title: string, body: readonly string[]): NewSlide | string => {
  const pkg = state.pkg;
  const layoutRel = relsOfType(relsOf(pkg, like.part), "slideLayout").find((r) => !r.external);
  if (!layoutRel || !pkg.has(layoutRel.target)) return `slide ${like.number} has no layout to copy`;
  const likeRead = treeOf(state, like.part)!;
  const layoutRead = treeOf(state, layoutRel.target);
  const folder = like.part.slice(0, like.part.lastIndexOf("/") + 1);
  let n = 1;
  while (state.used(`${folder}slide${n}.xml`)) n++;
  const part = `${folder}slide${n}.xml`;

  // The new slide's root: `like`'s start tag, shown, with the layout's namespace declarations it lacks.
  const root = likeRead.root;
  let rootTag = withoutAttribute(likeRead.text.slice(root.start, root.openEnd), "show");
  const own = declarations(root);
  if (layoutRead) for (const [k, v] of declarations(layoutRead.root)) if (!own.has(k)) rootTag = withAttribute(rootTag, k, v);
  const p = prefixOf(root.name);
  const a = [...prefixesFor(likeRead.text, DRAWINGML)][0] ?? "a";
  const tree = path(root, "cSld", "spTree");
  const group = `${rawOf(likeRead.text, child(tree, "nvGrpSpPr"))}${rawOf(likeRead.text, child(tree, "grpSpPr"))}`;
  const titleSource = placeholderShape(state, like.part, true) ?? placeholderShape(state, layoutRel.target, true);
  const bodySource = placeholderShape(state, like.part, false) ?? placeholderShape(state, layoutRel.target, false);
  const titleXml = titleSource ? filledShape(titleSource, 2, [title], `${a}:`) : bareShape(2, true, [title], p, `${a}:`);
  const bodyXml = body.length === 0 ? "" : bodySource ? filledShape(bodySource, 3, body, `${a}:`) : bareShape(3, false, body, p, `${a}:`);
  const colors = rawOf(likeRead.text, child(root, "clrMapOvr")) || `<${p}clrMapOvr><${a}:masterClrMapping/></${p}clrMapOvr>`;
  const slideXml = `${DECLARATION}${rootTag}<${p}cSld><${p}spTree>${group || `<${p}nvGrpSpPr><${p}cNvPr id="1" name=""/><${p}cNvGrpSpPr/><${p}nvPr/></${p}nvGrpSpPr><${p}grpSpPr/>`}${titleXml}${bodyXml}</${p}spTree></${p}cSld>${colors}</${root.name}>`;

  const layoutType = relType(state, relsPartOf(like.part), layoutRel.id) ?? "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout";
  const slideRels = `${DECLARATION}<Relationships xmlns="${RELS_NS}"><Relationship Id="rId1" Type="${escapeAttribute(layoutType)}" Target="${escapeAttribute(relativeTarget(part, layoutRel.target))}"/></Relationships>`;

  const presRelsPart = relsPartOf(presentation.part);
  const presRels = treeOf(state, presRelsPart);
  if (!presRels) return "the presentation has no relationships part";
  const ids = new Set(kids(presRels.root, "Relationship").map((r) => attr(r, "Id") ?? ""));
  let r = ids.size + 1;
  while (ids.has(`rId${r}`)) r++;
  const relId = `rId${r}`;
  const slideRelType = relType(state, presRelsPart, like.relId) ?? "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide";
  const relXml = `<Relationship Id="${relId}" Type="${escapeAttribute(slideRelType)}" Target="${escapeAttribute(relativeTarget(presentation.part, part))}"/>`;

  const types = treeOf(state, TYPES);
  if (!types) return "the package has no content types part";
  const likeType = attr(overrideOf(types.root, like.part), "ContentType") ?? SLIDE_TYPE;
  const typeXml = `<Override PartName="/${escapeAttribute(encodeURI(part))}" ContentType="${escapeAttribute(likeType)}"/>`;

  const allIds = kids(child(presentation.root, "sldIdLst"), "sldId").map((s) => Number(attr(s, "id")) || 0);
  const slideId = Math.max(255, ...allIds) + 1;
  const relName = [...after.sldId.qualifiedAttrs.keys()].find((k) => k.includes(":") && !k.startsWith("xmlns") && k.endsWith(":id")) ?? "r:id";
  const sldXml = `<${after.sldId.name} id="${slideId}" ${relName}="${relId}"/>`;
  const presEdits: Edit[] = [{ start: after.sldId.end, end: after.sldId.end, text: sldXml }];
  const section = sectionEntries(presentation.root, attr(after.sldId, "id") ?? "")[0];
  if (section) presEdits.push({ start: section.end, end: section.end, text: `<${section.name} id="${slideId}"/>` });

  state.put(part, slideXml);
  state.put(relsPartOf(part), slideRels);
  state.edit(TYPES, [{ start: types.root.closeStart, end: types.root.closeStart, text: typeXml }]);
  state.edit(presRelsPart, [{ start: presRels.root.closeStart, end: presRels.root.closeStart, text: relXml }]);
  state.edit(presentation.part, presEdits);
  return { part };
};
