/**
 * A deck being edited: the original package with the parts changed so far laid over it, seen through the same
 * `Package` interface the readers take, so every op reads the evolving text with the extract helpers. Plan entries
 * name blocks by the ids of the original read; each id is pinned once to an anchor (a slide by its part, a paragraph
 * by its part and the offset of its `a:p`) and every splice moves the anchors after it, so a later entry still finds
 * its block after earlier ones inserted, removed or moved text around it.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";

export type Anchor = { readonly kind: "slide"; readonly part: string } | { kind: "paragraph"; part: string; start: number };

export class DeckState {
  readonly #original: Package;
  readonly #changed = new Map<string, string | null>();
  readonly #anchors = new Map<string, Anchor | null>();
  /** Every part name the deck has held during the plan: a new part never takes the name of one removed earlier. */
  readonly #used: Set<string>;

  constructor(original: Package) {
    this.#original = original;
    this.#used = new Set(original.names.map((n) => n.toLowerCase()));
  }

  get pkg(): Package {
    const text = (name: string): string | null => {
      const key = name.replace(/^\//, "");
      if (this.#changed.has(key)) return this.#changed.get(key)!;
      return this.#original.text(key);
    };
    const names = [...this.#original.names.filter((n) => this.#changed.get(n) !== null), ...[...this.#changed].filter(([n, t]) => t !== null && !this.#original.has(n)).map(([n]) => n)];
    return {
      names,
      has: (name) => text(name) !== null,
      bytes: (name) => {
        const key = name.replace(/^\//, "");
        if (!this.#changed.has(key)) return this.#original.bytes(key);
        const t = this.#changed.get(key);
        return t === null || t === undefined ? null : new TextEncoder().encode(t);
      },
      text,
    };
  }

  text(part: string): string | null {
    return this.pkg.text(part);
  }

  used(part: string): boolean {
    return this.#used.has(part.toLowerCase());
  }

  pin(id: string, anchor: Anchor): void {
    this.#anchors.set(id, anchor);
  }

  anchor(id: string): Anchor | null | undefined {
    return this.#anchors.get(id);
  }

  /** Splices `edits` into a part's current text and moves the paragraph anchors of that part with them. */
  edit(part: string, edits: readonly Edit[]): string {
    const before = this.text(part);
    if (before === null) throw new Error(`${part} is not in the deck`);
    const after = splice(before, edits);
    this.#changed.set(part, after);
    for (const [id, a] of this.#anchors) {
      if (!a || a.kind !== "paragraph" || a.part !== part) continue;
      let shift = 0;
      let gone = false;
      for (const e of edits) {
        if (e.end > e.start && a.start >= e.start && a.start < e.end) gone = true;
        else if (e.end <= a.start) shift += e.text.length - (e.end - e.start);
      }
      this.#anchors.set(id, gone ? null : { ...a, start: a.start + shift });
    }
    return after;
  }

  /** Moves one anchor to where its paragraph now starts (after a move, which removes and re-inserts it). */
  repin(id: string, anchor: Anchor | null): void {
    this.#anchors.set(id, anchor);
  }

  /** Adds a part, or removes one (`null`): anchors in a removed part are dropped. */
  put(part: string, text: string | null): void {
    this.#changed.set(part, text);
    this.#used.add(part.toLowerCase());
    if (text !== null) return;
    for (const [id, a] of this.#anchors) if (a && a.part === part) this.#anchors.set(id, null);
  }

  /** What the state holds now, to go back to when an op fails halfway (a failing edit leaves no trace). */
  snapshot(): () => void {
    const changed = new Map(this.#changed);
    const anchors = new Map([...this.#anchors].map(([id, a]) => [id, a ? { ...a } : a] as const));
    const used = new Set(this.#used);
    return () => {
      this.#changed.clear();
      for (const [k, v] of changed) this.#changed.set(k, v);
      this.#anchors.clear();
      for (const [k, v] of anchors) this.#anchors.set(k, v);
      this.#used.clear();
      for (const k of used) this.#used.add(k);
    };
  }

  /** The parts that differ from the original: new text, added parts, `null` for removed ones. */
  result(): Map<string, string | null> {
    const out = new Map<string, string | null>();
    for (const [part, text] of this.#changed) {
      const had = this.#original.has(part);
      if (text === null) {
        if (had) out.set(part, null);
      } else if (!had || this.#original.text(part) !== text) out.set(part, text);
    }
    return out;
  }
}
