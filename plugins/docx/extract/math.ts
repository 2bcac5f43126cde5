/**
 * Office Math (OMML) as TeX between dollars, the form Markdown readers (GitHub, pandoc, KaTeX) understand:
 * fractions, scripts, radicals, delimiters, n-ary operators, functions, accents, limits, matrices and equation
 * arrays. Other constructs keep their text in order, so nothing is dropped.
 */
import { child, childrenNamed, kids, type XEl } from "../../../core/ooxml/xml/tree.ts";

const NARY: Record<string, string> = { "∑": "\\sum", "∏": "\\prod", "∐": "\\coprod", "∫": "\\int", "∬": "\\iint", "∭": "\\iiint", "∮": "\\oint", "⋃": "\\bigcup", "⋂": "\\bigcap" };
const ACCENT: Record<string, string> = { "̂": "\\hat", "̃": "\\tilde", "̄": "\\bar", "̇": "\\dot", "̈": "\\ddot", "⃗": "\\vec", "́": "\\acute", "̀": "\\grave", "̆": "\\breve" };

const texText = (s: string): string => s.replace(/[\\{}$%#&_^]/g, (c) => (c === "\\" ? "\\backslash " : `\\${c}`));

const prop = (el: XEl, prName: string, name: string): string | undefined => child(child(el, prName), name)?.attrs["val"];

const arg = (el: XEl, name: string): string => {
  const c = child(el, name);
  return c ? inner(c) : "";
};

const inner = (el: XEl): string => {
  let s = "";
  for (const c of kids(el)) s += tex(c);
  return s;
};

const tex = (el: XEl): string => {
  switch (el.local) {
    case "t":
      return texText(el.text);
    case "f":
      return `\\frac{${arg(el, "num")}}{${arg(el, "den")}}`;
    case "sSup":
      return `{${arg(el, "e")}}^{${arg(el, "sup")}}`;
    case "sSub":
      return `{${arg(el, "e")}}_{${arg(el, "sub")}}`;
    case "sSubSup":
      return `{${arg(el, "e")}}_{${arg(el, "sub")}}^{${arg(el, "sup")}}`;
    case "sPre":
      return `{}_{${arg(el, "sub")}}^{${arg(el, "sup")}}{${arg(el, "e")}}`;
    case "rad": {
      const deg = arg(el, "deg");
      return deg ? `\\sqrt[${deg}]{${arg(el, "e")}}` : `\\sqrt{${arg(el, "e")}}`;
    }
    case "d": {
      const open = prop(el, "dPr", "begChr") ?? "(";
      const close = prop(el, "dPr", "endChr") ?? ")";
      const sep = prop(el, "dPr", "sepChr") ?? ",";
      const side = (c: string) => (c === "" ? "." : c === "{" || c === "}" ? `\\${c}` : c);
      return `\\left${side(open)}${childrenNamed(el, "e").map(inner).join(sep)}\\right${side(close)}`;
    }
    case "nary": {
      const chr = prop(el, "naryPr", "chr") ?? "∫";
      const sub = arg(el, "sub");
      const sup = arg(el, "sup");
      return `${NARY[chr] ?? chr}${sub ? `_{${sub}}` : ""}${sup ? `^{${sup}}` : ""}{${arg(el, "e")}}`;
    }
    case "func":
      return `${arg(el, "fName")}{${arg(el, "e")}}`;
    case "acc": {
      const chr = prop(el, "accPr", "chr") ?? "̂";
      return `${ACCENT[chr] ?? "\\hat"}{${arg(el, "e")}}`;
    }
    case "bar":
      return `\\overline{${arg(el, "e")}}`;
    case "limLow":
      return `{${arg(el, "e")}}_{${arg(el, "lim")}}`;
    case "limUpp":
      return `{${arg(el, "e")}}^{${arg(el, "lim")}}`;
    case "eqArr":
      return `\\begin{aligned}${childrenNamed(el, "e").map(inner).join("\\\\")}\\end{aligned}`;
    case "m":
      return `\\begin{matrix}${childrenNamed(el, "mr").map((r) => childrenNamed(r, "e").map(inner).join("&")).join("\\\\")}\\end{matrix}`;
    default:
      return el.local.endsWith("Pr") ? "" : inner(el);
  }
};

/** TeX for an `m:oMath` (or any math element). */
export const mathTex = (el: XEl): string => tex(el).trim();
