/**
 * A small deterministic reader of the free-text `style` field (service-interface.md, `style`:
 * "the look in free words; unmet parts are listed in `style_unsupported`"). It knows common words
 * in English and Spanish for the fields of `style_applied` and nothing else; the model-driven
 * reader, when configured, handles the rest later.
 *
 * The text is split into clauses (at `,` `;` `.` and the words "and" / "y", never inside quotes
 * or between the digits of a number such as `1.5` or `1,5`). Each clause is read by a row of
 * recognisers; a clause that none of them understands is returned verbatim in `unsupported`, and the
 * words a recogniser did not use ("bold" in "Arial 12 bold") are returned too, so nothing the
 * caller asked for is dropped silently.
 * Matching is case- and accent-insensitive; font names and quoted text keep the caller's spelling.
 */
import { colourPattern, colourValue } from "./colors.ts";
import { genericFonts, knownFontPattern, knownFonts } from "./fonts.ts";
import type { Alignment, StyleApplied, StyleColors } from "./types.ts";

export interface StyleReading {
  applied: StyleApplied;
  unsupported: string[];
  /** How many clauses were understood. */
  understood: number;
}

export function readStyle(text: string, base: StyleApplied): StyleReading {
  let applied: StyleApplied = { ...base, colors: { ...base.colors }, align: { ...base.align } };
  const unsupported: string[] = [];
  let understood = 0;
  for (const clause of splitClauses(text)) {
    const result = readClause(clause, applied);
    if (result) {
      applied = result.style;
      understood++;
      if (result.rest) unsupported.push(result.rest);
    } else {
      unsupported.push(clause);
    }
  }
  return { applied, unsupported, understood };
}

// --- clauses -------------------------------------------------------------------------------------

const closing: Record<string, string> = { '"': '"', "“": "”", "«": "»", "‘": "’", "'": "'" };

export function splitClauses(text: string): string[] {
  const clauses: string[] = [];
  let current = "";
  let quote: string | null = null;
  const push = () => {
    const clause = current.trim();
    if (clause !== "") clauses.push(clause);
    current = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote !== null) {
      current += ch;
      if (ch === quote || (quote === "”" && ch === '"')) quote = null;
      continue;
    }
    // A straight apostrophe opens a quote only at a word start, so "don't" stays one word.
    if (ch in closing && (ch !== "'" || i === 0 || /[\s:(]/.test(text[i - 1]!))) {
      quote = closing[ch]!;
      current += ch;
      continue;
    }
    const betweenDigits = /\d/.test(text[i - 1] ?? "") && /\d/.test(text[i + 1] ?? "");
    if ((ch === "," || ch === ".") && !betweenDigits) {
      push();
      continue;
    }
    if (ch === ";" || ch === "\n") {
      push();
      continue;
    }
    // "espacio y medio", "one and a half": a half is part of the number, not a new clause.
    const word = /^\s(and|y)\s(?!(?:medi[oa]|a half)\b)/i.exec(text.slice(i, i + 12));
    if (word) {
      push();
      i += word[0].length - 2; // the loop's i++ steps over the trailing space
      continue;
    }
    current += ch;
  }
  push();
  return clauses;
}

// --- one clause ------------------------------------------------------------------------------------

/**
 * A clause being read: `text` is the folded (lower case, no accents) form, `original` the same
 * length in the caller's spelling; recognisers blank out what they used so later ones (the font
 * family, which takes "whatever name is left") do not read it again.
 */
interface Clause {
  text: string;
  original: string;
  /** A colour or an alignment was given to the title, headings or accents the clause names. */
  targeted?: boolean;
}

type Recogniser = (clause: Clause, style: StyleApplied) => StyleApplied | null;

function readClause(raw: string, style: StyleApplied): { style: StyleApplied; rest: string | null } | null {
  const clause: Clause = { text: fold(raw), original: raw };
  let current = style;
  let any = false;
  for (const recognise of recognisers) {
    const before = { ...clause };
    const next = recognise(clause, current);
    if (next) {
      current = next;
      any = true;
    } else {
      // A recogniser that declines gives back what it took ("40 cm" of rejected margins is still the caller's).
      Object.assign(clause, before);
    }
  }
  return any ? { style: current, rest: rest(clause) } : null;
}

/**
 * Words that carry no request of their own once the clause was read ("headings in navy", "letra Arial de
 * 12 puntos", "interlineado de 1,5 líneas"), folded.
 */
const filler = new Set([
  "a", "an", "the", "el", "la", "los", "las", "lo", "un", "una", "de", "del", "al", "en", "in", "on", "at", "of", "for",
  "para", "por", "with", "con", "to", "is", "are", "be", "es", "sea", "use", "using", "usar", "usa", "utiliza", "utilizar",
  "please", "favor", "set", "all", "todo", "toda", "todos", "todas", "throughout", "whole", "entire", "document", "documento",
  "text", "texto", "body", "cuerpo", "color", "colour", "colors", "colours", "colores", "font", "fuente", "letra", "size",
  "tamano", "line", "lines", "linea", "lineas", "spacing", "pt", "points", "puntos", "page", "pages", "pagina", "paginas",
  "main", "principal", "primary", "primario", "as", "como", "y", "and", "e", "o", "or",
]);

/** What the recognisers left unread, in the caller's spelling, when it holds more than filler words. */
function rest(clause: Clause): string | null {
  const words = clause.text.split(/[^\p{L}\p{N}#]+/u).filter((w) => w !== "");
  const target = (word: string) => clause.targeted && [titleWord, headingsWord, accentWord].some((p) => p.test(word));
  if (words.every((w) => filler.has(w) || target(w))) return null;
  return clause.original.replace(/\s+/g, " ").replace(/^[\s:=,-]+|[\s:=,-]+$/g, "");
}

/** Lower case without accents, one character per character so indices match the original. */
function fold(text: string): string {
  return [...text]
    .map((ch) => {
      const plain = ch.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
      return plain.length === 1 ? plain : ch.toLowerCase().slice(0, 1) || " ";
    })
    .join("");
}

/** Finds `pattern` in the folded text, blanks it out, and returns the match. */
function take(clause: Clause, pattern: RegExp): RegExpExecArray | null {
  const match = pattern.exec(clause.text);
  if (match) blank(clause, match.index, match.index + match[0].length);
  return match;
}

function blank(clause: Clause, from: number, to: number): void {
  const spaces = " ".repeat(to - from);
  clause.text = clause.text.slice(0, from) + spaces + clause.text.slice(to);
  clause.original = clause.original.slice(0, from) + spaces + clause.original.slice(to);
}

function has(clause: Clause, pattern: RegExp): boolean {
  return pattern.test(clause.text);
}

const negation = /\b(no|not|don'?t|without|sin|hide|omit|remove|quitar|ningun[oa]?)\b/;

function quoted(clause: Clause): string | null {
  const match = /["“«‘']([^"”»’']+)["”»’']/.exec(clause.original);
  return match ? match[1]!.trim() : null;
}

function toggle(clause: Clause, pattern: RegExp): boolean | null {
  if (!take(clause, pattern)) return null;
  return !take(clause, negation);
}

// --- recognisers -------------------------------------------------------------------------------------

const headerFooter: Recogniser = (clause, style) => {
  const text = quoted(clause) ?? colonText(clause);
  if (text === null) return null;
  let next: StyleApplied | null = null;
  if (has(clause, /\b(header|encabezado|cabecera)\b/)) next = { ...style, header: text };
  else if (has(clause, /\b(footer|pie de pagina|pie)\b/)) next = { ...style, footer: text };
  // The whole clause is used: the caller's text must not be read again as colours or fonts.
  if (next) clause.text = clause.original = " ".repeat(clause.text.length);
  return next;
};

/**
 * `encabezado: ACME` — the words after a colon, in the caller's spelling. "footer: page numbers"
 * asks for page numbers, not for those words, so it is left to the page-number recogniser.
 */
function colonText(clause: Clause): string | null {
  const at = clause.original.indexOf(":");
  const text = at >= 0 ? clause.original.slice(at + 1).trim() : "";
  if (text === "" || /numer|pagin/.test(fold(text))) return null;
  return text;
}

const pageNumbers: Recogniser = (clause, style) => {
  const on = toggle(
    clause,
    /\b(page numbers?|page numbering|numbered pages|number(ed)? the pages|paginate[ds]?|numeros? de pagina|numeracion( de (las )?paginas)?|paginas numeradas|numerar (las )?paginas|paginacion|paginad[oa]s?)\b/,
  );
  return on === null ? null : { ...style, page_numbers: on };
};

const tableOfContents: Recogniser = (clause, style) => {
  const on = toggle(clause, /\b(table of contents|contents page|toc|indice|tabla de contenidos?|sumario)\b/);
  return on === null ? null : { ...style, table_of_contents: on };
};

const coverPage: Recogniser = (clause, style) => {
  const on = toggle(clause, /\b(cover page|cover|title page|portada|pagina de titulo)\b/);
  return on === null ? null : { ...style, cover_page: on };
};

const orientation: Recogniser = (clause, style) => {
  if (take(clause, /\b(landscape|horizontal|apaisad[oa])\b/)) return { ...style, orientation: "landscape" };
  if (take(clause, /\b(portrait|vertical)\b/)) return { ...style, orientation: "portrait" };
  return null;
};

const marginWords: Record<string, number> = {
  narrow: 1.27, estrechos: 1.27, estrechas: 1.27, reducidos: 1.27,
  wide: 3.5, amplios: 3.5, anchos: 3.5, normal: 2.5, normales: 2.5,
};

const margins: Recogniser = (clause, style) => {
  if (!has(clause, /\b(margins?|margen(es)?)\b/)) return null;
  const size = take(clause, /(\d+(?:[.,]\d+)?)\s*(cm|mm|in|inch(?:es)?|pulgadas?|"|centimetros?|centimeters?|centimetres?|milimetros?|millimet(?:er|re)s?)?(?![\w.])/);
  let cm: number | null = null;
  if (size) {
    const value = Number(size[1]!.replace(",", "."));
    const unit = size[2] ?? "cm";
    cm = unit.startsWith("m") ? value / 10 : /^(in|inch|pulgada|")/.test(unit) ? value * 2.54 : value;
  } else {
    const word = take(clause, /\b(narrow|estrech[oa]s|reducidos|wide|amplios|anchos|normal(es)?)\b/);
    if (word) cm = marginWords[word[1]!] ?? null;
  }
  // Below half a centimetre printers clip; above six the page is mostly margin.
  if (cm === null || cm < 0.5 || cm > 6) return null;
  take(clause, /\b(margins?|margen(es)?)\b/);
  return { ...style, margins_cm: Math.round(cm * 100) / 100 };
};

const spacingWords: Record<string, number> = { single: 1, sencillo: 1, simple: 1, double: 2, doble: 2 };

const spacingKeyword = /\b(line[- ]spacing|line[- ]height|altura de linea|spacing|spaced|space|interlineado|interlineal|interlinea|espaciado|espacio)\b/;
/** One and a half lines in words: "espacio y medio", "one and a half spacing", "one-and-a-half". */
const oneAndAHalf = /\b(?:one|1)[- ]and[- ]a[- ]half\b|\b(?:uno|una) y medi[oa]\b|\by medio\b/;
/** A multiple written as such ("1.5x", "1,15×"), a spacing even without the word. */
const multiple = /(\d+(?:[.,]\d+)?)\s*[x×](?![\p{L}\p{N}])/u;

const lineSpacing: Recogniser = (clause, style) => {
  if (!has(clause, spacingKeyword) && !has(clause, multiple)) return null;
  let value: number | null = null;
  const word = take(clause, /\b(single|sencillo|simple|double|doble)\b/);
  if (word) value = spacingWords[word[1]!]!;
  else if (take(clause, oneAndAHalf)) value = 1.5;
  else {
    // "1.5", "1.5x", "150%" (of a single line).
    const number = take(clause, multiple) ?? take(clause, /(\d+(?:[.,]\d+)?)\s*(%)?(?![\w.%])/);
    if (number) value = Number(number[1]!.replace(",", ".")) / (number[2] === "%" ? 100 : 1);
  }
  if (value === null || value < 0.8 || value > 3) return null;
  while (take(clause, spacingKeyword)); // "interlineado de espacio y medio" names it twice
  // Word's name for a spacing given as a multiple of the line ("interlineado múltiple 1,15").
  take(clause, /\b(multiple|multiplo)\b/);
  return { ...style, line_spacing: value };
};

const fontSize: Recogniser = (clause, style) => {
  // Sizes of titles or headings have no field in `style_applied`: leave them unsupported.
  if (has(clause, /\b(titles?|titulos?|headings?|encabezados?)\b/)) return null;
  const match =
    take(clause, /(?:\b(?:font size|font-size|size|tamano(?: de (?:letra|fuente))?|cuerpo)\b\s*(?:de\s+|of\s+|:\s*)?)?(\d+(?:[.,]\d+)?)\s*-?\s*(?:pt|pts|points?|puntos?)(?![\w])/) ??
    take(clause, /\b(?:font size|font-size|size|tamano(?: de (?:letra|fuente))?|cuerpo)\b\s*(?:de\s+|of\s+|:\s*)?(\d+(?:[.,]\d+)?)(?![\w.])/) ??
    // "Arial 12", "letra Arial de 12": a bare number beside a font is its size.
    (namesFont(clause) ? take(clause, /(?<![\w.,#])(\d+(?:[.,]\d+)?)(?![\w.%]|\s*(?:cm|mm|in|inch|pulgada|centimet|milimet|millimet|%|"|lines|lineas)\b)/) : null);
  if (!match) return null;
  const value = Number(match[1]!.replace(",", "."));
  if (value < 6 || value > 72) return null;
  return { ...style, font_size: value };
};

// --- colours ---------------------------------------------------------------------------------------

// Singular "title"/"título" is the document title; plurals mean the section headings.
const titleWord = /\b(title|titulo)\b/;
const headingsWord = /\b(headings?|headers|titles|titulos|titulares|subtitulos|encabezados|secciones)\b/;
const accentWord = /\b(accents?|acentos?|links?|enlaces?|highlights?|destacados?)\b/;

/** A colour said twice, the second in brackets ("dark blue (#1F3864)"): one colour, the code the exact one. */
const bracketed = new RegExp(`^\\s*\\(\\s*(?:${colourPattern.source})\\s*\\)`);

const colours: Recogniser = (clause, style) => {
  const match = take(clause, colourPattern);
  if (!match) return null;
  const again = bracketed.exec(clause.text.slice(match.index + match[0].length));
  if (again) blank(clause, match.index + match[0].length, match.index + match[0].length + again[0].length);
  const hex = colourValue(again?.[1] ? again : match);
  const colors: StyleColors = { ...style.colors };
  const targets = {
    title: has(clause, titleWord),
    headings: has(clause, headingsWord),
    text: has(clause, /\b(text|body|texto|cuerpo)\b/),
    accent: has(clause, accentWord),
  };
  clause.targeted = true;
  // A bare colour ("blue", "azul corporativo") colours what carries the design: title, headings
  // and accent; body text stays dark for legibility.
  const bare = !targets.title && !targets.headings && !targets.text && !targets.accent;
  if (targets.title || bare) colors.title = hex;
  if (targets.headings || bare) colors.headings = hex;
  if (targets.text) colors.text = hex;
  if (targets.accent || bare) colors.accent = hex;
  return { ...style, colors };
};

// --- alignment -------------------------------------------------------------------------------------

const alignWords: Array<[RegExp, Alignment]> = [
  [/\b(justif(y|ied|ication)|justificad[oa]s?|justificacion)\b/, "justify"],
  [/\b(cent(er|re|ered|red)|centrad[oa]s?)\b/, "center"],
  [/\b(left|izquierda)\b/, "left"],
  [/\b(right|derecha)\b/, "right"],
];

const alignment: Recogniser = (clause, style) => {
  if (has(clause, negation)) return null;
  let value: Alignment | null = null;
  for (const [pattern, align] of alignWords) {
    if (take(clause, pattern)) {
      value = align;
      break;
    }
  }
  if (value === null) return null;
  take(clause, /\b(align(ed|ment)?|alinead[oa]s?|alineacion|alinear)\b/);
  const align = { ...style.align };
  const title = has(clause, titleWord);
  const headings = has(clause, headingsWord);
  clause.targeted = true;
  if (title) align.title = value;
  if (headings) align.headings = value;
  if (!title && !headings) align.body = value;
  return { ...style, align };
};

// --- font family -------------------------------------------------------------------------------------

const fontKeyword = /\b(font family|font|fuente|tipografia|typeface|tipo de letra|letra)\b\s*(?:family\s*)?(?:de\s+|is\s+|:\s*|=\s*)?/;

const fontFamily: Recogniser = (clause, style) => {
  // `style_applied` has one font: a font for the title or headings alone is not it.
  if (has(clause, titleWord) || has(clause, headingsWord)) return null;
  const known = take(clause, knownFontPattern);
  if (known) {
    take(clause, fontKeyword);
    return { ...style, font: knownFonts.find((f) => f.toLowerCase() === known[1])! };
  }
  for (const [pattern, font] of genericFonts) {
    if (take(clause, pattern)) {
      take(clause, fontKeyword);
      return { ...style, font };
    }
  }
  const keyword = take(clause, fontKeyword);
  if (!keyword) return null;
  const inQuotes = /["“«‘']([^"”»’']+)["”»’']/.exec(clause.original);
  const name = inQuotes ? { name: inQuotes[1]!.trim(), end: inQuotes.index + inQuotes[0].length } : nameAfter(clause.original, keyword.index + keyword[0].length);
  if (!name) return null;
  blank(clause, inQuotes?.index ?? keyword.index, name.end);
  return { ...style, font: name.name };
};

function namesFont(clause: Clause): boolean {
  return has(clause, knownFontPattern) || has(clause, fontKeyword) || genericFonts.some(([pattern]) => has(clause, pattern));
}

/** Words that end a font name ("fuente Lora para el texto") or show it is no name ("font larger"). */
const notName = new Set([
  "for", "para", "in", "en", "with", "con", "de", "del", "the", "el", "la", "on", "at", "throughout",
  "size", "tamano", "bigger", "larger", "smaller", "mas", "more", "grande", "pequena", "bold", "negrita",
]);

/** Up to three words of letters after `at`, capitalised when the caller wrote them lower case, and where they end. */
function nameAfter(text: string, at: number): { name: string; end: number } | null {
  const words: string[] = [];
  let end = at;
  for (const found of text.slice(at).matchAll(/\S+/g)) {
    const word = found[0];
    if (words.length === 3 || !/^[\p{L}][\p{L}\d-]*$/u.test(word) || notName.has(fold(word))) break;
    words.push(word === word.toLowerCase() ? word[0]!.toUpperCase() + word.slice(1) : word);
    end = at + found.index! + word.length;
  }
  return words.length > 0 ? { name: words.join(" "), end } : null;
}

/**
 * Order matters: header/footer first (their quoted text may hold any word), then the fields with
 * keywords, then colours and alignment, and the font family last because it takes any name left.
 */
const recognisers: Recogniser[] = [
  headerFooter,
  pageNumbers,
  tableOfContents,
  coverPage,
  orientation,
  margins,
  lineSpacing,
  fontSize,
  colours,
  alignment,
  fontFamily,
];
