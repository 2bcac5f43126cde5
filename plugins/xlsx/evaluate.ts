/**
 * The value of a simple formula, worked out while the workbook is mapped, so a total row can be checked
 * against its columns before LibreOffice has calculated anything (totals.ts). Only arithmetic is known:
 * numbers, `+ - * / ^ %`, parentheses, cells of the same sheet, defined names with a number, and SUM, MIN,
 * MAX and AVERAGE of cells and ranges. Anything else (other sheets, text, other functions, a division by
 * zero) has no value here: `undefined`, never a guess. The values are only compared, never stored.
 */
import { tokenize, type Token } from "./formulas.ts";
import { columnNumber } from "./names.ts";

export interface Lookup {
  /** A cell's number by column and row (1-based); `undefined` when it is not a number. */
  cell(column: number, row: number): number | undefined;
  /** A defined name's number; `undefined` when unknown. */
  name(name: string): number | undefined;
}

const cellRef = /^\$?([A-Za-z]{1,3})\$?(\d+)$/;
const aggregates: Record<string, (xs: number[]) => number | undefined> = {
  SUM: (xs) => xs.reduce((a, b) => a + b, 0),
  MIN: (xs) => (xs.length > 0 ? Math.min(...xs) : 0),
  MAX: (xs) => (xs.length > 0 ? Math.max(...xs) : 0),
  AVERAGE: (xs) => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : undefined),
};

class Unknown extends Error {}

export function evaluate(formula: string, lookup: Lookup): number | undefined {
  const tokens = tokenize(formula.replace(/^=/, ""))?.filter((t) => t.t !== "space");
  if (!tokens) return undefined;
  let i = 0;
  const peek = (): Token | undefined => tokens[i];
  const isOp = (s: string) => peek()?.t === "op" && peek()!.s === s;
  const expect = (s: string) => {
    if (!isOp(s)) throw new Unknown();
    i++;
  };
  const known = (x: number | undefined): number => {
    if (x === undefined || !Number.isFinite(x)) throw new Unknown();
    return x;
  };

  const additive = (): number => {
    let x = multiplicative();
    while (isOp("+") || isOp("-")) x = tokens[i++]!.s === "+" ? x + multiplicative() : x - multiplicative();
    return x;
  };
  const multiplicative = (): number => {
    let x = power();
    while (isOp("*") || isOp("/")) {
      if (tokens[i++]!.s === "*") x *= power();
      else {
        const d = power();
        if (d === 0) throw new Unknown();
        x /= d;
      }
    }
    return x;
  };
  const power = (): number => {
    let x = unary();
    while (isOp("^")) {
      i++;
      x = known(x ** unary());
    }
    return x;
  };
  const unary = (): number => {
    if (isOp("-")) return i++, -unary();
    if (isOp("+")) return i++, unary();
    let x = primary();
    while (isOp("%")) i++, (x /= 100);
    return x;
  };
  const reference = (word: string): [number, number] | null => {
    const m = cellRef.exec(word);
    return m ? [columnNumber(m[1]!), Number(m[2])] : null;
  };
  /** A function's argument: a range or a single value, as a list of numbers. */
  const argument = (): number[] => {
    const tok = peek();
    const from = tok?.t === "word" ? reference(tok.s) : null;
    if (from && tokens[i + 1]?.t === "op" && tokens[i + 1]!.s === ":") {
      const to = tokens[i + 2]?.t === "word" ? reference(tokens[i + 2]!.s) : null;
      if (!to) throw new Unknown();
      i += 3;
      const out: number[] = [];
      for (let c = Math.min(from[0], to[0]); c <= Math.max(from[0], to[0]); c++) {
        for (let r = Math.min(from[1], to[1]); r <= Math.max(from[1], to[1]); r++) out.push(known(lookup.cell(c, r)));
      }
      return out;
    }
    return [additive()];
  };
  const primary = (): number => {
    const tok = tokens[i++];
    if (!tok) throw new Unknown();
    if (tok.t === "number") return Number(tok.s);
    if (tok.t === "op" && tok.s === "(") {
      const x = additive();
      expect(")");
      return x;
    }
    if (tok.t !== "word") throw new Unknown();
    if (isOp("(")) {
      const fn = aggregates[tok.s.toUpperCase()];
      if (!fn) throw new Unknown();
      i++;
      const values: number[] = [];
      if (!isOp(")")) {
        values.push(...argument());
        while (isOp(",")) i++, values.push(...argument());
      }
      expect(")");
      return known(fn(values));
    }
    const ref = reference(tok.s);
    return known(ref ? lookup.cell(ref[0], ref[1]) : lookup.name(tok.s.toLowerCase()));
  };

  try {
    const x = additive();
    return i === tokens.length ? known(x) : undefined;
  } catch (e) {
    if (e instanceof Unknown) return undefined;
    throw e;
  }
}
