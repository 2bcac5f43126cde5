/**
 * Reading the parts of a deck under review, each parsed once. Characters XML 1.0 does not allow (raw C0 controls
 * other than tab, CR and LF, U+FFFE/U+FFFF, and their `&#x1;`-style references) are removed before parsing, so a
 * deck that holds them can still be inspected: the package-level check reports and repairs them, and `content`
 * never includes them. A part that is not well-formed reads as absent (the package check reports it); a DTD or an
 * entity declaration is refused by `parseXml` and propagates.
 */
import type { Package, XmlNode } from "../../../core/ooxml/package.ts";
import { PackageRefused, parseXml } from "../../../core/ooxml/package.ts";
import { resolveTarget, type Rel, type Rels } from "../../xlsx/extract/rels.ts";
import { attr, isElement, kids } from "../../xlsx/extract/xml.ts";

const RAW_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const REF_INVALID = /&#(?:x0*(?:[0-8bBcCeEfF]|1[0-9a-fA-F]|[fF]{3}[eEfF])|0*(?:[0-8]|1[124-9]|2\d|3[01]|6553[45]));/g;

/** The XML text without the characters XML 1.0 forbids, raw or as character references. */
export const cleanXml = (xml: string): string => xml.replace(RAW_INVALID, "").replace(REF_INVALID, "");

const relsPartOf = (part: string): string => {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

export class Parts {
  readonly pkg: Package;
  readonly #roots = new Map<string, XmlNode | null>();
  readonly #rels = new Map<string, Rels>();

  constructor(pkg: Package) {
    this.pkg = pkg;
  }

  /** The root element of a part; null when the package does not hold it or it cannot be parsed. */
  root(name: string): XmlNode | null {
    if (this.#roots.has(name)) return this.#roots.get(name)!;
    let root: XmlNode | null = null;
    const xml = this.pkg.text(name);
    if (xml !== null) {
      try {
        root = parseXml(cleanXml(xml), name).find(isElement) ?? null;
      } catch (error) {
        if (!(error instanceof PackageRefused) || error.reason !== "xml_invalid") throw error;
      }
    }
    this.#roots.set(name, root);
    return root;
  }

  /** The relationships of a part (`""` for the package's own), targets resolved to package paths. */
  rels(part: string): Rels {
    const hit = this.#rels.get(part);
    if (hit) return hit;
    const map = new Map<string, Rel>();
    const root = this.root(part === "" ? "_rels/.rels" : relsPartOf(part));
    for (const rel of kids(root ?? undefined, "Relationship")) {
      const id = attr(rel, "Id");
      if (!id) continue;
      const type = attr(rel, "Type") ?? "";
      const target = attr(rel, "Target") ?? "";
      const external = attr(rel, "TargetMode") === "External";
      map.set(id, { id, type: type.slice(type.lastIndexOf("/") + 1), target: external ? target : resolveTarget(part, target), external });
    }
    this.#rels.set(part, map);
    return map;
  }

  /** The first internal relationship of `type` from `part`, if its target is in the package. */
  related(part: string, type: string): string | undefined {
    for (const rel of this.rels(part).values()) if (rel.type === type && !rel.external && this.has(rel.target)) return rel.target;
    return undefined;
  }

  /** Whether the package holds the part (zip names compared without regard to case, as `Package.bytes` does). */
  has(name: string): boolean {
    return this.pkg.has(name) || this.pkg.names.some((n) => n.toLowerCase() === name.toLowerCase());
  }
}
