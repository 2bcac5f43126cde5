/**
 * Office Math (OMML) as TeX between dollars, the form Markdown readers (GitHub, pandoc, KaTeX) understand:
 * fractions, scripts, radicals, delimiters, n-ary operators, functions, accents, limits, braces, boxes, matrices and
 * equation arrays; Greek letters and operators as TeX commands. Other constructs keep their text in order, so
 * nothing is dropped. The TeX is written as it is: the Markdown writer escapes nothing inside `$…$`.
 */
import { child, childrenNamed, kids, type XEl } from "../../../core/ooxml/xml/tree.ts";

const NARY: Record<string, string> = { "∑": "\\sum", "∏": "\\prod", "∐": "\\coprod", "∫": "\\int", "∬": "\\iint", "∭": "\\iiint", "∮": "\\oint", "⋃": "\\bigcup", "⋂": "\\bigcap" };
const ACCENT: Record<string, string> = { "̂": "\\hat", "̃": "\\tilde", "̄": "\\bar", "̇": "\\dot", "̈": "\\ddot", "⃗": "\\vec", "́": "\\acute", "̀": "\\grave", "̆": "\\breve" };

/** Characters of math text as TeX commands: Greek letters and the operators and relations Word's equations use. */
const SYMBOLS: Record<string, string> = {
  α: "\\alpha", β: "\\beta", γ: "\\gamma", δ: "\\delta", ε: "\\epsilon", ϵ: "\\epsilon", ζ: "\\zeta", η: "\\eta", θ: "\\theta", ϑ: "\\vartheta", ι: "\\iota",
  κ: "\\kappa", λ: "\\lambda", μ: "\\mu", ν: "\\nu", ξ: "\\xi", π: "\\pi", ρ: "\\rho", σ: "\\sigma", ς: "\\varsigma", τ: "\\tau", υ: "\\upsilon",
  φ: "\\phi", ϕ: "\\phi", χ: "\\chi", ψ: "\\psi", ω: "\\omega", Γ: "\\Gamma", Δ: "\\Delta", Θ: "\\Theta", Λ: "\\Lambda", Ξ: "\\Xi", Π: "\\Pi",
  Σ: "\\Sigma", Υ: "\\Upsilon", Φ: "\\Phi", Ψ: "\\Psi", Ω: "\\Omega", "±": "\\pm", "∓": "\\mp", "×": "\\times", "÷": "\\div", "·": "\\cdot", "⋅": "\\cdot",
  "∗": "\\ast", "≤": "\\le", "≥": "\\ge", "≠": "\\ne", "≈": "\\approx", "≡": "\\equiv", "∼": "\\sim", "≅": "\\cong", "∝": "\\propto", "∞": "\\infty",
  "∂": "\\partial", "∇": "\\nabla", "∈": "\\in", "∉": "\\notin", "∋": "\\ni", "⊂": "\\subset", "⊆": "\\subseteq", "⊃": "\\supset", "⊇": "\\supseteq",
  "∪": "\\cup", "∩": "\\cap", "∅": "\\emptyset", "∀": "\\forall", "∃": "\\exists", "¬": "\\neg", "∧": "\\wedge", "∨": "\\vee", "→": "\\to",
  "←": "\\leftarrow", "↔": "\\leftrightarrow", "⇒": "\\Rightarrow", "⇐": "\\Leftarrow", "⇔": "\\Leftrightarrow", "…": "\\ldots", "⋯": "\\cdots",
  "′": "'", "″": "''", "−": "-", "∑": "\\sum", "∏": "\\prod", "∫": "\\int", "√": "\\surd", "°": "^{\\circ}", "ℏ": "\\hbar", "ℓ": "\\ell",
  "⟨": "\\langle", "⟩": "\\rangle", "〈": "\\langle", "〉": "\\rangle", "‖": "\\|", "⌈": "\\lceil", "⌉": "\\rceil", "⌊": "\\lfloor", "⌋": "\\rfloor",
};

/**
 * Text of a math run as TeX. `^` and `_` stay script operators: an equation in Word's linear format keeps its text as
 * typed (`y^2`, `x_(i+1)`), and a grouping in parentheses after them is a TeX group. Characters TeX reads as syntax
 * are escaped, and symbols become commands (a space after each, so a letter after it does not join its name).
 */
const texText = (s: string): string =>
  s
    .replace(/([\\{}$%#&])|[^\x00-\x7f]/g, (c, syntax?: string) => (syntax ? (c === "\\" ? "\\backslash " : `\\${c}`) : SYMBOLS[c] ? `${SYMBOLS[c]!}${/^\\[A-Za-z]+$/.test(SYMBOLS[c]!) ? " " : ""}` : c))
    .replace(/([\^_])\(([^()]*)\)/g, "$1{$2}");

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
    case "func": {
      // `sin`, `log`, `lim`… are written upright, as Word shows them, with TeX's own commands.
      const name = arg(el, "fName").replace(/(^|[^\\A-Za-z])(sin|cos|tan|cot|sec|csc|arcsin|arccos|arctan|sinh|cosh|tanh|log|ln|lg|exp|lim|max|min|sup|inf|det|gcd|deg|dim|ker|arg)(?![A-Za-z])/g, "$1\\$2");
      return `${name}{${arg(el, "e")}}`;
    }
    case "groupChr": {
      const chr = prop(el, "groupChrPr", "chr") ?? "⏟";
      return chr === "⏞" || prop(el, "groupChrPr", "pos") === "top" ? `\\overbrace{${arg(el, "e")}}` : `\\underbrace{${arg(el, "e")}}`;
    }
    case "borderBox":
      return `\\boxed{${arg(el, "e")}}`;
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
export const mathTex = (el: XEl): string =>
  tex(el)
    // The space after a command is needed only before a letter.
    .replace(/(\\[A-Za-z]+) (?![A-Za-z])/g, "$1")
    .trim();
