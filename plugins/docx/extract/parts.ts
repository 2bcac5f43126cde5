/**
 * The parts of a Word package the reader needs, found the way Word finds them: the main part through
 * `_rels/.rels` (or `[Content_Types].xml`), so `word/document2.xml` and Strict OOXML work; each part's
 * relationships from its own `_rels/*.rels`. Relationship types are matched by their last segment, which is the
 * same in transitional and Strict namespaces. Macros (a `vbaProject.bin`, a macro-enabled content type) are refused.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { PackageRefused } from "../../../core/ooxml/package.ts";
import { ExtractRefused } from "../../../core/contracts/extract.ts";
import { holdsPart, relsFrom, relsPartOf, type Rels } from "../../../core/ooxml/rels.ts";
import { childrenNamed, kids, readTree, type XEl } from "../../../core/ooxml/xml/tree.ts";

export const MACROS_REFUSED = "The file contains macros (VBA), which Quire refuses.";

/** Errors that mean the file is hostile: never downgraded to a diagnostic. */
export const isHostile = (error: unknown): boolean =>
  error instanceof PackageRefused && (error.reason === "zip_bomb" || error.reason === "xml_dtd" || error.reason === "encrypted");

export class Parts {
  private readonly relsCache = new Map<string, Rels>();
  readonly main: string;

  constructor(
    readonly pkg: Package,
    /** Reports a part that could not be read (the reader continues without it). */
    readonly unreadable: (part: string, error: unknown) => void,
  ) {
    const types = this.contentTypes();
    this.refuseMacros(types);
    this.main = this.findMain(types);
  }

  /** A part's text; null when absent or unreadable (reported). Hostile content always throws. */
  text(part: string): string | null {
    try {
      return this.pkg.text(part);
    } catch (error) {
      if (isHostile(error)) throw error;
      this.unreadable(part, error);
      return null;
    }
  }

  /** A part's root element; null when absent or unreadable (reported). Hostile content always throws. */
  read(part: string): XEl | null {
    const text = this.text(part);
    if (text === null) return null;
    try {
      return readTree(text, part);
    } catch (error) {
      if (isHostile(error)) throw error;
      this.unreadable(part, error);
      return null;
    }
  }

  rels(part: string): Rels {
    let rels = this.relsCache.get(part);
    if (!rels) {
      rels = relsFrom(this.exists(relsPartOf(part)) ? this.read(relsPartOf(part)) : null, part);
      this.relsCache.set(part, rels);
    }
    return rels;
  }

  /** The first internal relationship of a type (`styles`, `numbering`, `footnotes`…) from a part. */
  related(part: string, ...types: string[]): string | undefined {
    for (const rel of this.rels(part).values()) if (!rel.external && types.includes(rel.type)) return rel.target;
    return undefined;
  }

  private contentTypes(): XEl | null {
    return this.exists("[Content_Types].xml") ? this.read("[Content_Types].xml") : null;
  }

  /** Part names are compared without case, as the zip reader does. */
  exists(part: string): boolean {
    return holdsPart(this.pkg, part);
  }

  private refuseMacros(types: XEl | null): void {
    if (this.pkg.names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n) || /(^|\/)vbaData\.xml$/i.test(n))) {
      throw new ExtractRefused(MACROS_REFUSED, "file_rejected");
    }
    for (const el of kids(types ?? undefined)) {
      const ct = (el.attrs["ContentType"] ?? "").toLowerCase();
      if (ct.includes("macroenabled") || ct.includes("vbaproject")) throw new ExtractRefused(MACROS_REFUSED, "file_rejected");
    }
  }

  private findMain(types: XEl | null): string {
    const fromRels = this.related("", "officeDocument");
    if (fromRels && this.exists(fromRels)) return fromRels;
    for (const el of childrenNamed(types ?? undefined, "Override")) {
      const ct = el.attrs["ContentType"] ?? "";
      if (/wordprocessingml\.(document|template)\.main\+xml$/.test(ct)) {
        const name = (el.attrs["PartName"] ?? "").replace(/^\//, "");
        if (this.exists(name)) return name;
      }
    }
    if (this.exists("word/document.xml")) return "word/document.xml";
    throw new ExtractRefused("The file is not a Word document: it has no main document part.", "unreadable");
  }
}
