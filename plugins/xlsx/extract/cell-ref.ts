/**
 * A1 cell references: `B12` ↔ column 2, row 12 (both from 1), ranges `A1:C3`, and moving the relative references
 * of a shared formula from its anchor cell to another cell (what Excel does when it fills a formula down).
 */

export const columnIndex = (letters: string): number => [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

export const columnLetters = (index: number): string => {
  let out = "";
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
};

export const parseRef = (ref: string): { row: number; col: number } | null => {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref.trim());
  return m ? { col: columnIndex(m[1]!), row: Number(m[2]) } : null;
};

export const refOf = (row: number, col: number): string => `${columnLetters(col)}${row}`;

export const parseRange = (range: string): { top: number; left: number; bottom: number; right: number } | null => {
  const [a, b = a] = range.split(":");
  const start = parseRef(a ?? "");
  const end = parseRef(b ?? "");
  if (!start || !end) return null;
  return { top: Math.min(start.row, end.row), left: Math.min(start.col, end.col), bottom: Math.max(start.row, end.row), right: Math.max(start.col, end.col) };
};

/**
 * Shifts the relative (`$`-less) parts of A1 references in `formula` by `rows` and `cols`. Quoted text and sheet
 * names are left alone, and so are names followed by `(` (functions such as `LOG10(`).
 */
export const shiftFormula = (formula: string, rows: number, cols: number): string =>
  formula.replace(/"[^"]*"|'[^']*'|(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})(?![\w(!])/g, (match, colAbs: string, letters: string, rowAbs: string, digits: string, at: number) => {
    if (letters === undefined) return match;
    if (at > 0 && /[\w.]/.test(formula[at - 1]!)) return match;
    const col = colAbs ? letters : columnLetters(Math.max(1, columnIndex(letters) + cols));
    const row = rowAbs ? digits : String(Math.max(1, Number(digits) + rows));
    return `${colAbs}${col}${rowAbs}${row}`;
  });
