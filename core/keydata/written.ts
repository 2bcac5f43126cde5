/**
 * Numbers as people write them in English and Spanish, read to their value and precision: key data, totals and the
 * facts check all read numbers this one way, so `1.234,5` and `1,234.5` are the same number everywhere.
 */

/** A number as written: its value, and how many decimals it was written with (its precision). */
export interface Written {
  readonly value: number;
  readonly decimals: number;
}

/**
 * `1.234,5` and `1,234.5` → 1234.5; `1.200` and `1,200` → 1200 (one separator before exactly three digits groups
 * thousands, as both languages write them); `4,1` → 4.1; `0,125` → 0.125 (a leading zero is never a thousands group).
 */
export function parseWritten(text: string): Written {
  const s = text.replace(/[\u00A0\u202F ]/g, "");
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  let decimal: "." | "," | null = null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? "." : ",";
  else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? "." : ",";
    const parts = s.split(sep);
    decimal = parts.length === 2 && (parts[1]!.length !== 3 || parts[0] === "0" || parts[0] === "") ? sep : null;
  }
  const thousands = decimal === "." ? /,/g : decimal === "," ? /\./g : /[.,]/g;
  const plain = s.replace(thousands, "").replace(",", ".");
  const dot = plain.indexOf(".");
  return { value: Number(plain), decimals: dot < 0 ? 0 : plain.length - dot - 1 };
}
