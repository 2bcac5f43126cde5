/**
 * What a column header says its numbers are, in English or Spanish. Writers are told to keep units out of
 * numeric cells and put them in the header (`Revenue (EUR)`, `Margin %`), so the header is where a column's
 * numbers learn they are money, a percentage or a count:
 *
 * - money: a currency code or symbol (`(EUR)`, `in USD`, `Importe (€)`) → amounts with cents and thousands;
 * - percent: `%`, "percent", "porcentaje" → a formula under it shows as a percentage;
 * - count: units, quantity, people, hours… → whole numbers (a computed count gets at most one decimal);
 * - rate: prices per unit, rates, averages, years, codes → numbers a total row must not add up.
 */
const money = /(?:^|[\s(\[/])(?:EUR|USD|GBP|MXN|ARS|CLP|COP|PEN|BRL|UYU|JPY|CHF|CAD|AUD|CNY|US\$|[€$£¥])(?=$|[\s)\]/,.])|\b(?:euros?|d[oó]lar(?:es)?|dollars?)\b/i;
// `%` as the unit (`Margin %`, `(%)`), not a rate the header mentions (`Price incl. 21% VAT`).
const percent = /(?<![\d.,]\s?)%|\bpercent(?:age)?\b|\bporcentaje\b|\bpct\b/i;
const count = /\b(?:units?|qty|quantity|count|people|headcount|employees|staff|hours|days|items|orders|unidades|cantidad|personas|empleados|plantilla|horas|d[ií]as|pedidos)\b/i;
const rate = /\b(?:price|rate|average|avg|mean|ratio|growth|precio|tarifa|tasa|promedio|media|crecimiento)\b/i;
const label = /^\s*(?:(?:fiscal\s+)?year|a[ñn]o|ejercicio|id|code|c[oó]digo|no\.?|n[º°]|#)\s*$/i;

export type HeaderUnit = "money" | "percent" | "count";

export function headerUnit(header: string): HeaderUnit | null {
  if (percent.test(header)) return "percent";
  if (money.test(header)) return "money";
  if (count.test(header)) return "count";
  return null;
}

/** A column whose numbers are not amounts to add: a total row leaves it empty unless a number was written there. */
export function notAdditive(header: string): boolean {
  return rate.test(header) || label.test(header) || headerUnit(header) === "percent";
}
