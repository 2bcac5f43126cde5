/**
 * Whether a fact of the document is supported by the request or the sources: code decides, in this order.
 *
 * 1. Verbatim: the fact as written appears in the request (the caller's own words are never questioned).
 * 2. Same value: every number of the request and sources is read as the document's are (`extract.ts`, nothing
 *    skipped) and compared by value, so `€ 1.200` = `1,200 EUR` = `1200 euros` and `4,1 millones de euros` =
 *    `$4.1M` in value. An amount's currency must agree when both sides name one (a bare source number may back an
 *    amount: tables often put the currency in the header). A percentage is backed by the same number, with or
 *    without its `%`. A plain number is backed by any figure of that value.
 * 3. Derived: a figure computed from two numbers of the request and sources, by exactly these operations:
 *    - sum and difference of two amounts of the same currency, two plain numbers or two percentages (points);
 *    - product of an amount and a number (price × quantity) or of two numbers;
 *    - ratio of two amounts or two numbers (as a number or ×100 as a percentage), and an amount divided by a number;
 *    - percentage of an amount or number (`a × p / 100`);
 *    - percentage change between two amounts or two numbers (`(b − a) / a × 100`, either direction).
 *    Years are never operands (2025 − 2024 backs nothing). Chains of more than one operation are left to the judge,
 *    and so are figures of one significant digit (`5`, `3 %`, `€2 million`): some pair of a few hundred numbers
 *    gives any of them, so code cannot tell a calculation from a coincidence.
 * 4. Column total (`columnTotals`): a table cell equal to the sum of the figures above it in its column (two or more),
 *    each of them supported.
 *
 * Precision: a percentage or a figure written with a scale word (`4.1 million`, `$4.1M`) matches a value that
 * rounds to it at the precision written, when that keeps two significant digits or more (4,123,456 backs `$4.1M`;
 * 12.34 % backs `12.3 %`; 1,500,000 does not back `2 millones`, nor 2.6 % `3 %`); any other figure must match to
 * the cent (1,199.60 does not back `1,200`). Dates match when they name the same day whatever the format;
 * a month or a year is backed by any date of the request or sources in it; a day and month without year by a date
 * on that day. Quotations: the normalised words (`normaliseQuote`) appear in one source or the request, each part
 * in order when the quotation leaves words out with `…` or `[...]`.
 */
import type { Fact } from "./extract.ts";
import { extractFacts } from "./extract.ts";
import type { DateValue } from "./normalise.ts";
import { dateKey, normaliseQuote } from "./normalise.ts";

interface PoolNumber {
  readonly value: number;
  readonly kind: "amount" | "percent" | "number" | "year";
  readonly currency?: string;
  readonly raw: string;
}

export interface Pool {
  readonly numbers: ReadonlyArray<PoolNumber>;
  /** Date keys at every precision a date of the pool backs (`2025-03-03`, `2025-03`, `2025`, `--03-03`). */
  readonly dates: ReadonlySet<string>;
  /** Each text normalised as quotations are. */
  readonly quoteTexts: ReadonlyArray<string>;
  /** The request as written, for verbatim matches. */
  readonly request: string;
}

/** How a fact is supported, for the event and for messages. */
export interface Support {
  readonly how: "request" | "value" | "derived" | "column" | "judge";
  readonly detail: string;
}

/** Derivations are tried over this many distinct operands at most (pairs grow with the square). */
const MAX_OPERANDS = 300;

const backs = (d: DateValue): string[] => {
  const keys = [dateKey(d)];
  if (d.year !== null && d.month !== null) keys.push(String(d.year).padStart(4, "0"));
  if (d.year !== null && d.month !== null && d.day !== null) keys.push(dateKey({ ...d, day: null }), dateKey({ ...d, year: null }));
  return keys;
};

export function buildPool(request: string, sources: ReadonlyArray<string>): Pool {
  const numbers: PoolNumber[] = [];
  const dates = new Set<string>();
  for (const text of [request, ...sources]) {
    for (const fact of extractFacts(text, { mode: "all" })) {
      if (fact.kind === "date") {
        for (const d of fact.dates ?? []) for (const key of backs(d)) dates.add(key);
        // A year in a source may be a count too ("1950 employees").
        if (fact.dates?.length === 1 && fact.dates[0]!.month === null) numbers.push({ value: fact.dates[0]!.year!, kind: "year", raw: fact.raw });
      } else if (fact.value !== undefined) {
        numbers.push({ value: fact.value, kind: fact.kind as PoolNumber["kind"], raw: fact.raw, ...(fact.currency ? { currency: fact.currency } : {}) });
      }
    }
  }
  return { numbers, dates, quoteTexts: [request, ...sources].map(normaliseQuote), request };
}

/** How far a value may be from the fact's and still be it (see the header: precision). */
export const tolerance = (fact: Fact): number => {
  const rounded = (fact.kind === "percent" || fact.scaled) && (fact.digits ?? 0) >= 2;
  return (rounded ? (fact.unit ?? 1) / 2 : fact.scaled || fact.kind === "percent" ? 0 : 0.005) + Math.abs(fact.value ?? 0) * 1e-9;
};

const sameCurrency = (a: string | undefined, b: string | undefined) => a === undefined || b === undefined || a === b;

const show = (n: number) => String(Number(n.toPrecision(10)));

function directValue(fact: Fact, pool: Pool): PoolNumber | undefined {
  const tol = tolerance(fact);
  return pool.numbers.find((n) => {
    if (Math.abs(n.value - fact.value!) > tol) return false;
    if (fact.kind === "amount") return n.kind !== "percent" && sameCurrency(fact.currency, n.currency);
    if (fact.kind === "percent") return n.kind === "percent" || n.kind === "number";
    return true;
  });
}

type OpName = "sum" | "difference" | "ratio" | "ratio%" | "change%" | "product" | "per" | "percentOf";

interface Operation {
  readonly result: number;
  readonly kind: Fact["kind"];
  readonly currency: string | undefined;
  readonly name: OpName;
}

/** The operations of the header, for the ordered pair (a, b). */
function operations(a: PoolNumber, b: PoolNumber): Operation[] {
  const out: Operation[] = [];
  const [x, y] = [a.value, b.value];
  const both = (kind: PoolNumber["kind"]) => a.kind === kind && b.kind === kind;
  const amounts = both("amount") && sameCurrency(a.currency, b.currency);
  const currency = a.currency ?? b.currency;
  const op = (result: number, kind: Fact["kind"], name: OpName) => out.push({ result, kind, currency: kind === "amount" ? currency : undefined, name });
  if (amounts || both("number") || both("percent")) {
    const kind = a.kind === "year" ? "number" : a.kind;
    op(x + y, kind, "sum");
    op(Math.abs(x - y), kind, "difference");
  }
  if (amounts || both("number")) {
    if (y !== 0) {
      op(x / y, "number", "ratio");
      op((x / y) * 100, "percent", "ratio%");
    }
    if (x !== 0) op(Math.abs(((y - x) / x) * 100), "percent", "change%");
  }
  if (both("number")) op(x * y, "number", "product");
  if (a.kind === "amount" && b.kind === "number") {
    op(x * y, "amount", "product");
    if (y !== 0) op(x / y, "amount", "per");
  }
  if ((a.kind === "amount" || a.kind === "number") && b.kind === "percent") op((x * y) / 100, a.kind, "percentOf");
  return out;
}

const describe = (name: OpName, a: PoolNumber, b: PoolNumber): string => {
  switch (name) {
    case "sum":
      return `${a.raw} + ${b.raw}`;
    case "difference":
      return `${a.raw} − ${b.raw}`;
    case "ratio":
    case "per":
      return `${a.raw} / ${b.raw}`;
    case "ratio%":
      return `${a.raw} / ${b.raw} × 100`;
    case "change%":
      return `the change from ${a.raw} to ${b.raw}`;
    case "product":
      return `${a.raw} × ${b.raw}`;
    case "percentOf":
      return `${b.raw} of ${a.raw}`;
  }
};

/**
 * Every result of every operation on the pool's operands, sorted by value, so a figure is looked up by binary search
 * instead of trying every pair again (a pool of a few hundred numbers makes a few hundred thousand results).
 */
interface DerivedIndex {
  readonly operands: ReadonlyArray<PoolNumber>;
  readonly values: Float64Array;
  /** Per sorted position: the pair and which of its operations (`operations(a, b)[op]`). */
  readonly a: Uint16Array;
  readonly b: Uint16Array;
  readonly op: Uint8Array;
}

const indexes = new WeakMap<ReadonlyArray<PoolNumber>, DerivedIndex>();

function indexOf(numbers: ReadonlyArray<PoolNumber>): DerivedIndex {
  const cached = indexes.get(numbers);
  if (cached) return cached;
  const seen = new Set<string>();
  const operands = numbers
    .filter((n) => {
      const key = `${n.kind}:${n.currency ?? ""}:${n.value}`;
      if (n.kind === "year" || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_OPERANDS);
  const values: number[] = [];
  const as: number[] = [];
  const bs: number[] = [];
  const ops: number[] = [];
  for (let i = 0; i < operands.length; i++) {
    for (let j = 0; j < operands.length; j++) {
      if (i === j) continue;
      operations(operands[i]!, operands[j]!).forEach((o, k) => {
        if (!Number.isFinite(o.result)) return;
        values.push(o.result);
        as.push(i);
        bs.push(j);
        ops.push(k);
      });
    }
  }
  const order = Array.from(values.keys()).sort((x, y) => values[x]! - values[y]!);
  const index: DerivedIndex = {
    operands,
    values: Float64Array.from(order, (k) => values[k]!),
    a: Uint16Array.from(order, (k) => as[k]!),
    b: Uint16Array.from(order, (k) => bs[k]!),
    op: Uint8Array.from(order, (k) => ops[k]!),
  };
  indexes.set(numbers, index);
  return index;
}

/** The first position whose value is at least `v`. */
const lowerBound = (values: Float64Array, v: number): number => {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** How the fact is calculated from two numbers of the pool (`"€1,200 + €800 = 2000"`), or undefined. */
export function derivation(fact: Fact, numbers: ReadonlyArray<PoolNumber>): string | undefined {
  if (fact.value === undefined) return undefined;
  const index = indexOf(numbers);
  const tol = tolerance(fact);
  for (let k = lowerBound(index.values, fact.value - tol); k < index.values.length && index.values[k]! <= fact.value + tol; k++) {
    const a = index.operands[index.a[k]!]!;
    const b = index.operands[index.b[k]!]!;
    const op = operations(a, b)[index.op[k]!]!;
    if (op.kind !== fact.kind || (fact.kind === "amount" && !sameCurrency(fact.currency, op.currency))) continue;
    return `${describe(op.name, a, b)} = ${show(op.result)}`;
  }
  return undefined;
}

/** Whether every part of a quotation (split at ellipses) appears, in order, in one text. */
export function quoteFound(quote: string, texts: ReadonlyArray<string>): boolean {
  const parts = quote.split(/\s*(?:\[\s*(?:\.\.\.|…)\s*\]|\(\s*(?:\.\.\.|…)\s*\)|\.\.\.|…)\s*/).map(normaliseQuote).filter((p) => p !== "");
  if (parts.length === 0) return false;
  return texts.some((text) => {
    let at = 0;
    for (const part of parts) {
      const found = text.indexOf(part, at);
      if (found < 0) return false;
      at = found + part.length;
    }
    return true;
  });
}

const dateSupported = (fact: Fact, dates: ReadonlySet<string>): DateValue | undefined => fact.dates?.find((d) => dates.has(dateKey(d)));

/** Whether the words appear in the request as written, not as part of a longer number (`5` is not in `2025`). */
const inRequest = (raw: string, request: string): boolean => {
  const words = raw.trim();
  if (words === "" || request === "") return false;
  const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{N}]|[.,]\\p{N})`, "u").test(request);
};

/** The support code finds for a fact of the document, or undefined. */
export function supportOf(fact: Fact, pool: Pool): Support | undefined {
  if (inRequest(fact.raw, pool.request)) return { how: "request", detail: "written in the request" };
  if (fact.kind === "quote") return quoteFound(fact.quote ?? "", pool.quoteTexts) ? { how: "value", detail: "the quoted words are in the sources" } : undefined;
  if (fact.kind === "date") {
    const d = dateSupported(fact, pool.dates);
    return d ? { how: "value", detail: `the date ${dateKey(d)} is in the request or sources` } : undefined;
  }
  if (fact.value === undefined) return undefined;
  const direct = directValue(fact, pool);
  if (direct) return { how: "value", detail: `${direct.raw} in the request or sources` };
  // Some pair of a few hundred numbers gives any one-digit figure: those need the judge to show the calculation.
  const derived = (fact.digits ?? 0) >= 2 ? derivation(fact, pool.numbers) : undefined;
  return derived ? { how: "derived", detail: derived } : undefined;
}

const keyOf = (y: number, m: number, d: number) => dateKey({ year: y, month: m, day: d });

/** The days a date moved by `n` days, weeks, months or years lands on, either way (a term's end from its start). */
function shiftedDates(from: DateValue, n: number): string[] {
  if (from.year === null || from.month === null || from.day === null || !Number.isInteger(n) || n <= 0 || n > 3660) return [];
  const out: string[] = [];
  const at = (y: number, m: number, d: number) => {
    const t = new Date(Date.UTC(y, m - 1, d));
    out.push(keyOf(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()));
  };
  for (const sign of [1, -1]) {
    at(from.year, from.month, from.day + sign * n);
    at(from.year, from.month, from.day + sign * 7 * n);
    if (n <= 240) at(from.year, from.month + sign * n, from.day);
    if (n <= 100) at(from.year + sign * n, from.month, from.day);
  }
  return out;
}

/**
 * The fact backed by the text of an evidence passage (what the judge's "supported" must show, judge.ts): the same
 * value or date, a derivation of `support.ts`, the sum of some of the passage's amounts or numbers (a total of
 * several items, up to 12 numbers), or a date a number of days, weeks, months or years from a date of the passage.
 */
export function evidenceBacks(fact: Fact, evidence: string): boolean {
  const pool = buildPool("", [evidence]);
  if (fact.kind === "date") {
    if (dateSupported(fact, pool.dates) !== undefined) return true;
    const found = extractFacts(evidence, { mode: "all" });
    const starts = found.flatMap((f) => (f.kind === "date" ? (f.dates ?? []) : []));
    const counts = found.flatMap((f) => (f.kind === "number" && f.value !== undefined ? [f.value] : []));
    const wanted = new Set((fact.dates ?? []).map(dateKey));
    return starts.some((d) => counts.some((n) => shiftedDates(d, n).some((k) => wanted.has(k))));
  }
  if (fact.kind === "quote" || fact.value === undefined) return false;
  if (directValue(fact, pool) !== undefined || derivation(fact, pool.numbers) !== undefined) return true;
  const terms = pool.numbers.filter((n) => (fact.kind === "amount" ? n.kind === "amount" && sameCurrency(fact.currency, n.currency) : n.kind === fact.kind));
  if (terms.length < 3 || terms.length > 12) return false;
  const tol = tolerance(fact);
  for (let mask = 1; mask < 1 << terms.length; mask++) {
    let sum = 0;
    for (let i = 0; i < terms.length; i++) if (mask & (1 << i)) sum += terms[i]!.value;
    if (Math.abs(sum - fact.value) <= tol) return true;
  }
  return false;
}
