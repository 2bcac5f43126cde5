/**
 * Footnotes, endnotes and comments. A reference gets its label when first met in reading order: notes share one
 * sequence (`[^1]`, `[^2]`…, footnotes and endnotes alike), comments have their own (`[^c1]`…). Their text becomes
 * the IR's footnotes (written at the end of the Markdown as definitions); a comment's definition names its author and quotes
 * the text it was made on. The notes parts are read only when a reference is met.
 */
import type { Parts } from "./parts.ts";
import { childrenNamed, type XEl } from "../../../core/ooxml/xml/tree.ts";

export type NoteKind = "footnote" | "endnote";

export interface NoteRef {
  readonly kind: NoteKind | "comment";
  readonly id: string;
  readonly label: string;
  /** The IR footnote's id: `fn1`, `fn2`… in the order references are first met. */
  readonly footnoteId: string;
}

export class Notes {
  private readonly refs = new Map<string, NoteRef>();
  /** Notes and comments in the order their references were met; grows while notes are being read. */
  readonly queue: NoteRef[] = [];
  private notes = 0;
  private comments = 0;
  private readonly parts = new Map<string, { part: string; byId: Map<string, XEl> } | null>();

  constructor(
    private readonly pkg: Parts,
    private readonly main: string,
  ) {}

  note(kind: NoteKind, id: string): NoteRef {
    return this.label(kind, id, () => String(++this.notes));
  }

  comment(id: string): NoteRef {
    return this.label("comment", id, () => `c${++this.comments}`);
  }

  private label(kind: NoteRef["kind"], id: string, next: () => string): NoteRef {
    const key = `${kind}:${id}`;
    let ref = this.refs.get(key);
    if (ref === undefined) {
      ref = { kind, id, label: next(), footnoteId: `fn${this.queue.length + 1}` };
      this.refs.set(key, ref);
      this.queue.push(ref);
    }
    return ref;
  }

  /** The part holding notes of a kind, and its elements by id; null when the package has none. */
  source(kind: NoteRef["kind"]): { part: string; byId: Map<string, XEl> } | null {
    let hit = this.parts.get(kind);
    if (hit !== undefined) return hit;
    hit = null;
    const type = kind === "footnote" ? "footnotes" : kind === "endnote" ? "endnotes" : "comments";
    const part = this.pkg.related(this.main, type);
    const root = part ? this.pkg.read(part) : null;
    if (part && root) {
      const byId = new Map<string, XEl>();
      for (const el of childrenNamed(root, kind)) {
        const t = el.attrs["type"];
        if (t === "separator" || t === "continuationSeparator" || t === "continuationNotice") continue;
        byId.set(el.attrs["id"] ?? "", el);
      }
      hit = { part, byId };
    }
    this.parts.set(kind, hit);
    return hit;
  }

  /** Comments never referenced in the text, so they are not lost. */
  unreferencedComments(): void {
    const source = this.source("comment");
    if (source) for (const id of source.byId.keys()) this.comment(id);
  }
}
