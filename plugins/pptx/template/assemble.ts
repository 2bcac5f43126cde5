/**
 * The output package: the template's package with its own slides taken out and ours put in. Only the package's
 * bookkeeping is rewritten (`[Content_Types].xml`, the package's and the presentation's relationships, the
 * presentation part, the document properties: properties.ts); masters, layouts, themes and their media are copied
 * as they were.
 *
 * Taking the template's slides out: the presentation forgets them (its slide list, custom shows and sections, which
 * name slides), its relationships to them go, and so does its relationship to a VBA project (macros are dropped,
 * and the package becomes a plain .pptx). Then every part that nothing kept refers to any more is removed: the
 * slides, their notes, comments and charts, and the media only they used. Our own charts are parts of their own
 * (ppt/charts/deck-chartN.xml), named apart from the template's.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { relsFrom, relsOf, relsPartOf, sourceOfRels, type Rels } from "../../../core/ooxml/rels.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { writePackage } from "../../../core/ooxml/write.ts";
import { escapeAttribute } from "../../../core/ooxml/xml/markup.ts";
import { attr, child, kids } from "../../../core/ooxml/xml/query.ts";
import { readTree, type XEl } from "../../../core/ooxml/xml/tree.ts";
import { relativeTarget as relative } from "../edit/slides.ts";
import type { PlannedSlide } from "./plan.ts";
import type { Template } from "./read.ts";
import { appXml, coreXml } from "./properties.ts";
import { DECLARATION, notesXml, slideXml } from "./slide-xml.ts";
import { withLanguage } from "../../../core/ooxml/drawing-language.ts";

const TYPES = "[Content_Types].xml";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PML = "application/vnd.openxmlformats-officedocument.presentationml";
const MAIN_TYPE = `${PML}.presentation.main+xml`;
const SECTIONS_EXT = "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}";
const CHART_TYPE = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml";
const IMAGE_TYPES: Record<string, string> = { png: "image/png", jpeg: "image/jpeg", gif: "image/gif" };

export interface Assembled {
  bytes: Uint8Array;
  /** Whether the template's macros were left out. */
  macrosDropped: boolean;
}

/** `language` tags our slides', notes' and charts' text (the template's own parts keep theirs). */
export function assemble(template: Template, slides: readonly PlannedSlide[], title: string | undefined, language = "en-US"): Assembled {
  const { pkg, presentation } = template;
  const changes = new Map<string, Uint8Array | string | null>();

  // The presentation's relationships without the template's slides and macros, then ours; the package's without
  // the thumbnail, which pictures the template's first slide.
  const relsPart = relsPartOf(presentation);
  const presentationRels = rewriteRels(pkg.text(relsPart), relsPart, (type) => /\/(slide|vbaProject)$/.test(type));
  const macrosDropped = presentationRels.dropped.some((type) => type.endsWith("/vbaProject"));
  const slideIds = slides.map(() => presentationRels.freshId());
  const newRels = presentationRels.with(slideIds.map((id, i) => `<Relationship Id="${id}" Type="${REL}/slide" Target="${relative(presentation, `ppt/slides/slide${i + 1}.xml`)}"/>`));
  changes.set(relsPart, newRels);
  const packageRels = rewriteRels(pkg.text("_rels/.rels"), "_rels/.rels", (type) => type.endsWith("/thumbnail"));
  const newPackageRels = packageRels.with([]);
  changes.set("_rels/.rels", newPackageRels);
  changes.set(presentation, presentationXml(pkg.text(presentation)!, presentation, slideIds));

  // What the kept parts still refer to; everything else goes.
  // Our slides take the names of the template's: what those referred to is not followed.
  const ours = new Set(slides.map((_, i) => `ppt/slides/slide${i + 1}.xml`));
  const relsFor = (part: string): Rels =>
    part === presentation ? relsFrom(readTree(newRels, relsPart), presentation) : ours.has(part) ? new Map() : relsOf(pkg, part);
  const kept = reachable(relsFrom(readTree(newPackageRels, "_rels/.rels"), ""), pkg, relsFor);
  for (const name of pkg.names) {
    if (name === TYPES || name.endsWith("/")) continue;
    const owner = sourceOfRels(name);
    if (owner !== "" && !kept.has(owner ?? name)) changes.set(name, null);
  }

  // Our slides, their notes and pictures.
  const overrides: Array<[string, string]> = [];
  const mediaTaken = new Set(pkg.names.map((n) => n.toLowerCase()));
  let pictures = 0;
  const mediaName = (ext: string) => {
    let name: string;
    do name = `deck-image${++pictures}.${ext}`;
    while (mediaTaken.has(`ppt/media/${name}`.toLowerCase()));
    return name;
  };
  let charts = 0;
  const chartName = () => {
    let name: string;
    do name = `deck-chart${++charts}.xml`;
    while (mediaTaken.has(`ppt/charts/${name}`.toLowerCase()));
    return name;
  };
  const extensions = new Set<string>();
  let notes = 0;
  slides.forEach((slide, i) => {
    const part = `ppt/slides/slide${i + 1}.xml`;
    const written = slideXml(slide, i + 1, relative(part, slide.layout.part), template.tableStyle, mediaName, chartName);
    for (const media of written.rels.media) {
      changes.set(`ppt/media/${media.name}`, media.data);
      extensions.add(media.name.slice(media.name.lastIndexOf(".") + 1));
    }
    for (const chart of written.rels.charts) {
      changes.set(`ppt/charts/${chart.name}`, withLanguage(chart.xml, language));
      overrides.push([`ppt/charts/${chart.name}`, CHART_TYPE]);
    }
    if (slide.notes && template.notesMaster) {
      const notesPart = `ppt/notesSlides/notesSlide${++notes}.xml`;
      written.rels.add("notesSlide", relative(part, notesPart));
      changes.set(notesPart, withLanguage(notesXml(slide.notes), language));
      changes.set(
        relsPartOf(notesPart),
        `${DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/notesMaster" Target="${relative(notesPart, template.notesMaster)}"/><Relationship Id="rId2" Type="${REL}/slide" Target="${relative(notesPart, part)}"/></Relationships>`,
      );
      overrides.push([notesPart, `${PML}.notesSlide+xml`]);
    }
    changes.set(part, withLanguage(written.xml, language));
    changes.set(relsPartOf(part), written.rels.xml());
    overrides.push([part, `${PML}.slide+xml`]);
  });

  changes.set(TYPES, contentTypes(pkg.text(TYPES) ?? "", presentation, (name) => changes.get(name) !== null && pkg.has(name), overrides, extensions));
  const app = pkg.text("docProps/app.xml");
  if (app !== null && changes.get("docProps/app.xml") !== null) changes.set("docProps/app.xml", appXml(app, slides.map((s) => s.title || "Slide"), notes));
  const core = pkg.text("docProps/core.xml");
  if (core !== null && title && changes.get("docProps/core.xml") !== null) changes.set("docProps/core.xml", coreXml(core, title));
  return { bytes: writePackage(pkg, changes), macrosDropped };
}

/** A relationships part without the relationships whose type `drop` says, to which fresh ones can be added. */
function rewriteRels(text: string | null, part: string, drop: (type: string) => boolean) {
  const source = text ?? `${DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>`;
  const root = readTree(source, part);
  const all = kids(root, "Relationship");
  const gone = all.filter((r) => drop(attr(r, "Type") ?? ""));
  const used = new Set(all.map((r) => attr(r, "Id") ?? ""));
  let next = 1;
  return {
    dropped: gone.map((r) => attr(r, "Type") ?? ""),
    freshId: () => {
      while (used.has(`rId${next}`)) next++;
      used.add(`rId${next}`);
      return `rId${next}`;
    },
    with: (added: readonly string[]) =>
      splice(source, [...gone.map((r) => ({ start: r.start, end: r.end, text: "" })), { start: root.closeStart, end: root.closeStart, text: added.join("") }]),
  };
}

/** Parts reachable from the package's relationships through every kept part's relationships. */
function reachable(roots: Rels, pkg: Package, relsFor: (part: string) => Rels): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots.values()].filter((r) => !r.external).map((r) => r.target);
  while (queue.length > 0) {
    const part = queue.pop()!;
    if (seen.has(part) || !pkg.has(part)) continue;
    seen.add(part);
    for (const rel of relsFor(part).values()) if (!rel.external && !seen.has(rel.target)) queue.push(rel.target);
  }
  return seen;
}

/** The presentation part listing our slides, with no custom show or section naming the template's. */
function presentationXml(text: string, part: string, relIds: readonly string[]): string {
  const root = readTree(text, part);
  const prefix = root.name.includes(":") ? `${root.name.slice(0, root.name.indexOf(":"))}:` : "";
  const list = `<${prefix}sldIdLst>${relIds.map((id, i) => `<${prefix}sldId id="${256 + i}" r:id="${id}"/>`).join("")}</${prefix}sldIdLst>`;
  const edits: Edit[] = [];
  const existing = child(root, "sldIdLst");
  if (existing) edits.push({ start: existing.start, end: existing.end, text: list });
  else {
    const after = ["handoutMasterIdLst", "notesMasterIdLst", "sldMasterIdLst"].map((name) => child(root, name)).find((el): el is XEl => el !== undefined);
    const at = after ? after.end : root.openEnd;
    edits.push({ start: at, end: at, text: list });
  }
  const shows = child(root, "custShowLst");
  if (shows) edits.push({ start: shows.start, end: shows.end, text: "" });
  for (const ext of kids(child(root, "extLst"), "ext")) if (attr(ext, "uri") === SECTIONS_EXT) edits.push({ start: ext.start, end: ext.end, text: "" });
  const withList = splice(text, edits);
  // The relationships prefix `r` is declared on every presentation part PowerPoint writes; add it where it is not.
  return /\sxmlns:r="/.test(withList.slice(0, withList.indexOf(">", withList.indexOf(`<${prefix}presentation`)) + 1))
    ? withList
    : withList.replace(new RegExp(`<${prefix}presentation\\b`), `<${prefix}presentation xmlns:r="${REL}"`);
}

function contentTypes(
  text: string,
  presentation: string,
  kept: (name: string) => boolean,
  added: ReadonlyArray<[string, string]>,
  extensions: ReadonlySet<string>,
): string {
  const root = readTree(text, TYPES);
  const defaults = kids(root, "Default").map((d) => (attr(d, "Extension") ?? "").toLowerCase());
  const edits: Edit[] = [];
  for (const o of kids(root, "Override")) {
    const name = (attr(o, "PartName") ?? "").replace(/^\//, "");
    // Macro-enabled, template and show parts become a plain presentation; ours are listed afresh below.
    if (name === presentation) edits.push({ start: o.start, end: o.end, text: `<Override PartName="/${escapeAttribute(presentation)}" ContentType="${MAIN_TYPE}"/>` });
    else if (!kept(name) || added.some(([part]) => part === name)) edits.push({ start: o.start, end: o.end, text: "" });
  }
  const more = [
    ...[...extensions].filter((ext) => !defaults.includes(ext)).map((ext) => `<Default Extension="${ext}" ContentType="${IMAGE_TYPES[ext]}"/>`),
    ...added.map(([part, type]) => `<Override PartName="/${escapeAttribute(part)}" ContentType="${type}"/>`),
  ];
  edits.push({ start: root.closeStart, end: root.closeStart, text: more.join("") });
  return splice(text, edits);
}
