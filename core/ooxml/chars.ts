/**
 * The one rule for characters XML 1.0 does not allow (`Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] |
 * [#x10000-#x10FFFF]`): raw C0 controls other than tab, LF and CR, U+FFFE, U+FFFF and unpaired surrogates, and
 * character references to any code point outside `Char` (`&#x1;`, `&#0;`, `&#xFFFF;`, `&#xD800;`). Office
 * refuses a part holding one; the package check counts and removes them, and every reader drops them so such a
 * file still reads.
 */

const INVALID_RAW = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// A cheap first look (a plain character class) before the exact rule, which checks surrogates are paired.
const SUSPECT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const REFERENCE = /&#(?:x([0-9a-fA-F]+)|([0-9]+));/g;

/** Whether XML 1.0 allows the code point as a character. */
export const isXmlChar = (cp: number): boolean =>
  cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);

const invalidReference = (hex: string | undefined, dec: string | undefined): boolean => {
  const digits = hex ?? dec!;
  // Past eight digits the value is out of range whatever they are (and parseInt would lose precision).
  if (digits.replace(/^0+/, "").length > 8) return true;
  return !isXmlChar(parseInt(digits, hex === undefined ? 10 : 16));
};

/** How many characters XML does not allow the text holds, raw or as references. */
export const countInvalidChars = (xml: string): number => {
  let count = xml.match(INVALID_RAW)?.length ?? 0;
  if (xml.includes("&#")) for (const m of xml.matchAll(REFERENCE)) if (invalidReference(m[1], m[2])) count++;
  return count;
};

/** The text without the characters XML does not allow, raw or as references (and nothing else changed). */
export const stripInvalidChars = (xml: string): string => {
  const raw = dropInvalidChars(xml);
  return raw.includes("&#") ? raw.replace(REFERENCE, (m, hex?: string, dec?: string) => (invalidReference(hex, dec) ? "" : m)) : raw;
};

/** A decoded value (an attribute, text, an Excel `_x0001_` escape) without the characters XML does not allow. */
export const dropInvalidChars = (text: string): string => (SUSPECT.test(text) ? text.replace(INVALID_RAW, "") : text);
