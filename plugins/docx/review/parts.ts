/**
 * The parts of a Word package the review reads, each parsed once into an offset tree (xml.ts): the main document
 * found through `_rels/.rels` as Word finds it, its stories (headers, footers, footnotes, endnotes, comments, in
 * that order, each kind in the order of the document's relationships), and the parts that define how they look
 * (styles, numbering, theme, font table, settings). A part that is not well-formed, or whose zip entry does not
 * inflate, is left out (the package check, core/ooxml/review, reports and may rebuild it); a damaged main document
 * throws, as nothing else can be checked.
 * Hostile content (DTDs, zip bombs) always throws `PackageRefused`.
 */
import { openPackage, PackageRefused, type Package } from "../../../core/ooxml/package.ts";
import { relsFrom, relsPartOf, type Rel } from "../../../core/ooxml/rels.ts";
import { parseTree, XmlDamaged, type XEl } from "../../../core/ooxml/xml/tree.ts";

export type StoryKind = "document" | "header" | "footer" | "footnotes" | "endnotes" | "comments";

export interface Part {
  readonly name: string;
  /** The part's text as stored (offsets in the tree point into it). */
  readonly xml: string;
  readonly root: XEl;
}

export interface Story extends Part {
  readonly kind: StoryKind;
}

/** A part that is damaged rather than hostile: not well-formed, or a zip entry that does not inflate. */
const unreadable = (error: unknown): boolean =>
  error instanceof XmlDamaged || (error instanceof PackageRefused && error.reason === "truncated");

const STORY_ORDER: readonly StoryKind[] = ["header", "footer", "footnotes", "endnotes", "comments"];

export class Docx {
  readonly main: Story;
  /** The document first, then headers, footers, footnotes, endnotes, comments. */
  readonly stories: Story[] = [];
  private readonly rels: Rel[];
  private readonly cache = new Map<string, Part | null>();

  constructor(readonly pkg: Package) {
    const mainName = this.findMain();
    const xml = pkg.text(mainName) ?? "";
    this.main = { name: mainName, xml, root: parseTree(xml, mainName), kind: "document" };
    this.cache.set(mainName, this.main);
    this.stories.push(this.main);
    this.rels = this.readRels(mainName);
    for (const kind of STORY_ORDER) {
      for (const rel of this.rels) {
        if (rel.type !== kind) continue;
        const part = this.part(rel.target);
        if (part && !this.stories.some((s) => s.name === part.name)) this.stories.push({ ...part, kind });
      }
    }
  }

  static open(bytes: Uint8Array): Docx {
    return new Docx(openPackage(bytes));
  }

  /** The first part the main document relates to with this relationship type (`styles`, `numbering`…). */
  related(type: string): Part | null {
    const rel = this.rels.find((r) => r.type === type);
    return rel ? this.part(rel.target) : null;
  }

  /** The theme part (through the main document's relationships). */
  get theme(): Part | null {
    return this.related("theme");
  }

  /** The zip entry a part name stands for (names are matched without case, as the zip reader matches them). */
  entryName(name: string): string | undefined {
    const key = name.replace(/^\//, "");
    if (this.pkg.has(key)) return key;
    const lower = key.toLowerCase();
    return this.pkg.names.find((n) => n.toLowerCase() === lower);
  }

  /** A part parsed once; null when absent or not well-formed. */
  part(name: string): Part | null {
    const hit = this.cache.get(name);
    if (hit !== undefined) return hit;
    let part: Part | null = null;
    try {
      const xml = this.entryName(name) !== undefined ? this.pkg.text(name) : null;
      if (xml !== null) part = { name, xml, root: parseTree(xml, name) };
    } catch (error) {
      if (!unreadable(error)) throw error;
    }
    this.cache.set(name, part);
    return part;
  }

  private readRels(part: string): Rel[] {
    const path = relsPartOf(part);
    let root: XEl;
    try {
      const xml = this.pkg.text(path);
      if (xml === null) return [];
      root = parseTree(xml, path);
    } catch (error) {
      if (!unreadable(error)) throw error;
      return [];
    }
    return [...relsFrom(root, part).values()].filter((r) => !r.external);
  }

  private findMain(): string {
    const xml = this.pkg.text("_rels/.rels");
    if (xml !== null) {
      try {
        for (const r of relsFrom(parseTree(xml, "_rels/.rels"), "").values()) if (r.type === "officeDocument" && !r.external && this.pkg.has(r.target)) return r.target;
      } catch (error) {
        if (!(error instanceof XmlDamaged)) throw error;
      }
    }
    if (this.pkg.has("word/document.xml")) return "word/document.xml";
    throw new PackageRefused("the package has no main document part", "missing_part");
  }
}
