/**
 * Reading one cell's text as a spreadsheet value: numbers, percentages and amounts of money written in
 * English or Spanish conventions, dates, formulas, and text for everything else.
 *
 * The work is split in two so a column can decide what a single cell cannot:
 * `scanCell` lists what the text could mean (`1.234` is 1.234 in English and 1234 in Spanish;
 * `01/03/2026` is 1 March or 3 January), and `resolveCell` settles it with a convention and a
 * date order chosen from the column (`columns.ts`). `parseCell` does both for a lone cell.
 *
 * Rules (kept conservative: a value typed wrongly is worse than text left as text):
 * - Numbers: `1234`, `1,234.5` / `1.234,5`, space grouping `1 234,5`, a leading `+`/`-`/`−`,
 *   negatives in parentheses `(1,200)`. Grouping must be in threes; codes with leading zeros
 *   (`007`) and more than 15 significant digits (ids, card numbers) stay text.
 * - Percentages: `12%`, `12,5 %` → 0.12, 0.125 with a `0%` / `0.0%` format.
 * - Money: a symbol or ISO code before or after the number (`$1,200.50`, `€ 1.200,50`,
 *   `1.200 €`, `USD 300`) → the number, with a format that shows the same symbol in the same place.
 * - Dates, read by core/dates/read.ts (the reader key data and the facts check use): ISO `2026-03-01`
 *   (optionally with `hh:mm`), `01/03/2026` (also `-` and `.`; the order is the column's), `March 1, 2026`,
 *   `1 March 2026`, `Mar 1, 2026`, `1 de marzo de 2026`, and month names of the other six languages
 *   (`3. März 2026`, `1er mars 2026`, `1 maart 2026`), each shown in its own language's long form.
 *   Dates are kept as ISO strings in the model and become real dates when packed.
 * - `=…` is a formula (checked and rewritten in `formulas.ts`). Booleans (`true`, `sí`) stay text.
 */

import { isoDay, realDate } from "../../core/dates/calendar.ts";
import { fold } from "../../core/dates/names.ts";
import { dayMonth, readDate, type DateOrder, type FoundDate } from "../../core/dates/read.ts";
import type { Language } from "../../core/doctype/language.ts";

export type { DateOrder } from "../../core/dates/read.ts";
export type Convention = "en" | "es";

/** How a number reads under one convention. */
export interface Reading {
  value: number;
  /** Digits written after the decimal separator. */
  decimals: number;
  /** Whether thousands separators were written. */
  grouped: boolean;
  /** Whether the thousands were separated by spaces. */
  spaced?: boolean;
}

export type Flavour =
  | { type: "plain" }
  | { type: "percent" }
  | { type: "currency"; symbol: string; position: "prefix" | "suffix"; space: boolean };

export type DateStyle =
  | "iso"
  | "numeric"
  | "en-long-mdy"
  | "en-short-mdy"
  | "en-long-dmy"
  | "en-short-dmy"
  | "es-long"
  | "de-long"
  | "fr-long"
  | "it-long"
  | "pt-long"
  | "nl-long"
  | "ca-long";

export interface DateParts {
  year: number;
  month: number;
  day: number;
  /** Minutes after midnight, when a time was written. */
  time?: number;
}

export type Scan =
  | { kind: "empty" }
  | { kind: "text" }
  | { kind: "formula"; formula: string }
  | {
      kind: "number";
      flavour: Flavour;
      sign: 1 | -1;
      /** Negative written in parentheses. */
      parens: boolean;
      en: Reading | null;
      es: Reading | null;
      /** A convention the text itself leans to (a euro amount), used only when nothing else decides. */
      hint?: Convention;
    }
  | { kind: "date"; parts: DateParts; style: DateStyle; numFmt: string }
  | {
      kind: "numericDate";
      /** The first and second numbers as written; which is the day depends on the order. */
      first: number;
      second: number;
      year: number;
      time?: number;
      separator: "/" | "-" | ".";
      padded: boolean;
    };

/** A cell's final value as the workbook model holds it. */
export type Typed =
  | { type: "empty" }
  | { type: "text"; value: string }
  | { type: "number"; value: number; numFmt: string }
  | { type: "date"; value: string; numFmt: string }
  | { type: "formula"; value: string };

// ---------------------------------------------------------------------------------------------
// Scanning

const currencySymbols = ["US$", "$", "€", "£", "¥"];
const currencyCodes = ["USD", "EUR", "GBP", "MXN", "ARS", "CLP", "COP", "PEN", "BRL", "UYU", "JPY", "CHF", "CAD", "AUD", "CNY"];
const codePattern = currencyCodes.join("|");
const symbolPattern = currencySymbols.map((s) => s.replace(/[$]/g, "\\$")).join("|");
const prefixCurrency = new RegExp(`^(${symbolPattern}|(?:${codePattern})(?=[\\s\\d.,]))(\\s?)`);
const suffixCurrency = new RegExp(`(\\s?)(${symbolPattern}|${codePattern})$`);

const maxSignificantDigits = 15;

export function scanCell(raw: string): Scan {
  const text = raw.replace(/[\u00A0\u2007\u202F]/g, " ").replace(/\u2212/g, "-").trim();
  if (text === "") return { kind: "empty" };
  if (text.startsWith("=") && text.length > 1) return { kind: "formula", formula: text.slice(1).trim() };
  return scanDate(text) ?? scanNumber(text) ?? { kind: "text" };
}

function scanNumber(text: string): Scan | null {
  let rest = text;
  let parens = false;
  let sign: 1 | -1 = 1;
  let signSeen = false;
  let flavour: Flavour = { type: "plain" };

  const paren = /^\((.+)\)$/.exec(rest);
  if (paren) {
    parens = true;
    sign = -1;
    rest = paren[1]!.trim();
  }
  const takeSign = () => {
    const m = /^([+-])\s?/.exec(rest);
    if (!m) return true;
    if (signSeen || parens) return false;
    signSeen = true;
    if (m[1] === "-") sign = -1;
    rest = rest.slice(m[0].length);
    return true;
  };
  if (!takeSign()) return null;
  const pre = prefixCurrency.exec(rest);
  if (pre) {
    flavour = { type: "currency", symbol: pre[1]!, position: "prefix", space: pre[2] !== "" };
    rest = rest.slice(pre[0].length);
    if (!takeSign()) return null;
  }
  if (rest.endsWith("%")) {
    if (flavour.type !== "plain") return null;
    flavour = { type: "percent" };
    rest = rest.slice(0, -1).trimEnd();
  } else if (flavour.type === "plain") {
    const suf = suffixCurrency.exec(rest);
    if (suf) {
      flavour = { type: "currency", symbol: suf[2]!, position: "suffix", space: suf[1] !== "" };
      rest = rest.slice(0, suf.index);
    }
  }
  // Space-grouped bare integers are more often phone numbers (`600 123 123`) than amounts.
  const bare = (r: Reading | null) => (r && r.spaced && r.decimals === 0 && flavour.type === "plain" ? null : r);
  const en = bare(readAmount(rest, "en"));
  const es = bare(readAmount(rest, "es"));
  if (!en && !es) return null;
  const hint: Convention | undefined =
    flavour.type === "currency" && (flavour.symbol === "€" || flavour.symbol === "EUR" || flavour.position === "suffix") ? "es" : undefined;
  return { kind: "number", flavour, sign, parens, en, es, ...(hint ? { hint } : {}) };
}

/**
 * The amount under one convention, or null when the text is not a number written that way.
 * English groups with `,` (or spaces) and marks decimals with `.`; Spanish the other way round.
 */
const amountPatterns: Record<Convention, RegExp> = {
  en: /^(?:(\d{1,3}(?:([, ])\d{3})(?:\2\d{3})*)|(\d+))?(?:\.(\d+))?$/,
  es: /^(?:(\d{1,3}(?:([. ])\d{3})(?:\2\d{3})*)|(\d+))?(?:,(\d+))?$/,
};

export function readAmount(text: string, convention: Convention): Reading | null {
  const m = amountPatterns[convention].exec(text);
  if (!m) return null;
  const grouped = m[1];
  const plain = m[3];
  const fraction = m[4] ?? "";
  const integer = grouped !== undefined ? grouped.replace(/[,. ]/g, "") : plain ?? "";
  if (integer === "" && fraction === "") return null;
  // `0,123` is not an English thousand, and `007` is a code, not seven.
  if (grouped !== undefined && grouped.startsWith("0")) return null;
  if (plain !== undefined && plain.length > 1 && plain.startsWith("0")) return null;
  const digits = (integer + fraction).replace(/^0+/, "");
  if (digits.length > maxSignificantDigits) return null;
  const value = Number(`${integer || "0"}.${fraction || "0"}`);
  if (!Number.isFinite(value)) return null;
  const reading: Reading = { value, decimals: fraction.length, grouped: grouped !== undefined };
  return m[2] === " " ? { ...reading, spaced: true } : reading;
}

function scanDate(text: string): Scan | null {
  const date = readDate(text);
  if (!date) return null;
  const time = date.time ? clock(date.time.hours, date.time.minutes) : undefined;
  if (time === null) return null;
  if (date.numeric) {
    const { first, second, separator, padded } = date.numeric;
    // At least one order must give a real date.
    if (!dateParts(date.year!, second, first) && !dateParts(date.year!, first, second)) return null;
    return { kind: "numericDate", first, second, year: date.year!, separator, padded, ...(time !== undefined ? { time } : {}) };
  }
  const parts = dateParts(date.year!, date.month!, date.day!, time);
  if (!parts) return null;
  if (date.form === "iso") return { kind: "date", parts, style: "iso", numFmt: time === undefined ? "yyyy-mm-dd" : "yyyy-mm-dd hh:mm" };
  const style = longStyle(date);
  return style ? longDate(parts, style) : null;
}

type LongStyle = Exclude<DateStyle, "iso" | "numeric">;

/**
 * The style of a date with a month name: the language of the name. English, then Spanish, as a cell always read
 * them; `de` between the words takes the languages that write it (Spanish first: `1 de abril de 2026`), Catalan's
 * `d'` Catalan, a full stop after the day German (`3. Juni`) and `1er` French; a name several of the others share is
 * Dutch (`3 juni`) or French (`3 mai`) before German, which would have written the full stop.
 */
function longStyle(date: FoundDate): LongStyle | null {
  const { written, languages } = date.monthName!;
  const first = (...wanted: Language[]) => wanted.find((l) => languages.includes(l));
  const language = /\sd['’]/u.test(date.raw)
    ? first("ca")
    : /\bde\b/i.test(date.raw)
      ? first("es", "pt", "ca")
      : (/^\d{1,2}\.\s/.test(date.raw) && first("de")) || (/^\d{1,2}er\b/i.test(date.raw) && first("fr")) || first("en", "es", "fr", "it", "pt", "nl", "ca", "de");
  if (!language) return null;
  if (language !== "en") return `${language}-long`;
  const key = fold(written);
  return `${key.length > 3 && key !== "sept" ? "en-long" : "en-short"}-${date.form === "month-day" ? "mdy" : "dmy"}`;
}

/**
 * The formats of dates with a month name. Outside English a locale tag (LCID: es-ES 0x0C0A, de-DE 0x407, fr-FR 0x40C,
 * it-IT 0x410, pt-PT 0x816, nl-NL 0x413, ca-ES 0x403) makes `mmmm` the month in the language written, whatever the
 * reader's.
 */
const longFormats: Record<LongStyle, string> = {
  "en-long-mdy": "mmmm d, yyyy",
  "en-short-mdy": "mmm d, yyyy",
  "en-long-dmy": "d mmmm yyyy",
  "en-short-dmy": "d mmm yyyy",
  "es-long": '[$-C0A]d "de" mmmm "de" yyyy',
  "de-long": "[$-407]d. mmmm yyyy",
  "fr-long": "[$-40C]d mmmm yyyy",
  "it-long": "[$-410]d mmmm yyyy",
  "pt-long": '[$-816]d "de" mmmm "de" yyyy',
  "nl-long": "[$-413]d mmmm yyyy",
  // No format elides `de` before a vowel: LibreOffice shows `1 de abril de 2025` for `1 d'abril de 2025`, still better
  // than `d mmmm "de" yyyy` (`3 març de 2025`), since it names no genitive months either.
  "ca-long": '[$-403]d "de" mmmm "de" yyyy',
};

function longDate(parts: DateParts, style: LongStyle): Scan {
  return { kind: "date", parts, style, numFmt: longFormats[style] };
}

function clock(hours: number, minutes: number): number | null {
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

export function dateParts(year: number, month: number, day: number, time?: number): DateParts | null {
  if (year < 1900 || year > 9999 || !realDate(year, month, day)) return null;
  return time === undefined ? { year, month, day } : { year, month, day, time };
}

// ---------------------------------------------------------------------------------------------
// Resolving

/** What a number cell looks like once its convention is known. */
export interface NumberValue {
  value: number;
  flavour: Flavour;
  decimals: number;
  grouped: boolean;
  parens: boolean;
}

/** The number a scan stands for under `convention`, falling back to the only reading there is. */
export function numberValue(scan: Extract<Scan, { kind: "number" }>, convention: Convention): NumberValue {
  const reading = (convention === "en" ? scan.en ?? scan.es : scan.es ?? scan.en)!;
  const scale = scan.flavour.type === "percent" ? 100 : 1;
  return {
    value: round(scan.sign * (reading.value / scale), reading.decimals + (scale === 100 ? 2 : 0)),
    flavour: scan.flavour,
    decimals: reading.decimals,
    grouped: reading.grouped,
    parens: scan.parens,
  };
}

/** Whether the two conventions read the text as different numbers. */
export function isAmbiguous(scan: Extract<Scan, { kind: "number" }>): boolean {
  return scan.en !== null && scan.es !== null && scan.en.value !== scan.es.value;
}

/** The date of a numeric date under an order, or null when that order gives no real date. */
export function numericDate(scan: Extract<Scan, { kind: "numericDate" }>, order: DateOrder): DateParts | null {
  const { month, day } = dayMonth(scan, order);
  return dateParts(scan.year, month, day, scan.time);
}

/** The order a numeric date proves on its own (`25/03/2026` is day first), if any. */
export function impliedOrder(scan: Extract<Scan, { kind: "numericDate" }>): DateOrder | null {
  if (scan.separator === ".") return "dmy";
  const dmy = numericDate(scan, "dmy");
  const mdy = numericDate(scan, "mdy");
  if (dmy && !mdy) return "dmy";
  if (mdy && !dmy) return "mdy";
  return null;
}

export function numericDateFormat(scan: Extract<Scan, { kind: "numericDate" }>, order: DateOrder): string {
  const d = scan.padded ? "dd" : "d";
  const m = scan.padded ? "mm" : "m";
  const s = scan.separator;
  const date = order === "dmy" ? `${d}${s}${m}${s}yyyy` : `${m}${s}${d}${s}yyyy`;
  return scan.time === undefined ? date : `${date} hh:mm`;
}

export function isoDate(parts: DateParts): string {
  const date = isoDay(parts.year, parts.month, parts.day);
  const pad = (n: number) => String(n).padStart(2, "0");
  return parts.time === undefined ? date : `${date}T${pad(Math.floor(parts.time / 60))}:${pad(parts.time % 60)}`;
}

/**
 * The Excel number format for a kind of number: grouping when the author grouped (or for money),
 * the decimals written, and the author's parentheses for negatives.
 */
export function numberFormat(flavour: Flavour, decimals: number, grouped: boolean, parens: boolean): string {
  const places = Math.min(decimals, 10);
  const fraction = places > 0 ? `.${"0".repeat(places)}` : "";
  let body: string;
  switch (flavour.type) {
    case "percent":
      body = `0${fraction}%`;
      break;
    case "plain":
      body = `${grouped ? "#,##0" : "0"}${fraction}`;
      break;
    case "currency": {
      const space = flavour.space ? " " : "";
      const digits = `#,##0${fraction}`;
      body = flavour.position === "prefix" ? `"${flavour.symbol}${space}"${digits}` : `${digits}"${space}${flavour.symbol}"`;
      break;
    }
  }
  return parens ? `${body};(${body})` : body;
}

export function round(value: number, decimals: number): number {
  const places = Math.min(Math.max(decimals, 0), 12);
  return Number(value.toFixed(places));
}

/**
 * A lone cell: `convention` and `dateOrder` as known from elsewhere; an ambiguous number with no
 * known convention follows its own hint (a euro amount), then `fallback`, then English.
 */
export function parseCell(
  text: string,
  options: { convention?: Convention | null; fallback?: Convention; dateOrder?: DateOrder | null } = {},
): Typed {
  const scan = scanCell(text);
  const hint = scan.kind === "number" ? scan.hint : undefined;
  return resolveCell(scan, text, options.convention ?? hint ?? options.fallback ?? "en", options.dateOrder ?? null);
}

/**
 * A scan made final. Numeric dates with no order to go by stay text (only ISO dates are safe
 * then); the caller reports them.
 */
export function resolveCell(scan: Scan, text: string, convention: Convention, order: DateOrder | null): Typed {
  switch (scan.kind) {
    case "empty":
      return { type: "empty" };
    case "text":
      return { type: "text", value: text.trim() };
    case "formula":
      return { type: "formula", value: scan.formula };
    case "date":
      return { type: "date", value: isoDate(scan.parts), numFmt: scan.numFmt };
    case "numericDate": {
      const use = impliedOrder(scan) ?? order;
      const parts = use ? numericDate(scan, use) : null;
      if (!use || !parts) {
        // 05/05/2026 is the same day either way.
        if (scan.first === scan.second) {
          const same = numericDate(scan, "dmy");
          if (same) return { type: "date", value: isoDate(same), numFmt: numericDateFormat(scan, "dmy") };
        }
        return { type: "text", value: text.trim() };
      }
      return { type: "date", value: isoDate(parts), numFmt: numericDateFormat(scan, use) };
    }
    case "number": {
      const n = numberValue(scan, convention);
      return { type: "number", value: n.value, numFmt: numberFormat(n.flavour, n.decimals, n.grouped || n.flavour.type === "currency", n.parens) };
    }
  }
}
