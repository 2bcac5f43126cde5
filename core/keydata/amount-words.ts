/**
 * The words around a figure that make it an amount, in the eight languages key data and the facts check read: the
 * scale after the number (`millones`, `Mio.`, `Mrd.`, `milliards`, `milioni`, `milhões`, `miljoen`, `milions`) and
 * the currency written as a word (`euros`, `Euro`, `dollari`, `Pfund`, `livres sterling`), with the small word some
 * languages put between them (`de`, `di`, `d'`). Both readers build their patterns from these lists so that an
 * amount one of them reads the other reads too.
 */
import { fold } from "../dates/names.ts";

/** Scale words, folded (lower case, no accents), with their size. "billion" is read as 10⁹ in English; `billón`, 10¹². */
const WORDS: Record<string, number> = {
  thousand: 1e3, thousands: 1e3, tausend: 1e3, mila: 1e3, duizend: 1e3, mil: 1e3,
  million: 1e6, millions: 1e6, millionen: 1e6, millones: 1e6, millon: 1e6, milione: 1e6, milioni: 1e6,
  milhao: 1e6, milhoes: 1e6, miljoen: 1e6, miljoenen: 1e6, milio: 1e6, milions: 1e6,
  billion: 1e9, billions: 1e9, milliarde: 1e9, milliarden: 1e9, milliard: 1e9, milliards: 1e9, miliardo: 1e9,
  miliardi: 1e9, millardo: 1e9, millardos: 1e9, miljard: 1e9, miljarden: 1e9, bilhao: 1e9, bilhoes: 1e9,
  "mil millones": 1e9, "mil milhoes": 1e9, "mil milions": 1e9,
  billon: 1e12, billones: 1e12, trillion: 1e12,
};
/** Abbreviations, folded, without their full stop: German `Tsd.`, `Mio.`, `Mrd.`, French `Md`/`Mds`, Italian and Dutch `mln`/`mld`. */
const ABBREVIATIONS: Record<string, number> = { tsd: 1e3, mio: 1e6, mln: 1e6, mrd: 1e9, md: 1e9, mds: 1e9, mld: 1e9 };

const accented: Record<string, string[]> = {
  millon: ["millón"], milhao: ["milhão"], milhoes: ["milhões"], milio: ["milió"], bilhao: ["bilhão"], bilhoes: ["bilhões"],
  billon: ["billón"], "mil milhoes": ["mil milhões"],
};
const capitalised = (w: string) => w[0]!.toUpperCase() + w.slice(1);

/**
 * Scale words as a pattern, longest first, in lower case and capitalised (the readers' prefix patterns are case
 * sensitive); multi-word scales allow any spaces. Put `(?![\p{L}])` after it.
 */
export const SCALE_WORDS = Object.keys(WORDS)
  .flatMap((w) => [w, ...(accented[w] ?? [])])
  .flatMap((w) => [w, capitalised(w)])
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/ /g, String.raw`\s+`))
  .join("|");

/** Scale abbreviations with their optional full stop: `Mio.`, `Mrd`, `Md`, `mln.`. Put `(?![\p{L}\p{N}])` after it. */
export const SCALE_ABBREVIATIONS = String.raw`(?:Tsd|Mio|Mrd|Mds|Md|mln|mld)\.?`;

/** The size a written scale word or abbreviation stands for (`Mio.` 10⁶, `mil millones` 10⁹), or undefined. */
export function scaleWordValue(written: string): number | undefined {
  const key = fold(written.trim()).replace(/\s+/g, " ").replace(/\.$/, "");
  return WORDS[key] ?? ABBREVIATIONS[key];
}

/** Currency words after a number, with their ISO code; matched case-insensitively and whole. */
const CURRENCY_WORDS: ReadonlyArray<readonly [RegExp, string, string]> = [
  [/^euros?$/i, "EUR", String.raw`euros?`],
  [/^(d[oó]lares|dollars?|d[oó]lar|dollari|d[oó]lars)$/i, "USD", String.raw`d[oó]lares|dollari|dollars?|d[oó]lars?`],
  // French "livres" alone are books: only "livres sterling" is money.
  [
    /^((libras?|pounds?|pfund)(\s+(sterling|esterlinas?))?|livres?\s+sterling|sterline)$/i,
    "GBP",
    String.raw`(?:libras?|pounds?|pfund)(?:\s+(?:sterling|esterlinas?))?|livres?\s+sterling|sterline`,
  ],
];

/** The currency words as a pattern (use with the `i` flag); whole words. */
export const CURRENCY_WORD_PATTERN = `(?:${CURRENCY_WORDS.map(([, , p]) => p).join("|")})(?![\\p{L}])`;

/** The ISO code of a currency word (`Euro`, `dólares`, `livres sterling`), or undefined. */
export const currencyOfWord = (written: string): string | undefined => CURRENCY_WORDS.find(([p]) => p.test(written.trim()))?.[1];

/** The word some languages put between a scale and its currency: `de`, `di`, `d'` (`3 millions d'euros`, `3 milioni di euro`). */
export const SCALE_TO_CURRENCY = String.raw`(?:\s+(?:de|di)\s*|\s+d['’])`;
