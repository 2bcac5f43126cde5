/**
 * The package's relationship graph, read once per inspection: every `.rels` part with the part it belongs to and
 * its relationships (null when it is not well-formed or a relationship lacks its Id, Type or Target), and for every
 * part the relationship types that point at it (its role, which says its content type).
 */
import { partKey, type PackageView, type XmlPart } from "./parts.ts";
import { resolveTarget, sourceOfRels } from "../rels.ts";
import { readRels, type Rel } from "./rels.ts";

export interface RelsFile {
  readonly relsPart: string;
  /** The part it belongs to (`""` for the package itself). */
  readonly source: string;
  /** Whether that part exists (a `.rels` without its part is ignored by Office). */
  readonly sourceExists: boolean;
  readonly xml: XmlPart;
  readonly rels: Rel[] | null;
}

export interface Graph {
  readonly files: RelsFile[];
  /** Part key → the full types of the internal relationships that point at it, and whether it is the main part. */
  readonly incoming: Map<string, { types: string[]; main: boolean }>;
}

export const readGraph = (view: PackageView): Graph => {
  const files: RelsFile[] = [];
  const incoming = new Map<string, { types: string[]; main: boolean }>();
  for (const relsPart of view.names) {
    const source = sourceOfRels(relsPart);
    if (source === null) continue;
    const xml = view.xml(relsPart);
    if (!xml) continue;
    const rels = xml.tree && xml.tree.local === "Relationships" ? readRels(xml.tree) : null;
    const sourceExists = source === "" || view.find(source) !== null;
    files.push({ relsPart, source, sourceExists, xml, rels });
    if (!rels || !sourceExists) continue;
    for (const rel of rels) {
      if (rel.external) continue;
      const target = resolveTarget(source, rel.target);
      if (target === null) continue;
      const key = partKey(target);
      const entry = incoming.get(key) ?? { types: [], main: false };
      entry.types.push(rel.type);
      if (source === "" && rel.kind === "officeDocument") entry.main = true;
      incoming.set(key, entry);
    }
  }
  return { files, incoming };
};
