/**
 * What a slide's placeholders inherit from their layout and master: the position (a placeholder often has no
 * `a:xfrm` of its own) and the list styles that say whether a paragraph at a level has a bullet (the master's
 * body style usually does; a text box does not). Layouts and masters are read once per deck.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { relsOf, relsOfType } from "../../../core/ooxml/rels.ts";
import { attr, child, elements, path, readPart } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export interface Box {
  x: number;
  y: number;
}

export interface Placeholder {
  /** `title`, `ctrTitle`, `body`, `subTitle`, `obj` (the default), `dt`, `ftr`, `sldNum`, `pic`… */
  readonly type: string;
  readonly idx: string;
}

export type Bullet = { readonly kind: "none" } | { readonly kind: "bullet" } | { readonly kind: "number"; readonly start: number };

interface Template {
  readonly placeholders: ReadonlyArray<{ ph: Placeholder; shape: XEl }>;
  readonly styles: { title?: XEl; body?: XEl; other?: XEl };
}

/** The `p:ph` of a shape (`p:sp`, `p:pic`, `p:graphicFrame`), if it is a placeholder. */
export const placeholderOf = (shape: XEl): Placeholder | null => {
  const nv = elements(shape).find((c) => /^nv.*Pr$/.test(c.local));
  const ph = path(nv, "nvPr", "ph");
  return ph ? { type: attr(ph, "type") ?? "obj", idx: attr(ph, "idx") ?? "0" } : null;
};

export const isTitle = (ph: Placeholder | null): boolean => ph?.type === "title" || ph?.type === "ctrTitle";

/** The shape's own offset (`p:spPr/a:xfrm` or, for graphic frames and groups, their `xfrm`). */
export const ownBox = (shape: XEl): Box | null => {
  const props = elements(shape).find((c) => /^(spPr|grpSpPr)$/.test(c.local));
  const xfrm = child(props, "xfrm") ?? child(shape, "xfrm");
  const off = child(xfrm, "off");
  if (!off) return null;
  return { x: Number(attr(off, "x") ?? 0), y: Number(attr(off, "y") ?? 0) };
};

const levelProps = (list: XEl | undefined, level: number): XEl | undefined => child(list, `lvl${level + 1}pPr`);

/** The bullet a paragraph's properties set, or undefined when they do not say. */
export const bulletOf = (pPr: XEl | undefined): Bullet | undefined => {
  for (const c of elements(pPr)) {
    const name = c.local;
    if (name === "buNone") return { kind: "none" };
    if (name === "buAutoNum") return { kind: "number", start: Number(attr(c, "startAt") ?? 1) || 1 };
    if (name === "buChar" || name === "buBlip") return { kind: "bullet" };
  }
  return undefined;
};

const masterType = (type: string): string => (type === "ctrTitle" ? "title" : /^(dt|ftr|sldNum|hdr|title)$/.test(type) ? type : "body");

export class Templates {
  readonly #pkg: Package;
  readonly #cache = new Map<string, Template | null>();

  constructor(pkg: Package) {
    this.#pkg = pkg;
  }

  #read(part: string | undefined): Template | null {
    if (!part) return null;
    if (this.#cache.has(part)) return this.#cache.get(part)!;
    let template: Template | null = null;
    try {
      const root = readPart(this.#pkg, part);
      if (root) {
        const tree = path(root, "cSld", "spTree");
        const placeholders = elements(tree ?? undefined).flatMap((shape) => {
          const ph = placeholderOf(shape);
          return ph ? [{ ph, shape }] : [];
        });
        const txStyles = child(root, "txStyles");
        template = { placeholders, styles: { title: child(txStyles, "titleStyle"), body: child(txStyles, "bodyStyle"), other: child(txStyles, "otherStyle") } };
      }
    } catch {
      // A damaged layout or master only costs inherited positions and bullets; the slide is still read.
      template = null;
    }
    this.#cache.set(part, template);
    return template;
  }

  /** The layout and master of a slide part. */
  forSlide(slidePart: string): SlideTemplates {
    const layoutPart = relsOfType(relsOf(this.#pkg, slidePart), "slideLayout")[0]?.target;
    const masterPart = layoutPart ? relsOfType(relsOf(this.#pkg, layoutPart), "slideMaster")[0]?.target : undefined;
    return new SlideTemplates(this.#read(layoutPart), this.#read(masterPart));
  }
}

export class SlideTemplates {
  constructor(
    private readonly layout: Template | null,
    private readonly master: Template | null,
  ) {}

  #chain(ph: Placeholder): XEl[] {
    const inLayout =
      this.layout?.placeholders.find((p) => p.ph.idx === ph.idx && (ph.idx !== "0" || masterType(p.ph.type) === masterType(ph.type))) ??
      this.layout?.placeholders.find((p) => p.ph.type === ph.type);
    const type = masterType(inLayout?.ph.type ?? ph.type);
    const inMaster = this.master?.placeholders.find((p) => masterType(p.ph.type) === type);
    return [inLayout?.shape, inMaster?.shape].filter((s): s is XEl => s !== undefined);
  }

  /** A placeholder's offset, from itself, its layout or its master. */
  box(shape: XEl, ph: Placeholder | null): Box | null {
    return ownBox(shape) ?? (ph ? this.#chain(ph).map(ownBox).find((b) => b !== null) ?? null : null);
  }

  /** The list styles a shape's paragraphs inherit, nearest first (its own `a:lstStyle` first). */
  listStyles(shape: XEl, ph: Placeholder | null): XEl[] {
    const own = path(shape, "txBody", "lstStyle");
    if (!ph) return own ? [own] : [];
    const inherited = this.#chain(ph).map((s) => path(s, "txBody", "lstStyle"));
    const type = masterType(ph.type);
    const master = type === "title" ? this.master?.styles.title : type === "body" ? this.master?.styles.body : this.master?.styles.other;
    return [own, ...inherited, master].filter((s): s is XEl => s !== undefined);
  }
}

/** The bullet of a paragraph at `level` (0-based): its own properties, then the list styles in order. */
export const bulletAt = (pPr: XEl | undefined, level: number, styles: readonly XEl[]): Bullet => {
  const own = bulletOf(pPr);
  if (own) return own;
  for (const list of styles) {
    const found = bulletOf(levelProps(list, level));
    if (found) return found;
  }
  return { kind: "none" };
};
