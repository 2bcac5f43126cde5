/**
 * A small deterministic reader of the free-text `style` field (service-interface.md, `style`:
 * "the look in free words; unmet parts are listed in `style_unsupported`"). It knows common words
 * in English, Spanish, German, French, Italian, Portuguese, Dutch and Catalan (words.ts) for the
 * fields of `style_applied` and nothing else; the model-driven reader, when configured, handles the rest later.
 *
 * The text is split into clauses (at `,` `;` `.` and the words "and" / "y" / "und" / "et" / "e" / "i",
 * never inside quotes or between the digits of a number such as `1.5` or `1,5`). Each clause is read by a
 * row of recognisers; a clause that none of them understands is returned verbatim in `unsupported`, and the
 * words a recogniser did not use ("bold" in "Arial 12 bold") are returned too, so nothing the
 * caller asked for is dropped silently. What was understood is never listed, and a phrase that qualifies a
 * setting (page numbers "abajo a la derecha") is read with that setting, whole, and never as a setting of its own.
 * Matching is case- and accent-insensitive; font names and quoted text keep the caller's spelling.
 */
import { colourNamePattern, hexPattern, hexValue, namedValue } from "./colors.ts";
import { genericFonts, knownFontPattern, knownFonts } from "./fonts.ts";
import type { Alignment, StyleApplied, StyleColors } from "./types.ts";
import * as w from "./words.ts";

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
  let pages = false;
  for (const clause of splitClauses(text)) {
    // "numeración de páginas, abajo a la derecha": a place on its own after the page numbers is theirs.
    const place: PagePosition | null = pages ? positionOnly(clause) : null;
    const result: ClauseReading | null = place ? { style: placed(applied, place), rest: [], pages: false } : readClause(clause, applied);
    if (result) {
      applied = result.style;
      understood++;
      unsupported.push(...result.rest);
      pages = result.pages;
    } else {
      unsupported.push(clause);
      pages = false;
    }
  }
  return { applied, unsupported, understood };
}

// --- clauses -------------------------------------------------------------------------------------

const closing: Record<string, string> = { '"': '"', "“": "”", "«": "»", "‘": "’", "'": "'", "„": "“", "‚": "‘" };

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
    const word = w.andWords.exec(text.slice(i, i + 8));
    if (word && !w.halfWords.test(text.slice(i + word[0].length))) {
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
  /** Whole phrases a recogniser read as asking what `style_applied` cannot say. */
  unmet: string[];
  /** The clause asked for page numbers, so a place in the next clause may be theirs. */
  pages?: boolean;
}

type Recogniser = (clause: Clause, style: StyleApplied) => StyleApplied | null;

interface ClauseReading {
  style: StyleApplied;
  /** What of the clause stays unsupported, each a whole phrase in the caller's spelling. */
  rest: string[];
  pages: boolean;
}

function readClause(raw: string, style: StyleApplied): ClauseReading | null {
  const clause: Clause = { text: fold(raw), original: raw, unmet: [] };
  let current = style;
  let any = false;
  for (const recognise of recognisers) {
    const before = { ...clause, unmet: [...clause.unmet] };
    const next = recognise(clause, current);
    if (next) {
      current = next;
      any = true;
    } else {
      // A recogniser that declines gives back what it took ("40 cm" of rejected margins is still the caller's).
      Object.assign(clause, before);
    }
  }
  if (!any) return null;
  const left = rest(clause);
  return { style: current, rest: left === null ? clause.unmet : [...clause.unmet, left], pages: clause.pages === true };
}

/** A clause that is nothing but a place ("abajo a la derecha"): where, or null when it is more or none. */
function positionOnly(raw: string): PagePosition | null {
  const clause: Clause = { text: fold(raw), original: raw, unmet: [] };
  const position = pagePosition(clause);
  return position !== null && rest(clause) === null ? position : null;
}

/**
 * What the recognisers left unread, in the caller's spelling: from its first to its last word that is neither
 * filler nor a target the clause's colour or alignment went to, so "títulos en … corporativo" does not come back
 * as "títulos en corporativo" and an understood word never comes back at all.
 */
function rest(clause: Clause): string | null {
  const targets = [w.titleWord, w.headingsWord, w.accentWord, w.textWord];
  const words = [...clause.text.matchAll(/[\p{L}\p{N}#]+/gu)].map((m) => ({
    from: m.index!,
    to: m.index! + m[0].length,
    target: clause.targeted === true && targets.some((p) => p.test(m[0])),
    filler: w.filler.has(m[0]),
  }));
  const kept = words.filter((word) => !word.target && !word.filler);
  if (kept.length === 0) return null;
  let original = clause.original;
  for (const word of words) if (word.target) original = original.slice(0, word.from) + " ".repeat(word.to - word.from) + original.slice(word.to);
  return original
    .slice(kept[0]!.from, kept.at(-1)!.to)
    .replace(/\(\s*\)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Lower case without accents, one character per character so indices match the original. */
function fold(text: string): string {
  return [...text]
    .map((ch) => {
      if (ch === "ß" || ch === "ẞ") return "s";
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

/**
 * Quoted text opens at a clause or word start, so the apostrophe of "l'intestazione 'Bozza'" or "a l'esquerra"
 * opens nothing; „…“ and « … » are quotes too.
 */
const quotedText = /(?:^|[\s:(=])["“«‘„‚']([^"”»’“‘']+)["”»’“‘']/;

function quoted(clause: Clause): { text: string; from: number; to: number } | null {
  const match = quotedText.exec(clause.original);
  if (!match) return null;
  const from = match.index + match[0].length - match[1]!.length - 2;
  return { text: match[1]!.trim(), from, to: match.index + match[0].length };
}

function toggle(clause: Clause, pattern: RegExp): boolean | null {
  if (!take(clause, pattern)) return null;
  return !take(clause, w.negation);
}

// --- recognisers -------------------------------------------------------------------------------------

const headerFooter: Recogniser = (clause, style) => {
  const text = quoted(clause)?.text ?? colonText(clause);
  if (text === null) return null;
  let next: StyleApplied | null = null;
  if (has(clause, w.headerWord)) next = { ...style, header: text };
  else if (has(clause, w.footerWord)) next = { ...style, footer: text };
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
  if (text === "" || /numer|pagin|seitenzahl|nummer/.test(fold(text))) return null;
  return text;
}

const pageNumbers: Recogniser = (clause, style) => {
  if (!take(clause, w.pageNumbersWord)) return null;
  clause.pages = true;
  const position = pagePosition(clause);
  return placed({ ...style, page_numbers: !take(clause, w.negation) }, position);
};

const positionSpot = new RegExp(`${w.positionWord.source}|${w.headerWord.source}|${w.footerWord.source}`, "g");

/**
 * Where the page numbers go, read with them so "a la derecha" is not taken for the body's alignment: the foot or the
 * head (its words, or the header's and footer's), and a side (a header with none: its right, where its text stands).
 * Null when the clause names no place.
 */
function pagePosition(clause: Clause): PagePosition | null {
  const spots = [...clause.text.matchAll(positionSpot)];
  if (spots.length === 0) return null;
  const last = spots.at(-1)!;
  let from = spots[0]!.index!;
  const to = last.index! + last[0].length;
  for (;;) {
    const lead = /(\p{L}+)['’\s]*$/u.exec(clause.text.slice(0, from));
    if (!lead || !w.positionLead.has(lead[1]!)) break;
    from = lead.index;
  }
  const words = spots.map(([spot]) => spot);
  blank(clause, from, to);
  const header = words.some((spot) => w.headerWord.test(spot));
  const top = header || words.some((spot) => w.positionTop.test(spot));
  const side = words.some((spot) => w.positionRight.test(spot))
    ? "right"
    : words.some((spot) => w.positionLeft.test(spot))
      ? "left"
      : header || words.some((spot) => w.positionCorner.test(spot))
        ? "right"
        : "center";
  return `${top ? "top" : "bottom"}-${side}`;
}

type PagePosition = NonNullable<StyleApplied["page_numbers_position"]>;

/** The style with its page numbers at `position`: the foot's centre, Quire's own place, is said by saying nothing. */
const placed = (style: StyleApplied, position: PagePosition | null): StyleApplied => {
  if (position === null) return style;
  const { page_numbers_position: _, ...rest } = style;
  return position === "bottom-center" ? rest : { ...rest, page_numbers_position: position };
};

const tableOfContents: Recogniser = (clause, style) => {
  const on = toggle(clause, w.tocWord);
  return on === null ? null : { ...style, table_of_contents: on };
};

const coverPage: Recogniser = (clause, style) => {
  const on = toggle(clause, w.coverWord);
  return on === null ? null : { ...style, cover_page: on };
};

const orientation: Recogniser = (clause, style) => {
  if (take(clause, w.landscapeWord)) return { ...style, orientation: "landscape" };
  if (take(clause, w.portraitWord)) return { ...style, orientation: "portrait" };
  return null;
};

const margins: Recogniser = (clause, style) => {
  if (!has(clause, w.marginWord)) return null;
  const size = take(clause, w.marginUnit);
  let cm: number | null = null;
  if (size) {
    const value = Number(size[1]!.replace(",", "."));
    const unit = size[2] ?? "cm";
    cm = unit.startsWith("m") ? value / 10 : /^(in|inch|pulgada|")/.test(unit) ? value * 2.54 : value;
  } else {
    for (const [pattern, value] of w.marginSizes) {
      if (take(clause, pattern)) {
        cm = value;
        break;
      }
    }
  }
  // Below half a centimetre printers clip; above six the page is mostly margin.
  if (cm === null || cm < 0.5 || cm > 6) return null;
  take(clause, w.marginWord);
  return { ...style, margins_cm: Math.round(cm * 100) / 100 };
};

/** A multiple written as such ("1.5x", "1,15×"), a spacing even without the word. */
const multiple = /(\d+(?:[.,]\d+)?)\s*[x×](?![\p{L}\p{N}])/u;

const lineSpacing: Recogniser = (clause, style) => {
  if (!has(clause, w.spacingKeyword) && !has(clause, multiple)) return null;
  let value: number | null = null;
  for (const [pattern, named] of w.spacingNames) {
    if (take(clause, pattern)) {
      value = named;
      break;
    }
  }
  if (value === null && take(clause, w.oneAndAHalf)) value = 1.5;
  if (value === null) {
    // "1.5", "1.5x", "150%" (of a single line).
    const number = take(clause, multiple) ?? take(clause, /(\d+(?:[.,]\d+)?)\s*(%)?(?![\w.%])/);
    if (number) value = Number(number[1]!.replace(",", ".")) / (number[2] === "%" ? 100 : 1);
  }
  if (value === null || value < 0.8 || value > 3) return null;
  while (take(clause, w.spacingKeyword)); // "interlineado de espacio y medio" names it twice
  // Word's name for a spacing given as a multiple of the line ("interlineado múltiple 1,15").
  take(clause, w.spacingMultiple);
  return { ...style, line_spacing: value };
};

const sizeWithUnit = new RegExp(`(?:\\b${w.sizeKeyword}\\b\\s*(?:de\\s+|of\\s+|di\\s+|van\\s+|:\\s*)?)?(\\d+(?:[.,]\\d+)?)\\s*-?\\s*${w.pointUnit}(?![\\w])`);
const sizeAfterWord = new RegExp(`\\b${w.sizeKeyword}\\b\\s*(?:de\\s+|of\\s+|di\\s+|van\\s+|:\\s*)?(\\d+(?:[.,]\\d+)?)(?![\\w.])`);
/** "Arial 12", "police Arial 11": a bare number beside a font is its size, unless a unit says it is something else. */
const sizeBare =
  /(?<![\w.,#])(\d+(?:[.,]\d+)?)(?![\w.%]|\s*(?:cm|mm|in|inch|pulgada|centimet|milimet|millimet|zentimeter|%|"|lines|lineas|zeilen|lignes|righe|linhas|regels|linies)\b)/;

const fontSize: Recogniser = (clause, style) => {
  // Sizes of titles, headings, headers or footers have no field in `style_applied`: leave them unsupported.
  if ([w.titleWord, w.headingsWord, w.headerWord, w.footerWord].some((p) => has(clause, p))) return null;
  const match = take(clause, sizeWithUnit) ?? take(clause, sizeAfterWord) ?? (namesFont(clause) ? take(clause, sizeBare) : null);
  if (!match) return null;
  const value = Number(match[1]!.replace(",", "."));
  if (value < 6 || value > 72) return null;
  return { ...style, font_size: value };
};

// --- colours ---------------------------------------------------------------------------------------

/**
 * A code is the exact colour the caller wants: a name beside it ("azul corporativo #1F4E79", "dark blue (#1F3864)")
 * only describes it, and so does "corporate".
 */
const colours: Recogniser = (clause, style) => {
  const code = take(clause, hexPattern);
  const name = take(clause, colourNamePattern);
  if (!code && !name) return null;
  if (code) take(clause, w.brandWord);
  const hex = code ? hexValue(code[1]!) : namedValue(name![1]!);
  const colors: StyleColors = { ...style.colors };
  const targets = {
    title: has(clause, w.titleWord),
    headings: has(clause, w.headingsWord),
    text: has(clause, w.textWord),
    accent: has(clause, w.accentWord),
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

const alignment: Recogniser = (clause, style) => {
  if (has(clause, w.negation)) return null;
  let value: Alignment | null = null;
  for (const [pattern, align] of w.alignWords) {
    const match = pattern.exec(clause.text);
    // "links in blue" are hyperlinks coloured, not the German or Dutch "left".
    if (!match || (match[1] === "links" && clause.targeted)) continue;
    blank(clause, match.index, match.index + match[0].length);
    value = align;
    break;
  }
  if (value === null) return null;
  take(clause, w.alignVerb);
  const align = { ...style.align };
  const title = has(clause, w.titleWord);
  const headings = has(clause, w.headingsWord);
  clause.targeted = true;
  if (title) align.title = value;
  if (headings) align.headings = value;
  if (!title && !headings) align.body = value;
  return { ...style, align };
};

// --- font family -------------------------------------------------------------------------------------

const fontFamily: Recogniser = (clause, style) => {
  // `style_applied` has one font: a font for the title or headings alone is not it.
  if (has(clause, w.titleWord) || has(clause, w.headingsWord)) return null;
  const known = take(clause, knownFontPattern);
  if (known) {
    take(clause, w.fontKeyword);
    return { ...style, font: knownFonts.find((f) => f.toLowerCase() === known[1])! };
  }
  for (const [pattern, font] of genericFonts) {
    if (take(clause, pattern)) {
      take(clause, w.fontKeyword);
      return { ...style, font };
    }
  }
  const keyword = take(clause, w.fontKeyword);
  if (!keyword) return null;
  const inQuotes = quoted(clause);
  const name = inQuotes ? { name: inQuotes.text, end: inQuotes.to } : nameAfter(clause.original, keyword.index + keyword[0].length);
  if (!name) return null;
  blank(clause, inQuotes?.from ?? keyword.index, name.end);
  return { ...style, font: name.name };
};

function namesFont(clause: Clause): boolean {
  return has(clause, knownFontPattern) || has(clause, w.fontKeyword) || genericFonts.some(([pattern]) => has(clause, pattern));
}

/** Up to three words of letters after `at`, capitalised when the caller wrote them lower case, and where they end. */
function nameAfter(text: string, at: number): { name: string; end: number } | null {
  const words: string[] = [];
  let end = at;
  for (const found of text.slice(at).matchAll(/\S+/g)) {
    const word = found[0];
    if (words.length === 3 || !/^[\p{L}][\p{L}\d-]*$/u.test(word) || w.notName.has(fold(word))) break;
    words.push(word === word.toLowerCase() ? word[0]!.toUpperCase() + word.slice(1) : word);
    end = at + found.index! + word.length;
  }
  return words.length > 0 ? { name: words.join(" "), end } : null;
}

/**
 * Order matters: header/footer first (their quoted text may hold any word), then page numbers (their position
 * words are theirs, not the body's alignment), the fields with keywords, then colours and alignment, and the
 * font family last because it takes any name left.
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
