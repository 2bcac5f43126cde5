/**
 * Key data extraction and consistency checks. Valid identifiers are built here from their public
 * algorithms (IBAN mod 97, DNI letter, CIF control, German MOD 11,10, French key, Italian Luhn),
 * written independently of core/keydata/checks.ts, so the tests do not take the code's word for
 * what a valid number is. Invalid ones are the same numbers with the check changed.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { bicValid, cifValid, ibanValid, nieValid, nifValid, vatValid } from "../../../core/keydata/checks.ts";
import { checkConsistency } from "../../../core/keydata/consistency.ts";
import { keyDataBlocks } from "../../../core/keydata/blocks.ts";
import type { KeyData } from "../../../core/keydata/extract.ts";
import { extractKeyData, parseNumber } from "../../../core/keydata/extract.ts";
import { wordsToNumber } from "../../../core/keydata/words.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";

// --- reference algorithms ----------------------------------------------------------------------

/** ISO 13616: check digits = 98 − (BBAN + country + "00", letters as 10..35) mod 97. */
function makeIban(country: string, bban: string): string {
  const numeric = (bban + country + "00").replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98n - (BigInt(numeric) % 97n);
  return country + String(check).padStart(2, "0") + bban;
}
const spaced = (iban: string) => iban.match(/.{1,4}/g)!.join(" ");
/** Changes the last digit of a string of digits/letters to another digit. */
const breakLast = (s: string) => s.slice(0, -1) + (s.endsWith("0") ? "1" : "0");

const dniTable = "TRWAGMYFPDXBNJZSQVHLCKE";
const makeNif = (digits: string) => digits + dniTable[Number(digits) % 23];
const makeNie = (prefix: "X" | "Y" | "Z", digits: string) => prefix + digits + dniTable[Number(String("XYZ".indexOf(prefix)) + digits) % 23];
const otherLetter = (letter: string) => (letter === "A" ? "B" : "A");

function makeCif(letter: string, digits: string, asLetter: boolean): string {
  let sum = 0;
  [...digits].forEach((ch, i) => {
    const d = Number(ch);
    if (i % 2 === 1) sum += d;
    else {
      const double = d * 2;
      sum += Math.floor(double / 10) + (double % 10);
    }
  });
  const control = (10 - (sum % 10)) % 10;
  return letter + digits + (asLetter ? "JABCDEFGHI"[control] : String(control));
}

/** German USt-IdNr: ISO 7064 MOD 11,10 over eight digits. */
function makeDeVat(eight: string): string {
  let p = 10;
  for (const ch of eight) {
    let s = (Number(ch) + p) % 10;
    if (s === 0) s = 10;
    p = (s * 2) % 11;
  }
  const c = 11 - p;
  return `DE${eight}${c === 10 ? 0 : c}`;
}

/** French TVA: key = (12 + 3 × (SIREN mod 97)) mod 97. */
const makeFrVat = (siren: string) => `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0")}${siren}`;

/** Italian partita IVA: Luhn check digit on ten digits. */
function makeItVat(ten: string): string {
  let sum = 0;
  [...ten].forEach((ch, i) => {
    const d = Number(ch);
    if (i % 2 === 1) sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
    else sum += d;
  });
  return `IT${ten}${(10 - (sum % 10)) % 10}`;
}

// --- fixtures -------------------------------------------------------------------------------------

const esIban = makeIban("ES", "21000418450200051332");
const deIban = makeIban("DE", "370400440532013000");
const gbIban = makeIban("GB", "WEST12345698765432");
const nlIban = makeIban("NL", "ABNA0417164300");
const badEsIban = breakLast(esIban);
const nif = makeNif("12345678");
const nie = makeNie("Y", "2345678");
const cifB = makeCif("B", "8765432", false);
const cifQ = makeCif("Q", "2818002", true);
const deVat = makeDeVat("13669597");
const frVat = makeFrVat("404833048");
const itVat = makeItVat("0074397096");

interface Want {
  value: string;
  kind: KeyData["kind"];
  role: string;
  valid?: boolean;
  normalized?: string;
}

const cases: Array<{ name: string; given: string; want: Want[] }> = [
  // amounts
  {
    name: "US invoice lines: subtotal, VAT, total and due date",
    given: "Subtotal: $1,000.00. VAT (21%): $210.00. Total: $1,210.00, due by March 31, 2026.",
    want: [
      { value: "$1,000.00", kind: "amount", role: "subtotal", normalized: "USD 1000.00" },
      { value: "$210.00", kind: "amount", role: "vat", normalized: "USD 210.00" },
      { value: "$1,210.00", kind: "amount", role: "total", normalized: "USD 1210.00" },
      { value: "March 31, 2026", kind: "date", role: "due_date", valid: true, normalized: "2026-03-31" },
    ],
  },
  {
    name: "Spanish invoice: base imponible, IVA, total with euro after the number",
    given: "Base imponible: 1.000,00 €. IVA 21 %: 210,00 €. Total a pagar: 1.210,00 €.",
    want: [
      { value: "1.000,00 €", kind: "amount", role: "subtotal", normalized: "EUR 1000.00" },
      { value: "210,00 €", kind: "amount", role: "vat", normalized: "EUR 210.00" },
      { value: "1.210,00 €", kind: "amount", role: "total", normalized: "EUR 1210.00" },
    ],
  },
  {
    name: "currency codes before and after, pounds, deposit and fee roles",
    given: "A deposit of EUR 300 is required, plus a booking fee of 25 USD and £40 for cleaning.",
    want: [
      { value: "EUR 300", kind: "amount", role: "deposit", normalized: "EUR 300.00" },
      { value: "25 USD", kind: "amount", role: "fee", normalized: "USD 25.00" },
      { value: "£40", kind: "amount", role: "mentioned", normalized: "GBP 40.00" },
    ],
  },
  {
    name: "a role word right after the amount; 'plus VAT' does not make the total a VAT amount",
    given: "A $300 deposit and a $50 fee. The total amount of EUR 5,000 plus VAT.",
    want: [
      { value: "$300", kind: "amount", role: "deposit", normalized: "USD 300.00" },
      { value: "$50", kind: "amount", role: "fee", normalized: "USD 50.00" },
      { value: "EUR 5,000", kind: "amount", role: "total", normalized: "EUR 5000.00" },
    ],
  },
  {
    name: "euros in words after the number, price and rent",
    given: "El precio es de 1.500 euros y la renta mensual de 900 €.",
    want: [
      { value: "1.500 euros", kind: "amount", role: "price", normalized: "EUR 1500.00" },
      { value: "900 €", kind: "amount", role: "rent", normalized: "EUR 900.00" },
    ],
  },
  {
    name: "a table row keeps its label beside the amount",
    given: "Total | 1.452,00 €",
    want: [{ value: "1.452,00 €", kind: "amount", role: "total", normalized: "EUR 1452.00" }],
  },
  {
    name: "a scale word or letter keeps the amount's size (issue 17)",
    given: "Revenue reached EUR 18.2 M, or €18.2m, against a USD 3 bn market. A $3B fund.\n\nA fee of EUR 1.5 k. Sales grew by 2.5K €.",
    want: [
      { value: "EUR 18.2 M", kind: "amount", role: "mentioned", normalized: "EUR 18200000.00" },
      { value: "€18.2m", kind: "amount", role: "mentioned", normalized: "EUR 18200000.00" },
      { value: "USD 3 bn", kind: "amount", role: "mentioned", normalized: "USD 3000000000.00" },
      { value: "$3B", kind: "amount", role: "mentioned", normalized: "USD 3000000000.00" },
      { value: "EUR 1.5 k", kind: "amount", role: "fee", normalized: "EUR 1500.00" },
      { value: "2.5K €", kind: "amount", role: "mentioned", normalized: "EUR 2500.00" },
    ],
  },
  {
    name: "Spanish scale words: millones, mil millones, M€",
    given: "Las ventas fueron de 18,2 millones de euros; la deuda, 3.000 millones de euros; el fondo, 12 M€ y 3 mil millones de dólares.",
    want: [
      { value: "18,2 millones de euros", kind: "amount", role: "mentioned", normalized: "EUR 18200000.00" },
      { value: "3.000 millones de euros", kind: "amount", role: "mentioned", normalized: "EUR 3000000000.00" },
      { value: "12 M€", kind: "amount", role: "mentioned", normalized: "EUR 12000000.00" },
      { value: "3 mil millones de dólares", kind: "amount", role: "mentioned", normalized: "USD 3000000000.00" },
    ],
  },
  {
    name: "a Spanish scale with de before the currency, and after a code",
    given: "La facturación fue de 18,2 M de euros; el margen, EUR 18,2 millones de beneficio bruto y 2,5 M de dólares.",
    want: [
      { value: "18,2 M de euros", kind: "amount", role: "mentioned", normalized: "EUR 18200000.00" },
      { value: "EUR 18,2 millones", kind: "amount", role: "mentioned", normalized: "EUR 18200000.00" },
      { value: "2,5 M de dólares", kind: "amount", role: "mentioned", normalized: "USD 2500000.00" },
    ],
  },
  {
    name: "numbers without a currency are not amounts",
    given: "We sold 1,200 units in 2025 across 14 stores.",
    want: [],
  },
  // dates
  {
    name: "date formats: ISO, day month year, month day year, Spanish, numeric",
    given: "Issue date: 2026-03-01. Effective date: 1 April 2026. Fecha de vencimiento: 15 de mayo de 2026. Signed on 01/06/2026.",
    want: [
      { value: "2026-03-01", kind: "date", role: "issue_date", valid: true, normalized: "2026-03-01" },
      { value: "1 April 2026", kind: "date", role: "effective_date", valid: true, normalized: "2026-04-01" },
      { value: "15 de mayo de 2026", kind: "date", role: "due_date", valid: true, normalized: "2026-05-15" },
      { value: "01/06/2026", kind: "date", role: "signature_date", valid: true, normalized: "2026-06-01" },
    ],
  },
  {
    name: "numeric dates are read month first when the day is over 12",
    given: "Paid on 12/25/2025.",
    want: [{ value: "12/25/2025", kind: "date", role: "mentioned", valid: true, normalized: "2025-12-25" }],
  },
  {
    name: "impossible dates are kept and flagged",
    given: "Date: 31/02/2026. Issued on 2026-04-31. 29 February 2024 is fine, 29 February 2025 is not.",
    want: [
      { value: "31/02/2026", kind: "date", role: "mentioned", valid: false, normalized: "2026-02-31" },
      { value: "2026-04-31", kind: "date", role: "issue_date", valid: false, normalized: "2026-04-31" },
      { value: "29 February 2024", kind: "date", role: "mentioned", valid: true, normalized: "2024-02-29" },
      { value: "29 February 2025", kind: "date", role: "mentioned", valid: false, normalized: "2025-02-29" },
    ],
  },
  {
    name: "the place-and-date line of a Spanish document is its signature date",
    given: "En Madrid, a 1 de marzo de 2026.",
    want: [{ value: "1 de marzo de 2026", kind: "date", role: "signature_date", valid: true, normalized: "2026-03-01" }],
  },
  // tax ids
  {
    name: "Spanish NIF, NIE and CIF with roles",
    given: `Proveedor: Servicios Beta, S.L., CIF ${cifB}. Cliente: Ana Ruiz, NIF ${nif}. Contacto: NIE ${nie}.`,
    want: [
      { value: cifB, kind: "tax_id", role: "supplier", valid: true },
      { value: nif, kind: "tax_id", role: "customer", valid: true },
      { value: nie, kind: "tax_id", role: "mentioned", valid: true },
    ],
  },
  {
    name: "Spanish ids with the wrong control are kept with valid false",
    given: `Supplier NIF ${nif.slice(0, 8)}${otherLetter(nif.at(-1)!)}; customer CIF ${breakLast(cifB)}.`,
    want: [
      { value: `${nif.slice(0, 8)}${otherLetter(nif.at(-1)!)}`, kind: "tax_id", role: "supplier", valid: false },
      { value: breakLast(cifB), kind: "tax_id", role: "customer", valid: false },
    ],
  },
  {
    name: "a code of a tax id's shape that fails its check is not a tax id without a label",
    given: `Order reference ${breakLast(cifB)} shipped; part ${nif.slice(0, 8)}${otherLetter(nif.at(-1)!)} in stock.`,
    want: [],
  },
  {
    name: "a public body's CIF takes a letter control; dotted DNI",
    given: `Organismo: CIF ${cifQ}. Titular: DNI ${nif.slice(0, 2)}.${nif.slice(2, 5)}.${nif.slice(5, 8)}-${nif.at(-1)}.`,
    want: [
      { value: cifQ, kind: "tax_id", role: "mentioned", valid: true },
      { value: nif, kind: "tax_id", role: "mentioned", valid: true },
    ],
  },
  {
    name: "EU VAT numbers: Spanish, German, French, Italian checked; Austrian by format",
    given: `Seller VAT: ES${cifB}. Buyer VAT: ${deVat}. Other: ${frVat}, ${itVat}, ATU12345678.`,
    want: [
      { value: `ES${cifB}`, kind: "tax_id", role: "supplier", valid: true },
      { value: deVat, kind: "tax_id", role: "customer", valid: true },
      { value: frVat, kind: "tax_id", role: "mentioned", valid: true },
      { value: itVat, kind: "tax_id", role: "mentioned", valid: true },
      { value: "ATU12345678", kind: "tax_id", role: "mentioned" },
    ],
  },
  {
    name: "VAT numbers written in groups, and with a wrong check digit",
    given: `USt-IdNr. DE ${deVat.slice(2, 5)} ${deVat.slice(5, 8)} ${deVat.slice(8)}; wrong: ${breakLast(deVat)}.`,
    want: [
      { value: deVat, kind: "tax_id", role: "mentioned", valid: true },
      { value: breakLast(deVat), kind: "tax_id", role: "mentioned", valid: false },
    ],
  },
  {
    name: "US EIN with a valid and an unissued prefix",
    given: "Employer ID 12-3456789. Old EIN: 07-1234567. Call 91-1234567 for help.",
    want: [
      { value: "12-3456789", kind: "tax_id", role: "mentioned", valid: true },
      { value: "07-1234567", kind: "tax_id", role: "mentioned", valid: false },
    ],
  },
  // bank identifiers
  {
    name: "IBAN written in groups, normalised; BIC after its label; payee",
    given: `Please transfer to IBAN ${spaced(esIban)} (BIC CAIXESBBXXX).`,
    want: [
      { value: spaced(esIban), kind: "iban", role: "payee", valid: true },
      { value: "CAIXESBBXXX", kind: "bic", role: "payee", valid: true },
    ],
  },
  {
    name: "compact IBANs of several countries, one with letters in the BBAN",
    given: `Accounts: ${deIban}, ${gbIban} and ${nlIban}.`,
    want: [
      { value: spaced(deIban), kind: "iban", role: "mentioned", valid: true },
      { value: spaced(gbIban), kind: "iban", role: "mentioned", valid: true },
      { value: spaced(nlIban), kind: "iban", role: "mentioned", valid: true },
    ],
  },
  {
    name: "a mistyped IBAN (wrong digit) and a short one after its label are flagged",
    given: `Cuenta del cliente: IBAN ${spaced(badEsIban)}. IBAN ${spaced(esIban).slice(0, -2)}.`,
    want: [
      { value: spaced(badEsIban), kind: "iban", role: "customer", valid: false },
      { value: spaced(esIban.slice(0, -2)), kind: "iban", role: "mentioned", valid: false },
    ],
  },
  {
    name: "BIC with an unknown country is flagged; eight capital letters without a label are not a BIC",
    given: "SWIFT: DEUTQQFF. The PROVIDER DEUTDEFF note.",
    want: [{ value: "DEUTQQFF", kind: "bic", role: "mentioned", valid: false }],
  },
];

const pick = (k: KeyData): Want => ({
  value: k.value,
  kind: k.kind,
  role: k.role,
  ...(k.valid !== undefined ? { valid: k.valid } : {}),
  ...(k.normalized !== undefined && (k.kind === "amount" || k.kind === "date") ? { normalized: k.normalized } : {}),
});

describe("extractKeyData", () => {
  for (const { name, given, want } of cases) {
    it(name, () => {
      const got = extractKeyData([{ text: given, nodeId: "b0" }]);
      assert.deepEqual(got.map(pick), want);
      for (const k of got) {
        assert.equal(k.nodeId, "b0");
        // Amounts, dates and BICs are printed as written, so their sentence holds them.
        if (k.kind === "amount" || k.kind === "date" || k.kind === "bic") assert.ok(k.context.includes(k.value), `${k.value} in ${k.context}`);
      }
    });
  }

  it("context is the sentence around the value, or ±60 characters in a long one", () => {
    const [short] = extractKeyData([{ text: "First sentence here. The deposit is $500. Last one." }]);
    assert.equal(short!.context, "The deposit is $500.");
    const long = `${"word ".repeat(60)}total $99 ${"more ".repeat(60)}`;
    const [item] = extractKeyData([{ text: long }]);
    assert.ok(item!.context.length <= 60 * 2 + 10);
    assert.ok(item!.context.includes("total $99"));
    assert.ok(item!.context.startsWith("…") && item!.context.endsWith("…"));
  });

  it("dayFirst: false reads ambiguous numeric dates month first", () => {
    const [item] = extractKeyData([{ text: "Due 01/03/2026." }], { dayFirst: false });
    assert.equal(item!.normalized, "2026-01-03");
  });

  it("leaves nodeId out when the block has none", () => {
    const [item] = extractKeyData([{ text: "Total $5." }]);
    assert.ok(!("nodeId" in item!));
  });

  it("reads an IR document through keyDataBlocks, table rows included", () => {
    const { ir } = readMarkdown("# Invoice\n\nIssued on 2026-03-01.\n\n| Concept | Amount |\n|---|--:|\n| Total | 1.210,00 € |\n\n- Pay to IBAN " + esIban);
    const got = extractKeyData(keyDataBlocks(ir));
    assert.deepEqual(
      got.map((k) => [k.kind, k.role, k.nodeId]),
      [
        ["date", "issue_date", "b0"],
        ["amount", "total", "b1.r0"],
        ["iban", "payee", "b2.i0.b0"],
      ],
    );
  });
});

describe("check rules", () => {
  const rules: Array<{ name: string; check: (s: string) => boolean | undefined; valid: string[]; invalid: string[] }> = [
    { name: "IBAN", check: ibanValid, valid: [esIban, deIban, gbIban, nlIban], invalid: [badEsIban, esIban.slice(0, -1), "US12345678901234567890"] },
    { name: "NIF", check: nifValid, valid: [nif, makeNif("00000001"), makeNif("99999999")], invalid: [`${nif.slice(0, 8)}${otherLetter(nif.at(-1)!)}`, "1234567Z"] },
    { name: "NIE", check: nieValid, valid: [nie, makeNie("X", "1234567"), makeNie("Z", "7654321")], invalid: [`${nie.slice(0, 8)}${otherLetter(nie.at(-1)!)}`] },
    {
      name: "CIF",
      check: cifValid,
      valid: [cifB, cifQ, makeCif("A", "5800720", false), makeCif("G", "1234567", true), makeCif("G", "1234567", false)],
      invalid: [breakLast(cifB), makeCif("Q", "2818002", false), makeCif("B", "8765432", true).replace(/[A-J]$/, (c) => (c === "J" ? "A" : "J"))],
    },
    { name: "DE VAT", check: (s) => vatValid(s), valid: [deVat, makeDeVat("12345678")], invalid: [breakLast(deVat)] },
    { name: "FR VAT", check: (s) => vatValid(s), valid: [frVat, makeFrVat("732829320")], invalid: [`FR00${frVat.slice(4)}`] },
    { name: "IT VAT", check: (s) => vatValid(s), valid: [itVat, makeItVat("1234567890")], invalid: [breakLast(itVat)] },
    { name: "BIC", check: bicValid, valid: ["CAIXESBBXXX", "DEUTDEFF", "NWBKGB2L", "BSCHESMM"], invalid: ["DEUTQQFF", "CAIXESBBXX", "1AIXESBB"] },
  ];
  for (const { name, check, valid, invalid } of rules) {
    it(name, () => {
      for (const v of valid) assert.equal(check(v), true, `${v} should be valid`);
      for (const v of invalid) assert.equal(check(v), false, `${v} should be invalid`);
    });
  }

  it("VAT countries without a check rule answer undefined when the format fits, false when not", () => {
    assert.equal(vatValid("ATU12345678"), undefined);
    assert.equal(vatValid("AT12345678"), false);
  });
});

describe("parseNumber", () => {
  const cases: Array<[string, number]> = [
    ["1,200.50", 1200.5],
    ["1.200,50", 1200.5],
    ["1.200", 1200],
    ["1,200", 1200],
    ["1,5", 1.5],
    ["12.75", 12.75],
    ["1 200,50", 1200.5],
    ["1,234,567.89", 1234567.89],
  ];
  for (const [given, want] of cases) it(given, () => assert.equal(parseNumber(given), want));
});

describe("wordsToNumber", () => {
  const cases: Array<[string, number | null]> = [
    ["one thousand two hundred dollars", 1200],
    ["twenty-five thousand euros", 25000],
    ["one hundred and five", 105],
    ["two million three hundred thousand", 2300000],
    ["one thousand two hundred dollars and fifty cents", 1200.5],
    ["MIL DOSCIENTOS EUROS", 1200],
    ["veintiún mil quinientos euros", 21500],
    ["dos millones trescientos mil euros", 2300000],
    ["ciento cincuenta euros con veinte céntimos", 150.2],
    ["novecientos noventa y nueve", 999],
    ["monthly rent", null],
  ];
  for (const [given, want] of cases) it(given, () => assert.equal(wordsToNumber(given), want));
});

describe("checkConsistency", () => {
  it("flags impossible dates, failed check digits and amounts whose words disagree", () => {
    const blocks = [
      { text: "Date: 30/02/2026.", nodeId: "b0" },
      { text: `IBAN ${spaced(badEsIban)}.`, nodeId: "b1" },
      { text: "La renta asciende a MIL DOSCIENTOS EUROS (1.500 €) al mes.", nodeId: "b2" },
      { text: "The price is USD 1,200 (one thousand five hundred US dollars).", nodeId: "b3" },
      { text: "The price is USD 2,000 (two thousand US dollars) and the deposit 500 € (quinientos euros).", nodeId: "b4" },
    ];
    const got = checkConsistency(blocks);
    assert.deepEqual(
      got.map((d) => [d.code, d.nodeId]),
      [
        ["key_data.impossible_date", "b0"],
        ["key_data.invalid_check_digits", "b1"],
        ["key_data.amount_words_mismatch", "b2"],
        ["key_data.amount_words_mismatch", "b3"],
      ],
    );
    assert.match(got[2]!.message, /MIL DOSCIENTOS EUROS/);
    for (const d of got) assert.equal(d.severity, "warning");
  });
});
