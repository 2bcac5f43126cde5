/**
 * A list counter as Word prints it in a level's number format (`w:numFmt`): decimal, zero-padded, roman numerals,
 * letters (Word repeats the letter past Z: 27 is `AA`, 28 `BB`), ordinals. Formats Word draws from other scripts
 * (`chineseCounting`, `hebrew1`…) are written as decimal numbers rather than guessed.
 */

const ROMAN: readonly [number, string][] = [
  [1000, "m"], [900, "cm"], [500, "d"], [400, "cd"], [100, "c"], [90, "xc"], [50, "l"], [40, "xl"], [10, "x"], [9, "ix"], [5, "v"], [4, "iv"], [1, "i"],
];

const roman = (n: number): string => {
  // Word prints numbers past the roman range in decimal, as it does 0.
  if (n <= 0 || n >= 4000) return String(n);
  let out = "";
  for (const [value, digits] of ROMAN) {
    while (n >= value) {
      out += digits;
      n -= value;
    }
  }
  return out;
};

const letter = (n: number): string => (n <= 0 ? String(n) : String.fromCharCode(97 + ((n - 1) % 26)).repeat(Math.floor((n - 1) / 26) + 1));

const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};

export const formatNumber = (n: number, format: string): string => {
  switch (format) {
    case "lowerRoman":
      return roman(n);
    case "upperRoman":
      return roman(n).toUpperCase();
    case "lowerLetter":
      return letter(n);
    case "upperLetter":
      return letter(n).toUpperCase();
    case "decimalZero":
      return n >= 0 && n < 10 ? `0${n}` : String(n);
    case "ordinal":
      return ordinal(n);
    case "none":
      return "";
    default:
      return String(n);
  }
};
