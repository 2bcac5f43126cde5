/**
 * The character set of a text file (issue 20): a byte-order mark first; then UTF-8 when the bytes are valid UTF-8
 * (ASCII included); UTF-16 without a mark when every other byte is NUL; else the detector (jschardet, the JavaScript
 * port of Python's chardet) ranks the candidates and the first that decodes cleanly is taken:
 *
 * - one it is fairly sure of (a Cyrillic, Greek or Central European text of a few sentences);
 * - a single-byte charset it is unsure of (a short Polish or Russian text scores well under "sure") when it reads to
 *   plausible text, words of letters of one script (`plausible`), and either is clearly ahead of Windows-1252 in the
 *   detector's ranking or Windows-1252 does not read to plausible text (`Za¿ó³æ`, `Ïðèâåò`);
 * - a Chinese, Japanese or Korean multi-byte charset even at low confidence, when the bytes decode without a fault
 *   and what they decode to is nearly all CJK: a short Shift-JIS CSV scores low, yet a Western text almost never
 *   decodes that way;
 * - else Windows-1252, the usual single-byte charset of Office-era files. It is preferred over ISO-8859-1, which
 *   reads its 0x80–0x9F range (`–`, `€`, curly quotes) as control characters.
 *
 * Of two charsets that read the bytes to the same text, the Windows one is named (Windows-1250 over ISO-8859-2, as
 * Windows-1252 over ISO-8859-1). Names are the WHATWG labels TextDecoder takes (`utf-8`, `windows-1252`, `shift_jis`, …), which the extraction
 * reports as `charset`.
 */
import { detectAll } from "jschardet";

export interface DecodedText {
  readonly text: string;
  readonly charset: string;
}

/** The detector's names for the charsets TextDecoder reads; DOS, Mac and mainframe code pages are left out. */
const WHATWG: Record<string, string> = {
  "shift_jis": "shift_jis",
  cp932: "shift_jis",
  "euc-jp": "euc-jp",
  "iso-2022-jp": "iso-2022-jp",
  "euc-kr": "euc-kr",
  cp949: "euc-kr",
  gb2312: "gb18030",
  gbk: "gb18030",
  gb18030: "gb18030",
  big5: "big5",
  "koi8-r": "koi8-r",
  "koi8-u": "koi8-u",
  ibm866: "ibm866",
  maccyrillic: "x-mac-cyrillic",
  "tis-620": "windows-874",
  cp874: "windows-874",
  "iso-8859-1": "windows-1252",
};
for (let n = 1250; n <= 1258; n += 1) WHATWG[`windows-${n}`] = `windows-${n}`;
for (const n of [2, 3, 4, 5, 6, 7, 8, 10, 13, 14]) WHATWG[`iso-8859-${n}`] = WHATWG[`iso8859-${n}`] = `iso-8859-${n}`;

/** The Windows code page that reads most of an ISO charset's letters the same way. */
const WINDOWS_TWIN: Record<string, string> = {
  "iso-8859-2": "windows-1250",
  "iso-8859-7": "windows-1253",
  "iso-8859-8": "windows-1255",
  "iso-8859-13": "windows-1257",
};

const MULTI_BYTE_CJK = new Set(["shift_jis", "euc-jp", "iso-2022-jp", "euc-kr", "gb18030", "big5"]);
/** Sure enough to take over Windows-1252 for a single-byte charset. */
const SURE = 0.3;
/** An unsure pick is clearly ahead of Windows-1252 when the detector ranks it this many times higher. */
const AHEAD = 1.5;
/** Of the words with letters beyond ASCII, at most this share may be implausible (`plausible`). */
const MAX_ODD_WORDS = 0.1;
/** Latin-script text has mostly ASCII letters; Cyrillic or Greek bytes read as Windows-1252 have hardly any. */
const MAX_LATIN_NON_ASCII = 0.5;
/** Of the non-ASCII characters a CJK reading gives, this share at least must be CJK. */
const CJK_SHARE = 0.85;
/** What the detector reads; a charset shows itself well within this. */
const SAMPLE_BYTES = 200_000;

/** C0 controls other than whitespace mean bytes that are not text; C1 controls, a reading in the wrong charset. */
const C0 = /[\u0000-\u0008\u000e-\u001f]/;
const C0_C1 = /[\u0000-\u0008\u000e-\u001f\u0080-\u009f]/;
/** Valid UTF-8 is text whatever controls it holds (terminal colours in a log, say), as it always was here. */
const NONE = /(?!)/;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef\u30fc]/u;

/**
 * Windows-1252's 0x80–0x9F. Node's TextDecoder reads `windows-1252` as ISO-8859-1 (those bytes become C1 controls:
 * the very fault of issue 20), so they are mapped here; the five unassigned bytes stay as they were.
 */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const cp1252 = (bytes: Uint8Array): string => new TextDecoder("latin1").decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);

const decode = (charset: string, bytes: Uint8Array, control = C0_C1): string | null => {
  try {
    const text = charset === "windows-1252" ? cp1252(bytes) : new TextDecoder(charset, { fatal: true }).decode(bytes);
    return control.test(text.slice(0, 8192)) ? null : text;
  } catch {
    return null;
  }
};

/** A handful of CJK characters at least: one stray pair of high bytes in a Western text can read as a kanji. */
const CJK_MIN = 4;

const mostlyCjk = (text: string): boolean => {
  let other = 0;
  let cjk = 0;
  for (const char of text.slice(0, 20_000)) {
    if (char.charCodeAt(0) < 0x80) continue;
    if (CJK.test(char)) cjk += 1;
    else other += 1;
  }
  return cjk >= CJK_MIN && cjk / (cjk + other) >= CJK_SHARE;
};

const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Hebrew}/u, /\p{Script=Arabic}/u, /\p{Script=Thai}/u];
const WORD_EDGES = /^[^\p{L}]+|[^\p{L}]+$/gu;
const LETTERS_ONLY = /^[\p{L}\p{M}'’-]+$/u;
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Text a single-byte charset read plausibly: its words with letters beyond ASCII are letters of one script with no
 * symbol inside (`Za¿ó³æ` is Polish read in the wrong charset), and in Latin script most letters are ASCII ones.
 */
const plausible = (text: string): boolean => {
  let words = 0;
  let odd = 0;
  let latin = 0;
  let latinNonAscii = 0;
  for (const raw of text.slice(0, 20_000).split(/[\s,.;:!?()[\]{}"«»“”„/\\|<>=+*&%$#@~^_]+/u)) {
    if (!NON_ASCII.test(raw)) continue;
    const word = raw.replace(WORD_EDGES, "");
    if (word === "") continue;
    words += 1;
    const scripts = SCRIPTS.filter((script) => script.test(word)).length;
    if (!LETTERS_ONLY.test(word) || scripts !== 1) {
      odd += 1;
      continue;
    }
    if (SCRIPTS[0]!.test(word)) {
      for (const char of word) {
        latin += 1;
        if (char.charCodeAt(0) >= 0x80) latinNonAscii += 1;
      }
    }
  }
  return odd <= MAX_ODD_WORDS * words && latinNonAscii <= MAX_LATIN_NON_ASCII * latin;
};

/** The Windows twin of an ISO charset when it reads the bytes to the same text. */
const windowsNamed = (charset: string, text: string, bytes: Uint8Array): DecodedText => {
  const twin = WINDOWS_TWIN[charset];
  return twin && decode(twin, bytes) === text ? { text, charset: twin } : { text, charset };
};

/** UTF-16 with no mark: NUL in most high bytes (text that is mostly Latin script) on one side only. */
const utf16Unmarked = (b: Uint8Array): DecodedText | null => {
  const n = Math.min(b.length - (b.length % 2), 8192);
  if (n < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) even += 1;
    if (b[i + 1] === 0) odd += 1;
  }
  const pairs = n / 2;
  const charset = odd > pairs * 0.4 && even < pairs * 0.05 ? "utf-16le" : even > pairs * 0.4 && odd < pairs * 0.05 ? "utf-16be" : null;
  if (!charset) return null;
  const text = decode(charset, b.subarray(0, b.length - (b.length % 2)));
  return text === null ? null : { text, charset };
};

/** Text in its charset, or null for bytes that are not text (NUL bytes, control characters, no clean reading). */
export const decodeText = (b: Uint8Array): DecodedText | null => {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    const text = decode("utf-8", b.subarray(3), NONE);
    return text === null ? null : { text, charset: "utf-8" };
  }
  if (b[0] === 0xff && b[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(b.subarray(2)), charset: "utf-16le" };
  if (b[0] === 0xfe && b[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(b.subarray(2)), charset: "utf-16be" };
  if (b.subarray(0, 8192).includes(0)) return utf16Unmarked(b);
  const utf8 = decode("utf-8", b, NONE);
  if (utf8 !== null) return { text: utf8, charset: "utf-8" };
  const candidates = detectAll(b.subarray(0, SAMPLE_BYTES)).map((c) => ({ charset: WHATWG[(c.encoding ?? "").toLowerCase()], confidence: c.confidence }));
  const western = Math.max(0, ...candidates.filter((c) => c.charset === "windows-1252").map((c) => c.confidence));
  let westernPlausible: boolean | undefined;
  for (const { charset, confidence } of candidates) {
    if (!charset) continue;
    const cjk = MULTI_BYTE_CJK.has(charset);
    const text = decode(charset, b);
    if (text === null) continue;
    if (cjk) {
      if (mostlyCjk(text)) return { text, charset };
      continue;
    }
    if (confidence >= SURE) return windowsNamed(charset, text, b);
    if (charset === "windows-1252" || !plausible(text)) continue;
    const cp1252 = decode("windows-1252", b, C0);
    // The same text as Windows-1252 reads: the Western file it most likely is.
    if (cp1252 === text) break;
    westernPlausible ??= cp1252 !== null && plausible(cp1252);
    if (confidence >= AHEAD * western || !westernPlausible) return windowsNamed(charset, text, b);
  }
  // A stray unassigned byte (left as a C1 control) does not make a file binary.
  const text = decode("windows-1252", b, C0);
  return text === null ? null : { text, charset: "windows-1252" };
};
