/**
 * Names Excel is strict about: sheet names (31 characters, no `: \ / ? * [ ]`, no leading or
 * trailing apostrophe, unique without regard to case, "History" reserved) and defined names
 * (letters, digits, `_` and `.`, starting with a letter or `_`, never shaped like a cell
 * reference such as `TAX2025` or `R1C1`, unique without regard to case).
 */

const sheetNameLimit = 31;

/** Hands out sheet names, each unique in the workbook. */
export class SheetNames {
  private readonly used = new Set<string>(["history"]);

  /** A valid, unused sheet name made from `wanted`, or from `fallback` when nothing is left of it. */
  take(wanted: string, fallback: string): { name: string; truncated: boolean } {
    const clean = cleanSheetName(wanted);
    const base = clean === "" ? cleanSheetName(fallback) : clean;
    let name = cut(base, sheetNameLimit);
    for (let n = 2; this.used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = cut(base, sheetNameLimit - suffix.length) + suffix;
    }
    this.used.add(name.toLowerCase());
    return { name, truncated: clean.length > sheetNameLimit };
  }
}

function cleanSheetName(text: string): string {
  return text
    .replace(/\//g, "-")
    .replace(/[:\\?*[\]\u0000-\u001f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^'+|'+$/g, "")
    .trim();
}

/** At most `limit` UTF-16 units, never splitting a surrogate pair, no trailing space. */
function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let end = limit;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end).trimEnd();
}

/** A sheet name as formulas and defined names write it: quoted when it is not a plain word. */
export function sheetRef(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !looksLikeReference(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** Hands out defined names, each unique in the workbook. */
export class DefinedNames {
  private readonly used = new Set<string>();

  has(name: string): boolean {
    return this.used.has(name.toLowerCase());
  }

  /** A valid, unused name: `wanted` as written when it is already a good name, else a slug of it. */
  take(wanted: string, fallback: string): string {
    let base = definedNameFrom(wanted);
    if (base === "") base = definedNameFrom(fallback);
    let name = base;
    for (let n = 2; this.used.has(name.toLowerCase()); n++) name = `${base}_${n}`;
    this.used.add(name.toLowerCase());
    return name;
  }
}

const nameLimit = 40;

/** `Tasa de crecimiento (%)` → `tasa_de_crecimiento`; `growth_rate` stays. */
export function definedNameFrom(label: string): string {
  const trimmed = label.trim();
  // Written by the author as a name already (e.g. in `code`): keep its case.
  if (/^[A-Za-z_][A-Za-z0-9_.]*$/.test(trimmed) && trimmed.length <= 255 && /[_.]|^[a-z]/.test(trimmed)) {
    return safeName(trimmed);
  }
  const slug = trimmed
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\([^)]*\)/g, " ")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  let short = slug;
  if (short.length > nameLimit) {
    const at = short.lastIndexOf("_", nameLimit);
    short = short.slice(0, at > 10 ? at : nameLimit);
  }
  return short === "" ? "" : safeName(short);
}

function safeName(name: string): string {
  let out = /^[A-Za-z_\\]/.test(name) ? name : `_${name}`;
  if (looksLikeReference(out) || /^(true|false)$/i.test(out)) out = `${out}_`;
  return out;
}

const maxColumn = 16384;
const maxRow = 1048576;

/** Whether Excel would read `text` as a cell reference (`A1`, `tax2025`, `R1C1`, `r`, `c`). */
export function looksLikeReference(text: string): boolean {
  const a1 = /^([A-Za-z]{1,3})(\d+)$/.exec(text);
  if (a1) return columnNumber(a1[1]!) <= maxColumn && Number(a1[2]) >= 1 && Number(a1[2]) <= maxRow;
  return /^[rc]$/i.test(text) || /^r\d*c\d*$/i.test(text) || /^[rc]\d+$/i.test(text);
}

export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export function columnLetter(index: number): string {
  let n = index;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** `A1` address of a 1-based row and column. */
export function address(row: number, column: number, absolute = false): string {
  return absolute ? `$${columnLetter(column)}$${row}` : `${columnLetter(column)}${row}`;
}
