/**
 * The package being sanitized: part texts edited in place (splices of exact elements or attributes, never a
 * re-serialisation), relationships removed one element at a time, parts removed together with their `.rels` and
 * their `[Content_Types].xml` Override, and parts left without any relationship pointing at them removed after them
 * (an OLE object's embedding, an ActiveX control's binary). Untouched parts are copied as they were; a package with
 * no change comes back as the same bytes.
 */
import { writePackage } from "../write.ts";
import { partKey, type PackageView } from "../review/parts.ts";
import { relsPartOf, resolveTarget, sourceOfRels } from "../rels.ts";
import { readRels, type Rel } from "../review/rels.ts";
import { splice, type Edit } from "../splice.ts";
import { encodePart } from "../xml/encoding.ts";
import { parseTree, XmlDamaged, type XEl } from "../xml/tree.ts";

const CONTENT_TYPES = "[Content_Types].xml";

export class PackageEditor {
  private readonly texts = new Map<string, string>();
  private readonly trees = new Map<string, XEl | null>();
  private readonly removed = new Set<string>();

  constructor(readonly view: PackageView) {}

  /** The parts still in the package, as stored. */
  names(): string[] {
    return this.view.names.filter((n) => !this.removed.has(n));
  }

  /** The stored name of a part still in the package, or null. */
  find(name: string): string | null {
    const stored = this.view.find(name);
    return stored !== null && !this.removed.has(stored) ? stored : null;
  }

  /** A part's current text (XML parts; characters XML does not allow already dropped), or null. */
  text(name: string): string | null {
    const stored = this.find(name);
    if (stored === null) return null;
    return this.texts.get(stored) ?? this.view.xml(stored)?.clean ?? null;
  }

  /** A part's current root element, or null when absent or not well-formed. */
  tree(name: string): XEl | null {
    const stored = this.find(name);
    if (stored === null) return null;
    if (this.trees.has(stored)) return this.trees.get(stored)!;
    const text = this.text(stored);
    let tree: XEl | null = null;
    if (text !== null) {
      try {
        tree = parseTree(text, stored);
      } catch (error) {
        if (!(error instanceof XmlDamaged)) throw error;
      }
    }
    this.trees.set(stored, tree);
    return tree;
  }

  setText(name: string, text: string): void {
    const stored = this.find(name);
    if (stored === null || text === this.text(stored)) return;
    this.texts.set(stored, text);
    this.trees.delete(stored);
  }

  /** Applies splices to a part's current text. */
  edit(name: string, edits: readonly Edit[]): void {
    const text = this.text(name);
    if (text !== null && edits.length > 0) this.setText(name, splice(text, edits));
  }

  /** The relationships of a part (`""` for the package), each with its target resolved when internal. */
  rels(source: string): Array<Rel & { part: string | null }> {
    const relsPart = source === "" ? "_rels/.rels" : relsPartOf(source);
    const tree = this.tree(relsPart);
    if (!tree) return [];
    return (readRels(tree) ?? []).map((rel) => ({ ...rel, part: rel.external ? null : resolveTarget(source, rel.target) }));
  }

  /** Every part with relationships (`""` for the package) whose `.rels` is still there. */
  sources(): string[] {
    const out: string[] = [];
    for (const name of this.names()) {
      const source = sourceOfRels(name);
      if (source !== null && (source === "" || this.find(source) !== null)) out.push(source === "" ? "" : this.find(source)!);
    }
    return out;
  }

  /** Removes relationships by Id from a part's `.rels`; the parts they pointed at go when nothing else points there. */
  removeRels(source: string, ids: ReadonlySet<string>): void {
    if (ids.size === 0) return;
    const relsPart = source === "" ? "_rels/.rels" : relsPartOf(source);
    const gone = this.rels(source).filter((r) => ids.has(r.id));
    this.edit(relsPart, gone.map((r) => ({ start: r.start, end: r.end, text: "" })));
    this.removeOrphans(gone.flatMap((r) => (r.part ? [r.part] : [])));
  }

  /** Removes a part, its relationships part and its content-type Override; what only it pointed at goes too. */
  removePart(name: string): void {
    const stored = this.find(name);
    if (stored === null) return;
    const targets = this.rels(stored).flatMap((r) => (r.part ? [r.part] : []));
    this.removed.add(stored);
    const relsPart = this.find(relsPartOf(stored));
    if (relsPart) this.removed.add(relsPart);
    const types = this.tree(CONTENT_TYPES);
    if (types) {
      const overrides = types.children.filter((el) => el.local === "Override" && partKey(el.qualifiedAttrs.get("PartName") ?? "") === partKey(stored));
      this.edit(CONTENT_TYPES, overrides.map((el) => ({ start: el.start, end: el.end, text: "" })));
    }
    this.removeOrphans(targets);
  }

  /** Removes those of `parts` that no relationship of the remaining parts points at. */
  private removeOrphans(parts: readonly string[]): void {
    const candidates = parts.filter((p) => this.find(p) !== null);
    if (candidates.length === 0) return;
    const pointed = new Set<string>();
    for (const source of this.sources()) for (const rel of this.rels(source)) if (rel.part) pointed.add(partKey(rel.part));
    for (const part of candidates) if (!pointed.has(partKey(part))) this.removePart(part);
  }

  /** Whether anything changed. */
  changed(): boolean {
    return this.texts.size > 0 || this.removed.size > 0;
  }

  /**
   * The sanitized package: the same bytes when nothing changed. A part the zip cannot give back (a damaged entry)
   * cannot be copied into the new zip; it is left out and named in `removed`.
   */
  bytes(removed: string[]): Uint8Array {
    if (!this.changed()) return this.view.bytes;
    const changes = new Map<string, Uint8Array | null>();
    for (const name of this.names()) {
      if (this.view.read(name) !== null) continue;
      changes.set(name, null);
      removed.push(`unreadable part ${name} (damaged in the zip)`);
    }
    for (const [name, text] of this.texts) {
      if (this.removed.has(name)) continue;
      const stored = this.view.xml(name);
      changes.set(name, stored ? encodePart(text, stored.encoding, stored.bom) : encodePart(text, "utf-8", false));
    }
    for (const name of this.removed) changes.set(name, null);
    return writePackage(this.view.pkg, changes);
  }
}
