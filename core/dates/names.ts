/**
 * Month and weekday names of the eight languages Quire writes (English, Spanish, German, French, Italian, Portuguese,
 * Dutch, Catalan), for the date reader (read.ts). Names are kept per language because a workbook cell formats a date
 * in the language its month name is written in (`[$-C0A]` for `marzo`); the reader itself only needs the month.
 */
import type { Language } from "../doctype/language.ts";

/** Lower case without accents: `März` → `marz`, `août` → `aout`, `març` → `marc`. */
export const fold = (s: string): string => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Per language, January to December, folded; `/` between spellings of one month, `-` for a month with none. */
const months: Record<Language, { readonly full: string; readonly short: string }> = {
  en: { full: "january february march april may june july august september october november december", short: "jan feb mar apr - jun jul aug sep/sept oct nov dec" },
  es: { full: "enero febrero marzo abril mayo junio julio agosto septiembre/setiembre octubre noviembre diciembre", short: "ene feb mar abr may jun jul ago sep/sept/set oct nov dic" },
  de: { full: "januar/janner februar marz april mai juni juli august september oktober november dezember", short: "jan feb/febr mar apr - jun jul aug sep/sept okt nov dez" },
  fr: { full: "janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre", short: "janv fev/fevr mar avr - - juil - sept oct nov dec" },
  it: { full: "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre", short: "gen feb mar apr mag giu lug ago sett/set ott nov dic" },
  pt: { full: "janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro", short: "jan fev mar abr - jun jul ago set out nov dez" },
  nl: { full: "januari februari maart april mei juni juli augustus september oktober november december", short: "jan feb mrt apr - jun jul aug sep/sept okt nov dec" },
  ca: { full: "gener febrer marc abril maig juny juliol agost setembre octubre novembre desembre", short: "gen febr mar abr - - jul ago set oct nov des" },
};

/**
 * Abbreviations that are words too (`set`, `out`, `gen`, `des`; Italian `mag`, `giu`, `lug`): read only where the whole
 * value is a date (a workbook cell), never in running text, where "set", "out" or "gen" are common English or Italian.
 */
const WORDS_TOO: ReadonlySet<string> = new Set(["set", "out", "gen", "des", "mag", "giu", "lug"]);

/** Full names, abbreviations read in running text, abbreviations read in a whole value: each with its month. */
export const FULL = new Map<string, number>();
export const SHORT = new Map<string, number>();
const WHOLE_ONLY = new Map<string, number>();
/** The languages each name (full or short) is a month in, in the order of `months`. */
const LANGUAGES = new Map<string, Language[]>();

for (const [language, { full, short }] of Object.entries(months) as Array<[Language, { full: string; short: string }]>) {
  const each = (list: string, add: (name: string, month: number) => void) =>
    list.split(" ").forEach((spellings, i) => spellings.split("/").filter((n) => n !== "-").forEach((n) => add(n, i + 1)));
  const known = (name: string) => LANGUAGES.set(name, [...(LANGUAGES.get(name) ?? []), language]);
  each(full, (name, month) => (FULL.set(name, month), known(name)));
  each(short, (name, month) => ((WORDS_TOO.has(name) ? WHOLE_ONLY : SHORT).set(name, month), known(name)));
}

/** The written forms a pattern must accept: each key and its accented spellings. */
const accented: Record<string, string[]> = {
  janner: ["jänner"], fevrier: ["février"], marz: ["märz"], marco: ["março"], marc: ["març"], aout: ["août"],
  decembre: ["décembre"], fevr: ["févr"], dec: ["déc"],
};
const alternation = (keys: Iterable<string>) =>
  [...keys].flatMap((k) => [k, ...(accented[k] ?? [])]).sort((a, b) => b.length - a.length).join("|");

/** A regular-expression alternation of every month name read in running text, longest first. */
export const ANY_MONTH = alternation(new Set([...FULL.keys(), ...SHORT.keys()]));
/** The same, full names only. */
export const FULL_MONTH = alternation(FULL.keys());

/**
 * The month a name stands for, or undefined: `März`, `mars`, `Sept.`, `abril` (without Catalan's `d'`). `whole`: the
 * name is all there is besides the day and year (a cell), so abbreviations that are words too count (`1 set 2026`).
 */
export const monthOf = (name: string, whole = false): number | undefined => {
  const key = fold(name).replace(/\.$/, "");
  return FULL.get(key) ?? SHORT.get(key) ?? (whole ? WHOLE_ONLY.get(key) : undefined);
};

/** The languages a month name belongs to: `april` → en, de, nl; `marzo` → es, it; `set` → es, it, pt, ca. */
export const monthLanguages = (name: string): ReadonlyArray<Language> => LANGUAGES.get(fold(name).replace(/\.$/, "")) ?? [];

/**
 * A weekday before a date in a whole value (`lunes, 2 de marzo de 2026`, `Montag, 3. März 2026`, `Mon 2 Mar 2026`):
 * English by its first letters, the others by their full names.
 */
export const WEEKDAY = new RegExp(
  String.raw`^(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*|` +
    [
      String.raw`lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo`,
      String.raw`montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag`,
      String.raw`lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche`,
      String.raw`luned[ìi]|marted[ìi]|mercoled[ìi]|gioved[ìi]|venerd[ìi]|sabato|domenica`,
      String.raw`(?:segunda|ter[çc]a|quarta|quinta|sexta)(?:-feira)?`,
      String.raw`maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag`,
      String.raw`dilluns|dimarts|dimecres|dijous|divendres|dissabte|diumenge`,
    ].join("|") +
    String.raw`)\.?,?\s+`,
  "i",
);
