/**
 * What a formula (as stored in a cell or a defined name) refers to: cell and range references with their sheet
 * (`Sheet1!A1`, `'My sheet'!A1:B9`, 3-D `Jan:Dec!B2`, whole columns `A:A` and rows `1:1`), external references
 * (`[1]Sheet1!A1`, `'[2]Rates'!B3`, `[1]!Name`), names, function names and `#REF!`. Text literals, array
 * constants and structured references (`Table1[Amount]`) are skipped. This is a scanner, not a full parser: it
 * finds references where Excel writes them, which is what the checks need.
 */
import { columnIndex } from "../extract/cell-ref.ts";
import { MAX_COL, MAX_ROW } from "./sheet.ts";

export interface Area {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

export interface FormulaRef {
  /** The sheet named before `!` (the first of a 3-D range), undefined for the formula's own sheet. */
  readonly sheet?: string;
  readonly lastSheet?: string;
  /** `1` for `[1]`: the external workbook, by its place in `externalReferences`. */
  readonly book?: string;
  /** Undefined when the reference is `#REF!`. */
  readonly area?: Area;
}

export interface FormulaName {
  readonly name: string;
  readonly sheet?: string;
  readonly book?: string;
}

export interface FormulaParts {
  readonly refs: FormulaRef[];
  readonly names: FormulaName[];
  readonly functions: string[];
  /** How many `#REF!` the formula holds (alone or after a sheet name). */
  readonly refErrors: number;
}

const NAME_CHAR = /[\p{L}\p{N}_.\\?$]/u;
const ERROR = /#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|BUSY!|UNKNOWN!)/y;
const CELLS = /\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?(?![\p{L}\p{N}_.(!\[])/uy;
const COLUMNS = /\$?([A-Za-z]{1,3}):\$?([A-Za-z]{1,3})(?![\p{L}\p{N}_.(!\[])/uy;
const ROWS = /\$?(\d{1,7}):\$?(\d{1,7})(?![\p{L}\p{N}_.(])/uy;
const NUMBER = /\d+(?:\.\d*)?(?:[eE][+-]?\d+)?/y;
const IDENT = /[\p{L}_\\][\p{L}\p{N}_.\\?]*/uy;
const UNQUOTED_SHEET = /(?:\[([^\]]+)\])?((?:[\p{L}_\\][\p{L}\p{N}_.]*)(?::[\p{L}_\\][\p{L}\p{N}_.]*)?)?!/uy;

const sticky = (re: RegExp, text: string, at: number): RegExpExecArray | null => {
  re.lastIndex = at;
  return re.exec(text);
};

const inGrid = (a: Area) => a.top >= 1 && a.left >= 1 && a.bottom <= MAX_ROW && a.right <= MAX_COL;

/** A cell, range, column range or row range at `at`, with where it ends. */
const readArea = (f: string, at: number): { area: Area; next: number } | null => {
  let m = sticky(CELLS, f, at);
  if (m) {
    const c1 = columnIndex(m[1]!);
    const r1 = Number(m[2]);
    const c2 = m[3] ? columnIndex(m[3]) : c1;
    const r2 = m[4] ? Number(m[4]) : r1;
    const area = { top: Math.min(r1, r2), left: Math.min(c1, c2), bottom: Math.max(r1, r2), right: Math.max(c1, c2) };
    return inGrid(area) ? { area, next: at + m[0].length } : null;
  }
  m = sticky(COLUMNS, f, at);
  if (m) {
    const c1 = columnIndex(m[1]!);
    const c2 = columnIndex(m[2]!);
    const area = { top: 1, left: Math.min(c1, c2), bottom: MAX_ROW, right: Math.max(c1, c2) };
    return inGrid(area) ? { area, next: at + m[0].length } : null;
  }
  m = sticky(ROWS, f, at);
  if (m) {
    const r1 = Number(m[1]);
    const r2 = Number(m[2]);
    const area = { top: Math.min(r1, r2), left: 1, bottom: Math.max(r1, r2), right: MAX_COL };
    return inGrid(area) ? { area, next: at + m[0].length } : null;
  }
  return null;
};

/** The end of a `"…"` literal (`""` inside is a quote). */
const skipString = (f: string, at: number): number => {
  let i = at + 1;
  while (i < f.length) {
    if (f[i] === '"') {
      if (f[i + 1] === '"') i += 2;
      else return i + 1;
    } else i++;
  }
  return i;
};

/** The end of a bracketed group, nested brackets included (structured references). */
const skipBrackets = (f: string, at: number): number => {
  let depth = 0;
  for (let i = at; i < f.length; i++) {
    if (f[i] === "'") i++;
    else if (f[i] === "[") depth++;
    else if (f[i] === "]" && --depth === 0) return i + 1;
  }
  return f.length;
};

interface Prefix {
  sheet?: string;
  lastSheet?: string;
  book?: string;
  next: number;
}

const splitSheets = (text: string, book: string | undefined, next: number): Prefix => {
  const [first, last] = text.split(":");
  return { ...(book !== undefined ? { book } : {}), ...(first ? { sheet: first } : {}), ...(last ? { lastSheet: last } : {}), next };
};

/** A sheet (and book) prefix ending in `!` at `at`: `'…'!`, `[1]Sheet!`, `Sheet1:Sheet3!`, `[1]!`. */
const readPrefix = (f: string, at: number): Prefix | null => {
  if (f[at] === "'") {
    let i = at + 1;
    let text = "";
    while (i < f.length) {
      if (f[i] === "'") {
        if (f[i + 1] === "'") {
          text += "'";
          i += 2;
          continue;
        }
        break;
      }
      text += f[i++];
    }
    if (f[i + 1] !== "!") return null;
    const book = /^\[([^\]]+)\]/.exec(text);
    return splitSheets(book ? text.slice(book[0].length) : text, book?.[1], i + 2);
  }
  const m = sticky(UNQUOTED_SHEET, f, at);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  return splitSheets(m[2] ?? "", m[1], at + m[0].length);
};

export const parseFormula = (formula: string): FormulaParts => {
  const refs: FormulaRef[] = [];
  const names: FormulaName[] = [];
  const functions: string[] = [];
  let refErrors = 0;
  const f = formula;
  let i = 0;
  while (i < f.length) {
    const c = f[i]!;
    if (c === '"') {
      i = skipString(f, i);
      continue;
    }
    if (c === "{") {
      const end = f.indexOf("}", i);
      i = end < 0 ? f.length : end + 1;
      continue;
    }
    if (c === "#") {
      const m = sticky(ERROR, f, i);
      if (m?.[0] === "#REF!") {
        refErrors++;
        refs.push({});
      }
      i += m ? m[0].length : 1;
      continue;
    }
    const boundary = i === 0 || !NAME_CHAR.test(f[i - 1]!);
    if (!boundary) {
      i++;
      continue;
    }
    const prefix = c === "'" || c === "[" || /[\p{L}_\\]/u.test(c) ? readPrefix(f, i) : null;
    if (prefix) {
      const { next, ...where } = prefix;
      i = next;
      if (f.startsWith("#REF!", i)) {
        refErrors++;
        refs.push(where);
        i += 5;
        continue;
      }
      const area = readArea(f, i);
      if (area) {
        refs.push({ ...where, area: area.area });
        i = area.next;
        continue;
      }
      const ident = sticky(IDENT, f, i);
      if (ident) {
        names.push({ name: ident[0], ...(where.sheet !== undefined ? { sheet: where.sheet } : {}), ...(where.book !== undefined ? { book: where.book } : {}) });
        i += ident[0].length;
      }
      continue;
    }
    if (c === "[") {
      i = skipBrackets(f, i);
      continue;
    }
    const area = readArea(f, i);
    if (area) {
      refs.push({ area: area.area });
      i = area.next;
      continue;
    }
    const number = sticky(NUMBER, f, i);
    if (number) {
      i += number[0].length;
      continue;
    }
    const ident = sticky(IDENT, f, i);
    if (ident) {
      const word = ident[0];
      const after = i + word.length;
      if (f[after] === "(") functions.push(word.toUpperCase());
      else if (f[after] === "[") {
        i = skipBrackets(f, after);
        continue;
      } else if (!/^(TRUE|FALSE)$/i.test(word) && !/^_xlpm\./i.test(word)) names.push({ name: word });
      i = after;
      continue;
    }
    i++;
  }
  return { refs, names, functions, refErrors };
};
