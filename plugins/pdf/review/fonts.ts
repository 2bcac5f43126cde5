/**
 * Fonts a PDF uses without carrying them. A reader shows such text in a font of its own choosing: for the 14
 * standard fonts (Helvetica, Times, Courier, Symbol, ZapfDingbats) every reader has a faithful stand-in, so it is
 * only worth knowing; for any other font the text may look different, run wider, or lose glyphs.
 *
 * The fonts are those of each page's `/Resources /Font`, of the form XObjects and tiling patterns the page draws
 * (where LaTeX figures, stamps and overlays keep theirs) and of its annotations' and form fields' appearances,
 * followed to a bounded depth, that the matching content stream selects with `Tf`; and the font a form field's
 * value is drawn in, which the reader uses to draw what is typed in. A Type0 font is embedded when
 * its descendant's `/FontDescriptor` has a `/FontFile*`; Type3 fonts are drawn by the PDF itself.
 */
import type * as Mupdf from "mupdf";
import { at, MAX_DEPTH, nameOf, refOf, textOf } from "./objects.ts";

type PDFObject = Mupdf.PDFObject;

const STANDARD_14 = new Set([
  "Times-Roman",
  "Times-Bold",
  "Times-Italic",
  "Times-BoldItalic",
  "Helvetica",
  "Helvetica-Bold",
  "Helvetica-Oblique",
  "Helvetica-BoldOblique",
  "Courier",
  "Courier-Bold",
  "Courier-Oblique",
  "Courier-BoldOblique",
  "Symbol",
  "ZapfDingbats",
]);

export interface MissingFont {
  /** The font's `/BaseFont`, without a subset tag (`ABCDEF+`). */
  readonly name: string;
  readonly standard: boolean;
  /** Pages using it, ascending. */
  readonly pages: number[];
}

interface FontFacts {
  readonly name: string;
  readonly embedded: boolean;
}

const hasFontFile = (descriptor: PDFObject): boolean =>
  descriptor.isDictionary() && (!descriptor.get("FontFile").isNull() || !descriptor.get("FontFile2").isNull() || !descriptor.get("FontFile3").isNull());

const factsOf = (font: PDFObject): FontFacts | null => {
  if (!font.isDictionary()) return null;
  const subtype = nameOf(font.get("Subtype"));
  if (subtype === "Type3") return null;
  const name = nameOf(font.get("BaseFont")).replace(/^[A-Z]{6}\+/, "") || "(unnamed font)";
  const descriptor = subtype === "Type0" ? font.get("DescendantFonts", 0, "FontDescriptor") : font.get("FontDescriptor");
  return { name, embedded: hasFontFile(descriptor) };
};

const latin1 = new TextDecoder("latin1");

/** The decoded bytes of a content stream, or of each stream of a `/Contents` array, as text. */
const streamText = (obj: PDFObject): string => {
  const read = (stream: PDFObject): string => {
    if (!stream.isStream()) return "";
    const buffer = stream.readStream();
    try {
      return latin1.decode(buffer.asUint8Array());
    } finally {
      buffer.destroy();
    }
  };
  if (!obj.isArray()) return read(obj);
  const parts: string[] = [];
  for (let i = 0; i < obj.length; i++) parts.push(read(obj.get(i)));
  return parts.join("\n");
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether `content` selects the font under resource name `key` (`/F1 12 Tf`). Generators often list fonts a page
 * never uses (ImageMagick puts Helvetica in every page's resources): only a font that is drawn with matters.
 */
const selects = (content: string, key: string): boolean => new RegExp(`/${escapeRegExp(key)}\\s+[-+]?[\\d.]+\\s+Tf`).test(content);

/** Every font drawn with but not embedded, with the pages that use it, in order of first use. */
export const missingFonts = (doc: Mupdf.PDFDocument, pageCount: number): MissingFont[] => {
  const byName = new Map<string, { standard: boolean; pages: Set<number> }>();
  // Fonts and form XObjects are shared between pages: each is read once, and each page's use of it is counted.
  const facts = new Map<number, FontFacts | null>();
  const xobjectFonts = new Map<number, FontFacts[]>();

  const factsFor = (font: PDFObject): FontFacts | null => {
    const ref = refOf(font);
    const known = ref === 0 ? undefined : facts.get(ref);
    if (known !== undefined) return known;
    let f: FontFacts | null;
    try {
      f = factsOf(font);
    } catch {
      f = null;
    }
    if (ref !== 0) facts.set(ref, f);
    return f;
  };

  /** The fonts not embedded that `content` (lazily decoded) draws with, through `resources` and what it nests. */
  const fontsOf = (resources: PDFObject, content: () => string, depth: number, seen: Set<number>): FontFacts[] => {
    if (!resources.isDictionary() || depth > MAX_DEPTH) return [];
    const out: FontFacts[] = [];
    let text: string | undefined;
    resources.get("Font").forEach((font, key) => {
      const f = factsFor(font);
      if (!f || f.embedded) return;
      try {
        text ??= content();
      } catch {
        // A content stream that cannot be decoded cannot be searched: the font is counted as used.
        text = "";
        out.push(f);
        return;
      }
      if (text === "" || selects(text, String(key))) out.push(f);
    });
    const nested = (holder: PDFObject) =>
      holder.forEach((item) => {
        if (!item.isStream()) return;
        const isForm = nameOf(item.get("Subtype")) === "Form";
        const isTiling = item.get("PatternType").isNumber() && item.get("PatternType").asNumber() === 1;
        if (isForm || isTiling) out.push(...drawnFonts(item, depth + 1, seen));
      });
    nested(resources.get("XObject"));
    nested(resources.get("Pattern"));
    return out;
  };

  /** The fonts a form XObject (or pattern, or appearance stream) draws with, its own resources and content. */
  const drawnFonts = (form: PDFObject, depth: number, seen: Set<number>): FontFacts[] => {
    const ref = refOf(form);
    if (ref !== 0) {
      if (seen.has(ref)) return [];
      seen.add(ref);
      const known = xobjectFonts.get(ref);
      if (known) return known;
    }
    const found = fontsOf(form.get("Resources"), () => streamText(form), depth, seen);
    if (ref !== 0) xobjectFonts.set(ref, found);
    return found;
  };

  const acroForm = doc.getTrailer().get("Root", "AcroForm");

  /**
   * The font a text or choice field's value is drawn in: its default appearance (`/DA (/Helv 10 Tf)`, inherited
   * from the parent field or the form) names a font of its `/DR` or the form's. Readers draw the value in it
   * whenever they make the field's appearance, which they do when asked (`/NeedAppearances`) or once it is edited.
   */
  const fieldFont = (widget: PDFObject): FontFacts | null => {
    const type = nameOf(widget.getInheritable("FT"));
    if (type !== "Tx" && type !== "Ch") return null;
    const da = widget.getInheritable("DA");
    const appearance = da.isString() ? da.asString() : textOf(at(acroForm, "DA"));
    const key = /\/([^\s/]+)\s+[-+]?[\d.]+\s+Tf/.exec(appearance)?.[1];
    if (key === undefined) return null;
    const own = widget.getInheritable("DR");
    const font = at(own.isDictionary() ? own : at(acroForm, "DR"), "Font", key);
    return font.isDictionary() ? factsFor(font) : null;
  };

  /** Annotations and form fields are drawn from their normal appearance (a stream, or one per state). */
  const annotationFonts = (page: PDFObject, seen: Set<number>): FontFacts[] => {
    const annots = page.get("Annots");
    if (!annots.isArray()) return [];
    const out: FontFacts[] = [];
    for (let i = 0; i < annots.length; i++) {
      const annot = annots.get(i);
      if (!annot.isDictionary()) continue;
      const normal = annot.get("AP", "N");
      if (normal.isStream()) out.push(...drawnFonts(normal, 1, seen));
      else if (normal.isDictionary()) normal.forEach((state) => state.isStream() && out.push(...drawnFonts(state, 1, seen)));
      if (nameOf(annot.get("Subtype")) === "Widget") {
        const f = fieldFont(annot);
        if (f && !f.embedded) out.push(f);
      }
    }
    return out;
  };

  for (let index = 0; index < pageCount; index++) {
    let fonts: FontFacts[];
    try {
      const page = doc.findPage(index);
      const seen = new Set<number>();
      fonts = [...fontsOf(page.getInheritable("Resources"), () => streamText(page.get("Contents")), 0, seen), ...annotationFonts(page, seen)];
    } catch {
      continue;
    }
    for (const f of fonts) {
      let entry = byName.get(f.name);
      if (!entry) {
        entry = { standard: STANDARD_14.has(f.name), pages: new Set() };
        byName.set(f.name, entry);
      }
      entry.pages.add(index + 1);
    }
  }
  return [...byName].map(([name, { standard, pages }]) => ({ name, standard, pages: [...pages].sort((a, b) => a - b) }));
};
