/**
 * Check-digit and format rules for the identifiers key data reports (service-interface.md,
 * "Automatic checks": key data lists "tax ids, bank account identifiers"). Pure functions on
 * compact, upper-case strings (no spaces, dots or hyphens unless the format has them).
 *
 * Sources of the rules: ISO 13616 (IBAN, mod 97-10 of ISO 7064), ISO 9362 (BIC), Spain's Real
 * Decreto 1065/2007 and Orden EHA/451/2008 (NIF, NIE, CIF control characters), the European
 * Commission's VIES format table per member state, and the IRS list of EIN prefixes.
 */

// --- IBAN ----------------------------------------------------------------------------------------

/** IBAN length per country (SWIFT IBAN registry). */
export const ibanLengths: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18,
  GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28,
  TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

/** The remainder mod 97 of a string of letters (A=10 … Z=35) and digits, read as one big number. */
export function mod97(value: string): number {
  let remainder = 0;
  for (const ch of value) {
    const code = ch >= "A" && ch <= "Z" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** A compact IBAN is valid when its country is known, its length is that country's and mod 97 is 1. */
export function ibanValid(iban: string): boolean {
  const length = ibanLengths[iban.slice(0, 2)];
  return length === iban.length && /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) && mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** "ES9121000418450200051332" → "ES91 2100 0418 4502 0005 1332", as IBANs are printed. */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, "$1 ");

// --- Spanish NIF / NIE / CIF ---------------------------------------------------------------------

const dniLetters = "TRWAGMYFPDXBNJZSQVHLCKE";

/** DNI-based NIF: 8 digits and the letter of their remainder mod 23. */
export function nifValid(nif: string): boolean {
  const m = /^(\d{8})([A-Z])$/.exec(nif);
  return m !== null && dniLetters[Number(m[1]) % 23] === m[2];
}

/** NIE: X, Y or Z (read as 0, 1, 2), 7 digits, and the DNI letter of the 8-digit number. */
export function nieValid(nie: string): boolean {
  const m = /^([XYZ])(\d{7})([A-Z])$/.exec(nie);
  return m !== null && dniLetters[Number("XYZ".indexOf(m[1]!) + m[2]!) % 23] === m[3];
}

/** The control digit (0-9) of a CIF's seven digits. */
export function cifControl(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    // Positions 1, 3, 5, 7 (even indexes) are doubled and their digits added.
    sum += i % 2 === 0 ? Math.floor((2 * d) / 10) + ((2 * d) % 10) : d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * CIF (legal entities, now "NIF de persona jurídica"): an entity letter, 7 digits, a control
 * that is a letter (J=0, A=1 … I=9) for P, Q, R, S, N, W (public bodies, non-resident entities),
 * a digit for A, B, E, H, and either for the other letters.
 */
export function cifValid(cif: string): boolean {
  const m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(cif);
  if (!m) return false;
  const control = cifControl(m[2]!);
  const letter = "JABCDEFGHI"[control]!;
  const digit = String(control);
  if ("PQRSNW".includes(m[1]!)) return m[3] === letter;
  if ("ABEH".includes(m[1]!)) return m[3] === digit;
  return m[3] === letter || m[3] === digit;
}

/** Which Spanish scheme a compact id has by its shape, or `null`. */
export function spanishScheme(id: string): "nif" | "nie" | "cif" | null {
  if (/^\d{8}[A-Z]$/.test(id)) return "nif";
  if (/^[XYZ]\d{7}[A-Z]$/.test(id)) return "nie";
  if (/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(id)) return "cif";
  return null;
}

export function spanishIdValid(id: string): boolean {
  switch (spanishScheme(id)) {
    case "nif":
      return nifValid(id);
    case "nie":
      return nieValid(id);
    case "cif":
      return cifValid(id);
    default:
      return false;
  }
}

// --- EU VAT numbers ------------------------------------------------------------------------------

const digits = (s: string) => [...s].map(Number);

/** Luhn over all digits (the last is the check digit). */
function luhn(value: string): boolean {
  let sum = 0;
  digits(value)
    .reverse()
    .forEach((d, i) => {
      const x = i % 2 === 1 ? d * 2 : d;
      sum += x > 9 ? x - 9 : x;
    });
  return sum % 10 === 0;
}

/** ISO 7064 MOD 11,10 (German USt-IdNr). */
function mod11_10(value: string): boolean {
  let product = 10;
  for (const d of digits(value.slice(0, -1))) {
    let sum = (d + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product === 10 ? 0 : 11 - product;
  return check === Number(value.at(-1));
}

function weighted(value: string, weights: number[]): number {
  return digits(value).reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0);
}

interface VatRule {
  format: RegExp;
  /** Check digits where the rule is public and stable; absent: format only. */
  check?: (body: string) => boolean;
}

/** Body formats after the country prefix (VIES), with check digits for the common countries. */
export const vatRules: Readonly<Record<string, VatRule>> = {
  AT: { format: /^U\d{8}$/ },
  BE: { format: /^[01]\d{9}$/, check: (b) => 97 - (Number(b.slice(0, 8)) % 97) === Number(b.slice(8)) },
  BG: { format: /^\d{9,10}$/ },
  CY: { format: /^\d{8}[A-Z]$/ },
  CZ: { format: /^\d{8,10}$/ },
  DE: { format: /^\d{9}$/, check: mod11_10 },
  DK: { format: /^\d{8}$/ },
  EE: { format: /^\d{9}$/ },
  EL: { format: /^\d{9}$/ },
  ES: { format: /^[A-Z0-9]\d{7}[A-Z0-9]$/, check: spanishIdValid },
  FI: { format: /^\d{8}$/ },
  FR: {
    format: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
    // The numeric key is (12 + 3 × (SIREN mod 97)) mod 97; letter keys follow another rule.
    check: (b) => !/^\d{2}/.test(b) || Number(b.slice(0, 2)) === (12 + 3 * (Number(b.slice(2)) % 97)) % 97,
  },
  HR: { format: /^\d{11}$/ },
  HU: { format: /^\d{8}$/ },
  IE: { format: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { format: /^\d{11}$/, check: luhn },
  LT: { format: /^(\d{9}|\d{12})$/ },
  LU: { format: /^\d{8}$/, check: (b) => Number(b.slice(0, 6)) % 89 === Number(b.slice(6)) },
  LV: { format: /^\d{11}$/ },
  MT: { format: /^\d{8}$/ },
  NL: {
    format: /^\d{9}B\d{2}$/,
    // Older numbers: weighted mod 11 of the nine digits; since 2020, sole traders: mod 97 of "NL"+body.
    check: (b) => (weighted(b.slice(0, 8), [9, 8, 7, 6, 5, 4, 3, 2]) - Number(b[8])) % 11 === 0 || mod97(`NL${b}`) === 1,
  },
  PL: {
    format: /^\d{10}$/,
    check: (b) => weighted(b.slice(0, 9), [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(b[9]),
  },
  PT: {
    format: /^\d{9}$/,
    check: (b) => {
      const c = 11 - (weighted(b.slice(0, 8), [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
      return (c >= 10 ? 0 : c) === Number(b[8]);
    },
  },
  RO: { format: /^\d{2,10}$/ },
  SE: { format: /^\d{10}01$/ },
  SI: { format: /^\d{8}$/ },
  SK: { format: /^\d{10}$/, check: (b) => Number(BigInt(b) % 11n) === 0 },
  XI: { format: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/ },
  // The United Kingdom left the EU, but its VAT numbers keep appearing on European invoices.
  GB: { format: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/ },
};

/** Whether a compact VAT number matches its country's format (the question before check digits). */
export function vatFormat(vat: string): boolean {
  const rule = vatRules[vat.slice(0, 2)];
  return rule !== undefined && rule.format.test(vat.slice(2));
}

/** `true`/`false` from the check digits, or `undefined` when the country has no check here. */
export function vatValid(vat: string): boolean | undefined {
  const rule = vatRules[vat.slice(0, 2)];
  if (!rule || !rule.format.test(vat.slice(2))) return false;
  return rule.check ? rule.check(vat.slice(2)) : undefined;
}

// --- US EIN --------------------------------------------------------------------------------------

/** Prefixes the IRS assigns (campus and internet codes); others are not issued. */
const einPrefixes = new Set(
  [
    "01-06", "10-16", "20-27", "30-48", "50-68", "71-77", "80-88", "90-95", "98-99",
  ].flatMap((range) => {
    const [from, to] = range.split("-").map(Number) as [number, number];
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, "0"));
  }),
);

export const einValid = (ein: string): boolean => /^\d{2}-\d{7}$/.test(ein) && einPrefixes.has(ein.slice(0, 2));

// --- BIC -----------------------------------------------------------------------------------------

/** ISO 3166-1 alpha-2 country codes (plus XK, used by banks for Kosovo). */
export const countryCodes: ReadonlySet<string> = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
    "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO " +
    "JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR " +
    "MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO " +
    "RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV " +
    "TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK"
  ).split(" "),
);

/** A BIC: 4 bank letters, a valid country code, 2 location characters, optionally 3 branch ones. */
export const bicValid = (bic: string): boolean =>
  /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && countryCodes.has(bic.slice(4, 6));
