/**
 * Word styles as the reader needs them: which paragraph styles are headings (built-in names such as `heading 2`
 * or `Title`, a few localized names, or an outline level, following `basedOn`) and which is the Title, which are code or quotes, which
 * numbering a style carries, and the bold/italic/strike/code marks of character styles.
 */
import { child, isOn, valOf, type XEl } from "../../../core/ooxml/xml/tree.ts";

export const BOLD = 1;
export const ITALIC = 2;
export const STRIKE = 4;
export const SUP = 8;
export const SUB = 16;
export const CODE = 32;

interface Style {
  readonly id: string;
  readonly name: string;
  readonly basedOn: string | undefined;
  readonly pPr: XEl | undefined;
  readonly rPr: XEl | undefined;
}

export interface NumRef {
  readonly numId: string;
  readonly ilvl: number | undefined;
}

const HEADING_NAME =
  /^(heading|berschrift|überschrift|titre|título|titulo|titolo|kop|rubrik|overskrift|otsikko|nagłówek|заголовок|nadpis|címsor|başlık|cabeçalho|encabezado|見出し|标题|제목)\s*([1-9])$/i;
const CODE_NAME = /^(source code|html preformatted|preformatted text|plain text|macro text|code|code block|verbatim)$/i;
const CODE_CHAR_NAME = /^(verbatim char|html code|source code char|code char|inline code|html typewriter)$/i;
const QUOTE_NAME = /^(quote|intense quote|block text|block quote|blockquote|quotations|zitat|cita|citation)$/i;

/** Marks set by a run-properties element; `on` and `off` so direct formatting can switch a style's mark off. */
export const marksOf = (rPr: XEl | undefined): { on: number; off: number } => {
  let on = 0;
  let off = 0;
  if (!rPr) return { on, off };
  const flag = (name: string, bit: number) => {
    const el = child(rPr, name);
    if (el) {
      if (isOn(el)) on |= bit;
      else off |= bit;
    }
  };
  flag("b", BOLD);
  flag("i", ITALIC);
  flag("strike", STRIKE);
  flag("dstrike", STRIKE);
  const va = valOf(rPr, "vertAlign");
  if (va === "superscript") on |= SUP;
  else if (va === "subscript") on |= SUB;
  else if (va === "baseline") off |= SUP | SUB;
  return { on, off };
};

export class Styles {
  private readonly byId = new Map<string, Style | null>();
  private readonly headingCache = new Map<string, number>();
  private readonly charCache = new Map<string, number>();

  /** `styles`: each `w:style` by its id, parsed when first needed (core/ooxml/xml/lazy.ts). */
  constructor(private readonly styles: ReadonlyMap<string, () => XEl | null>) {}

  private get(id: string): Style | undefined {
    let style = this.byId.get(id);
    if (style === undefined) {
      const s = this.styles.get(id)?.() ?? null;
      style = s && {
        id,
        name: (valOf(s, "name") ?? id).trim(),
        basedOn: valOf(s, "basedOn"),
        pPr: child(s, "pPr"),
        rPr: child(s, "rPr"),
      };
      this.byId.set(id, style);
    }
    return style ?? undefined;
  }

  /** The style and its ancestors (`basedOn`), nearest first, cycles cut. */
  private chain(id: string | undefined): Style[] {
    const out: Style[] = [];
    const seen = new Set<string>();
    while (id !== undefined && !seen.has(id) && out.length < 32) {
      seen.add(id);
      const s = this.get(id);
      if (!s) break;
      out.push(s);
      id = s.basedOn;
    }
    return out;
  }

  /** 1–9 for a heading style, 0 otherwise. */
  headingLevel(id: string | undefined): number {
    if (id === undefined) return 0;
    const hit = this.headingCache.get(id);
    if (hit !== undefined) return hit;
    let level = 0;
    const own = HEADING_NAME.exec(id);
    if (own && !this.get(id)) level = Number(own[2]);
    for (const s of this.chain(id)) {
      const m = HEADING_NAME.exec(s.name) ?? HEADING_NAME.exec(s.id);
      if (m) {
        level = Number(m[2]);
        break;
      }
      if (/^title$/i.test(s.name) || /^title$/i.test(s.id)) {
        level = 1;
        break;
      }
      const outline = valOf(s.pPr, "outlineLvl");
      if (outline !== undefined) {
        const n = Number(outline);
        level = n >= 0 && n <= 8 ? n + 1 : 0;
        break;
      }
    }
    this.headingCache.set(id, level);
    return level;
  }

  /** True for the Title style (or one based on it): a heading above Heading 1. */
  isTitle(id: string | undefined): boolean {
    for (const s of this.chain(id)) {
      if (HEADING_NAME.test(s.name) || HEADING_NAME.test(s.id)) return false;
      if (/^title$/i.test(s.name) || /^title$/i.test(s.id)) return true;
      if (valOf(s.pPr, "outlineLvl") !== undefined) return false;
    }
    return false;
  }

  isCode(id: string | undefined): boolean {
    return this.chain(id).some((s) => CODE_NAME.test(s.name) || CODE_NAME.test(s.id));
  }

  isQuote(id: string | undefined): boolean {
    return this.chain(id).some((s) => QUOTE_NAME.test(s.name) || QUOTE_NAME.test(s.id));
  }

  /** The numbering a paragraph style carries (`w:numPr` in its properties, following `basedOn`). */
  numbering(id: string | undefined): NumRef | undefined {
    for (const s of this.chain(id)) {
      const numPr = child(s.pPr, "numPr");
      const numId = valOf(numPr, "numId");
      if (numId !== undefined) {
        const ilvl = valOf(numPr, "ilvl");
        return { numId, ilvl: ilvl === undefined ? undefined : Number(ilvl) || 0 };
      }
    }
    return undefined;
  }

  /** Marks of a character style (bold, italic, strike, code), following `basedOn`. */
  charMarks(id: string | undefined): number {
    if (id === undefined) return 0;
    const hit = this.charCache.get(id);
    if (hit !== undefined) return hit;
    let marks = 0;
    let decided = 0;
    for (const s of this.chain(id)) {
      if (CODE_CHAR_NAME.test(s.name) || CODE_CHAR_NAME.test(s.id)) marks |= CODE & ~decided;
      const { on, off } = marksOf(s.rPr);
      marks |= on & ~decided;
      decided |= on | off;
    }
    this.charCache.set(id, marks);
    return marks;
  }
}
