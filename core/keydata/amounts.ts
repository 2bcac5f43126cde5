/**
 * Amounts for key data: a number with a currency before or after it, in the eight languages key data reads —
 * `$1,200.50`, `1.200,50 €`, `EUR 300`, `£40`, `300 euros`, `$2 million`, `3 millones de euros`, `184,7 Mio. €`,
 * `1,2 Mrd. €`, `12,5 M€`, `3 millions d'euros`, `1 234 567,89 €`, `2,5 milioni di euro`, `3 miljoen euro` — and
 * ranges, one amount with both ends: `£44 to £46 million`, `44–46 M€`, `entre 44 y 46 millones de euros`. A range's
 * first end takes the scale of the second when it has none (`£44 to £46 million` is 44,000,000 to 46,000,000); its
 * `normalized` is `GBP 44000000.00 to 46000000.00`. After a verb of change ("rose from £44 to £46 million") the two
 * ends are two amounts, a before and an after, the first still scaled.
 */
import { CURRENCY_WORD_PATTERN, SCALE_ABBREVIATIONS, SCALE_TO_CURRENCY, SCALE_WORDS, currencyOfWord, scaleWordValue } from "./amount-words.ts";
import { parseWritten } from "./written.ts";

export interface FoundAmount {
  start: number;
  end: number;
  /** As written, spaces collapsed. */
  value: string;
  /** `EUR 1200.50`, or for a range `EUR 44000000.00 to 46000000.00`. */
  normalized: string;
}

const codes = "EUR|USD|GBP|CHF|JPY|CNY|CAD|AUD|MXN|ARS|CLP|COP|PEN|BRL|SEK|NOK|DKK|PLN|CZK|HUF|RON|INR";
const symbolCodes: Record<string, string> = { "€": "EUR", $: "USD", US$: "USD", "£": "GBP", "¥": "JPY" };
const number = String.raw`\d{1,3}(?:(?:,\d{3})+|(?:\.\d{3})+|(?:[\u00A0\u202F ]\d{3})+)(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const currencyAhead = String.raw`(?=(?:${CURRENCY_WORD_PATTERN}|€|US\$|\$|£|(?:${codes})(?![\p{L}])))`;
/** "de"/"di"/"d'" between a scale and the currency: taken only when the currency follows, so it never ends an amount. */
const toCurrency = String.raw`(?:${SCALE_TO_CURRENCY}${currencyAhead})?`;
/**
 * A scale after the number keeps the amount's size: "EUR 18.2 M", "€18.2m", "USD 3 bn", "1.5 k €", "184,7 Mio. €",
 * "18,2 millones de euros", "3 millions d'euros". The short letters may touch the number; a scale word is whole, so
 * "mil" is not taken for the start of "millones".
 */
const scale = String.raw`(?:\s*(?:${SCALE_ABBREVIATIONS}|[kK]|[mM]{1,2}|[mM]n|[bB]n?)(?![\p{L}\p{N}²³])${toCurrency}|\s+(?:${SCALE_WORDS})(?![\p{L}])${toCurrency})?`;

const letterScales: Record<string, number> = { k: 1e3, m: 1e6, mm: 1e6, mn: 1e6, b: 1e9, bn: 1e9 };

function scaleOf(written: string | undefined): number {
  const key = (written ?? "").trim().replace(/(?:\s+(?:de|di)|\s*d['’])$/i, "").trim();
  return key === "" ? 1 : (letterScales[key.toLowerCase()] ?? scaleWordValue(key) ?? 1);
}

const boundaryAfter = (text: string, at: number) => at >= text.length || !/[\p{L}\p{N}]/u.test(text[at]!);
const boundaryBefore = (text: string, at: number) => at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1]!);

interface Single extends FoundAmount {
  code: string;
  amount: number;
  /** The scale it was written with: 1, or 10⁶ for `£46 million`. */
  size: number;
}

function single(start: number, written: string, amount: number, code: string, size: number): Single {
  return { start, end: start + written.length, value: written.replace(/\s+/g, " "), normalized: `${code} ${amount.toFixed(2)}`, code, amount, size };
}

function singles(text: string): Single[] {
  const out: Single[] = [];
  const prefix = new RegExp(`(-)?(US\\$|\\$|€|£|¥|(?<![\\p{L}])(?:${codes})(?![\\p{L}]))\\s?(-)?(${number})(${scale})(?!\\p{N})`, "gu");
  for (const m of text.matchAll(prefix)) {
    if (!boundaryAfter(text, m.index! + m[0].length)) continue;
    const code = symbolCodes[m[2]!] ?? m[2]!;
    const sign = m[1] || m[3] ? -1 : 1;
    const size = scaleOf(m[5]);
    out.push(single(m.index!, m[0], sign * parseWritten(m[4]!).value * size, code, size));
  }
  const suffix = new RegExp(`(?<![\\p{N}.,])(-)?(${number})(${scale})\\s?(€|\\$|£|(?:${codes})(?![\\p{L}])|${CURRENCY_WORD_PATTERN})`, "giu");
  for (const m of text.matchAll(suffix)) {
    if (!boundaryBefore(text, m.index!)) continue;
    const currency = m[4]!;
    const code = symbolCodes[currency] ?? currencyOfWord(currency) ?? currency.toUpperCase();
    const size = scaleOf(m[3]);
    out.push(single(m.index!, m[0], (m[1] ? -1 : 1) * parseWritten(m[2]!).value * size, code, size));
  }
  return out;
}

// --- ranges ----------------------------------------------------------------------------------------------

const rangeSeparator = String.raw`\s*[–—-]\s*|\s+(?:to|a|al|bis|à|au|tot|até|fins\s+a)\s+`;
const betweenSeparator = String.raw`\s+(?:and|y|e|und|et|en|i)\s+`;
const between = /(?:^|[^\p{L}])(?:between|entre|zwischen|tra|fra|tussen)\s+$/iu;
/** A verb of change before "from": "rose from £44 to £46 million" states two amounts, not a range. */
const change =
  /(?:^|[^\p{L}])(?:r[io]se[ns]?|rising|increas\w*|gr[eo]w\w*|f[ae]ll\w*|drop\w*|declin\w*|went|climb\w*|jump\w*|cut|reduc\w*|rais\w*|decreas\w*|subi\w*|baj\w*|aument\w*|creci\w*|cay\w*|disminu\w*|pas[óo]|stieg\w*|gestiegen|sank|gesunken|augment\w*|baiss\w*|pass[ée]\w*|cresc\w*|diminu\w*|steeg|gestegen|daalde\w*)\s+(?:\p{L}+\s+){0,3}(?:from|von|da|van|desde|de)\s+$/iu;
const bareNumber = new RegExp(`^(${number})(${scale})(?![\\p{L}\\p{N}])`, "u");
const bareNumberBefore = new RegExp(`(?<![\\p{L}\\p{N}.,€$£-])(${number})$`, "u");

/** A low end and a high end read as one range, or the low end scaled, as a change. */
function joined(text: string, low: { start: number; end: number; amount: number; size: number }, high: Single): FoundAmount[] | null {
  if (low.amount < 0 || high.amount <= 0) return null;
  // "£500 to £2 million" is not 500 million: the scale is shared only when the ends stay in order.
  const lowAmount = low.size === 1 && low.amount * high.size <= high.amount ? low.amount * high.size : low.amount;
  if (lowAmount > high.amount) return null;
  const before = text.slice(Math.max(0, low.start - 60), low.start);
  if (change.test(before)) {
    return [
      { start: low.start, end: low.end, value: text.slice(low.start, low.end).replace(/\s+/g, " "), normalized: `${high.code} ${lowAmount.toFixed(2)}` },
      high,
    ];
  }
  const written = text.slice(low.start, high.end);
  return [{ start: low.start, end: high.end, value: written.replace(/\s+/g, " "), normalized: `${high.code} ${lowAmount.toFixed(2)} to ${high.amount.toFixed(2)}` }];
}

function ranges(text: string, found: Single[]): FoundAmount[][] {
  const out: FoundAmount[][] = [];
  const separator = (before: string) => (between.test(before) ? betweenSeparator : rangeSeparator);
  for (const high of found) {
    const before = text.slice(0, high.start);
    // An amount or a bare number, then a separator, then this amount: "£44 to £46 million", "44–46 M€".
    for (const low of found) {
      if (low === high || low.code !== high.code || low.end > high.start) continue;
      const gap = text.slice(low.end, high.start);
      if (!new RegExp(`^(?:${separator(text.slice(0, low.start))})$`, "iu").test(gap)) continue;
      const r = joined(text, low, high);
      if (r) out.push(r);
    }
    for (const sep of [rangeSeparator, betweenSeparator]) {
      const m = new RegExp(`(?:${sep})$`, "iu").exec(before);
      if (!m) continue;
      const n = bareNumberBefore.exec(before.slice(0, m.index));
      if (!n || (sep === betweenSeparator && !between.test(before.slice(0, n.index)))) continue;
      // A bare year before an amount ("in 2025 to €46 million") is a date, not a range's end.
      if (/^(?:19|20)\d{2}$/.test(n[1]!)) continue;
      const r = joined(text, { start: n.index!, end: n.index! + n[1]!.length, amount: parseWritten(n[1]!).value, size: 1 }, high);
      if (r) out.push(r);
    }
  }
  // An amount, a separator, then a bare number with a scale or after a dash: "€44–46m", "£44 to 46 million".
  for (const low of found) {
    const m = new RegExp(`^(?:${rangeSeparator})`, "iu").exec(text.slice(low.end));
    if (!m) continue;
    const start = low.end + m[0].length;
    const n = bareNumber.exec(text.slice(start));
    if (!n || (!n[2] && !/[–—-]/.test(m[0]))) continue;
    const size = scaleOf(n[2]);
    const r = joined(text, low, single(start, n[0], parseWritten(n[1]!).value * size, low.code, size));
    if (r) out.push(r);
  }
  return out;
}

/** Amounts and ranges, overlapping: the caller keeps the longest at each start (a range before its ends). */
export function findAmounts(text: string): FoundAmount[] {
  const found = singles(text);
  const all: FoundAmount[] = [...ranges(text, found).flat(), ...found];
  return all.map(({ start, end, value, normalized }) => ({ start, end, value, normalized }));
}
