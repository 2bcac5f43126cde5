/**
 * The normal forms facts are compared in, so that the same fact written two ways matches: numbers whatever their
 * separators (`1.234,5` = `1,234.5`), currencies whatever their sign or word (`€` = `EUR` = `euros`), dates whatever
 * their language or layout (`3 March 2025` = `03/03/2025` = `3. März 2025` = `2025-03-03`), quotations whatever
 * their quote marks, dashes, spacing and case.
 */

import { currencyOfWord, scaleWordValue } from "../../../core/keydata/amount-words.ts";

export { parseWritten, type Written } from "../../../core/keydata/written.ts";
export { realDate } from "../../../core/dates/calendar.ts";

/** Scale letters after a number: `$4.1M`, `€2bn`, `12,5 M€`; the words (`4,1 millones`, `184,7 Mio.`, `3 milliards`) are core/keydata/amount-words.ts. */
export const SCALES: Record<string, number> = { k: 1e3, K: 1e3, m: 1e6, M: 1e6, MM: 1e6, mn: 1e6, bn: 1e9, B: 1e9 };

export const scaleOf = (word: string | undefined): number => {
  const key = (word ?? "").trim().replace(/(?:\s+(?:de|di)|\s*d['’])$/i, "").replace(/\s+/g, " ");
  if (key === "") return 1;
  return SCALES[key] ?? scaleWordValue(key) ?? 1;
};

const CODES = ["EUR", "USD", "GBP", "CHF", "JPY", "CNY", "CAD", "AUD", "MXN", "ARS", "CLP", "COP", "PEN", "BRL", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "RON", "INR"];
export const CURRENCY_CODES = CODES.join("|");

/** `€`, `EUR`, `euros`, `Euro`, `US$`, `dólares`, `libras esterlinas`, `livres sterling` → ISO code. */
export function currencyCode(written: string): string {
  const w = written.trim();
  if (w === "€") return "EUR";
  if (w === "$" || w === "US$") return "USD";
  if (w === "£") return "GBP";
  if (w === "¥") return "JPY";
  return currencyOfWord(w) ?? w.toUpperCase();
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
