/**
 * Amounts written in words, English and Spanish ("one thousand two hundred dollars", "MIL
 * DOSCIENTOS EUROS CON CINCUENTA CÉNTIMOS"), read into numbers so a contract's words can be
 * compared with its digits. Currency words are skipped; cents after "and"/"con" are decimals.
 * Returns `null` for anything that is not entirely number and currency words.
 */

const en: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const enScales: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };

const es: Record<string, number> = {
  cero: 0, un: 1, uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9,
  diez: 10, once: 11, doce: 12, trece: 13, catorce: 14, quince: 15, dieciseis: 16, diecisiete: 17, dieciocho: 18,
  diecinueve: 19, veinte: 20, veintiun: 21, veintiuno: 21, veintiuna: 21, veintidos: 22, veintitres: 23,
  veinticuatro: 24, veinticinco: 25, veintiseis: 26, veintisiete: 27, veintiocho: 28, veintinueve: 29, treinta: 30,
  cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90, cien: 100, ciento: 100,
  doscientos: 200, doscientas: 200, trescientos: 300, trescientas: 300, cuatrocientos: 400, cuatrocientas: 400,
  quinientos: 500, quinientas: 500, seiscientos: 600, seiscientas: 600, setecientos: 700, setecientas: 700,
  ochocientos: 800, ochocientas: 800, novecientos: 900, novecientas: 900,
};
const esScales: Record<string, number> = { mil: 1e3, millon: 1e6, millones: 1e6 };

/** Currency and filler words that may sit among the number words. */
const skip = new Set([
  "dollars", "dollar", "us", "usd", "euros", "euro", "eur", "pounds", "pound", "sterling", "gbp",
  "dolares", "dolar", "estadounidenses", "americanos", "libras", "libra", "esterlinas", "de", "only", "exactly", "the", "sum", "of",
]);
const centWords = new Set(["cents", "cent", "centimos", "centimo", "centavos", "centavo", "pence", "penny"]);

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Reads a run of number words into a whole number, or `null`. */
function integer(tokens: string[]): number | null {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const token of tokens) {
    if (token === "and" || token === "y" || token === "a") continue;
    if (token === "hundred") {
      current = (current || 1) * 100;
    } else if (token in en) {
      current += en[token]!;
    } else if (token in enScales) {
      total += (current || 1) * enScales[token]!;
      current = 0;
    } else if (token in es) {
      current += es[token]!;
    } else if (token in esScales) {
      total += (current || 1) * esScales[token]!;
      current = 0;
    } else {
      return null;
    }
    seen = true;
  }
  return seen ? total + current : null;
}

export function wordsToNumber(text: string): number | null {
  const tokens = fold(text)
    .replace(/[^a-z\s/-]/g, " ")
    .split(/[\s-]+/)
    .filter((t) => t !== "" && !skip.has(t));
  if (tokens.length === 0) return null;
  // "… and fifty cents", "… con cincuenta céntimos", "… and 50/100" are decimals.
  const centsAt = tokens.findIndex((t) => centWords.has(t));
  let whole = tokens;
  let cents = 0;
  if (centsAt >= 0) {
    const joint = tokens.lastIndexOf("and", centsAt) >= 0 ? tokens.lastIndexOf("and", centsAt) : tokens.lastIndexOf("con", centsAt);
    if (joint < 0) return null;
    const value = integer(tokens.slice(joint + 1, centsAt));
    if (value === null) return null;
    cents = value / 100;
    whole = tokens.slice(0, joint);
  } else if (tokens.includes("con")) {
    const joint = tokens.indexOf("con");
    const value = integer(tokens.slice(joint + 1));
    if (value === null) return null;
    cents = value / 100;
    whole = tokens.slice(0, joint);
  }
  const value = integer(whole);
  return value === null ? null : value + cents;
}
