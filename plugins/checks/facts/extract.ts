/**
 * The facts of a text: amounts, percentages, meaningful numbers, dates and quotations, with where they are, in English,
 * Spanish, German, French, Italian, Portuguese, Dutch and Catalan (dates read by core/dates/read.ts, scale and
 * currency words from core/keydata/amount-words.ts). Matchers run in a fixed order (quotations, dates, amounts, percentages, years, numbers) and a later one
 * never takes text an earlier one took, so `3 de marzo de 2025` is one date, not a day and a year.
 *
 * In the document (`mode: "text"`) only what states a fact counts; these are skipped, as references or structure:
 * - a number right after a reference word (clause, section, article, page, annex, note, No., cláusula, artículo,
 *   apartado, página, anexo, ley, real decreto…) and numbered references such as `3/2020` or `2016/679` (the
 *   citations check reads those);
 * - the numbering a heading or paragraph starts with, before a capital (`2.3 Payment`, `12. Precio`, `IV. Objeto`;
 *   not in table cells, where a leading number is the value);
 * - whole numbers up to 10 written without unit, decimals or scale ("the 2 parties", "3 copies"): counts of
 *   structure; kept when a time unit follows ("within 5 days", "un plazo de 3 meses", "a 3-year term", "3-5
 *   weeks"), because a period is a fact a reader relies on;
 * - ordinals (`1st`, `2º`), times (`10:30`), numbers inside words or codes (an acronym before a number makes it a
 *   name: `ISO 9001`, `COVID-19`, `A4`), reference codes (`ref. 2024-ABC-17`), phone, post and account numbers
 *   (`+34 912 345 678`, `912-345-678`, `postcode 28001`), numbers written in words (never read at all);
 * - figures inside a quotation: the quotation is the fact, checked as a whole.
 * A bare year (`2025`, 1900–2100) is a date fact. Quotations count from four words up, between “…”, "…", «…», ‘…’
 * or '…'.
 *
 * In request and source texts (`mode: "all"`) nothing is skipped: any number there may support the document.
 */
import { CURRENCY_WORD_PATTERN, SCALE_ABBREVIATIONS, SCALE_TO_CURRENCY, SCALE_WORDS } from "../../../core/keydata/amount-words.ts";
import { dayMonth, readDates } from "../../../core/dates/read.ts";
import type { DateValue } from "./normalise.ts";
import { CURRENCY_CODES, currencyCode, normaliseQuote, parseWritten, realDate, scaleOf } from "./normalise.ts";

export type FactKind = "amount" | "percent" | "number" | "date" | "quote";

export interface Fact {
  readonly kind: FactKind;
  /** Offsets in the text given (end exclusive). */
  readonly start: number;
  readonly end: number;
  /** As written. */
  readonly raw: string;
  /** Figures: the value, scale applied, sign dropped (a fall "of -5%" and "5%" state the same figure). */
  readonly value?: number;
  /** Figures: the precision written, in units of the value (0.1e6 for `4.1 million`, 0.01 for `12,50 €`). */
  readonly unit?: number;
  /** Figures: how many significant digits were written (`4,1` 2, `2` 1, `0.5` 1, `1.200` 4). */
  readonly digits?: number;
  /** Figures: written with a scale word or letter (`million`, `M`, `millones`). */
  readonly scaled?: boolean;
  /** Amounts: ISO code. */
  readonly currency?: string;
  /** Dates: every reading (a numeric `04/03/2025` is 4 March or 3 April). */
  readonly dates?: ReadonlyArray<DateValue>;
  /** Quotations: the normalised words between the marks. */
  readonly quote?: string;
}

export interface ExtractOptions {
  readonly mode: "text" | "all";
  /** The text is a heading or paragraph, which may start with its numbering (not a table cell). */
  readonly numbered?: boolean;
}

/**
 * A number; thousands grouped by commas, dots or narrow spaces. A plain space groups thousands (`1 234 567,89`, as
 * French and others write them) only after or before a currency or percent sign (`SPACED_NUM`), or, for a bare
 * number, when decimals follow (`SPACED_DECIMAL`): without them digit groups run together are a phone number.
 */
const NUM = String.raw`\d{1,3}(?:(?:,\d{3})+|(?:\.\d{3})+|(?:[\u00A0\u202F]\d{3})+)(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const SPACED_NUM = String.raw`\d{1,3}(?:(?:,\d{3})+|(?:\.\d{3})+|(?:[\u00A0\u202F ]\d{3})+)(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const SPACED_DECIMAL = String.raw`\d{1,3}(?: \d{3})+,\d+`;
const WORD_SCALE = SCALE_WORDS;
const LETTER_SCALE = String.raw`${SCALE_ABBREVIATIONS}|MM|mn|bn|[kKMB]`;
const SCALE = String.raw`(?:\s*(?:${LETTER_SCALE})(?![\p{L}\p{N}])|\s+(?:${WORD_SCALE})(?![\p{L}]))`;
const CURRENCY_BEFORE = String.raw`US\$|\$|€|£|¥|(?<![\p{L}])(?:${CURRENCY_CODES})(?![\p{L}])`;
const CURRENCY_AFTER = String.raw`€|\$|£|(?:${CURRENCY_CODES})(?![\p{L}])|${CURRENCY_WORD_PATTERN}`;

const REFERENCE_WORDS =
  /(?:^|[^\p{L}])(?:clauses?|cl[aá]usulas?|sections?|secci[oó]n(?:es)?|articles?|art[ií]culos?|arts?\.|apartados?|paragraphs?|p[aá]rrafos?|pages?|p[aá]ginas?|p[aá]gs?\.|pp?\.|annex(?:es)?|anexos?|appendix|ap[eé]ndices?|chapters?|cap[ií]tulos?|points?|puntos?|items?|steps?|pasos?|tables?|tablas?|figures?|figuras?|schedules?|exhibits?|notes?|notas?|no\.|n[º°]|n\.[º°]|n[uú]m\.|numbers?|n[uú]meros?|versions?|versi[oó]n|v\.|ley(?:es)?|laws?|acts?|real\s+decreto|decreto(?:-ley)?|directives?|directivas?|regulations?|reglamentos?|rules?|reglas?|rooms?|salas?|floors?|plantas?|lines?|l[ií]neas?|ISO|RFC|UNE|NIF|CIF|refs?\.?|references?|referencias?|expedientes?|exp\.|cases?|asuntos?|autos|recursos?|postcode|post\s+code|postal\s+code|zip(?:\s+code)?|c[oó]digo\s+postal|C\.\s?P\.|CP|phone|tel\.?|tel[eé]fono|fax)\s*(?:\((?:EU|UE|CE|EC)\)\s*)?$/iu;
const TIME_UNIT_AFTER =
  /^\s*(?:[–-]\s*\d+\s*)?-?\s*(?:(?:calendar|business|working|natural(?:es)?|h[aá]biles)\s+)?(?:years?|months?|weeks?|days?|hours?|minutes?|quarters?|a[nñ]os?|meses|mes|semanas?|d[ií]as?|horas?|minutos?|trimestres?)(?![\p{L}])/iu;
const LEADING_NUMBERING = /^\s*(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVXLC]+\.)(?=\s+[\p{Lu}(])/u;

interface Span {
  start: number;
  end: number;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

const figure = (kind: FactKind, start: number, raw: string, number: string, scaleWord: string | undefined, extra: Partial<Fact> = {}): Fact => {
  const written = parseWritten(number);
  const scale = scaleOf(scaleWord);
  return {
    kind,
    start,
    end: start + raw.length,
    raw,
    // Rounded to 12 significant digits: 4.1 × 10⁶ must be 4100000, not 4099999.9999999995.
    value: Number(Math.abs(written.value * scale).toPrecision(12)),
    unit: Number((10 ** -written.decimals * scale).toPrecision(12)),
    scaled: scale !== 1,
    digits: number.replace(/\D/g, "").replace(/^0+/, "").length,
    ...extra,
  };
};

// --- quotations --------------------------------------------------------------------------------------

const QUOTE_PATTERNS: RegExp[] = [
  /“([^”\n]{1,3000})”/gu,
  /«([^»\n]{1,3000})»/gu,
  /„([^“”\n]{1,3000})[“”]/gu,
  /(?<![\p{L}\p{N}])"([^"\n]{1,3000})"(?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}])‘(\S[^\n]{0,3000}?)’(?![\p{L}])/gu,
  /(?<![\p{L}\p{N}])'(\S[^\n]{0,3000}?)'(?![\p{L}])/gu,
];

const wordCount = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;

function findQuotes(text: string): Fact[] {
  const out: Fact[] = [];
  for (const pattern of QUOTE_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      if (wordCount(m[1]!) < 4) continue;
      out.push({ kind: "quote", start: m.index!, end: m.index! + m[0].length, raw: m[0], quote: normaliseQuote(m[1]!) });
    }
  }
  return out;
}

// --- dates -------------------------------------------------------------------------------------------

const YEAR = String.raw`(1[89]\d{2}|20\d{2}|2100)`;

/** Dates as core/dates/read.ts reads them, partial ones included; a numeric `04/03/2025` has both readings unless one number cannot be a month. */
function findDates(text: string): Fact[] {
  const out: Fact[] = [];
  for (const d of readDates(text, { partial: true })) {
    const n = d.numeric;
    const readings: DateValue[] = n
      ? [{ year: d.year, ...dayMonth(n, "dmy") }, ...(n.first !== n.second && n.first <= 12 ? [{ year: d.year, ...dayMonth(n, "mdy") }] : [])]
      : [{ year: d.year, month: d.month, day: d.day }];
    const real = readings.filter((r) => r.day === null || realDate(r.year ?? 2000, r.month!, r.day));
    if (real.length > 0) out.push({ kind: "date", start: d.start, end: d.end, raw: d.raw, dates: real });
  }
  return out;
}

function findYears(text: string): Fact[] {
  const out: Fact[] = [];
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}.,/#+])${YEAR}(?![\p{L}\p{N}/:]|[.,]\d|-\p{L})`, "gu"))) {
    out.push({ kind: "date", start: m.index!, end: m.index! + m[0].length, raw: m[0], dates: [{ year: +m[1]!, month: null, day: null }] });
  }
  return out;
}

// --- figures -----------------------------------------------------------------------------------------

function findAmounts(text: string): Fact[] {
  const out: Fact[] = [];
  const before = new RegExp(String.raw`(${CURRENCY_BEFORE})\s?[-−]?\s?(${SPACED_NUM})(${SCALE})?(?![\p{N}])`, "gu");
  for (const m of text.matchAll(before)) {
    out.push(figure("amount", m.index!, m[0], m[2]!, m[3], { currency: currencyCode(m[1]!) }));
  }
  const after = new RegExp(String.raw`(?<![\p{L}\p{N}.,])[-−]?(${SPACED_NUM})(${SCALE})?${SCALE_TO_CURRENCY}?\s?(${CURRENCY_AFTER})`, "giu");
  for (const m of text.matchAll(after)) {
    out.push(figure("amount", m.index!, m[0], m[1]!, m[2], { currency: currencyCode(m[3]!) }));
  }
  return out;
}

function findPercents(text: string): Fact[] {
  const out: Fact[] = [];
  const pattern = new RegExp(
    String.raw`(?<![\p{L}\p{N}.,])[-−+]?(${SPACED_NUM})\s?(?:%|per\s?cent(?![\p{L}])|percent(?:age\s+points?)?(?![\p{L}])|por\s+ciento(?![\p{L}])|puntos\s+porcentuales(?![\p{L}])|p\.\s?p\.|Prozent(?:punkte)?(?![\p{L}])|pour\s?cent(?![\p{L}])|points?\s+de\s+pourcentage(?![\p{L}])|per\s+cento(?![\p{L}])|punti\s+percentuali(?![\p{L}])|por\s+cento(?![\p{L}])|pontos\s+percentuais(?![\p{L}])|procent(?:puntt?en)?(?![\p{L}])|per\s+cent(?![\p{L}])|punts\s+percentuals(?![\p{L}]))`,
    "giu",
  );
  for (const m of text.matchAll(pattern)) out.push(figure("percent", m.index!, m[0], m[1]!, undefined));
  return out;
}

function findNumbers(text: string): Fact[] {
  const out: Fact[] = [];
  const pattern = new RegExp(String.raw`(?<![\p{L}\p{N}.,/:#+]|\p{L}[-–])(${SPACED_DECIMAL}|${NUM})(\s+(?:${WORD_SCALE})(?![\p{L}]))?(?![\p{L}\p{N}º°ª]|[.,]\d|[:/]\d)`, "gu");
  for (const m of text.matchAll(pattern)) out.push(figure("number", m.index!, m[0], m[1]!, m[2]));
  return out;
}

// --- which numbers state a fact ------------------------------------------------------------------------

function isStructural(text: string, fact: Fact): boolean {
  const before = text.slice(Math.max(0, fact.start - 40), fact.start);
  if (REFERENCE_WORDS.test(before)) return true;
  if (fact.kind !== "number") return false;
  if (/^\s*\/\s*\d/.test(text.slice(fact.end))) return true;
  // Digit groups run together by spaces are a phone or account number, not a quantity.
  if (/\d[ \u00A0]$|\d{3}-$/.test(before) || /^[ \u00A0]\d|^-\d{3}/.test(text.slice(fact.end))) return true;
  if (/(?<!\p{L})\p{Lu}{2,6}[- ]$/u.test(before) && !/(?:EUR|USD|GBP)\s$/.test(before)) return true;
  const small = Number.isInteger(fact.value) && fact.value! <= 10 && !fact.scaled && !/[.,]/.test(fact.raw);
  return small && !TIME_UNIT_AFTER.test(text.slice(fact.end));
}

export function extractFacts(text: string, options: ExtractOptions = { mode: "text" }): Fact[] {
  const taken: Fact[] = [];
  const take = (found: Fact[]) => {
    for (const f of found.sort((a, b) => a.start - b.start || b.end - a.end)) {
      if (!taken.some((t) => overlaps(t, f))) taken.push(f);
    }
  };
  const document = options.mode === "text";
  // The numbering a block starts with takes its span first, so no matcher reads it as a figure.
  const numbering = document && options.numbered !== false ? LEADING_NUMBERING.exec(text) : null;
  const numberingSpan: Fact | null = numbering ? { kind: "number", start: 0, end: numbering[0].length, raw: numbering[0] } : null;
  if (numberingSpan) taken.push(numberingSpan);
  if (document) take(findQuotes(text));
  take(findDates(text));
  take(findAmounts(text));
  take(findPercents(text));
  take(findYears(text));
  take(findNumbers(text));
  return taken
    .filter((f) => f !== numberingSpan)
    .filter((f) => !document || f.kind === "quote" || !isStructural(text, f))
    .sort((a, b) => a.start - b.start);
}
