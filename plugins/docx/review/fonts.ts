/**
 * Fonts the file uses that this machine cannot draw: families named by the document defaults, the styles in use
 * (with their `basedOn` chains and the defaults), the runs of every story, symbols (`w:sym`), the list levels in
 * use, and DrawingML text, with theme references (`minorHAnsi`, `+mn-lt`…) resolved through the theme. East Asian
 * and complex-script fonts count only when the text has characters of those scripts, as only then are they used.
 * A family is fine when installed (`ctx.fonts`) or embedded in the file (`w:embedRegular`…).
 *
 * Otherwise: with a metric-compatible substitute installed (Calibri → Carlito…) the layout is unchanged (`info`);
 * a symbol font is `info` too (its marks are few); anything else is drawn with another font in the PDF, so lines
 * may break differently (`warning`). Nothing here is repairable: fonts are not ours to add.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import type { ReviewContext } from "../../../core/contracts/review.ts";
import { finding } from "./edit.ts";
import type { Model } from "./model.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { metricSubstitutes } from "../../../core/style/fonts.ts";

const SYMBOL_FONTS = /^(symbol|wingdings( [23])?|webdings|marlett|ms outlook|zapf ?dingbats|mt extra|bookshelf symbol 7|ms reference specialty|opensymbol)$/;

const EAST_ASIAN = /[\u1100-\u11FF\u2E80-\u2FDF\u3000-\u30FF\u3130-\u318F\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/;
const COMPLEX = /[\u0590-\u08FF\u0900-\u0DFF\u0E00-\u0EFF\u0F00-\u0FFF\u1780-\u17FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

interface Theme {
  readonly major: { latin?: string; ea?: string; cs?: string };
  readonly minor: { latin?: string; ea?: string; cs?: string };
}

const readTheme = (model: Model): Theme => {
  const scheme = model.docx.theme?.root.child("themeElements")?.child("fontScheme");
  const read = (name: string) => {
    const f = scheme?.child(name);
    const face = (n: string) => f?.child(n)?.attrs["typeface"] || undefined;
    return { latin: face("latin"), ea: face("ea"), cs: face("cs") };
  };
  return { major: read("majorFont"), minor: read("minorFont") };
};

/** The families a `w:rFonts` names for the scripts in use; theme attributes win over explicit names, as in Word. */
const rFontsFamilies = (rFonts: XEl, theme: Theme, scripts: { ea: boolean; cs: boolean }): string[] => {
  const a = rFonts.attrs;
  const out: (string | undefined)[] = [];
  const themed = (value: string | undefined): string | undefined => {
    if (!value) return undefined;
    const half = value.startsWith("major") ? theme.major : theme.minor;
    if (/Bidi$/.test(value)) return half.cs;
    if (/EastAsia$/.test(value)) return half.ea;
    return half.latin;
  };
  out.push(themed(a["asciiTheme"]) ?? a["ascii"], themed(a["hAnsiTheme"]) ?? a["hAnsi"]);
  if (scripts.ea) out.push(themed(a["eastAsiaTheme"]) ?? a["eastAsia"]);
  if (scripts.cs) out.push(themed(a["cstheme"]) ?? a["cs"]);
  return out.filter((f): f is string => f !== undefined && f.trim() !== "");
};

/** A DrawingML typeface, with `+mn-lt`/`+mj-ea`… resolved through the theme. */
const drawingFamily = (typeface: string | undefined, theme: Theme): string | undefined => {
  if (!typeface) return undefined;
  const m = /^\+(mn|mj)-(lt|ea|cs)$/.exec(typeface);
  if (!m) return typeface;
  const half = m[1] === "mj" ? theme.major : theme.minor;
  return m[2] === "lt" ? half.latin : m[2] === "ea" ? half.ea : half.cs;
};

const usedFonts = (model: Model, text: string): Set<string> => {
  const theme = readTheme(model);
  const scripts = { ea: EAST_ASIAN.test(text), cs: COMPLEX.test(text) };
  const families = new Set<string>();
  const addRFonts = (rPr: XEl | undefined) => {
    const rFonts = rPr?.child("rFonts");
    if (rFonts) for (const f of rFontsFamilies(rFonts, theme, scripts)) families.add(f.trim());
  };
  const styles = model.styles;
  addRFonts(styles.docDefaults?.child("rPrDefault")?.child("rPr"));
  // When the defaults name no font, Word uses the theme's minor font.
  if (!styles.docDefaults?.child("rPrDefault")?.child("rPr")?.child("rFonts") && theme.minor.latin) families.add(theme.minor.latin);

  const usedStyles = new Set<string>();
  for (const d of [styles.defaults.paragraph, styles.defaults.character, styles.defaults.table]) if (d) usedStyles.add(d);
  const levels = new Set<string>();
  for (const story of model.stories) {
    for (const name of ["pStyle", "rStyle", "tblStyle"]) for (const n of model.all(story, name)) if (n.attrs["val"]) usedStyles.add(n.attrs["val"]);
    for (const r of model.all(story, "r")) addRFonts(r.child("rPr"));
    for (const s of model.all(story, "sym")) if (s.attrs["font"]) families.add(s.attrs["font"].trim());
    for (const name of ["latin", "ea", "cs"]) {
      if ((name === "ea" && !scripts.ea) || (name === "cs" && !scripts.cs)) continue;
      for (const n of model.all(story, name)) {
        const f = drawingFamily(n.attrs["typeface"], theme);
        if (f) families.add(f.trim());
      }
    }
    for (const numPr of model.all(story, "numPr")) levels.add(`${numPr.valOf("numId") ?? ""}:${numPr.valOf("ilvl") ?? "0"}`);
  }
  for (const id of usedStyles) {
    for (const s of styles.chain(id)) {
      addRFonts(s.node.child("rPr"));
      const numPr = s.node.child("pPr")?.child("numPr");
      if (numPr) levels.add(`${numPr.valOf("numId") ?? ""}:${numPr.valOf("ilvl") ?? "0"}`);
    }
  }
  addListFonts(model, levels, addRFonts);
  families.delete("");
  return families;
};

/** The fonts of the list levels in use (bullets are often Symbol or Wingdings). */
const addListFonts = (model: Model, levels: Set<string>, add: (rPr: XEl | undefined) => void) => {
  const root = model.numbering?.root;
  if (!root || levels.size === 0) return;
  const abstracts = new Map(root.childrenNamed("abstractNum").map((a) => [a.attrs["abstractNumId"] ?? "", a]));
  const nums = new Map(root.childrenNamed("num").map((n) => [n.attrs["numId"] ?? "", n]));
  for (const key of levels) {
    const [numId, ilvl] = key.split(":") as [string, string];
    const num = nums.get(numId);
    const abstract = abstracts.get(num?.valOf("abstractNumId") ?? "");
    const lvl = abstract?.childrenNamed("lvl").find((l) => (l.attrs["ilvl"] ?? "0") === ilvl);
    add(lvl?.child("rPr"));
  }
};

const list = (names: string[]) => names.slice(0, 6).join(", ") + (names.length > 6 ? ` and ${names.length - 6} more` : "");

export const checkFonts = (model: Model, ctx: ReviewContext, text: string): Finding[] => {
  const embedded = new Set<string>();
  const symbolCharset = new Set<string>();
  const altNames = new Map<string, string>();
  for (const f of model.docx.related("fontTable")?.root.childrenNamed("font") ?? []) {
    const name = (f.attrs["name"] ?? "").trim().toLowerCase();
    if (f.children.some((c) => c.local.startsWith("embed"))) embedded.add(name);
    if ((f.valOf("charset") ?? "").toLowerCase() === "02") symbolCharset.add(name);
    const alt = f.valOf("altName");
    if (alt) altNames.set(name, alt.trim().toLowerCase());
  }
  const substituted: string[] = [];
  const symbols: string[] = [];
  const missing: string[] = [];
  const byKey = new Map<string, string>();
  for (const family of usedFonts(model, text)) if (!byKey.has(family.toLowerCase())) byKey.set(family.toLowerCase(), family);
  for (const [key, family] of [...byKey].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (ctx.fonts.has(key) || embedded.has(key)) continue;
    const substitute = metricSubstitutes[key]?.toLowerCase() ?? altNames.get(key);
    if (substitute && ctx.fonts.has(substitute)) substituted.push(`${family} (as ${substitute.replace(/\b\w/g, (c) => c.toUpperCase())})`);
    else if (SYMBOL_FONTS.test(key) || symbolCharset.has(key)) symbols.push(family);
    else missing.push(family);
  }
  const out: Finding[] = [];
  if (missing.length > 0) {
    out.push(
      finding(
        "docx.font_missing",
        "warning",
        "style",
        `Font${missing.length === 1 ? "" : "s"} not installed here and not embedded in the file: ${list(missing)}. The PDF draws ${missing.length === 1 ? "it" : "them"} with another font, so lines and pages may break differently than in Word.`,
      ),
    );
  }
  if (substituted.length > 0) {
    out.push(
      finding(
        "docx.font_substituted",
        "info",
        "style",
        `Font${substituted.length === 1 ? "" : "s"} drawn with a metric-compatible substitute: ${list(substituted)}; the layout is the same.`,
      ),
    );
  }
  if (symbols.length > 0) {
    out.push(
      finding(
        "docx.symbol_font_missing",
        "info",
        "style",
        `Symbol font${symbols.length === 1 ? "" : "s"} not installed here: ${list(symbols)}; bullets or symbols in ${symbols.length === 1 ? "it" : "them"} may look different in the PDF.`,
      ),
    );
  }
  return out;
};
