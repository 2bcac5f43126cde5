/**
 * Reading the parts of a deck under review, each parsed once (core/ooxml/xml/tree.ts). Characters XML 1.0 does not
 * allow are dropped from what the tree reads (core/ooxml/chars.ts), so a deck that holds them can still be
 * inspected: the package-level check reports and repairs them, and `content` never includes them. A part that is
 * not well-formed reads as absent (the package check reports it); a DTD or an entity declaration is refused and
 * propagates.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { PackageRefused } from "../../../core/ooxml/package.ts";
import { holdsPart, relsFrom, relsPartOf, type Rels } from "../../../core/ooxml/rels.ts";
import { readTree, type XEl } from "../../../core/ooxml/xml/tree.ts";

export class Parts {
  readonly pkg: Package;
  readonly #roots = new Map<string, XEl | null>();
  readonly #rels = new Map<string, Rels>();

  constructor(pkg: Package) {
    this.pkg = pkg;
  }

  /** The root element of a part; null when the package does not hold it or it cannot be parsed. */
  root(name: string): XEl | null {
    if (this.#roots.has(name)) return this.#roots.get(name)!;
    let root: XEl | null = null;
    const xml = this.pkg.text(name);
    if (xml !== null) {
      try {
        root = readTree(xml, name);
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
    const map = relsFrom(this.root(relsPartOf(part)), part);
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
    return holdsPart(this.pkg, name);
  }
}
