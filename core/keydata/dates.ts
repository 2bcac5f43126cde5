/**
 * Dates as people write them in English, Spanish, German, French, Italian, Portuguese, Dutch and Catalan, read to
 * their parts: key data and the facts check read dates this one way, so `3. März 2025`, `1er mars 2025`,
 * `1 d'abril de 2025` and `2025-03-03` are read alike everywhere. No validity filter here: key data keeps an
 * impossible date and flags it, the facts check drops it, so each caller decides with `realDate`.
 */

/** Month names, full and abbreviated, keyed without accents in lower case (`fold`). */
const FULL: Record<string, number> = {};
const SHORT: Record<string, number> = {};

const fullNames: ReadonlyArray<ReadonlyArray<string>> = [
  // en, es, de, fr, it, pt, nl, ca; a name shared by two languages has the same number in both.
  ["january", "enero", "januar", "janner", "janvier", "gennaio", "janeiro", "januari", "gener"],
  ["february", "febrero", "februar", "fevrier", "febbraio", "fevereiro", "februari", "febrer"],
  ["march", "marzo", "marz", "mars", "marco", "maart", "marc"],
  ["april", "abril", "avril", "aprile"],
  ["may", "mayo", "mai", "maggio", "maio", "mei", "maig"],
  ["june", "junio", "juni", "juin", "giugno", "junho", "juny"],
  ["july", "julio", "juli", "juillet", "luglio", "julho", "juliol"],
  ["august", "agosto", "aout", "augustus", "agost"],
  ["september", "septiembre", "setiembre", "septembre", "settembre", "setembro", "setembre"],
  ["october", "octubre", "oktober", "octobre", "ottobre", "outubro"],
  ["november", "noviembre", "novembre", "novembro"],
  ["december", "diciembre", "dezember", "decembre", "dicembre", "dezembro", "desembre"],
];
// Abbreviations are read only next to a year; words such as "set", "out" or "gen" are left out because they are
// common words in English or Italian.
const shortNames: ReadonlyArray<ReadonlyArray<string>> = [
  ["jan", "ene", "janv"],
  ["feb", "febr", "fevr", "fev"],
  ["mar", "mrt"],
  ["apr", "abr", "avr"],
  [],
  ["jun"],
  ["jul", "juil"],
  ["aug", "ago"],
  ["sep", "sept", "sett"],
  ["oct", "okt", "ott"],
  ["nov"],
  ["dec", "dic", "dez"],
];
fullNames.forEach((names, i) => names.forEach((n) => (FULL[n] = i + 1)));
shortNames.forEach((names, i) => names.forEach((n) => (SHORT[n] = i + 1)));

/** Lower case without accents: `März` → `marz`, `août` → `aout`, `març` → `marc`. */
export const fold = (s: string): string => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The written forms a pattern must accept: each key and its accented spellings. */
const accented: Record<string, string[]> = {
  janner: ["jänner"], fevrier: ["février"], marz: ["märz"], marco: ["março"], marc: ["març"], aout: ["août"],
  decembre: ["décembre"], fevr: ["févr"], dec: ["déc"],
};
const alternation = (keys: string[]) =>
  keys.flatMap((k) => [k, ...(accented[k] ?? [])]).sort((a, b) => b.length - a.length).join("|");

const ANY_MONTH = alternation([...Object.keys(FULL), ...Object.keys(SHORT)]);
const FULL_MONTH = alternation(Object.keys(FULL));

/** The month a name stands for, or undefined: `März`, `1er`-less `mars`, `Sept.`, `d'abril` (without the `d'`). */
export const monthOf = (name: string): number | undefined => {
  const key = fold(name).replace(/\.$/, "");
  return FULL[key] ?? SHORT[key];
};

export function realDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}

export interface FoundDate {
  readonly start: number;
  readonly end: number;
  readonly raw: string;
  readonly year: number | null;
  readonly month: number | null;
  readonly day: number | null;
  /** Numeric dates (`04/03/2025`): the two numbers in the order written; which is the day is the caller's choice. */
  readonly numeric?: { readonly first: number; readonly second: number };
}

export interface DateOptions {
  /** Also dates without a day (`March 2025`, `März 2025`) or without a year (`3 de marzo`, `1er mars`). */
  readonly partial?: boolean;
}

/** `1st`, `1er`, `3.`, `1°`, `1º`, `1.º`, `1ª`. */
const ORD = String.raw`(?:st|nd|rd|th|er|\.?º|\.?°|\.?ª|\.(?=\s))?`;
/** Between the day and the month: `of`, `de`, Catalan `d'` (`1 d'abril`), or a space. */
const DAY_MONTH = String.raw`(?:\s+(?:of|de)\s+|\s+d['’]|\s+)`;
/** Between the month and the year: `,`, `de`, `del`. */
const MONTH_YEAR = String.raw`\.?,?\s+(?:de(?:l)?\s+)?`;
const YEAR = String.raw`(1[89]\d{2}|20\d{2}|2100)`;

function found(m: RegExpMatchArray, year: number | null, month: number | null, day: number | null, numeric?: FoundDate["numeric"]): FoundDate {
  return { start: m.index!, end: m.index! + m[0].length, raw: m[0], year, month, day, ...(numeric ? { numeric } : {}) };
}

/** Every date written in `text`; spans may overlap (a day-month inside a full date), the longest first at each start. */
export function readDates(text: string, options: DateOptions = {}): FoundDate[] {
  const out: FoundDate[] = [];
  for (const m of text.matchAll(/(?<![\p{N}-])(\d{4})-(\d{2})-(\d{2})(?![\p{N}-])/gu)) out.push(found(m, +m[1]!, +m[2]!, +m[3]!));
  // 3 March 2026, 3rd of March, 2026, 3 de marzo de 2026, 3. März 2026, 1er mars 2026, 1° marzo 2026, 1 d'abril de 2026
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(\d{1,2})${ORD}${DAY_MONTH}(${ANY_MONTH})${MONTH_YEAR}(\d{4})(?!\p{N})`, "giu"))) {
    out.push(found(m, +m[3]!, monthOf(m[2]!)!, +m[1]!));
  }
  // March 3, 2026 / March 3rd 2026
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(${ANY_MONTH})\.?\s+(\d{1,2})${ORD},?\s+(\d{4})(?!\p{N})`, "giu"))) {
    out.push(found(m, +m[3]!, monthOf(m[1]!)!, +m[2]!));
  }
  // 03/03/2026, 3-3-2026, 03.03.2026
  for (const m of text.matchAll(/(?<![\p{N}/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?![\p{N}/-])/gu)) {
    out.push(found(m, +m[4]!, null, null, { first: +m[1]!, second: +m[3]! }));
  }
  if (!options.partial) return out;
  // March 2026, marzo de 2026, März 2026, Mar 2026
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(${ANY_MONTH})${MONTH_YEAR}${YEAR}(?!\p{N})`, "giu"))) {
    out.push(found(m, +m[2]!, monthOf(m[1]!)!, null));
  }
  // 3 de marzo, 3 March, 1er mars, 3. März (no year): full names only; lower-case "may" and "march" are verbs.
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(\d{1,2})${ORD}${DAY_MONTH}(${FULL_MONTH})(?![\p{L}])`, "giu"))) {
    if (/^(may|march)$/.test(m[2]!)) continue;
    out.push(found(m, null, monthOf(m[2]!)!, +m[1]!));
  }
  // March 3 (no year): a capitalised full name.
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(${FULL_MONTH})\s+(\d{1,2})${ORD}(?![\p{L}\p{N}])`, "giu"))) {
    if (!/^\p{Lu}/u.test(m[1]!)) continue;
    out.push(found(m, null, monthOf(m[1]!)!, +m[2]!));
  }
  return out;
}
