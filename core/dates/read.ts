/**
 * The one date reader: dates as people write them in English, Spanish, German, French, Italian, Portuguese, Dutch
 * and Catalan, read to their parts and the form they were written in. Key data, the facts check and the document-type
 * detector find the dates of running text (`readDates`); the workbook reads a cell as one whole value (`readDate`).
 * So `3. März 2025`, `1er mars 2025`, `1 d'abril de 2025`, `03/03/2025` and `2025-03-03` are read alike everywhere.
 *
 * The reader says what was written and judges nothing: there is no validity filter (key data keeps an impossible
 * date and flags it, the facts check drops it, a cell leaves it as text: each caller decides with calendar.ts's
 * `realDate`), and a numeric date gives its two numbers in the order written, because which one is the day is the
 * caller's to know (key data's region, both readings for the facts check, a workbook column's other dates);
 * `dayMonth` reads them in the order chosen.
 */
import type { Language } from "../doctype/language.ts";
import { ANY_MONTH, FULL_MONTH, monthLanguages, monthOf, WEEKDAY } from "./names.ts";

/**
 * How a date was written: `iso` 2026-03-01; `numeric` 01/03/2026, 1-3-2026, 01.03.2026; `day-month` 1 March 2026,
 * 1 de marzo de 2026, 3. März 2026 (or without year: 1er mars); `month-day` March 1, 2026 (or March 1);
 * `month-year` March 2026.
 */
export type DateForm = "iso" | "numeric" | "day-month" | "month-day" | "month-year";

/** Day first or month first. */
export type DateOrder = "dmy" | "mdy";

export interface NumericDate {
  /** The two numbers in the order written. */
  readonly first: number;
  readonly second: number;
  readonly separator: "/" | "-" | ".";
  /** Both numbers written with two digits (`01/03`, not `1/3`). */
  readonly padded: boolean;
}

export interface FoundDate {
  readonly start: number;
  readonly end: number;
  readonly raw: string;
  readonly year: number | null;
  /** Null for a numeric date (see `numeric`) and for a year alone. */
  readonly month: number | null;
  readonly day: number | null;
  readonly form: DateForm;
  /** Numeric dates (`04/03/2025`): which number is the day is the caller's choice (`dayMonth`). */
  readonly numeric?: NumericDate;
  /** Dates with a month name: the name as written (no full stop) and the languages it is a month in (`april`: en, de, nl). */
  readonly monthName?: { readonly written: string; readonly languages: ReadonlyArray<Language> };
  /** A time written after the date (`2026-03-01 14:30`), read in whole values only; not checked. */
  readonly time?: { readonly hours: number; readonly minutes: number };
}

export interface DateOptions {
  /** Also dates without a day (`March 2025`, `März 2025`) or without a year (`3 de marzo`, `1er mars`). */
  readonly partial?: boolean;
}

/** The day and month of a numeric date read in `order`. */
export const dayMonth = (numeric: Pick<NumericDate, "first" | "second">, order: DateOrder): { month: number; day: number } =>
  order === "dmy" ? { month: numeric.second, day: numeric.first } : { month: numeric.first, day: numeric.second };

/** `1st`, `1er`, `3.`, `1°`, `1º`, `1.º`, `1ª`. */
const ORD = String.raw`(?:st|nd|rd|th|er|\.?º|\.?°|\.?ª|\.(?=\s))?`;
/** Between the day and the month: `of`, `de`, Catalan `d'` (`1 d'abril`), or a space. */
const DAY_MONTH = String.raw`(?:\s+(?:of|de)\s+|\s+d['’]|\s+)`;
/** Between the month and the year: `,`, `de`, `del`. */
const MONTH_YEAR = String.raw`\.?,?\s+(?:de(?:l)?\s+)?`;
const YEAR = String.raw`(1[89]\d{2}|20\d{2}|2100)`;
const ISO = String.raw`(\d{4})-(\d{2})-(\d{2})`;

const named = (written: string) => ({ written, languages: monthLanguages(written) });

function found(m: RegExpMatchArray, form: DateForm, year: number | null, month: number | null, day: number | null, more: Partial<FoundDate> = {}): FoundDate {
  return { start: m.index!, end: m.index! + m[0].length, raw: m[0], year, month, day, form, ...more };
}

/** Every date written in `text`; spans may overlap (a day-month inside a full date), the longest first at each start. */
export function readDates(text: string, options: DateOptions = {}): FoundDate[] {
  const out: FoundDate[] = [];
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{N}-])${ISO}(?![\p{N}-])`, "gu"))) out.push(found(m, "iso", +m[1]!, +m[2]!, +m[3]!));
  // 3 March 2026, 3rd of March, 2026, 3 de marzo de 2026, 3. März 2026, 1er mars 2026, 1° marzo 2026, 1 d'abril de 2026
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(\d{1,2})${ORD}${DAY_MONTH}(${ANY_MONTH})${MONTH_YEAR}(\d{4})(?!\p{N})`, "giu"))) {
    out.push(found(m, "day-month", +m[3]!, monthOf(m[2]!)!, +m[1]!, { monthName: named(m[2]!) }));
  }
  // March 3, 2026 / March 3rd 2026
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(${ANY_MONTH})\.?\s+(\d{1,2})${ORD},?\s+(\d{4})(?!\p{N})`, "giu"))) {
    out.push(found(m, "month-day", +m[3]!, monthOf(m[1]!)!, +m[2]!, { monthName: named(m[1]!) }));
  }
  // 03/03/2026, 3-3-2026, 03.03.2026
  for (const m of text.matchAll(/(?<![\p{N}/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?![\p{N}/-])/gu)) {
    out.push(found(m, "numeric", +m[4]!, null, null, { numeric: numeric(m[1]!, m[2]!, m[3]!) }));
  }
  if (!options.partial) return out;
  // March 2026, marzo de 2026, März 2026, Mar 2026
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(${ANY_MONTH})${MONTH_YEAR}${YEAR}(?!\p{N})`, "giu"))) {
    out.push(found(m, "month-year", +m[2]!, monthOf(m[1]!)!, null, { monthName: named(m[1]!) }));
  }
  // 3 de marzo, 3 March, 1er mars, 3. März (no year): full names only; lower-case "may" and "march" are verbs.
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(\d{1,2})${ORD}${DAY_MONTH}(${FULL_MONTH})(?![\p{L}])`, "giu"))) {
    if (/^(may|march)$/.test(m[2]!)) continue;
    out.push(found(m, "day-month", null, monthOf(m[2]!)!, +m[1]!, { monthName: named(m[2]!) }));
  }
  // March 3 (no year): a capitalised full name.
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(${FULL_MONTH})\s+(\d{1,2})${ORD}(?![\p{L}\p{N}])`, "giu"))) {
    if (!/^\p{Lu}/u.test(m[1]!)) continue;
    out.push(found(m, "month-day", null, monthOf(m[1]!)!, +m[2]!, { monthName: named(m[1]!) }));
  }
  return out;
}

const numeric = (first: string, separator: string, second: string): NumericDate => ({
  first: +first,
  second: +second,
  separator: separator as NumericDate["separator"],
  padded: first.length === 2 && second.length === 2,
});

// A whole value (a workbook cell) is one date or none, so its patterns are anchored and its month word is looked up
// rather than searched for. It may carry a time (`2026-03-01 14:30`, `01/03/2026 9:05`), a two-digit year in a
// numeric date (`01/03/26`), `-` around a month name (`1-Mar-2026`), and a weekday before a date with a month name.
const ISO_WHOLE = new RegExp(String.raw`^${ISO}(?:[ T](\d{2}):(\d{2})(?::\d{2})?)?$`, "u");
const NUMERIC_WHOLE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?:\s+(\d{1,2}):(\d{2}))?$/u;
const MONTH_DAY_WHOLE = new RegExp(String.raw`^(\p{L}+)\.?\s+(\d{1,2})${ORD},?\s+(\d{4})$`, "iu");
const DAY_MONTH_WHOLE = new RegExp(String.raw`^(\d{1,2})${ORD}(?:${DAY_MONTH}|-)(\p{L}+)(?:${MONTH_YEAR}|\.?-)(\d{4})$`, "iu");

const timeOf = (hours: string | undefined, minutes: string | undefined) => (hours === undefined ? {} : { time: { hours: +hours, minutes: +minutes! } });

/** The date `text` is, all of it (surrounding spaces trimmed by the caller), or null. */
export function readDate(text: string): FoundDate | null {
  let m = ISO_WHOLE.exec(text);
  if (m) return found(m, "iso", +m[1]!, +m[2]!, +m[3]!, timeOf(m[4], m[5]));
  m = NUMERIC_WHOLE.exec(text);
  if (m) {
    // `1.2.26` is a version number more often than a date.
    if (m[2] === "." && m[4]!.length === 2) return null;
    const year = m[4]!.length === 2 ? 2000 + +m[4]! : +m[4]!;
    return found(m, "numeric", year, null, null, { numeric: numeric(m[1]!, m[2]!, m[3]!), ...timeOf(m[5], m[6]) });
  }
  const weekday = WEEKDAY.exec(text)?.[0].length ?? 0;
  const words = text.slice(weekday);
  const at = (m: RegExpExecArray) => Object.assign(m, { index: weekday });
  m = MONTH_DAY_WHOLE.exec(words);
  const monthFirst = m ? monthOf(m[1]!, true) : undefined;
  if (m && monthFirst) return found(at(m), "month-day", +m[3]!, monthFirst, +m[2]!, { monthName: named(m[1]!) });
  m = DAY_MONTH_WHOLE.exec(words);
  const dayFirst = m ? monthOf(m[2]!, true) : undefined;
  if (m && dayFirst) return found(at(m), "day-month", +m[3]!, dayFirst, +m[1]!, { monthName: named(m[2]!) });
  return null;
}
