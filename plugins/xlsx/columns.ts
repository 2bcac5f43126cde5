/**
 * Typing a table column as a whole, so what one cell leaves open its neighbours settle and the
 * column reads consistently:
 *
 * - Convention (`1.234` → 1.234 or 1234): the numbers of the column that can only be read one way
 *   decide; else those of the whole document; else a euro amount leans Spanish; else the
 *   document's language (every one Quire writes but English puts a comma before the decimals); else English.
 * - Date order (`01/03/2026`): dates of the column that prove an order (`25/03/2026`, or a dotted
 *   date) decide; else those of the whole document; else such dates stay text (ISO dates are
 *   always safe) and are reported.
 * - Format: one number format per column: the decimals are the most any cell wrote, grouping is
 *   on when any cell grouped, parentheses for negatives when any cell used them. Plain numbers in
 *   a money column take the money format; in a percentage column they keep their own (12 is not
 *   1200 %). A column mixing currencies keeps each cell's own and is reported. Plain numbers under a
 *   header naming a currency (`Revenue (EUR)`, units.ts) show as amounts: thousands and cents. Dates take
 *   the column's most common date format.
 */
import type { Convention, DateOrder, Flavour, NumberValue, Scan, Typed } from "./cells.ts";
import { impliedOrder, isAmbiguous, numberFormat, numberValue, resolveCell, scanCell } from "./cells.ts";
import type { Language } from "../../core/doctype/language.ts";
import type { HeaderUnit } from "./units.ts";
import { headerUnit } from "./units.ts";

/** What the whole document says about conventions, gathered before any column is typed. */
export interface Evidence {
  convention: Convention | null;
  dateOrder: DateOrder | null;
  language: Language;
}

/** The decimal mark a language writes: a comma in all but English (the `es` convention is the comma's). */
export const languageConvention = (language: Language): Convention => (language === "en" ? "en" : "es");

export function gatherEvidence(cells: readonly string[], language: Language): Evidence {
  const scans = cells.map(scanCell);
  return { convention: conventionOf(scans), dateOrder: orderOf(scans), language };
}

function conventionOf(scans: Scan[]): Convention | null {
  let en = 0;
  let es = 0;
  for (const s of scans) {
    if (s.kind !== "number") continue;
    if (s.en && !s.es) en++;
    if (s.es && !s.en) es++;
  }
  return en > es ? "en" : es > en ? "es" : null;
}

function orderOf(scans: Scan[]): DateOrder | null {
  let dmy = 0;
  let mdy = 0;
  for (const s of scans) {
    if (s.kind !== "numericDate") continue;
    const order = impliedOrder(s);
    if (order === "dmy") dmy++;
    if (order === "mdy") mdy++;
  }
  return dmy > mdy ? "dmy" : mdy > dmy ? "mdy" : null;
}

export type ColumnKind = "number" | "date" | "text";

export interface TypedColumn {
  cells: Typed[];
  /** The written number of each numeric cell (for totals), else null. */
  numbers: (NumberValue | null)[];
  kind: ColumnKind;
  /** The format formula and total cells of the column take. */
  numFmt?: string;
  /** Row indexes of numeric dates left as text because no order could be told. */
  ambiguousDates: number[];
  mixedCurrencies: boolean;
  /** What the header says the numbers are (`Revenue (EUR)`: money). */
  unit: HeaderUnit | null;
}

/** `header` is the column's header text: a unit there (`Revenue (EUR)`) formats plain numbers as amounts. */
export function typeColumn(texts: readonly string[], evidence: Evidence, header = ""): TypedColumn {
  const unit = headerUnit(header);
  const scans = texts.map(scanCell);
  // Euro amounts lean Spanish (`1.200 €`), whether the euro is in the cells or in the header (`Importe (€)`).
  const euroHeader = unit === "money" && /€|\bEUR\b|\beuros?\b/i.test(header);
  const hint = scans.some((s) => s.kind === "number" && (s.hint === "es" || euroHeader) && isAmbiguous(s)) ? "es" : null;
  const convention: Convention =
    conventionOf(scans) ?? evidence.convention ?? hint ?? languageConvention(evidence.language);
  const order = orderOf(scans) ?? evidence.dateOrder;

  const cells = scans.map((scan, i) => resolveCell(scan, texts[i]!, convention, order));
  const numbers = scans.map((scan) => (scan.kind === "number" ? numberValue(scan, convention) : null));
  const ambiguousDates = scans.flatMap((scan, i) => (scan.kind === "numericDate" && cells[i]!.type === "text" ? [i] : []));

  // One number format for the column.
  const present = numbers.filter((n): n is NumberValue => n !== null);
  const keys = new Map<string, { flavour: Flavour; count: number }>();
  for (const n of present) {
    const key = flavourKey(n.flavour);
    const entry = keys.get(key) ?? { flavour: n.flavour, count: 0 };
    entry.count++;
    keys.set(key, entry);
  }
  const currencies = [...keys.values()].filter((k) => k.flavour.type === "currency");
  const mixedCurrencies = currencies.length > 1;
  const formatFor = (group: NumberValue[], flavour: Flavour) =>
    numberFormat(
      flavour,
      Math.max(0, ...group.map((n) => n.decimals)),
      flavour.type === "currency" || group.some((n) => n.grouped),
      group.some((n) => n.parens),
    );
  const plain = present.filter((n) => n.flavour.type === "plain");
  const percent = present.filter((n) => n.flavour.type === "percent");
  const formats = new Map<string, string>();
  if (currencies.length === 1) {
    const money = present.filter((n) => n.flavour.type !== "percent");
    formats.set("plain", formatFor(money, currencies[0]!.flavour));
    formats.set(flavourKey(currencies[0]!.flavour), formats.get("plain")!);
  } else {
    if (plain.length > 0 && unit === "money" && currencies.length === 0) {
      // The currency is in the header; the cells show amounts: thousands and cents.
      formats.set("plain", numberFormat({ type: "plain" }, Math.max(2, ...plain.map((n) => n.decimals)), true, plain.some((n) => n.parens)));
    } else if (plain.length > 0) formats.set("plain", formatFor(plain, { type: "plain" }));
    for (const c of currencies) {
      formats.set(flavourKey(c.flavour), formatFor(present.filter((n) => flavourKey(n.flavour) === flavourKey(c.flavour)), c.flavour));
    }
  }
  if (percent.length > 0) formats.set("percent", formatFor(percent, { type: "percent" }));

  cells.forEach((cell, i) => {
    const n = numbers[i];
    if (cell.type === "number" && n) cell.numFmt = formats.get(currencies.length === 1 && n.flavour.type === "plain" ? "plain" : flavourKey(n.flavour)) ?? cell.numFmt;
  });

  // One date format for the column: the most common one.
  const dateFormats = new Map<string, number>();
  for (const cell of cells) if (cell.type === "date") dateFormats.set(cell.numFmt, (dateFormats.get(cell.numFmt) ?? 0) + 1);
  const dateFormat = [...dateFormats.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (dateFormat) for (const cell of cells) if (cell.type === "date") cell.numFmt = dateFormat;

  const count = (type: Typed["type"]) => cells.filter((c) => c.type === type).length;
  const numberCount = count("number");
  const dateCount = count("date");
  const textCount = count("text");
  // Formulas count as numbers unless the column holds dates: a column of `=B2*C2` is numeric.
  const formulaCount = count("formula");
  const kind: ColumnKind =
    dateCount > numberCount && dateCount >= textCount
      ? "date"
      : numberCount + formulaCount > 0 && numberCount + formulaCount >= textCount
        ? "number"
        : "text";

  let numFmt: string | undefined;
  if (kind === "number") {
    const top = [...keys.entries()].sort((a, b) => b[1].count - a[1].count)[0];
    numFmt = top ? formats.get(currencies.length === 1 && top[0] === "plain" ? "plain" : top[0]) : undefined;
  } else if (kind === "date") {
    numFmt = dateFormat;
  }
  return { cells, numbers, kind, ...(numFmt ? { numFmt } : {}), ambiguousDates, mixedCurrencies, unit };
}

function flavourKey(flavour: Flavour): string {
  return flavour.type === "currency" ? `currency:${flavour.symbol}:${flavour.position}:${flavour.space}` : flavour.type;
}
