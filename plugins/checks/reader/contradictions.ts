/**
 * Contradictions inside the document: the ones code can prove (the same labelled total or the same event's date
 * given two different values), and the check of the ones the reader model reports (each excerpt must be in the
 * block it names, or the finding is dropped). English and Spanish.
 *
 * A false alarm costs more than a miss here (a person is told the document contradicts itself), so the rules only
 * compare values a document cannot legitimately give twice:
 *
 * Amounts. A value is "labelled" only in these shapes, with the label at the start of a sentence or line (an
 * article and "for"/"with"/"con"/"por"/"para" may come first) and the amount closing its clause:
 *   `Total: 1.200 €`, `The total is 1,500 €.`, `for a total of 1,500 €.`, `El importe total asciende a 900 €.`,
 *   and a table row `Total | | 2.100 €` (the label alone in the first cell, one amount alone in its cell, the other
 *   cells empty, a column header without a year or period).
 * Labels come from a closed list (total, subtotal, total amount/price/cost/budget/fees, grand total, amount due,
 * balance due, contract price, purchase price, total contract value, and their Spanish forms, which count as the
 * same label). A bare "total" or "total cost" is compared only with the same label under the same heading (two
 * sections usually mean two totals); grand total, amount due, balance due, contract price, purchase price and
 * contract value are one per document and compared everywhere.
 * Left out: a value followed by a qualifier (`, plus VAT`, `per month`, `in 2025`, `(IVA incluido)`), a sentence
 * that names a year, period, phase, option, scenario, estimate, range or change (`approximately`, `from`, `up to`,
 * `increase`…), two values in the same paragraph, list or table (parallel items), two table rows (two tables are two
 * totals), different currencies, and a rounded figure that agrees with an exact one (`1.2 million` and `1,234,000`).
 *
 * Dates. The same event, for three events a document has once: its signature (`signed on`, `firmado el`, `date of
 * signature`, `fecha de firma`, and in a contract the Spanish `En Madrid, a …`), its entry into force (`Effective
 * Date`, `fecha de entrada en vigor`, `this Agreement shall be effective from`, `el contrato entrará en vigor el`)
 * and its issue (`issue date`, `invoice date`, `fecha de emisión`). The cue must lead straight to the date. Left
 * out: a sentence about another document or a condition (addendum, annex, amendment, previous, renewal, offer,
 * letter, `if`, `unless`…), impossible dates (key data reports those), and again same-container or two-row pairs.
 *
 * A label or event with more than two different values is left alone: that is a list of different things more
 * often than a document that cannot make up its mind.
 */
import type { DocType } from "../../../core/ir/types.ts";
import { extractKeyData, parseNumber, type KeyData } from "../../../core/keydata/extract.ts";
import type { ReaderUnit } from "./units.ts";

export interface ContradictionPlace {
  readonly unit: ReaderUnit;
  /** A short piece of the unit's text that says it. */
  readonly excerpt: string;
}

export interface Contradiction {
  /** What the two places disagree about, for a message: "the total", "the signature date". */
  readonly what: string;
  /** In document order; at least two. */
  readonly places: ReadonlyArray<ContradictionPlace>;
  /** Found by the rules below, or reported by the reader model and verified. */
  readonly by: "rules" | "reader";
}

// --- text folding: lower case, no accents, same length, so a match on the folded text indexes the original --------

export const fold = (text: string): string =>
  text
    .split("")
    .map((c) => (c.normalize("NFD")[0] ?? c).toLowerCase()[0] ?? c)
    .join("");

// --- labels --------------------------------------------------------------------------------------------------------

interface Label {
  readonly key: string;
  /** `section`: compared only under the same heading; `document`: one per document. */
  readonly scope: "section" | "document";
}

const amountLabels: Readonly<Record<string, Label>> = (() => {
  const table: Array<[string[], string, Label["scope"]]> = [
    [["total"], "total", "section"],
    [["subtotal", "sub-total"], "subtotal", "section"],
    [["total amount", "importe total", "monto total", "cantidad total"], "total amount", "section"],
    [["total price", "precio total"], "total price", "section"],
    [["total cost", "coste total", "costo total"], "total cost", "section"],
    [["total budget", "presupuesto total"], "total budget", "section"],
    [["total fees", "total fee", "honorarios totales"], "total fees", "section"],
    [["grand total", "total general"], "grand total", "document"],
    [["amount due", "total due", "total a pagar", "importe a pagar"], "amount due", "document"],
    [["balance due", "saldo pendiente"], "balance due", "document"],
    [["contract price", "precio del contrato"], "contract price", "document"],
    [["purchase price", "precio de compraventa"], "purchase price", "document"],
    [["total contract value", "valor total del contrato"], "total contract value", "document"],
  ];
  const out: Record<string, Label> = {};
  for (const [names, key, scope] of table) for (const name of names) out[name] = { key, scope };
  return out;
})();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&").replace(/ /g, "\\s+");
const labelAlt = Object.keys(amountLabels)
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join("|");
const determiner = "the|a|an|this|its|our|their|el|la|los|las|un|una|su|este|esta|dicho|dicha";
/** The label at a sentence or line start, then what links it to the amount; matched against the folded prefix. */
const labelledAmount = new RegExp(
  `(?:(?:^|[.!?]\\s+|\\n\\s*)((?:(?:${determiner})\\s+)?(${labelAlt})(?:\\s*[:=]|\\s+(?:of|de|is|was|will be|would be|amounts to|amounted to|comes to|came to|asciende a|ascendia a|ascendera a|es de|es|sera de|fue de|sera|fue)(?=\\s)|\\s*[-–—]))|\\s((?:for|with|con|por|para)\\s+(?:(?:${determiner})\\s+)?(${labelAlt})\\s+(?:of|de)))\\s*$`,
);

/** After the amount: the clause ends, or goes on after a comma with something that does not qualify the amount. */
const closesClause = /^\s*(?:$|[.;!?\n]|,(?!\s*(?:plus|mas|excl|excluding|incl|including|not|sin|con|before|after|antes|despues|vat|iva|\+|net|neto|gross|bruto|per|por|each|cada|a month|al mes|monthly|mensual|a year|al ano|annual|anual|yearly|in|en|for|para|of which|de los cuales|i\.e|es decir)\b))/;

/** A sentence that ties its value to a period, a variant, an estimate or a change. */
const amountQualified =
  /\b(?:(?:19|20)\d{2}|phase|fase|stage|etapa|option|opcion|scenario|escenario|alternative|alternativa|proposal|propuesta|quarter|trimestre|q[1-4]|h[12]|semester|semestre|month|months|monthly|mes|meses|mensual|year|years|yearly|annual|ano|anos|anual|previous|anterior|prior|last|ultimo|next|proximo|initial|inicial|original|revised|revisado|new|nuevo|old|antiguo|estimated|estimate|estimado|estimacion|forecast|prevision|previsto|target|objetivo|budgeted|presupuestado|actual|real|approximately|approx|about|around|aproximadamente|unos|alrededor|roughly|up to|hasta|maximum|maximo|minimum|minimo|at least|al menos|more than|mas de|less than|menos de|over|under|increase|increased|decrease|decreased|aumento|incremento|reduccion|rose|fell|from|desde|instead|en lugar|vs|versus|compared|frente|if|si|would|seria|could|podria|each|cada|per|por persona|por unidad)\b/;

// --- date events ----------------------------------------------------------------------------------------------------

const dateLink = String.raw`\s*(?::|\||[-–—]|\bis\b|\bes\b|\bwas\b|\bfue\b|\bshall be\b|\bwill be\b|\bsera\b)?\s*(?:(?:on|el|the)\s+)?$`;
const place = String.raw`[a-z][a-z .'-]{1,30}?`;

const dateEvents: ReadonlyArray<{ key: string; what: string; cues: RegExp[]; contractOnly?: RegExp[] }> = [
  {
    key: "signature",
    what: "the date the document was signed",
    cues: [
      new RegExp(String.raw`\b(?:signed|executed)(?:\s+in\s+${place})?\s+on(?:\s+the)?\s*$`),
      new RegExp(String.raw`\b(?:date of signature|signature date|signing date|date signed|fecha de (?:la )?firma|fecha de suscripcion)${dateLink}`),
      new RegExp(String.raw`\b(?:firmad[oa]s?|suscrit[oa]s?|otorgad[oa]s?)(?:\s+en\s+${place})?,?\s+(?:el|a|con fecha)(?:\s+dia)?\s*$`),
    ],
    // The place-and-date line a Spanish contract is signed under; in a letter it is only the letter's date.
    contractOnly: [new RegExp(String.raw`^(?:en|in)\s+${place},\s*(?:a\s+)?$`)],
  },
  {
    key: "effective",
    what: "the date the document takes effect",
    cues: [
      new RegExp(String.raw`\b(?:effective date|commencement date|fecha de entrada en vigor|fecha de efectos?)${dateLink}`),
      new RegExp(
        String.raw`\b(?:agreement|contract|lease|contrato|acuerdo)\b[^.;\n]{0,40}?\b(?:(?:is|shall be|becomes|will become|will be) effective|(?:enters?|entered|will enter|comes?|came|will come) into (?:force|effect)|entra(?:ra)? en vigor|surte efectos?|surtira efectos?|tendra efectos?)\s+(?:as of|from|on|el|a partir del?|desde el?)(?:\s+the)?\s*$`,
      ),
    ],
  },
  {
    key: "issue",
    what: "the issue date",
    cues: [new RegExp(String.raw`\b(?:issue date|date of issue|invoice date|fecha de emision|fecha de expedicion|fecha de (?:la )?factura)${dateLink}`)],
  },
];

/** A sentence about another document, another event, or a condition. */
const dateQualified =
  /\b(?:addendum|addenda|adenda|amendment|annex|anexo|appendix|apendice|exhibit|schedule|nda|previous|prior|original|former|earlier|renewal|renovacion|extension|prorroga|ampliacion|letter|carta|offer|oferta|proposal|propuesta|order|pedido|anterior|previo|previa|modificacion|novacion|confidencialidad|if|si|unless|salvo|otherwise|de lo contrario)\b/;

// --- occurrences ------------------------------------------------------------------------------------------------------

interface Occurrence {
  readonly unit: ReaderUnit;
  readonly order: number;
  /** The group it is compared in. */
  readonly group: string;
  readonly what: string;
  readonly excerpt: string;
  readonly value: { kind: "amount"; amount: number; tolerance: number } | { kind: "date"; iso: string };
}

/** The sentence around [start, end) of `text`. */
const sentenceAround = (text: string, start: number, end: number): string => {
  const before = text.slice(0, start);
  const from = Math.max(before.lastIndexOf("\n") + 1, ...[...before.matchAll(/[.!?]\s/g)].map((m) => m.index! + m[0].length));
  const after = text.slice(end).search(/[.!?](?:\s|$)|\n/);
  return text.slice(from, after < 0 ? text.length : end + after + 1);
};

/** Where each key datum stands in its unit's text, in order (a value written twice is found twice). */
const located = (text: string, items: KeyData[]): Array<{ item: KeyData; start: number; end: number }> => {
  const out: Array<{ item: KeyData; start: number; end: number }> = [];
  let from = 0;
  for (const item of items) {
    const at = text.indexOf(item.value, from);
    if (at < 0) continue;
    out.push({ item, start: at, end: at + item.value.length });
    from = at + item.value.length;
  }
  return out;
};

/** How far a rounded figure may sit from an exact one: half the unit of its last written digit ("1.2 million" ±50,000). */
const toleranceOf = (written: string): number => {
  const scale = /\b(billion|bn|mil millones)\b/i.test(written) ? 1e9 : /\b(million|millones|millon|millón)\b/i.test(written) ? 1e6 : /\b(thousand|mil)\b/i.test(written) ? 1e3 : 0;
  if (scale === 0) return 0.005;
  const number = /\d[\d.,\u00A0 ]*/.exec(written)?.[0].trim() ?? "0";
  const decimals = String(parseNumber(number)).split(".")[1]?.length ?? 0;
  return scale / 10 ** decimals / 2;
};

const amountOf = (item: KeyData): { code: string; amount: number } | null => {
  const m = /^([A-Z]{3}) (-?\d+(?:\.\d+)?)$/.exec(item.normalized ?? "");
  return m ? { code: m[1]!, amount: Number(m[2]) } : null;
};

function amountOccurrences(unit: ReaderUnit, order: number, items: KeyData[]): Occurrence[] {
  const amounts = items.filter((i) => i.kind === "amount");
  if (unit.kind === "row") return rowOccurrence(unit, order, amounts);
  const out: Occurrence[] = [];
  const folded = fold(unit.text);
  for (const { item, start, end } of located(unit.text, amounts)) {
    const m = labelledAmount.exec(folded.slice(0, start));
    if (!m) continue;
    if (!closesClause.test(folded.slice(end))) continue;
    const sentence = fold(sentenceAround(unit.text, start, end)).replace(fold(item.value), " ");
    if (amountQualified.test(sentence)) continue;
    const money = amountOf(item);
    if (!money) continue;
    const phrase = m[1] ?? m[3]!;
    const label = amountLabels[(m[2] ?? m[4]!).replace(/\s+/g, " ")];
    if (!label) continue;
    const labelStart = m.index + m[0].indexOf(phrase);
    out.push({
      unit,
      order,
      group: `amount:${label.key}:${money.code}:${label.scope === "section" ? unit.section : "doc"}`,
      what: `the ${label.key}`,
      excerpt: unit.text.slice(labelStart, end),
      value: { kind: "amount", amount: money.amount, tolerance: toleranceOf(item.value) },
    });
  }
  return out;
}

const emptyCell = (cell: string) => /^[\s\-–—]*$/.test(cell);

function rowOccurrence(unit: ReaderUnit, order: number, amounts: KeyData[]): Occurrence[] {
  const cells = unit.cells ?? [];
  // A header row names columns; a row with two amounts compares them (years, variants), not one total.
  if (/\.h\d+$/.test(unit.id) || amounts.length !== 1 || cells.length < 2) return [];
  const label = amountLabels[fold(cells[0]!).replace(/[:*]+\s*$/, "").replace(/\s+/g, " ").trim()];
  if (!label) return [];
  const item = amounts[0]!;
  const column = cells.findIndex((c, i) => i > 0 && c.trim() === item.value);
  if (column < 0 || cells.some((c, i) => i !== 0 && i !== column && !emptyCell(c))) return [];
  const header = unit.header?.[column] ?? "";
  if (/\d/.test(header) || amountQualified.test(fold(header))) return [];
  const money = amountOf(item);
  if (!money) return [];
  return [
    {
      unit,
      order,
      group: `amount:${label.key}:${money.code}:${label.scope === "section" ? unit.section : "doc"}`,
      what: `the ${label.key}`,
      excerpt: `${cells[0]!.trim()} | ${item.value}`,
      value: { kind: "amount", amount: money.amount, tolerance: toleranceOf(item.value) },
    },
  ];
}

function dateOccurrences(unit: ReaderUnit, order: number, items: KeyData[], type: DocType): Occurrence[] {
  const out: Occurrence[] = [];
  const folded = fold(unit.text);
  for (const { item, start, end } of located(unit.text, items.filter((i) => i.kind === "date"))) {
    if (item.valid === false || !item.normalized) continue;
    const prefix = folded.slice(0, start);
    const line = prefix.slice(prefix.lastIndexOf("\n") + 1);
    for (const event of dateEvents) {
      const cues = [...event.cues, ...(type === "contract" ? (event.contractOnly ?? []) : [])];
      // A cue anchored at `^` must open its line; the others just lead to the date.
      const hit = cues
        .map((cue) => (cue.source.startsWith("^") ? { m: cue.exec(line), offset: prefix.length - line.length } : { m: cue.exec(prefix), offset: 0 }))
        .find((h) => h.m !== null);
      if (!hit?.m) continue;
      if (dateQualified.test(fold(sentenceAround(unit.text, start, end)))) break;
      const cueStart = hit.offset + hit.m.index;
      out.push({
        unit,
        order,
        group: `date:${event.key}`,
        what: event.what,
        excerpt: unit.text.slice(cueStart, end).replace(/^[\s|:,-]+/, ""),
        value: { kind: "date", iso: item.normalized },
      });
      break;
    }
  }
  return out;
}

const same = (a: Occurrence["value"], b: Occurrence["value"]): boolean => {
  if (a.kind === "date" || b.kind === "date") return a.kind === "date" && b.kind === "date" && a.iso === b.iso;
  return Math.abs(a.amount - b.amount) <= Math.max(a.tolerance, b.tolerance);
};

/** Two places may be compared: not parallel items of one container, not rows of two tables. */
const comparable = (a: Occurrence, b: Occurrence): boolean =>
  a.unit.container !== b.unit.container && !(a.unit.kind === "row" && b.unit.kind === "row");

const short = (s: string, max = 120) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

/** The contradictions the rules above prove, one per label or event at most, in document order. */
export function ruleContradictions(units: ReadonlyArray<ReaderUnit>, type: DocType): Contradiction[] {
  const occurrences: Occurrence[] = [];
  units.forEach((unit, order) => {
    if (unit.kind === "heading" || unit.kind === "formula") return;
    const items = extractKeyData([{ text: unit.text }]);
    occurrences.push(...amountOccurrences(unit, order, items), ...dateOccurrences(unit, order, items, type));
  });
  const groups = new Map<string, Occurrence[]>();
  for (const o of occurrences) groups.set(o.group, [...(groups.get(o.group) ?? []), o]);
  const out: Contradiction[] = [];
  for (const group of groups.values()) {
    const distinct: Occurrence[] = [];
    for (const o of group) if (!distinct.some((d) => same(d.value, o.value))) distinct.push(o);
    if (distinct.length !== 2) continue;
    const pair = group.flatMap((a) => group.filter((b) => b.order > a.order && !same(a.value, b.value) && comparable(a, b)).map((b) => [a, b] as const))[0];
    if (!pair) continue;
    out.push({ what: pair[0].what, by: "rules", places: pair.map((o) => ({ unit: o.unit, excerpt: short(o.excerpt) })) });
  }
  return out.sort((a, b) => units.indexOf(a.places[0]!.unit) - units.indexOf(b.places[0]!.unit));
}

// --- the reader's contradictions ------------------------------------------------------------------------------------

export interface ReportedContradiction {
  readonly what: string;
  readonly places: ReadonlyArray<{ readonly block_id: string; readonly excerpt: string }>;
}

/** For comparing an excerpt with a block: folded, quotes and dashes unified, spaces collapsed, no ellipses. */
const comparableText = (s: string): string =>
  fold(s)
    .replace(/[\u2018\u2019\u201A\u201B`´]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F«»]/g, '"')
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/\n/g, " / ")
    .replace(/\s+/g, " ")
    .trim();

const excerptCore = (excerpt: string): string =>
  comparableText(excerpt)
    .replace(/^(?:\.\.\.|…|["'\s])+|(?:\.\.\.|…|["'\s])+$/g, "")
    .trim();

/**
 * The reported contradictions that hold up: at least two places in two different blocks the model was shown, each
 * excerpt found in its block. One that fails anywhere is dropped whole (the model may have made the conflict up).
 */
export function verifiedContradictions(reported: ReadonlyArray<ReportedContradiction>, shown: ReadonlyMap<string, ReaderUnit>, units: ReadonlyArray<ReaderUnit>): Contradiction[] {
  const out: Contradiction[] = [];
  for (const c of reported) {
    const places: ContradictionPlace[] = [];
    let holds = c.places.length >= 2 && c.what.trim() !== "";
    for (const p of c.places) {
      const unit = shown.get(p.block_id.trim().replace(/^\[|\]$/g, ""));
      const core = excerptCore(p.excerpt);
      if (!unit || core.length < 3 || !comparableText(unit.text).includes(core)) {
        holds = false;
        break;
      }
      places.push({ unit, excerpt: short(p.excerpt.trim().replace(/^["'“”]+|["'“”]+$/g, "")) });
    }
    if (!holds || new Set(places.map((p) => p.unit.id)).size < 2) continue;
    places.sort((a, b) => units.indexOf(a.unit) - units.indexOf(b.unit));
    out.push({ what: c.what.trim().replace(/[.\s]+$/, ""), places, by: "reader" });
  }
  return out;
}

/** The rules' findings and the reader's that the rules did not already make (same blocks), once each, in document order. */
export function mergeContradictions(rules: ReadonlyArray<Contradiction>, reader: ReadonlyArray<Contradiction>, units: ReadonlyArray<ReaderUnit>): Contradiction[] {
  const key = (c: Contradiction) => [...new Set(c.places.map((p) => p.unit.id))].sort().join(" ");
  const seen = new Set(rules.map(key));
  const out = [...rules];
  for (const c of reader) {
    if (seen.has(key(c))) continue;
    seen.add(key(c));
    out.push(c);
  }
  const first = (c: Contradiction) => units.indexOf(c.places[0]!.unit);
  return out.sort((a, b) => first(a) - first(b));
}
