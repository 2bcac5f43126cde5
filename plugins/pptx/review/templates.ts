/**
 * What a slide's shapes inherit: a placeholder (`p:ph`) takes its position and size, its body properties (insets,
 * wrapping, autofit) and its list styles from the matching placeholder of its layout, then of its master; the
 * master's `p:txStyles` (title, body, other) and the presentation's `p:defaultTextStyle` come last. Fonts named
 * `+mj-lt`/`+mn-lt` are the theme's heading and body faces. Layouts and masters are read once per deck.
 */
import { attr, child, elements, path } from "../../../core/ooxml/xml/query.ts";
import { placeholderOf, type Placeholder } from "../extract/placeholders.ts";
import type { Parts } from "./parts.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export type { Placeholder };
export { placeholderOf };

interface Template {
  readonly placeholders: ReadonlyArray<{ ph: Placeholder; shape: XEl }>;
  readonly styles: { title?: XEl; body?: XEl; other?: XEl };
}

export interface ThemeFonts {
  readonly major: string;
  readonly minor: string;
}

const masterType = (type: string): string => (type === "ctrTitle" ? "title" : /^(dt|ftr|sldNum|hdr|title)$/.test(type) ? type : "body");

/** The properties element of a shape (`p:spPr`, `p:grpSpPr`) or, for graphic frames, the frame itself. */
const ownXfrm = (shape: XEl): XEl | undefined => {
  const props = elements(shape).find((c) => /^(spPr|grpSpPr)$/.test(c.local));
  return child(props, "xfrm") ?? child(shape, "xfrm");
};

export class Templates {
  readonly #parts: Parts;
  readonly #cache = new Map<string, Template | null>();
  readonly #fonts = new Map<string, ThemeFonts>();
  readonly defaultTextStyle: XEl | undefined;

  constructor(parts: Parts, presentation: XEl | null) {
    this.#parts = parts;
    this.defaultTextStyle = child(presentation ?? undefined, "defaultTextStyle");
  }

  #read(part: string | undefined): Template | null {
    if (!part) return null;
    if (this.#cache.has(part)) return this.#cache.get(part)!;
    const root = this.#parts.root(part);
    let template: Template | null = null;
    if (root) {
      const placeholders = elements(path(root, "cSld", "spTree")).flatMap((shape) => {
        const ph = placeholderOf(shape);
        return ph ? [{ ph, shape }] : [];
      });
      const txStyles = child(root, "txStyles");
      template = { placeholders, styles: { title: child(txStyles, "titleStyle"), body: child(txStyles, "bodyStyle"), other: child(txStyles, "otherStyle") } };
    }
    this.#cache.set(part, template);
    return template;
  }

  #themeFonts(master: string | undefined): ThemeFonts {
    const key = master ?? "";
    const hit = this.#fonts.get(key);
    if (hit) return hit;
    const theme = master ? this.#parts.related(master, "theme") : undefined;
    const scheme = path(theme ? this.#parts.root(theme) ?? undefined : undefined, "themeElements", "fontScheme");
    const fonts = {
      major: attr(path(scheme, "majorFont", "latin"), "typeface") ?? "Calibri",
      minor: attr(path(scheme, "minorFont", "latin"), "typeface") ?? "Calibri",
    };
    this.#fonts.set(key, fonts);
    return fonts;
  }

  forSlide(slidePart: string): SlideTemplates {
    const layout = this.#parts.related(slidePart, "slideLayout");
    const master = layout ? this.#parts.related(layout, "slideMaster") : undefined;
    return new SlideTemplates(layout, this.#read(layout), this.#read(master), this.defaultTextStyle, this.#themeFonts(master));
  }
}

export class SlideTemplates {
  constructor(
    /** The slide's layout part, when its relationships name one the package holds (readable or not). */
    readonly layoutPart: string | undefined,
    private readonly layout: Template | null,
    private readonly master: Template | null,
    private readonly defaultTextStyle: XEl | undefined,
    readonly fonts: ThemeFonts,
  ) {}

  /** The layout's and the master's placeholder matching `ph`, nearest first. */
  chain(ph: Placeholder): XEl[] {
    const inLayout =
      this.layout?.placeholders.find((p) => p.ph.idx === ph.idx && (ph.idx !== "0" || masterType(p.ph.type) === masterType(ph.type))) ??
      this.layout?.placeholders.find((p) => p.ph.type === ph.type);
    const type = masterType(inLayout?.ph.type ?? ph.type);
    const inMaster = this.master?.placeholders.find((p) => masterType(p.ph.type) === type);
    return [inLayout?.shape, inMaster?.shape].filter((s): s is XEl => s !== undefined);
  }

  /** The transform giving a shape its place: its own, else its placeholder's in the layout, then the master. */
  xfrm(shape: XEl, ph: Placeholder | null): { xfrm: XEl | undefined; inherited: boolean } {
    const own = ownXfrm(shape);
    if (own && child(own, "off") && child(own, "ext")) return { xfrm: own, inherited: false };
    for (const s of ph ? this.chain(ph) : []) {
      const found = ownXfrm(s);
      if (found && child(found, "off") && child(found, "ext")) return { xfrm: found, inherited: true };
    }
    return { xfrm: own, inherited: false };
  }

  /** Body properties, nearest first: the shape's own, then its placeholder's in the layout and the master. */
  bodyProps(shape: XEl, ph: Placeholder | null): XEl[] {
    const own = path(shape, "txBody", "bodyPr");
    const inherited = ph ? this.chain(ph).map((s) => path(s, "txBody", "bodyPr")) : [];
    return [own, ...inherited].filter((s): s is XEl => s !== undefined);
  }

  /** List styles, nearest first, ending with the master's text style and the presentation's default. */
  listStyles(shape: XEl, ph: Placeholder | null): XEl[] {
    const own = path(shape, "txBody", "lstStyle");
    if (!ph) return [own, this.defaultTextStyle].filter((s): s is XEl => s !== undefined);
    const inherited = this.chain(ph).map((s) => path(s, "txBody", "lstStyle"));
    const type = masterType(ph.type);
    const master = type === "title" ? this.master?.styles.title : type === "body" ? this.master?.styles.body : this.master?.styles.other;
    return [own, ...inherited, master, this.defaultTextStyle].filter((s): s is XEl => s !== undefined);
  }

  /** A typeface with theme references (`+mj-lt`, `+mn-lt`) resolved. */
  face(typeface: string | undefined): string | undefined {
    if (typeface === "+mj-lt") return this.fonts.major;
    if (typeface === "+mn-lt") return this.fonts.minor;
    return typeface;
  }
}
