/**
 * Typesetting of the text a person reads (pure): straight quotes become the language's curly quotes and apostrophes,
 * and the spaces inside a number and its unit, a currency and its amount, a number grouped by spaces, an IBAN, and
 * (French) before high punctuation become non-breaking, so "25 km", "EUR 18.2" or "ES91 2100 0418…" never break
 * across lines. Run once the text checks have read the
 * text (they read it as written) and before a document is laid out for print (Word, PDF, slides); a workbook's cells
 * are data and are left as they are.
 *
 * Left untouched: code spans and code blocks, math, URLs written in the text, link targets, a table cell holding a
 * formula (`=…`), and every quote the author already typed curly or as guillemets. Quotes are decided on a block's
 * whole text, so a quotation that opens in bold and closes in plain text still pairs; each change is made in the run
 * that holds the character, so ids, marks and runs stay as they were.
 */
import { textUnits } from "./units.ts";
import { assertNever, type Block, type GapInline, type Inline, type IRDocument, type TextInline } from "./types.ts";

const NBSP = "\u00A0";
const NARROW_NBSP = "\u202F";

interface Quotes {
  open: string;
  close: string;
  openSingle: string;
  closeSingle: string;
  /** French sets its guillemets off with non-breaking spaces. */
  spaced?: boolean;
}

const english: Quotes = { open: "“", close: "”", openSingle: "‘", closeSingle: "’" };
const guillemets: Quotes = { open: "«", close: "»", openSingle: "‘", closeSingle: "’" };
const german: Quotes = { open: "„", close: "“", openSingle: "‚", closeSingle: "‘" };

/**
 * Languages whose professional writing uses either guillemets or English quotes: the author's choice is followed,
 * English quotes when the text has no guillemet. Spanish: the RAE prefers « », but business and press writing mostly
 * use “ ”; Italian: « » in books, “ ” in business and the press; Galician as Spanish; Brazilian Portuguese writes “ ”.
 * Catalan (the IEC, the Generalitat's style guide) and European Portuguese write « » by their norm.
 */
function rulesOf(language: string, usesGuillemets: boolean): { quotes: Quotes; language: string } {
  const tag = language.toLowerCase();
  const code = tag.slice(0, 2);
  if (code === "fr") return { quotes: { ...guillemets, spaced: true }, language: code };
  // German (Duden; Austria too); Switzerland writes « » without spaces.
  if (code === "de") return { quotes: tag === "de-ch" ? guillemets : german, language: code };
  if (code === "ca" || (code === "pt" && tag !== "pt-br")) return { quotes: guillemets, language: code };
  if (["es", "it", "gl", "pt"].includes(code)) return { quotes: usesGuillemets ? guillemets : english, language: code };
  // English and Dutch (Onze Taal: “ ” or ‘ ’, as the author typed them).
  return { quotes: english, language: code };
}

/**
 * The document typeset for `language` (a BCP 47 tag, the one decided when it is prepared for print:
 * core/compile/printed.ts). Returns the same object when nothing changed.
 */
export function typeset(ir: IRDocument, language: string): IRDocument {
  const whole = textUnits(ir).map((u) => u.text).join("\n");
  const rules = rulesOf(language, /[«»]/.test(whole));
  const out = structuredClone(ir);
  let changed = false;
  const run = (texts: TextSlot[]) => {
    if (typesetRuns(texts, rules)) changed = true;
  };
  if (out.title) run([{ text: out.title, set: (text) => (out.title = text) }]);
  walk(out.blocks, run);
  for (const note of out.footnotes) walk(note.blocks, run);
  return changed ? out : ir;
}

// --- the runs of a block ------------------------------------------------------------------------------

/** One piece of a block's text: a run to typeset (`set`), or a fixed stand-in (code, a gap, a note mark). */
interface TextSlot {
  text: string;
  set?: (text: string) => void;
}

function walk(blocks: Block[], run: (texts: TextSlot[]) => void): void {
  for (const block of blocks) {
    switch (block.type) {
      case "heading":
      case "paragraph":
        run(slotsOf(block.inlines));
        gapLabels(block.inlines, run);
        break;
      case "list":
        for (const item of block.items) walk(item.blocks, run);
        break;
      case "quote":
        walk(block.blocks, run);
        break;
      case "table":
        for (const row of [...block.header, ...block.rows]) {
          for (const cell of row.cells) {
            if (/^\s*=/.test(cellText(cell.inlines))) continue;
            run(slotsOf(cell.inlines));
            gapLabels(cell.inlines, run);
          }
        }
        break;
      case "chart":
        walk([block.table], run);
        break;
      // Code, math, comments and pictures hold no prose (an image's alt text is a description, not typeset).
      case "image":
      case "pageBreak":
      case "code":
      case "thematicBreak":
      case "comment":
      case "math":
        break;
      default:
        assertNever(block);
    }
  }
}

const cellText = (inlines: Inline[]): string => inlines.map((i) => (i.type === "text" ? i.text : i.type === "link" ? cellText(i.children) : "")).join("");

/** A stand-in for what is not text: not a space, so a quote after it closes. */
const OBJECT = "\uFFFC";

function slotsOf(inlines: Inline[]): TextSlot[] {
  const slots: TextSlot[] = [];
  for (const inline of inlines) {
    switch (inline.type) {
      case "text":
        if (inline.marks.includes("code")) slots.push({ text: OBJECT.repeat(Math.max(1, inline.text.length)) });
        else slots.push({ text: inline.text, set: (text) => ((inline as TextInline).text = text) });
        break;
      case "link":
        slots.push(...slotsOf(inline.children));
        break;
      case "gap":
      case "footnoteRef":
        slots.push({ text: OBJECT });
        break;
      case "lineBreak":
        slots.push({ text: "\n" });
        break;
      default:
        assertNever(inline);
    }
  }
  return slots;
}

/**
 * A gap's label is read as the words it is (`[DATO: the client's name]`): typeset on its own, since in its sentence the
 * gap is one object a quote around it pairs across.
 */
function gapLabels(inlines: Inline[], run: (texts: TextSlot[]) => void): void {
  for (const inline of inlines) {
    if (inline.type === "link") gapLabels(inline.children, run);
    else if (inline.type === "gap" && inline.label) run([{ text: inline.label, set: (text) => ((inline as GapInline).label = text) }]);
  }
}

// --- one block's text -------------------------------------------------------------------------------------

const url = /\b(?:https?|ftp):\/\/\S+|\bwww\.\S+|\b[\w.+-]+@[\w-]+\.[\w.-]+/giu;

/** Units and scales a number keeps on its line ("25 km", "18,2 millones", "40 %"). */
const units = [
  "%", "‰", "°C", "ºC", "°F", "°", "º", "km", "m", "cm", "mm", "µm", "nm", "m²", "m2", "m³", "m3", "km²", "ha", "kg", "g", "mg", "t",
  "l", "L", "ml", "mL", "cl", "h", "min", "s", "ms", "kWh", "MWh", "GWh", "kW", "MW", "GW", "W", "kV", "V", "Hz", "kHz", "MHz", "GHz",
  "KB", "kB", "MB", "GB", "TB", "Mbps", "Gbps", "px", "pt", "€", "$", "£", "¥", "k", "K", "M", "MM", "bn", "mn", "M€", "k€",
  "EUR", "USD", "GBP", "CHF", "JPY", "CNY", "CAD", "AUD", "MXN", "ARS", "CLP", "COP", "PEN", "BRL",
  "thousand", "million", "millions", "billion", "billions", "mil", "millón", "millon", "millones", "euros", "euro", "dólares", "dollars",
  "Tsd.", "Mio.", "Mio", "Mrd.", "Mrd", "Millionen", "Milliarden", "milliard", "milliards", "Md€", "milioni", "miliardi", "milhão", "milhões",
  "milions", "miljoen", "miljard",
];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const unitAlternation = [...units].sort((a, b) => b.length - a.length).map(escape).join("|");
const numberUnit = new RegExp(`\\d( )(?:${unitAlternation})(?![\\p{L}\\p{N}])`, "gu");
const currencyNumber = /(?<![\p{L}\p{N}])(?:EUR|USD|GBP|CHF|JPY|CNY|CAD|AUD|MXN|ARS|CLP|COP|PEN|BRL|US\$|€|\$|£|¥)( )(?=[-−]?\d)/gu;

/** Typesets one block's runs; true when any text changed. */
function typesetRuns(slots: TextSlot[], rules: { quotes: Quotes; language: string }): boolean {
  const text = slots.map((s) => s.text).join("");
  // What each code unit becomes: itself usually, more where a space is put in (French guillemets, "25 %").
  const out = text.split("");
  const fixed = new Array<boolean>(text.length).fill(false);
  let at = 0;
  for (const slot of slots) {
    if (!slot.set) fixed.fill(true, at, at + slot.text.length);
    at += slot.text.length;
  }
  for (const m of text.matchAll(url)) fixed.fill(true, m.index!, m.index! + m[0].length);

  quotes(text, out, fixed, rules.quotes);
  spaces(text, out, fixed, rules.language);

  let changed = false;
  at = 0;
  for (const slot of slots) {
    const next = out.slice(at, at + slot.text.length).join("");
    at += slot.text.length;
    if (slot.set && next !== slot.text) {
      slot.set(next);
      changed = true;
    }
  }
  return changed;
}

const opensAfter = /[\s([{\u2014\u2013\-/«“‘„‚¿¡]/u;
const isSpace = (ch: string | undefined) => ch === undefined || /\s/u.test(ch);
const isWord = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
const isDigit = (ch: string | undefined) => ch !== undefined && /\d/.test(ch);

function quotes(text: string, out: string[], fixed: boolean[], q: Quotes): void {
  let open = false;
  let openSingle = false;
  for (let i = 0; i < text.length; i++) {
    if (fixed[i]) continue;
    const ch = text[i]!;
    const prev = text[i - 1];
    const next = text[i + 1];
    const opening = (prev === undefined || opensAfter.test(prev)) && !isSpace(next);
    if (ch === '"') {
      // 12" or 5'10": after a digit, outside a quotation, it is inches, not a quote.
      if (isDigit(prev) && !open) continue;
      if (opening && !open) {
        out[i] = q.spaced ? q.open + NBSP : q.open;
        open = true;
      } else if (open && !isSpace(prev)) {
        out[i] = q.spaced ? NBSP + q.close : q.close;
        open = false;
      }
    } else if (ch === "'") {
      if (isDigit(prev) && (isDigit(next) || !openSingle)) continue; // 5'000 (Swiss thousands), 5' (feet)
      if (isWord(prev) && isWord(next)) out[i] = "’"; // an apostrophe: don't, l'avion
      else if (opening && /^'\d\d(s|\b)/.test(text.slice(i, i + 4))) out[i] = "’"; // '90s
      else if (opening && !openSingle) {
        out[i] = q.openSingle;
        openSingle = true;
      } else if (!isSpace(prev)) {
        out[i] = openSingle ? q.closeSingle : "’"; // students' (a possessive) is an apostrophe
        openSingle = false;
      }
    }
  }
}

const spacedNumber = /(?<![\p{L}\p{N},.])\d{1,3}(?: \d{3})+(?:[,.]\d+)?(?![\p{L}\p{N}])/gu;
const iban = /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?(?![\p{L}\p{N}])/gu;
const spacesIn = (m: RegExpMatchArray): number[] => [...m[0]].flatMap((ch, i) => (ch === " " ? [m.index! + i] : []));

function spaces(text: string, out: string[], fixed: boolean[], language: string): void {
  const unbreak = (at: number, space = NBSP) => {
    if (!fixed[at]) out[at] = space;
  };
  for (const m of text.matchAll(numberUnit)) unbreak(m.index! + 1);
  // A number grouped by spaces ("5 125,00", "1 250 000") and an IBAN in groups of four stay on one line; French sets
  // its thousands apart by a narrow space.
  for (const m of text.matchAll(spacedNumber)) for (const at of spacesIn(m)) unbreak(at, language === "fr" ? NARROW_NBSP : NBSP);
  for (const m of text.matchAll(iban)) for (const at of spacesIn(m)) unbreak(at);
  for (const m of text.matchAll(currencyNumber)) unbreak(m.index! + m[0].length - 1);
  if (["es", "fr", "de", "ca"].includes(language)) {
    // They write a space between a number and its percent sign (RAE; Imprimerie nationale; DIN 5008; IEC), held to
    // the number.
    for (const m of text.matchAll(/\d(%)/g)) if (!fixed[m.index! + 1]) out[m.index! + 1] = NBSP + "%";
  }
  if (language === "fr") frenchSpaces(text, out, fixed);
}

/**
 * French high punctuation (Imprimerie nationale): a narrow non-breaking space before ; ! ? and a non-breaking one
 * before : and inside « », put in where the author left none. A colon between digits (10:30) or ! and ? after another
 * one (?!) take none.
 */
function frenchSpaces(text: string, out: string[], fixed: boolean[]): void {
  const set = (at: number, space: string, inserted: boolean) => {
    if (fixed[at]) return;
    out[at] = inserted ? (text[at] === "«" ? text[at] + space : space + text[at]) : space;
  };
  for (const m of text.matchAll(/(?<=\S)( ?)([;!?»:])/gu)) {
    const mark = m[2]!;
    const space = mark === ":" || mark === "»" ? NBSP : NARROW_NBSP;
    if (m[1]) {
      set(m.index!, space, false);
      continue;
    }
    const at = m.index!;
    const before = text[at - 1]!;
    if (/[«(\[{/\u00A0\u202F]/u.test(before) || ((mark === "!" || mark === "?") && /[!?]/.test(before))) continue;
    const after = text[at + 1];
    if (mark !== "»" && after !== undefined && !/[\s»)\]"”’!?]/u.test(after)) continue; // 10:30, a;b, http:…
    set(at, space, true);
  }
  for (const m of text.matchAll(/«( ?)/g)) {
    if (m[1]) set(m.index! + 1, NBSP, false);
    else if (!fixed[m.index!] && text[m.index! + 1] !== undefined && !/\s/u.test(text[m.index! + 1]!)) set(m.index!, NBSP, true);
  }
}
