/**
 * Spreadsheet number formats applied to a cell's number for reading (also used for chart caches). Reasonable, not
 * Excel's renderer: decimals, thousands separators, percent, scientific, literal text and currency symbols of the
 * format are kept; separators are always `,` and `.` (no locale games); dates and times become ISO
 * (`2026-03-01`, `14:30`, `2026-03-01 14:30`) whatever the pattern, from the 1900 or 1904 date system. Fractions
 * and anything not understood fall back to the number as Excel's General would show it.
 */

/** Built-in formats (ECMA-376 §18.8.30). Currency ids 5–8 are locale-bound; they keep their shape, not a symbol. */
const BUILTIN: Readonly<Record<number, string>> = {
  0: "General",
  1: "0",
  2: "0.00",
  3: "#,##0",
  4: "#,##0.00",
  5: "#,##0;(#,##0)",
  6: "#,##0;(#,##0)",
  7: "#,##0.00;(#,##0.00)",
  8: "#,##0.00;(#,##0.00)",
  9: "0%",
  10: "0.00%",
  11: "0.00E+00",
  12: "# ?/?",
  13: "# ??/??",
  14: "yyyy-mm-dd",
  15: "d-mmm-yy",
  16: "d-mmm",
  17: "mmm-yy",
  18: "h:mm AM/PM",
  19: "h:mm:ss AM/PM",
  20: "h:mm",
  21: "h:mm:ss",
  22: "yyyy-mm-dd h:mm",
  37: "#,##0;(#,##0)",
  38: "#,##0;(#,##0)",
  39: "#,##0.00;(#,##0.00)",
  40: "#,##0.00;(#,##0.00)",
  41: "#,##0;-#,##0",
  42: "#,##0;-#,##0",
  43: "#,##0.00;-#,##0.00",
  44: "#,##0.00;-#,##0.00",
  45: "mm:ss",
  46: "[h]:mm:ss",
  47: "mm:ss.0",
  48: "##0.0E+0",
  49: "@",
};

/** The format code of a built-in id; ids 27–36 and 50–58 are East Asian date formats, read as dates. */
export const builtinFormat = (id: number): string => BUILTIN[id] ?? ((id >= 27 && id <= 36) || (id >= 50 && id <= 58) ? "yyyy-mm-dd" : "General");

/** Splits a format into its `;` sections, ignoring `;` inside quotes, brackets or after `\`. */
const sections = (code: string): string[] => {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  let bracket = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === "\\" && !quoted && i + 1 < code.length) {
      current += c + code[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === "[") bracket = true;
    else if (!quoted && c === "]") bracket = false;
    if (c === ";" && !quoted && !bracket) {
      out.push(current);
      current = "";
    } else current += c;
  }
  out.push(current);
  return out;
};

/** The section's code with literals (quoted text, `\x`, `_x`, `*x`) and brackets other than elapsed time removed. */
const bare = (section: string): string =>
  section
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/[_*]./g, "")
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, "");

export type DateKind = "date" | "time" | "datetime" | "elapsed";

/** Whether a format shows a date or time, and which parts. */
export const dateKind = (code: string): DateKind | null => {
  const first = bare(sections(code)[0] ?? "").toLowerCase();
  if (first === "general" || !/[dmyhs]|am\/pm|a\/p/.test(first.replace(/general/g, ""))) return null;
  if (/\[[hms]+\]/.test(first)) return "elapsed";
  const time = /[hs]|am\/pm|a\/p/.test(first);
  const date = /[dy]/.test(first) || (/m/.test(first) && !time);
  return date && time ? "datetime" : date ? "date" : "time";
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * A serial date as ISO text. 1900 system: serial 1 is 1900-01-01 and 60 is Excel's fictitious 1900-02-29; 1904
 * system: serial 0 is 1904-01-01. Null when out of Excel's range.
 */
export const serialToIso = (serial: number, kind: DateKind, date1904: boolean, seconds: boolean): string | null => {
  if (!Number.isFinite(serial) || serial < 0 || serial >= 2958466) return null;
  let days = Math.floor(serial);
  let secs = Math.round((serial - days) * 86400);
  if (secs >= 86400) {
    days += 1;
    secs -= 86400;
  }
  const hh = Math.floor(secs / 3600);
  const mm = Math.floor((secs % 3600) / 60);
  const ss = secs % 60;
  const time = `${pad(hh)}:${pad(mm)}${seconds ? `:${pad(ss)}` : ""}`;
  if (kind === "elapsed") {
    const totalSeconds = Math.round(serial * 86400);
    return `${Math.floor(totalSeconds / 3600)}:${pad(Math.floor((totalSeconds % 3600) / 60))}${seconds ? `:${pad(totalSeconds % 60)}` : ""}`;
  }
  if (kind === "time") return time;
  let date: string;
  if (!date1904 && days === 60) date = "1900-02-29";
  else if (!date1904 && days === 0) date = "1900-01-00";
  else {
    const epoch = date1904 ? Date.UTC(1904, 0, 1) : days < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
    const d = new Date(epoch + days * 86_400_000);
    date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  }
  return kind === "date" ? date : `${date} ${time}`;
};

/** A number as Excel's General format shows it: 15 significant digits, exponent as `1.5E+20`. */
export const general = (value: number): string => {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const abs = Math.abs(value);
  const text = abs >= 1e15 || (abs > 0 && abs < 1e-9) ? value.toExponential(14).replace(/\.?0+e/, "e") : String(Number(value.toPrecision(15)));
  return text.replace(/e([+-])(\d+)$/, (_m, sign: string, exp: string) => `E${sign}${exp.padStart(2, "0")}`);
};

const roundTo = (value: number, decimals: number): number => Number(`${Math.round(Number(`${value}e${decimals}`))}e-${decimals}`);

const group = (integer: string): string => integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Formats a non-negative number with one numeric section (no date parts). */
const numeric = (value: number, section: string): string | null => {
  let out = "";
  let placed = false;
  let i = 0;
  const pattern: string[] = [];
  while (i < section.length) {
    const c = section[i]!;
    if (c === '"') {
      const end = section.indexOf('"', i + 1);
      out += section.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? section.length : end + 1;
    } else if (c === "\\") {
      out += section[i + 1] ?? "";
      i += 2;
    } else if (c === "_" || c === "*") {
      i += 2;
    } else if (c === "[") {
      const end = section.indexOf("]", i);
      const inner = section.slice(i + 1, end < 0 ? undefined : end);
      const currency = /^\$([^-]*)/.exec(inner);
      if (currency) out += currency[1];
      i = end < 0 ? section.length : end + 1;
    } else if (/[0#?.,]/.test(c) || ((c === "E" || c === "e") && /[+-]/.test(section[i + 1] ?? "") && pattern.length > 0)) {
      if (c === "E" || c === "e") {
        pattern.push(c, section[i + 1]!);
        i += 2;
        continue;
      }
      // A `,` or `.` with no digit placeholder before it is a literal.
      if ((c === "," || c === ".") && !pattern.some((p) => /[0#?]/.test(p))) {
        out += c;
        i++;
        continue;
      }
      if (!placed) {
        out += "\u0000";
        placed = true;
      }
      pattern.push(c);
      i++;
    } else if (c === "/" && pattern.length > 0) {
      return null; // a fraction
    } else if (c === "@") {
      out += general(value);
      i++;
    } else {
      out += c;
      i++;
    }
  }
  if (!placed) return out;
  const spec = pattern.join("");
  const percent = (section.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, "").match(/%/g) ?? []).length;
  let scaled = value * 100 ** percent;
  const exponent = /[Ee][+-]/.exec(spec);
  const mantissa = exponent ? spec.slice(0, exponent.index) : spec;
  const trailingCommas = /,+$/.exec(mantissa)?.[0].length ?? 0;
  scaled /= 1000 ** trailingCommas;
  const decimals = (mantissa.split(".")[1] ?? "").replace(/[^0#?]/g, "").length;
  const grouped = /[0#?],+[0#?]/.test(mantissa);
  let number: string;
  if (exponent) {
    const [m, e] = scaled.toExponential(decimals).split("e") as [string, string];
    const digits = spec.slice(exponent.index + 2).replace(/[^0]/g, "").length || 1;
    number = `${m}E${e.startsWith("-") ? "-" : "+"}${e.replace(/^[+-]/, "").padStart(digits, "0")}`;
  } else {
    if (scaled >= 1e21) return null;
    const fixed = roundTo(scaled, decimals).toFixed(decimals);
    const [whole, fraction] = fixed.split(".") as [string, string | undefined];
    // `#` and `?` show no digit for a zero integer part (`#.00` → `.50`, accounting `-??` → `-`).
    const integer = whole === "0" && !/0/.test(mantissa.split(".")[0]!) ? "" : whole;
    number = (grouped ? group(integer) : integer) + (fraction !== undefined ? `.${fraction}` : "");
  }
  return out.replace("\u0000", number);
};

const hasCondition = (section: string) => /\[[<>=]/.test(section);

/**
 * A number shown through its format code. Dates (per `dateKind`) become ISO text; a format that cannot be
 * applied falls back to `general`.
 */
export const formatNumber = (value: number, code: string, date1904 = false): string => {
  if (!Number.isFinite(value)) return String(value);
  if (!code || /^general$/i.test(code.trim())) return general(value);
  const kind = dateKind(code);
  if (kind) {
    const seconds = /s/i.test(bare(sections(code)[0] ?? ""));
    return serialToIso(value, kind, date1904, seconds) ?? general(value);
  }
  const parts = sections(code);
  if (parts.some(hasCondition)) return general(value);
  let section = parts[0]!;
  let magnitude = value;
  let sign = "";
  if (value < 0) {
    if (parts.length > 1 && parts[1] !== "") {
      section = parts[1]!;
      magnitude = -value;
    } else {
      magnitude = -value;
      sign = "-";
    }
  } else if (value === 0 && parts.length > 2 && parts[2] !== "") section = parts[2]!;
  if (section.trim() === "" || /^general$/i.test(section.trim())) return sign + general(magnitude);
  const shown = numeric(magnitude, section);
  if (shown === null) return general(value);
  // A negative number that rounds to zero shows no sign.
  return sign && /[1-9]/.test(shown) ? sign + shown : shown;
};
