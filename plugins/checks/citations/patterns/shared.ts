/** Pieces the jurisdictions' patterns share: boundaries, numbers and years as citations write them. */

/** No letter or digit just before: `\b` is ASCII-only and would split "artículo". */
export const START = String.raw`(?<![\p{L}\p{N}])`;
/** No letter or digit just after. */
export const END = String.raw`(?![\p{L}\p{N}])`;
/** "n.º", "núm.", "nº", "No", "no." before a number. */
export const NUMBER_SIGN = String.raw`(?:n(?:\.\s?º|º|°|\.|úm\.?|o\.?)\s?)`;

/** A named group's text, "" when it did not take part. */
export const group = (match: RegExpExecArray, name: string): string => match.groups?.[name] ?? "";

/** Lower case with runs of white space as one space. */
export const squash = (text: string): string => text.toLowerCase().replace(/\s+/g, " ").trim();

/** A number without leading zeros, so "art. 07" and "art. 7" meet. */
export const plainNumber = (digits: string): string => String(Number.parseInt(digits, 10));

/** A four-digit year a citation can carry, or null. Two digits are read as 19xx from 40 up, else 20xx. */
export const fullYear = (written: string): string | null => {
  const year = written.length === 2 ? (Number(written) >= 40 ? 1900 : 2000) + Number(written) : Number(written);
  return year >= 1800 && year <= 2099 ? String(year) : null;
};

/** An alternation of literal spellings, longest first so "C.C." is tried before "C.". */
export const literals = (spellings: readonly string[]): string =>
  [...spellings]
    .sort((a, b) => b.length - a.length)
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, String.raw`\s?`))
    .join("|");

// Acts by name, in the United States ("… Act of 1964") and the United Kingdom ("… Act 2006").

/** Words that open a sentence before an Act's name ("Under the Companies Act 2006") and are not part of it. */
const LEADING_WORDS = ["In", "Under", "The", "By", "See", "Per", "And", "Of", "For", "On", "With", "From", "As", "At", "This", "That", "A", "An", "Also", "Both", "Its", "Our", "Their", "Section", "Sections", "Pursuant", "According", "Following", "Since", "After", "Before", "While", "When", "If", "Unlike", "Like"];

/** Capitalised words, with short joining words between them, before "Act": "Fair Labor Standards", "Sale of Goods". */
export const ACT_NAME = String.raw`(?!(?:${LEADING_WORDS.join("|")})\s)(?<name>(?:\p{Lu}[\p{L}'’.-]{0,20}\s(?:(?:of|and|the|for|on|to|in|with)\s){0,2}){1,8})Act`;

/** "The Civil Rights" → "civil rights"; null when only "The" was there. */
export const actName = (written: string): string | null => {
  const name = written.replace(/\s+/g, " ").trim().replace(/^the\s/i, "").toLowerCase();
  return name && name !== "the" ? name : null;
};
