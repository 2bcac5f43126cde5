/**
 * Key data: the amounts, dates, tax ids and bank identifiers of a document, each with its role
 * and the words around it (service-interface.md, Report `key_data`: `value`, `kind`, `role`,
 * `context`). Deterministic pattern matching in English, Spanish, German, French, Italian, Portuguese, Dutch and
 * Catalan; no model.
 *
 * What is found:
 * - amount (core/keydata/amounts.ts): a number with a currency before or after it: `$1,200.50`, `1.200,50 €`,
 *   `EUR 300`, `£40`, `300 euros`, `$2 million`, `3 millones de euros`, `184,7 Mio. €`, `12,5 M€`; ranges as one
 *   amount with both ends (`£44 to £46 million`).
 * - date (core/dates/read.ts): ISO `2026-03-01`; `1 March 2026`, `March 1, 2026`, `1 de marzo de 2026`,
 *   `3. März 2026`, `1er mars 2026`, `1° marzo 2026`, `1 maart 2026`; numeric `01/03/2026`, `1-3-2026`, `01.03.2026`
 *   (day first unless the numbers say otherwise or `dayFirst: false`).
 * - tax_id: Spanish NIF, NIE and CIF (control character checked; one that fails its check is
 *   kept only after a NIF/CIF/NIE/DNI/VAT label, since reference codes share the shape); EU VAT
 *   numbers with their country prefix, format checked per country and check digits for ES, DE,
 *   FR, IT, NL, BE, PT, PL, LU, SK; US EIN `12-3456789` after an EIN/TIN/tax id label (prefix
 *   checked).
 * - iban: country, length and mod-97 checked; printed in groups of four.
 * - bic: 8 or 11 characters with a valid country code, only right after a "BIC" or "SWIFT"
 *   label (otherwise every eight-letter capitalised word would be a candidate).
 *
 * Values the document gets wrong are kept and flagged, never corrected (service-interface.md,
 * "review … a mistyped amount is flagged, not corrected"): a bad check digit or an impossible
 * date gives `valid: false`. `valid` is absent when nothing could be checked (amounts, VAT numbers
 * of countries without a check-digit rule here).
 *
 * `role` comes from the nearest role word (core/keydata/roles.ts) in the same sentence, before the value or just
 * after it ("Total: $121", "a $300 deposit"), but not a word after it that the value is only joined to ("an allowance
 * of €45 paid with the salary" is an allowance); "mentioned" when there is none. `context` is the
 * sentence, or ±60 characters around the value when the sentence is longer than 200.
 *
 * Blocks are the caller's units of text (a paragraph, a heading, a table row written as its cells
 * joined by " | "); `keyDataBlocks` in `blocks.ts` makes them from an IR document.
 */
import { bicValid, einValid, formatIban, ibanLengths, ibanValid, spanishIdValid, spanishScheme, vatRules, vatValid } from "./checks.ts";
import { findAmounts } from "./amounts.ts";
import { isoDay, realDate } from "../dates/calendar.ts";
import { dayMonth, readDates } from "../dates/read.ts";
import { amountRoles, dateRoles, linkerBetween, partyRoles, qualifierAfter, qualifierBefore, type RoleCue } from "./roles.ts";
import { parseWritten } from "./written.ts";

export type KeyDataKind = "amount" | "date" | "tax_id" | "iban" | "bic";

export interface KeyData {
  /** As printed: amounts and dates as written, ids compact, IBANs in groups of four. */
  value: string;
  kind: KeyDataKind;
  /** total, subtotal, vat, tax, deposit, fee, allowance, price…, due_date, effective_date…, supplier, customer…, or "mentioned". */
  role: string;
  context: string;
  nodeId?: string;
  /** `false`: check digits or calendar say the value is wrong; absent when there is nothing to check. */
  valid?: boolean;
  /** Machine form: amounts `EUR 1200.50` (ranges `EUR 44000000.00 to 46000000.00`), dates `2026-03-01`. */
  normalized?: string;
  /** For tax ids: `ES-NIF`, `ES-NIE`, `ES-CIF`, `EU-VAT`, `US-EIN`. */
  scheme?: string;
}

export interface ExtractOptions {
  /** Read `01/03/2026` as 1 March (true, the default: the service's default region is the EU) or 3 January. */
  dayFirst?: boolean;
}

interface Found {
  start: number;
  end: number;
  kind: KeyDataKind;
  value: string;
  valid?: boolean;
  normalized?: string;
  scheme?: string;
}

// ---------------------------------------------------------------------------------------------
// Matchers, run in this order; a later matcher never takes text an earlier one took.

const boundaryAfter = (text: string, at: number) => at >= text.length || !/[\p{L}\p{N}]/u.test(text[at]!);

function findIbans(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])([A-Z]{2})(\d{2})/gu)) {
    const country = m[1]!;
    const length = ibanLengths[country];
    if (length === undefined) continue;
    // Walk on through the characters, allowing one space or non-breaking space between groups.
    let compact = m[0];
    let at = m.index! + m[0].length;
    while (compact.length < length && at < text.length) {
      const ch = text[at]!;
      if (/[A-Z0-9]/.test(ch)) {
        compact += ch;
        at++;
      } else if (/[ \u00A0]/.test(ch) && /[A-Z0-9]/.test(text[at + 1] ?? "")) {
        at++;
      } else break;
    }
    const labelled = /\b(IBAN|cuenta|account)\b[^\n]{0,15}$/i.test(text.slice(Math.max(0, m.index! - 30), m.index!));
    if (compact.length === length && boundaryAfter(text, at)) {
      out.push({ start: m.index!, end: at, kind: "iban", value: formatIban(compact), valid: ibanValid(compact) });
    } else if (labelled) {
      // Labelled as an account but the wrong length: a mistyped IBAN, kept and flagged.
      const loose = /^[A-Z]{2}\d{2}(?:[ \u00A0]?[A-Z0-9]{1,4})+/.exec(text.slice(m.index!));
      if (loose) {
        const value = loose[0].replace(/[ \u00A0]/g, "");
        out.push({ start: m.index!, end: m.index! + loose[0].length, kind: "iban", value: formatIban(value), valid: false });
      }
    }
  }
  return out;
}

function findBics(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(/\b[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b/g)) {
    // Right after its label: "BIC CAIXESBBXXX", "SWIFT/BIC: …", "código BIC: …", "BIC | …".
    const before = text.slice(Math.max(0, m.index! - 40), m.index!);
    if (!/\b(BIC|SWIFT)\b(\s*\/\s*(BIC|SWIFT))?(\s+(code|c[oó]digo|number|no\.?))?\s*[:#.|-]?\s*$/i.test(before)) continue;
    out.push({ start: m.index!, end: m.index! + m[0].length, kind: "bic", value: m[0], valid: bicValid(m[0]) });
  }
  return out;
}

const vatCountries = Object.keys(vatRules).join("|");

function findTaxIds(text: string): Found[] {
  const out: Found[] = [];
  // EU VAT: a country prefix, then the body, possibly written in groups ("DE 123 456 789").
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])(${vatCountries})[ -]?([0-9A-Z+*]+(?:[ .][0-9A-Z]+)*)`, "gu"))) {
    const country = m[1]!;
    const groups = m[2]!.split(/[ .]/);
    // The longest run of groups that fits the country's format ("DE 123 456 789 units" stops at 789).
    for (let n = groups.length; n >= 1; n--) {
      const body = groups.slice(0, n).join("");
      if (!vatRules[country]!.format.test(body)) continue;
      const written = m[0].slice(0, m[0].length - m[2]!.length) + groups.slice(0, n).join(" ");
      const end = m.index! + lengthOfPrefix(m[0], written);
      if (!boundaryAfter(text, end)) break;
      const vat = country + body;
      const valid = vatValid(vat);
      out.push({
        start: m.index!,
        end,
        kind: "tax_id",
        value: vat,
        scheme: "EU-VAT",
        ...(valid !== undefined ? { valid } : {}),
      });
      break;
    }
  }
  // Spanish ids without prefix: DNI "12345678Z" / "12.345.678-Z", NIE "X1234567L", CIF "B12345678".
  const spanish = /(?<![\p{L}\p{N}])(\d{2}\.?\d{3}\.?\d{3}-?[A-Z]|[XYZ]-?\d{7}-?[A-Z]|[ABCDEFGHJNPQRSUVW]-?\d{2}\.?\d{3}\.?\d{3}|[ABCDEFGHJNPQRSUVW]-?\d{7}[A-J])(?![\p{L}\p{N}])/gu;
  for (const m of text.matchAll(spanish)) {
    const id = m[1]!.replace(/[ .-]/g, "");
    const scheme = spanishScheme(id);
    if (!scheme) continue;
    const valid = spanishIdValid(id);
    // A code that fails its check is a tax id only where the text says so; otherwise it is
    // more likely a reference or product code of the same shape.
    if (!valid && !labelledBefore(text, m.index!, spanishIdLabel)) continue;
    out.push({ start: m.index!, end: m.index! + m[0].length, kind: "tax_id", value: id, scheme: `ES-${scheme.toUpperCase()}`, valid });
  }
  // US EIN: the shape is common (phone and reference numbers), so only after its label.
  for (const m of text.matchAll(/(?<![\p{N}-])(\d{2}-\d{7})(?![\p{N}-])/gu)) {
    if (!labelledBefore(text, m.index!, einLabel)) continue;
    out.push({ start: m.index!, end: m.index! + m[0].length, kind: "tax_id", value: m[1]!, scheme: "US-EIN", valid: einValid(m[1]!) });
  }
  return out;
}

const spanishIdLabel = /\b(NIF|CIF|NIE|DNI|N\.I\.F\.|C\.I\.F\.|N\.I\.E\.|D\.N\.I\.|VAT|IVA|tax id|identificaci[oó]n fiscal)/i;
const einLabel = /\b(EIN|FEIN|TIN|tax id|tax identification|employer id|employer identification|federal id)/i;

/** Whether `label` occurs in the 40 characters before `at`, in the same line and sentence. */
function labelledBefore(text: string, at: number, label: RegExp): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  // A sentence ends at ". " after a lower-case letter or digit, not after "N.I.F." or "S.L.".
  const starts = [...before.matchAll(/\n|(?<=[\p{Ll}\p{N}])[.!?;]\s/gu)].map((m) => m.index! + m[0].length);
  return label.test(before.slice(starts.at(-1) ?? 0));
}

/** Length in `original` of the text `written` (same characters, maybe fewer separators kept). */
function lengthOfPrefix(original: string, written: string): number {
  let i = 0;
  let j = 0;
  while (i < original.length && j < written.length) {
    if (original[i] === written[j]) {
      i++;
      j++;
    } else if (/[ .-]/.test(original[i]!)) i++;
    else break;
  }
  return i;
}

// --- dates ---------------------------------------------------------------------------------------

export { realDate } from "../dates/calendar.ts";

/** Whole dates only (core/dates/read.ts); a numeric one is day first unless its numbers say otherwise or `dayFirst: false`. */
function findDates(text: string, dayFirst: boolean): Found[] {
  return readDates(text).map((d) => {
    let { year, month, day } = d;
    if (d.numeric) {
      const { first: a, second: b } = d.numeric;
      ({ month, day } = dayMonth(d.numeric, a > 12 && b <= 12 ? "dmy" : b > 12 && a <= 12 ? "mdy" : dayFirst ? "dmy" : "mdy"));
    }
    return { start: d.start, end: d.end, kind: "date", value: d.raw, valid: realDate(year!, month!, day!), normalized: isoDay(year!, month!, day!) };
  });
}

// --- amounts: core/keydata/amounts.ts ---------------------------------------------------------------

/** "1.200,50" → 1200.5; "1,200.50" → 1200.5; "1.200" → 1200; "1,5" → 1.5; "0,125" → 0.125 (core/keydata/written.ts). */
export const parseNumber = (written: string): number => parseWritten(written).value;

const amounts = (text: string): Found[] => findAmounts(text).map((a) => ({ ...a, kind: "amount" }));

// ---------------------------------------------------------------------------------------------
// Roles

const cuesFor: Record<KeyDataKind, RoleCue[]> = {
  amount: amountRoles,
  date: dateRoles,
  tax_id: partyRoles,
  iban: partyRoles,
  bic: partyRoles,
};

/** Sentence bounds around `[start, end)`: split at . ! ? followed by a space, and at line breaks. */
function sentence(text: string, start: number, end: number): [number, number] {
  let from = start;
  while (from > 0 && !(text[from - 1] === "\n" || (/[.!?]/.test(text[from - 2] ?? "") && /\s/.test(text[from - 1]!)))) from--;
  let to = end;
  while (to < text.length && !(text[to] === "\n" || (/[.!?]/.test(text[to]!) && (to + 1 >= text.length || /\s/.test(text[to + 1]!))))) to++;
  if (to < text.length && /[.!?]/.test(text[to]!)) to++;
  return [from, to];
}

function roleOf(text: string, found: Found, all: Found[]): string {
  const [from, to] = sentence(text, found.start, found.end);
  const windowStart = Math.max(from, found.start - 80);
  const windowEnd = Math.min(to, found.end + 30);
  let best: { role: string; distance: number } | null = null;
  for (const cue of cuesFor[found.kind]) {
    cue.pattern.lastIndex = 0;
    for (const m of text.slice(windowStart, windowEnd).matchAll(cue.pattern)) {
      const at = windowStart + m.index!;
      const stop = at + m[0].length;
      if (at < found.end && stop > found.start) continue;
      if (found.kind === "amount" && (cue.role === "vat" || cue.role === "tax")) {
        if (qualifierBefore.test(text.slice(from, at)) || qualifierAfter.test(text.slice(stop, to))) continue;
      }
      // A cue counts only for the nearest value on its side: none of the same kind between.
      const between = at < found.start ? [stop, found.start] : [found.end, at];
      if (all.some((o) => o !== found && o.kind === found.kind && o.start >= between[0]! && o.end <= between[1]!)) continue;
      // Words after the value count when close, and less than words before it.
      const distance = at < found.start ? found.start - stop : 1.5 * (at - found.end) + 2;
      if (at >= found.end && at - found.end > 25) continue;
      if (at >= found.end && linkerBetween.test(text.slice(found.end, at))) continue;
      if (!best || distance < best.distance) best = { role: cue.role, distance };
    }
  }
  if (!best && found.kind === "date" && /(?:^|\s)[Ee]n\s+\p{Lu}[\p{L} .-]*,\s*(a\s+)?$/u.test(text.slice(from, found.start))) {
    // "En Madrid, a 1 de marzo de 2026": the place and date a Spanish document is signed.
    return "signature_date";
  }
  if (!best && found.kind === "date" && /(?:^|\s)(?:[Ff]ait\s+à|[Ff]atto\s+a)\s+\p{Lu}[\p{L} .-]*,\s*(?:le|il|l[ìi])?\s*$/u.test(text.slice(from, found.start))) {
    // "Fait à Paris, le 1er mars 2025", "Fatto a Roma, il 1° marzo 2025": the same in French and Italian.
    return "signature_date";
  }
  return best?.role ?? "mentioned";
}

function contextOf(text: string, found: Found): string {
  const [from, to] = sentence(text, found.start, found.end);
  if (to - from <= 200) return text.slice(from, to).trim();
  const a = Math.max(0, found.start - 60);
  const b = Math.min(text.length, found.end + 60);
  return `${a > 0 ? "…" : ""}${text.slice(a, b).trim()}${b < text.length ? "…" : ""}`;
}

// ---------------------------------------------------------------------------------------------

export function extractKeyData(blocks: ReadonlyArray<{ text: string; nodeId?: string }>, options: ExtractOptions = {}): KeyData[] {
  const dayFirst = options.dayFirst ?? true;
  const out: KeyData[] = [];
  for (const block of blocks) {
    const text = block.text;
    const taken: Found[] = [];
    const take = (candidates: Found[]) => {
      for (const c of candidates.sort((a, b) => a.start - b.start || b.end - a.end)) {
        if (!taken.some((t) => c.start < t.end && c.end > t.start)) taken.push(c);
      }
    };
    take(findIbans(text));
    take(findBics(text));
    take(findTaxIds(text));
    take(findDates(text, dayFirst));
    take(amounts(text));
    taken.sort((a, b) => a.start - b.start);
    for (const found of taken) {
      out.push({
        value: found.value,
        kind: found.kind,
        role: roleOf(text, found, taken),
        context: contextOf(text, found),
        ...(block.nodeId !== undefined ? { nodeId: block.nodeId } : {}),
        ...(found.valid !== undefined ? { valid: found.valid } : {}),
        ...(found.normalized !== undefined ? { normalized: found.normalized } : {}),
        ...(found.scheme !== undefined ? { scheme: found.scheme } : {}),
      });
    }
  }
  return out;
}

