/**
 * Whether a PDF page's text layer can be used, or the page must be read by OCR like a scan (index.ts): judged first
 * from the characters mupdf gives (renderers/mupdf/pages.ts), without drawing the page; then, only on a page with
 * little text, from what it draws (`drawnText`).
 *
 * A text layer is unusable when most of its glyphs are garbage: glyphs mupdf could not map to a character (fonts
 * without a character map: U+FFFD), private-use or control characters, `(cid:N)` left by a converter that could not
 * map them either; or when, with enough words to judge, hardly any of them looks like a word (letters of one script,
 * a vowel in Latin ones), or many do not and none is among the most common words of the languages read. A page with little text is
 * left alone: there is nothing to judge, and no text is no garbage (scans are found by their pictures).
 *
 * A page with little text whose ink is far more than that text is text drawn as outlines (a "text to outlines"
 * export, a plan whose labels are drawn): many filled shapes the size and shape of letters, in many sizes, several times more
 * than the characters the page has. A chart's bars, lines and markers do not look like that.
 */
import type { OutlineInk, PageLayout } from "../../../renderers/mupdf/pages.ts";

export type TextLayerVerdict = { readonly usable: true } | { readonly usable: false; readonly why: string };

/** Fewer glyphs than this are not judged. */
const MIN_GLYPHS = 60;
/** Garbage glyphs over this share of all make the layer unusable. */
const MAX_GARBAGE = 0.4;
/** With at least this many tokens of letters, their shape is judged. */
const MIN_TOKENS = 25;
/** Under this share of word-like tokens the text is not words. */
const MIN_WORDLIKE = 0.35;
/** With this many word-like Latin tokens, at least one of them is a common word in any real text... */
const MIN_TOKENS_FOR_COMMON = 80;
/** ...which is only asked of text with this share of word-like tokens or less (an index may have no common word). */
const MAX_WORDLIKE_FOR_COMMON = 0.7;

/** Pages with fewer characters than this per square point are looked at for drawn text (750 on an A4 page). */
const FEW_CHARS_PER_POINT = 0.0015;
/** Drawn text: at least this many letter-like shapes, of this many sizes, and this many times the characters. */
const MIN_SHAPES = 500;
const MIN_SHAPE_SIZES = 20;
const SHAPES_PER_CHAR = 3;

const GARBAGE_CHARS = /[\p{Co}\p{Cc}\p{Cs}\p{Cn}]/gu;
/** Tokens judged at most on a page. */
const MAX_TOKENS = 250;
const EDGES = /^[^\p{L}]+|[^\p{L}]+$/gu;
const LETTER = /\p{L}/u;
const NOT_A_WORD = /\d/;
const CID = /\(cid:\d+\)/g;
/**
 * Letters of the Latin alphabets of European languages and Vietnamese: not the phonetic and rare letters garbage
 * often lands on.
 */
const LATIN_ALPHABETS = /^[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017f\u01a0\u01a1\u01af\u01b0\u0218-\u021b\u1ea0-\u1ef9]+$/;
const LATIN_VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿāăąēĕėęěīĭįıōŏőœūŭůűųơư\u1ea0-\u1ef9]/i;
/** Scripts other than Latin; a word has letters of one of them (or of a script not listed). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const OTHER_SCRIPTS = [
  /\p{Script=Greek}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Arabic}/u,
  /\p{Script=Hebrew}/u,
  /\p{Script=Devanagari}/u,
  /\p{Script=Thai}/u,
  CJK,
];
const ALL_LATIN = /^\p{Script=Latin}+$/u;
const SOME_LATIN = /\p{Script=Latin}/u;
const NOT_LETTERS = /[^\p{L}]/gu;
const ASCII_WORD = /^[A-Za-z]+$/;
const ASCII_VOWEL = /[aeiouy]/i;
const NOT_ASCII = /[^\x20-\x7e]/;

/**
 * The most common words of English and Spanish (the OCR languages), and of the other large Latin-script languages so
 * that their text is not taken for garbage.
 */
const COMMON = new Set(
  (
    "the of and to in is for that on with as by it be are was this from or at an not which have has we our " +
    "de la que el en los las del se por un una con para es al lo como su más y o " +
    "et le les des du est une pour dans il qui sur pas au " +
    "der die und das den von zu mit ist im nicht ein eine auf für sich dem " +
    "di il che per non della e do da em os um para com não uma"
  ).split(" "),
);

/**
 * A token's letters look like a word: Latin ones of a European or Vietnamese alphabet with a vowel (or two letters at most), or
 * letters of one other script; Latin mixed with another script only in East Asian text ("JavaScriptを").
 */
const wordLike = (token: string): boolean => {
  // Most words are plain ASCII letters: answered without the Unicode tables.
  if (ASCII_WORD.test(token)) return token.length <= 2 || ASCII_VOWEL.test(token);
  const letters = token.replace(NOT_LETTERS, "");
  if (ALL_LATIN.test(letters)) return LATIN_ALPHABETS.test(letters) && (letters.length <= 2 || LATIN_VOWEL.test(letters));
  const scripts = OTHER_SCRIPTS.filter((script) => script.test(letters)).length;
  if (SOME_LATIN.test(letters)) return scripts === 1 && CJK.test(letters);
  return scripts <= 1;
};

export const textLayerVerdict = (layout: PageLayout): TextLayerVerdict => {
  const glyphs = layout.chars + layout.unmapped;
  if (glyphs < MIN_GLYPHS) return { usable: true };
  let words: string[] = [];
  for (const block of layout.blocks) {
    if (block.kind !== "text") continue;
    for (const line of block.lines) for (const word of line.words) words.push(word.text);
  }
  let garbage = layout.unmapped;
  if (words.some((w) => w.includes("(cid:"))) {
    const text = words.join(" ");
    for (const match of text.matchAll(CID)) garbage += match[0].length;
    words = text.replace(CID, " ").split(" ");
  }
  for (const word of words) if (NOT_ASCII.test(word)) garbage += word.match(GARBAGE_CHARS)?.length ?? 0;
  if (garbage > MAX_GARBAGE * glyphs) {
    const share = Math.round((100 * garbage) / glyphs);
    return { usable: false, why: `${share}% of its glyphs have no known character` };
  }
  // Tokens with letters, punctuation around them left off; numbers and symbols say nothing either way. A few
  // hundred are enough to judge a page, and keep this cheap on dense ones.
  const tokens: string[] = [];
  for (const word of words) {
    const token = ASCII_WORD.test(word) ? word : word.replace(EDGES, "");
    if (token === "" || NOT_A_WORD.test(token) || !LETTER.test(token)) continue;
    tokens.push(token);
    if (tokens.length >= MAX_TOKENS) break;
  }
  if (tokens.length < MIN_TOKENS) return { usable: true };
  const like = tokens.filter(wordLike);
  if (like.length < MIN_WORDLIKE * tokens.length) {
    return { usable: false, why: `only ${like.length} of its first ${tokens.length} words look like words` };
  }
  if (like.length <= MAX_WORDLIKE_FOR_COMMON * tokens.length) {
    const latin = like.filter((t) => ALL_LATIN.test(t.replace(NOT_LETTERS, "")));
    if (latin.length >= MIN_TOKENS_FOR_COMMON && !latin.some((t) => COMMON.has(t.toLowerCase()))) {
      return { usable: false, why: `none of its ${latin.length} words is a common word` };
    }
  }
  return { usable: true };
};

/** Whether the page has so little text that what it draws is worth a look (`drawnText`): a cheap test first. */
export const fewChars = (layout: PageLayout): boolean => layout.chars + layout.unmapped < FEW_CHARS_PER_POINT * layout.width * layout.height;

/** The verdict on a page with few characters, given the letter-like shapes it draws (pages.ts, `outlines`). */
export const drawnText = (layout: PageLayout, ink: OutlineInk): TextLayerVerdict => {
  const glyphs = layout.chars + layout.unmapped;
  if (ink.shapes >= MIN_SHAPES && ink.sizes >= MIN_SHAPE_SIZES && ink.shapes >= SHAPES_PER_CHAR * glyphs) {
    return { usable: false, why: `its text is drawn as outlines, ${ink.shapes} letter shapes for ${glyphs} characters` };
  }
  return { usable: true };
};
