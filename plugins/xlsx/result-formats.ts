/**
 * The number format of a formula's result, from what it computes, so a projection shows `€4,612.12` and not
 * 4612.1196377088. The formula's cells and names are looked up (their columns' formats, the assumptions') and
 * combined the way the arithmetic combines their units:
 *
 * - a header that says `%` makes a percentage (unless the formula multiplies by 100 itself);
 * - an amount divided by something that is not an amount is still an amount (revenue / units = a price);
 *   any other division by a cell is a ratio: two decimals;
 * - otherwise money wins (a growth rate × an amount is an amount, and so is anything under a header naming a
 *   currency), with cents; then plain numbers with the decimals they had — at least two once a rate, a fraction
 *   or an average enters, but whole numbers or one decimal under a count header (units, hours); then
 *   percentages alone (a rate of rates);
 * - COUNT and its family count: whole numbers.
 *
 * Thousands are grouped in every computed number. A formula the tokenizer cannot read, or that refers to
 * nothing with a format, gets none (General shows what there is).
 */
import { tokenize } from "./formulas.ts";
import { columnNumber, looksLikeReference } from "./names.ts";
import type { HeaderUnit } from "./units.ts";
import { headerUnit } from "./units.ts";

/** What a number is, for the arithmetic of formats. */
export interface Shown {
  format: string;
  kind: "money" | "percent" | "plain";
  decimals: number;
}

export interface FormatLookup {
  /** The numbers of a column of this sheet (1-based), if it has any. */
  column(c: number): Shown | null;
  /** The value of a defined name (an assumption), if it is a number. */
  name(word: string): Shown | null;
}

const currency = /"[^"]*(?:[€$£¥]|[A-Z]{3})[^"]*"|\[\$[^\]]+\]|[€$£¥]/;

/** A number format as `Shown`; null for dates, text and General. */
export function shownOf(format: string | undefined, unit: HeaderUnit | null = null): Shown | null {
  if (!format) return null;
  const first = format.split(";")[0]!;
  const bare = first.replace(/"[^"]*"/g, "");
  if (!/[0#]/.test(bare)) return null;
  const decimals = /\.(0+)/.exec(bare)?.[1]?.length ?? 0;
  if (bare.includes("%")) return { format, kind: "percent", decimals };
  return { format, kind: currency.test(first) || unit === "money" ? "money" : "plain", decimals };
}

const counting = /^(?:COUNT|COUNTA|COUNTIF|COUNTIFS|COUNTBLANK|ROWS|COLUMNS)$/i;
const averaging = /^(?:AVERAGE|AVERAGEIF|AVERAGEIFS|MEDIAN)$/i;

interface Operand {
  shown: Shown;
  divisor: boolean;
}

export function resultFormat(formula: string, header: string, lookup: FormatLookup): string | undefined {
  const tokens = tokenize(formula)?.filter((t) => t.t !== "space");
  if (!tokens || tokens.length === 0) return undefined;
  const unit = headerUnit(header);
  if (unit === "percent" && !/(?:\*\s*100|100\s*\*)(?![\d.])/.test(formula)) return "0.0%";
  const head = tokens[0]!;
  if (head.t === "word" && counting.test(head.s) && tokens[1]?.s === "(" && tokens.at(-1)?.s === ")") return "#,##0";

  const operands: Operand[] = [];
  let fractional = false;
  let depth = 0;
  // Division: the operand after `/`, or the whole bracket or call after it, is the divisor.
  let divisorDepth: number | null = null;
  let afterSlash = false;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    const next = tokens[i + 1];
    let divisor = divisorDepth !== null;
    if (afterSlash) {
      afterSlash = false;
      if (tok.s === "(" || (tok.t === "word" && next?.s === "(")) divisorDepth = depth;
      divisor = true;
    }
    if (tok.t === "op" && tok.s === "(") depth++;
    if (tok.t === "op" && tok.s === ")") {
      depth--;
      if (divisorDepth !== null && depth <= divisorDepth) divisorDepth = null;
    }
    if (tok.t === "op" && tok.s === "/") afterSlash = true;
    if (tok.t === "number" && !Number.isInteger(Number(tok.s))) fractional = true;
    if (tok.t === "op" && tok.s === "/" && next?.t === "number") fractional = true;
    if (tok.t === "sheet") {
      i++; // another sheet's cell: its format is not known here
      continue;
    }
    if (tok.t !== "word") continue;
    if (next?.s === "(") {
      if (averaging.test(tok.s)) fractional = true;
      continue;
    }
    const plain = tok.s.replace(/\$/g, "");
    const ref = /^([A-Za-z]{1,3})(\d+)$/.exec(plain);
    const columnOnly = /^[A-Za-z]{1,3}$/.test(plain) && (next?.s === ":" || tokens[i - 1]?.s === ":");
    let shown: Shown | null = null;
    if (ref && looksLikeReference(plain)) shown = lookup.column(columnNumber(ref[1]!));
    else if (columnOnly) shown = lookup.column(columnNumber(plain));
    else if (!/^(?:true|false)$/i.test(plain)) shown = lookup.name(tok.s);
    if (shown) operands.push({ shown, divisor });
  }

  const dividend = operands.filter((o) => !o.divisor).map((o) => o.shown);
  const divisors = operands.filter((o) => o.divisor).map((o) => o.shown);
  const moneyOf = (list: Shown[]) => list.find((s) => s.kind === "money");
  if (divisors.length > 0) {
    const amount = moneyOf(dividend);
    if (amount && !moneyOf(divisors)) return withCents(amount.format);
    return "#,##0.00";
  }
  const amount = moneyOf(dividend);
  if (amount) return withCents(amount.format);
  if (unit === "money") return "#,##0.00";
  const plain = dividend.filter((s) => s.kind === "plain");
  const percents = dividend.filter((s) => s.kind === "percent");
  if (plain.length > 0) {
    const written = Math.max(...plain.map((s) => s.decimals));
    const scaled = fractional || percents.length > 0 || written > 0;
    const decimals = unit === "count" ? (scaled ? 1 : 0) : scaled ? Math.max(2, written) : 0;
    return `#,##0${decimals > 0 ? `.${"0".repeat(decimals)}` : ""}`;
  }
  if (percents.length > 0) {
    const decimals = Math.max(...percents.map((s) => s.decimals));
    return `0${decimals > 0 ? `.${"0".repeat(decimals)}` : ""}%`;
  }
  return undefined;
}

/** An amount computed from whole amounts has cents (100 × 1.05): whole-number sections get two decimals. */
export function withCents(format: string): string {
  return format
    .split(";")
    .map((section) => (section.includes("%") || /0\.0/.test(section) ? section : section.replace(/#,##0|(?<![#,.0])0(?![.0])/, (m) => `${m === "0" ? "#,##0" : m}.00`)))
    .join(";");
}
