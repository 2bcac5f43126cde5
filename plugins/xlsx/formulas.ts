/**
 * Formulas the author wrote (`=…` in a cell), made safe to store: cell references are kept as
 * written (tables start at A1 with their header in row 1, so `=B2*C2` means what the author saw),
 * and only function calls are touched.
 *
 * - Functions added to Excel after 2007 are stored with the `_xlfn.` prefix the file format asks
 *   for (`IFS` → `_xlfn.IFS`); without it Excel shows `#NAME?` until the cell is re-entered.
 * - Dynamic-array functions spill and are missing from older Excel and LibreOffice. A simple
 *   `XLOOKUP(v, keys, values[, if_not_found])` becomes `INDEX(values, MATCH(v, keys, 0))` (inside
 *   `IFERROR` when there is a fallback) and `XMATCH(v, keys)` becomes `MATCH(v, keys, 0)`;
 *   any other use of them, `FILTER` and the rest of the family is refused: the cell keeps the
 *   text and the caller reports `xlsx.unsupported_function`.
 * - Functions that reach outside the workbook on opening (`WEBSERVICE`, `RTD`, `CALL`) are
 *   refused the same way (`xlsx.unsafe_function`).
 * - Bare words that are not functions, references, sheet names or booleans must be defined names
 *   (the assumptions); the caller warns about the others, which would show `#NAME?`.
 * - Text that does not tokenise, has unbalanced parentheses or ends in an operator is not a
 *   formula; the cell keeps it as text.
 */
import { looksLikeReference } from "./names.ts";

export type Token =
  | { t: "string"; s: string }
  | { t: "sheet"; s: string }
  | { t: "error"; s: string }
  | { t: "number"; s: string }
  | { t: "word"; s: string }
  | { t: "bracket"; s: string }
  | { t: "space"; s: string }
  | { t: "op"; s: string };

const patterns: [Token["t"], RegExp][] = [
  ["space", /^\s+/],
  ["string", /^"(?:[^"]|"")*"/],
  ["sheet", /^(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!/],
  ["error", /^#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA)/i],
  ["number", /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/],
  ["word", /^\$?[A-Za-z_\\][A-Za-z0-9_.\\]*(?:\$\d+)?/],
  ["bracket", /^\[[^\]]*\]/],
  ["op", /^(?:<=|>=|<>|[-+*/^&=<>%(),:;{}@!])/],
];

/** The formula as tokens, or null when it does not tokenise. */
export function tokenize(formula: string): Token[] | null {
  const out: Token[] = [];
  let rest = formula;
  while (rest.length > 0) {
    let matched = false;
    for (const [t, re] of patterns) {
      const m = re.exec(rest);
      if (m) {
        out.push({ t, s: m[0] } as Token);
        rest = rest.slice(m[0].length);
        matched = true;
        break;
      }
    }
    if (!matched) return null;
  }
  return out;
}

/** Functions newer than Excel 2007, which the file format stores with `_xlfn.`. */
const futureFunctions = new Set(
  (
    "CONCAT TEXTJOIN IFS SWITCH MAXIFS MINIFS IFNA XOR DAYS ISOWEEKNUM STDEV.S STDEV.P VAR.S VAR.P " +
    "PERCENTILE.INC PERCENTILE.EXC QUARTILE.INC QUARTILE.EXC RANK.EQ RANK.AVG MODE.SNGL MODE.MULT " +
    "NORM.DIST NORM.INV NORM.S.DIST NORM.S.INV T.DIST T.DIST.2T T.DIST.RT T.INV T.INV.2T T.TEST " +
    "CEILING.MATH FLOOR.MATH CEILING.PRECISE AGGREGATE NETWORKDAYS.INTL WORKDAY.INTL " +
    "FORECAST.LINEAR FORECAST.ETS FORMULATEXT ISFORMULA SHEET SHEETS NUMBERVALUE UNICHAR UNICODE ARABIC BASE " +
    "DECIMAL COVARIANCE.S COVARIANCE.P BINOM.DIST CHISQ.TEST CONFIDENCE.NORM CONFIDENCE.T EXPON.DIST GAMMA.DIST " +
    "LOGNORM.DIST POISSON.DIST WEIBULL.DIST F.DIST F.TEST RRI PDURATION BITAND BITOR BITXOR ENCODEURL " +
    "COT COTH CSC CSCH SEC SECH ACOT ACOTH GAMMA GAUSS PHI PERMUTATIONA COMBINA MUNIT"
  ).split(" "),
);

/** Dynamic-array and lambda functions: refused unless rewritten to INDEX/MATCH. */
const dynamicFunctions = new Set(
  (
    "XLOOKUP XMATCH FILTER UNIQUE SORT SORTBY SEQUENCE RANDARRAY LET LAMBDA MAP REDUCE SCAN MAKEARRAY " +
    "BYROW BYCOL TAKE DROP VSTACK HSTACK TOCOL TOROW CHOOSEROWS CHOOSECOLS WRAPROWS WRAPCOLS EXPAND " +
    "TEXTSPLIT TEXTBEFORE TEXTAFTER ARRAYTOTEXT VALUETOTEXT IMAGE GROUPBY PIVOTBY"
  ).split(" "),
);

/**
 * Functions that reach outside the workbook when it is opened (fetch a URL with the sheet's data,
 * call a server or a DLL): refused, since the text may come from anyone.
 */
const unsafeFunctions = new Set(["WEBSERVICE", "RTD", "CALL", "REGISTER.ID", "SQL.REQUEST"]);

export type FormulaResult =
  | {
      ok: true;
      /** The formula to store, without the leading `=`. */
      formula: string;
      /** Functions rewritten, e.g. `["XLOOKUP"]`. */
      replaced: string[];
      /** Bare words that are not defined names. */
      unknownNames: string[];
    }
  | { ok: false; reason: "unsupported" | "unsafe"; functions: string[] }
  | { ok: false; reason: "invalid" };

/** Checks and rewrites one formula; `isName` says whether a word is a defined name. */
export function prepareFormula(formula: string, isName: (word: string) => boolean): FormulaResult {
  const tokens = tokenize(formula);
  if (!tokens || !wellFormed(tokens)) return { ok: false, reason: "invalid" };
  const replaced: string[] = [];
  const unknownNames = new Set<string>();
  const refused: string[] = [];
  const unsafe: string[] = [];
  const rewriteTokens = (list: Token[]): string => {
    let out = "";
    for (let i = 0; i < list.length; i++) {
      const tok = list[i]!;
      if (tok.t !== "word") {
        out += tok.s;
        continue;
      }
      const next = nextSolid(list, i + 1);
      if (next !== -1 && list[next]!.s === "(") {
        const close = matching(list, next);
        const args = splitArgs(list.slice(next + 1, close)).map((arg) => rewriteTokens(arg).trim());
        out += call(tok.s, args);
        i = close;
        continue;
      }
      if (!isReferenceWord(list, i) && !/^(true|false)$/i.test(tok.s) && !isName(tok.s)) unknownNames.add(tok.s);
      out += tok.s;
    }
    return out;
  };
  const call = (written: string, args: string[]): string => {
    const name = written.replace(/^_xlfn\./i, "").toUpperCase();
    if (unsafeFunctions.has(name)) unsafe.push(name);
    if (dynamicFunctions.has(name)) {
      const simple = name === "XLOOKUP" ? xlookup(args) : name === "XMATCH" ? xmatch(args) : null;
      if (simple === null) {
        refused.push(name);
        return `${written}(${args.join(",")})`;
      }
      replaced.push(name);
      return simple;
    }
    const stored = futureFunctions.has(name) ? `_xlfn.${name}` : written;
    return `${stored}(${args.join(",")})`;
  };
  const out = rewriteTokens(tokens);
  if (unsafe.length > 0) return { ok: false, reason: "unsafe", functions: [...new Set(unsafe)] };
  if (refused.length > 0) return { ok: false, reason: "unsupported", functions: [...new Set(refused)] };
  return { ok: true, formula: out, replaced: [...new Set(replaced)], unknownNames: [...unknownNames] };
}

/** `XLOOKUP(v, keys, values[, if_not_found[, 0[, 1]]])` with a one-dimensional result. */
function xlookup(args: string[]): string | null {
  if (args.length < 3 || args.length > 6) return null;
  const [value, keys, values, notFound = "", mode = "", search = ""] = args as [string, string, string, ...string[]];
  if (!defaultArg(mode, "0") || !defaultArg(search, "1")) return null;
  if (isRange(value) || isTwoDimensional(values) || isTwoDimensional(keys)) return null;
  const lookup = `INDEX(${values},MATCH(${value},${keys},0))`;
  return notFound === "" ? lookup : `IFERROR(${lookup},${notFound})`;
}

/** `XMATCH(v, keys[, 0[, 1]])`: exact match from the top, which is what `MATCH(…, 0)` does. */
function xmatch(args: string[]): string | null {
  if (args.length < 2 || args.length > 4) return null;
  const [value, keys, mode = "", search = ""] = args as [string, string, ...string[]];
  if (!defaultArg(mode, "0") || !defaultArg(search, "1")) return null;
  if (isRange(value)) return null;
  return `MATCH(${value},${keys},0)`;
}

function defaultArg(arg: string, value: string): boolean {
  return arg === "" || arg === value;
}

const rangePattern = /^(?:(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?\$?([A-Za-z]{1,3})\$?(\d+):\$?([A-Za-z]{1,3})\$?(\d+)$/;

function isRange(arg: string): boolean {
  return arg.includes(":");
}

const sheetPrefix = /^(?:(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?/;

/** `B2:D9`, `B:D` and `2:9` span several columns and rows; a lookup over them would spill. */
function isTwoDimensional(arg: string): boolean {
  const m = rangePattern.exec(arg);
  if (m) return m[1]!.toUpperCase() !== m[3]!.toUpperCase() && m[2] !== m[4];
  const bare = arg.replace(sheetPrefix, "");
  const columns = /^\$?([A-Za-z]{1,3}):\$?([A-Za-z]{1,3})$/.exec(bare);
  if (columns) return columns[1]!.toUpperCase() !== columns[2]!.toUpperCase();
  return /^\$?\d+:\$?\d+$/.test(bare);
}

function nextSolid(list: Token[], from: number): number {
  for (let i = from; i < list.length; i++) if (list[i]!.t !== "space") return i;
  return -1;
}

function previousSolid(list: Token[], from: number): number {
  for (let i = from; i >= 0; i--) if (list[i]!.t !== "space") return i;
  return -1;
}

function matching(list: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < list.length; i++) {
    const s = list[i]!.t === "op" ? list[i]!.s : "";
    if (s === "(") depth++;
    else if (s === ")" && --depth === 0) return i;
  }
  return list.length;
}

/** Arguments of a call, split at commas outside nested calls and array constants. */
function splitArgs(list: Token[]): Token[][] {
  const args: Token[][] = [[]];
  let depth = 0;
  for (const tok of list) {
    if (tok.t === "op" && (tok.s === "(" || tok.s === "{")) depth++;
    if (tok.t === "op" && (tok.s === ")" || tok.s === "}")) depth--;
    if (tok.t === "op" && tok.s === "," && depth === 0) args.push([]);
    else args[args.length - 1]!.push(tok);
  }
  return args.length === 1 && args[0]!.every((t) => t.t === "space") ? [] : args;
}

/** A word that is a cell reference (`B2`, `$B$2`) or a column in a range (`A:A`). */
function isReferenceWord(list: Token[], i: number): boolean {
  const word = list[i]!.s;
  const plain = word.replace(/\$/g, "");
  if (/^[A-Za-z]{1,3}\d+$/.test(plain) && looksLikeReference(plain)) return true;
  if (/^\$?[A-Za-z]{1,3}$/.test(word)) {
    const before = previousSolid(list, i - 1);
    const after = nextSolid(list, i + 1);
    return (before !== -1 && list[before]!.s === ":") || (after !== -1 && list[after]!.s === ":");
  }
  return false;
}

function wellFormed(tokens: Token[]): boolean {
  const solid = tokens.filter((t) => t.t !== "space");
  if (solid.length === 0) return false;
  let depth = 0;
  for (const tok of solid) {
    if (tok.t !== "op") continue;
    if (tok.s === "(") depth++;
    if (tok.s === ")" && --depth < 0) return false;
    if (tok.s === ";" || tok.s === "!") return false;
  }
  if (depth !== 0) return false;
  const last = solid[solid.length - 1]!;
  return !(last.t === "op" && /^(?:[-+*/^&=<>,(:]|<=|>=|<>)$/.test(last.s));
}
