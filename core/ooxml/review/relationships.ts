/**
 * Relationship checks and their repairs. What Office and LibreOffice trip on:
 *
 * - a relationship whose internal target is not in the package (dangling): the repair dialog. When nothing in its
 *   part names it, removing it is safe (`package.remove_dangling_relationships`);
 * - a relationship Id the markup names that the part's `.rels` lacks, or whose target is missing while the markup
 *   names it: the element cannot be read. A picture can go (pictures.ts, `package.remove_missing_pictures`);
 *   anything else is an error left to a person;
 * - two relationships with one Id in a `.rels`: Office refuses the file. When they say the same thing the later
 *   copy goes (`package.remove_duplicate_relationships`); when they differ, which one is meant cannot be told;
 * - a `.rels` that is not one (a wrong root, a relationship without Id, Type or Target): not repairable;
 * - the package's `officeDocument` relationship pointing at nothing: there is no document to repair.
 */
import type { Finding } from "../../contracts/review.ts";
import type { Graph, RelsFile } from "./graph.ts";
import { finding, isVml, XML_EXTENSIONS, extensionOf, type PackageView, type XmlPart } from "./parts.ts";
import { pictureRemovals } from "./pictures.ts";
import { relsPartOf, resolveTarget } from "../rels.ts";
import { relRefs, type Rel, type RelRef } from "./rels.ts";
import { outermost, splice } from "../splice.ts";
import { encodePart } from "../xml/encoding.ts";
import type { XEl } from "../xml/tree.ts";

export const FIX_DANGLING = "package.remove_dangling_relationships";
export const FIX_DUPLICATE_IDS = "package.remove_duplicate_relationships";
export const FIX_MISSING_PICTURES = "package.remove_missing_pictures";

type Problem =
  | { kind: "malformed"; file: RelsFile }
  | { kind: "main_missing"; file: RelsFile; rel: Rel }
  | { kind: "no_main"; why: string }
  | { kind: "dangling"; file: RelsFile; rel: Rel; safe: boolean }
  | { kind: "target_missing"; file: RelsFile; rel: Rel; ref: RelRef }
  | { kind: "duplicate"; file: RelsFile; rels: Rel[]; same: boolean }
  | { kind: "id_missing"; source: string; ref: RelRef }
  | { kind: "picture"; source: string; id: string; removals: XEl[]; rel: Rel | null; file: RelsFile | null };

const describe = (rel: Rel) => `${rel.id} (${rel.kind} → ${rel.target})`;

/** The relationship Ids a part's markup names; null when it cannot be told (not XML, or not well-formed). */
const refsOf = (view: PackageView, source: string, cache: Map<string, { xml: XmlPart; refs: RelRef[] } | null>) => {
  if (cache.has(source)) return cache.get(source)!;
  let found: { xml: XmlPart; refs: RelRef[] } | null = null;
  const xml = source === "" || !XML_EXTENSIONS.has(extensionOf(source)) ? null : view.xml(source);
  if (xml && (!xml.damage || isVml(source))) found = { xml, refs: relRefs(xml.clean) };
  cache.set(source, found);
  return found;
};

const problems = (view: PackageView, graph: Graph): Problem[] => {
  const out: Problem[] = [];
  const cache = new Map<string, { xml: XmlPart; refs: RelRef[] } | null>();
  const bySource = new Map<string, RelsFile>();
  for (const file of graph.files) if (file.sourceExists) bySource.set(view.find(file.source) ?? file.source, file);
  for (const file of graph.files) {
    if (!file.xml.tree) continue;
    if (!file.rels) {
      out.push({ kind: "malformed", file });
      continue;
    }
    if (!file.sourceExists) continue;
    const ids = new Map<string, Rel[]>();
    for (const rel of file.rels) ids.set(rel.id, [...(ids.get(rel.id) ?? []), rel]);
    for (const rels of ids.values()) {
      if (rels.length < 2) continue;
      const same = rels.every((r) => r.type === rels[0]!.type && r.target === rels[0]!.target && r.external === rels[0]!.external);
      out.push({ kind: "duplicate", file, rels, same });
    }
    const used = refsOf(view, view.find(file.source) ?? file.source, cache);
    for (const rel of file.rels) {
      if (rel.external) continue;
      const target = resolveTarget(file.source, rel.target);
      if (target === null || view.find(target) !== null) continue;
      if (file.source === "" && rel.kind === "officeDocument") {
        out.push({ kind: "main_missing", file, rel });
        continue;
      }
      const ref = used?.refs.find((r) => r.id === rel.id);
      if (!ref) {
        // Whether a part that cannot be read names it cannot be told: then it is not removed.
        out.push({ kind: "dangling", file, rel, safe: file.source === "" || used !== null });
        continue;
      }
      const removals = pictureRemovals(used!.xml, rel.id);
      out.push(removals ? { kind: "picture", source: file.source, id: rel.id, removals, rel, file } : { kind: "target_missing", file, rel, ref });
    }
  }
  const root = graph.files.find((f) => f.source === "");
  if (!root) out.push({ kind: "no_main", why: "the package has no _rels/.rels" });
  else if (root.rels && !root.rels.some((r) => r.kind === "officeDocument" && !r.external)) out.push({ kind: "no_main", why: "_rels/.rels names no main part (officeDocument relationship)" });
  for (const source of view.names) {
    if (source.endsWith(".rels") || source === "[Content_Types].xml" || !XML_EXTENSIONS.has(extensionOf(source))) continue;
    const file = bySource.get(source) ?? null;
    if (file && !file.rels) continue;
    const used = refsOf(view, source, cache);
    if (!used || used.refs.length === 0) continue;
    const known = new Set(file?.rels?.map((r) => r.id) ?? []);
    const reported = new Set<string>();
    for (const ref of used.refs) {
      if (known.has(ref.id) || reported.has(ref.id)) continue;
      reported.add(ref.id);
      const removals = pictureRemovals(used.xml, ref.id);
      out.push(removals ? { kind: "picture", source, id: ref.id, removals, rel: null, file } : { kind: "id_missing", source, ref });
    }
  }
  return out;
};

const toFinding = (p: Problem): Finding => {
  switch (p.kind) {
    case "malformed":
      return finding("package.rels_malformed", "error", `${p.file.relsPart} is not a relationships part Office can read (a wrong root, or a relationship without its Id, Type or Target): Office refuses the file.`);
    case "no_main":
      return finding("package.main_part_missing", "error", `There is no document to open: ${p.why}.`);
    case "main_missing":
      return finding("package.main_part_missing", "error", `The package's main part ${p.rel.target} is missing: there is no document to open.`);
    case "dangling":
      return p.safe
        ? finding("package.rels_dangling", "error", `${p.file.relsPart}: relationship ${describe(p.rel)} points at a part that is not in the package, and nothing uses it: Office shows its repair dialog.`, FIX_DANGLING)
        : finding("package.rels_dangling", "error", `${p.file.relsPart}: relationship ${describe(p.rel)} points at a part that is not in the package: Office shows its repair dialog.`);
    case "target_missing":
      return finding("package.rels_target_missing", "error", `${p.file.source}: <${p.ref.element} ${p.ref.attribute}="${p.rel.id}"> needs ${describe(p.rel)}, whose part is not in the package: Office shows its repair dialog and the element is lost.`);
    case "duplicate":
      return p.same
        ? finding("package.rels_duplicate_id", "error", `${p.file.relsPart} lists relationship ${p.rels[0]!.id} ${p.rels.length} times (the same each time): Office refuses the file.`, FIX_DUPLICATE_IDS)
        : finding("package.rels_duplicate_id", "error", `${p.file.relsPart} gives relationship Id ${p.rels[0]!.id} to ${p.rels.length} different targets (${p.rels.map((r) => r.target).join(", ")}): Office refuses the file, and which one is meant cannot be told.`);
    case "id_missing":
      return finding("package.rels_id_missing", "error", `${p.source}: <${p.ref.element} ${p.ref.attribute}="${p.ref.id}"> names a relationship ${relsPartOf(p.source)} does not have: Office shows its repair dialog.`);
    case "picture":
      return finding(
        "package.picture_missing",
        "error",
        `${p.source}: ${p.removals.length === 1 ? "a picture" : `${p.removals.length} pictures`} whose image (relationship ${p.id}${p.rel ? ` → ${p.rel.target}` : ""}) is ${p.rel ? "not in the package" : "not in its relationships"}: Office shows its repair dialog or an empty frame.`,
        FIX_MISSING_PICTURES,
      );
  }
};

export const checkRelationships = (view: PackageView, graph: Graph): Finding[] => problems(view, graph).map(toFinding);

/** Removes relationship elements from a `.rels` part's text. */
const withoutRels = (file: RelsFile, rels: readonly Rel[]): Uint8Array =>
  encodePart(splice(file.xml.clean, rels.map((r) => ({ start: r.start, end: r.end, text: "" }))), file.xml.encoding, file.xml.bom);

/** The changed parts for one of this module's fixes, or null when it has nothing to do. */
export const repairRelationships = (view: PackageView, graph: Graph, fix: string): Map<string, Uint8Array> | null => {
  const found = problems(view, graph);
  const changes = new Map<string, Uint8Array>();
  const dropRels = new Map<RelsFile, Rel[]>();
  const drop = (file: RelsFile, rel: Rel) => dropRels.set(file, [...(dropRels.get(file) ?? []), rel]);
  if (fix === FIX_DANGLING) {
    for (const p of found) if (p.kind === "dangling" && p.safe) drop(p.file, p.rel);
  } else if (fix === FIX_DUPLICATE_IDS) {
    for (const p of found) if (p.kind === "duplicate" && p.same) for (const rel of p.rels.slice(1)) drop(p.file, rel);
  } else if (fix === FIX_MISSING_PICTURES) {
    const bySource = new Map<string, XEl[]>();
    for (const p of found) {
      if (p.kind !== "picture") continue;
      bySource.set(p.source, [...(bySource.get(p.source) ?? []), ...p.removals]);
      if (p.rel && p.file) drop(p.file, p.rel);
    }
    for (const [source, removals] of bySource) {
      const xml = view.xml(source)!;
      const text = splice(xml.clean, outermost(removals).map((el) => ({ start: el.start, end: el.end, text: "" })));
      changes.set(view.find(source)!, encodePart(text, xml.encoding, xml.bom));
    }
  } else return null;
  for (const [file, rels] of dropRels) changes.set(file.relsPart, withoutRels(file, rels));
  return changes.size > 0 ? changes : null;
};
