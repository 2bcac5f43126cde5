/**
 * The normal forms facts are compared in, so that the same fact written two ways matches: numbers whatever their
 * separators (`1.234,5` = `1,234.5`), currencies whatever their sign or word (`€` = `EUR` = `euros`), dates whatever
 * their language or layout (`3 March 2025` = `03/03/2025` = `3 de marzo de 2025` = `2025-03-03`), quotations whatever
 * their quote marks, dashes, spacing and case.
 */

export { parseWritten, type Written } from "../../../core/keydata/written.ts";

/** Scale words and letters after a number: `4,1 millones`, `$4.1M`, `€2bn`, `3 mil`, `2 billones` (Spanish 10¹²). */
export const SCALES: Record<string, number> = {
  k: 1e3, K: 1e3, thousand: 1e3, mil: 1e3,
  m: 1e6, M: 1e6, MM: 1e6, mn: 1e6, million: 1e6, millions: 1e6, "millón": 1e6, millon: 1e6, millones: 1e6,
  bn: 1e9, B: 1e9, billion: 1e9, billions: 1e9, "mil millones": 1e9, millardo: 1e9, millardos: 1e9,
  "billón": 1e12, billon: 1e12, billones: 1e12, trillion: 1e12,
};

export const scaleOf = (word: string | undefined): number => {
  const key = (word ?? "").trim().replace(/\s+de$/i, "").replace(/\s+/g, " ");
  if (key === "") return 1;
  return SCALES[key] ?? SCALES[key.toLowerCase()] ?? 1;
};

const CODES = ["EUR", "USD", "GBP", "CHF", "JPY", "CNY", "CAD", "AUD", "MXN", "ARS", "CLP", "COP", "PEN", "BRL", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "RON", "INR"];
export const CURRENCY_CODES = CODES.join("|");

/** `€`, `EUR`, `euros`, `US$`, `dólares`, `libras esterlinas` → ISO code. */
export function currencyCode(written: string): string {
  const w = written.trim();
  if (w === "€" || /^euros?$/i.test(w)) return "EUR";
  if (w === "$" || w === "US$" || /^(d[oó]lar(es)?|dollars?)$/i.test(w)) return "USD";
  if (w === "£" || /^(libras?|pounds?)(\s+(sterling|esterlinas?))?$/i.test(w)) return "GBP";
  if (w === "¥") return "JPY";
  return w.toUpperCase();
}

export const MONTHS: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6,
  july: 7, jul: 7, august: 8, aug: 8, september: 9, sep: 9, sept: 9, october: 10, oct: 10, november: 11, nov: 11,
  december: 12, dec: 12,
  enero: 1, ene: 1, febrero: 2, marzo: 3, abril: 4, abr: 4, mayo: 5, junio: 6, julio: 7, agosto: 8, ago: 8,
  septiembre: 9, setiembre: 9, octubre: 10, noviembre: 11, diciembre: 12, dic: 12,
};
export const MONTH_ALT = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join("|");
/** Full month names only: a bare "mar" or "may" without a year is a word far more often than a month. */
export const FULL_MONTH_ALT = Object.keys(MONTHS).filter((m) => m.length >= 5 || ["may", "june", "july", "mayo"].includes(m)).sort((a, b) => b.length - a.length).join("|");

export function realDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}

/** A date at the precision it was written with: a day, a month of a year, a year, or a day and month without year. */
export interface DateValue {
  readonly year: number | null;
  readonly month: number | null;
  readonly day: number | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `2025-03-03`, `2025-03`, `2025`, `--03-03` (day and month without a year, as ISO 8601 writes it). */
export const dateKey = (d: DateValue): string =>
  d.year === null ? `--${pad(d.month ?? 0)}-${pad(d.day ?? 0)}` : d.month === null ? pad(d.year, 4) : d.day === null ? `${pad(d.year, 4)}-${pad(d.month)}` : `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/**
 * Text compared as a quotation: Unicode-normalised, lower case, every quote mark dropped, dashes and ellipses in one
 * form, spaces collapsed, the punctuation a quotation ends or starts with left out (a quote may stop before the
 * source's full stop). Case is folded because quoting a clause from mid-sentence capitalises its first word.
 */
export const normaliseQuote = (text: string): string =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\u00AD/g, "")
    .replace(/[\u2018\u2019\u201A\u201B\u2032'`´\u201C\u201D\u201E\u201F\u2033"«»‹›]/g, "")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/\s+/g, " ")
    .replace(/^[\s.,;:!?¡¿-]+|[\s.,;:!?-]+$/g, "");

/** Spanish or English, from the commonest words of the text; English when neither stands out. */
export function detectLanguage(text: string): "es" | "en" {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const es = new Set(["el", "la", "los", "las", "de", "del", "que", "y", "en", "por", "para", "con", "una", "se", "su", "al", "es"]);
  const en = new Set(["the", "of", "and", "to", "in", "is", "for", "with", "that", "on", "by", "this", "be", "are", "will"]);
  let score = 0;
  for (const w of words) score += es.has(w) ? 1 : en.has(w) ? -1 : 0;
  return score > 0 ? "es" : "en";
}
