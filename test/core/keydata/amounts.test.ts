/**
 * Key data amounts in the forms of the eight languages the service reads, and ranges: each sentence with the amounts
 * a reader of the report expects (as written, and in the machine form `CODE 1234.50`, `CODE low to high`).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { extractKeyData } from "../../../core/keydata/extract.ts";

const amounts = (text: string) => extractKeyData([{ text }]).filter((k) => k.kind === "amount").map((k) => `${k.value} = ${k.normalized}`);

const cases: Array<{ given: string; want: string[] }> = [
  { given: "Der Umsatz lag 2024 bei 184,7 Mio. €, das Ziel sind 1,2 Mrd. €.", want: ["184,7 Mio. € = EUR 184700000.00", "1,2 Mrd. € = EUR 1200000000.00"] },
  { given: "Gezahlt wurden 1.234.567,89 € und EUR 3 Millionen.", want: ["1.234.567,89 € = EUR 1234567.89", "EUR 3 Millionen = EUR 3000000.00"] },
  { given: "Le budget est de 12,5 M€, dont 3 millions d'euros de frais.", want: ["12,5 M€ = EUR 12500000.00", "3 millions d'euros = EUR 3000000.00"] },
  { given: "Le solde s'élève à 1 234 567,89 € et 1 234 567,89 € ont été versés.", want: ["1 234 567,89 € = EUR 1234567.89", "1 234 567,89 € = EUR 1234567.89"] },
  { given: "Il fatturato è di 2,5 milioni di euro e 1,1 miliardi di euro.", want: ["2,5 milioni di euro = EUR 2500000.00", "1,1 miliardi di euro = EUR 1100000000.00"] },
  { given: "O investimento é de 3 milhões de euros.", want: ["3 milhões de euros = EUR 3000000.00"] },
  { given: "De omzet is 3 miljoen euro en de schuld 2 miljard euro.", want: ["3 miljoen euro = EUR 3000000.00", "2 miljard euro = EUR 2000000000.00"] },
  { given: "L'import és d'1.234.567,89 € i 3 milions d'euros.", want: ["1.234.567,89 € = EUR 1234567.89", "3 milions d'euros = EUR 3000000.00"] },
  { given: "Sales were £2.5 million and $1,200.50.", want: ["£2.5 million = GBP 2500000.00", "$1,200.50 = USD 1200.50"] },
];

describe("key data: amounts in eight languages", () => {
  for (const c of cases) it(c.given, () => assert.deepEqual(amounts(c.given), c.want));
});

const ranges: Array<{ given: string; want: string[] }> = [
  // The audit's case: the first end takes the scale of the second.
  { given: "The deal is valued at £44 to £46 million.", want: ["£44 to £46 million = GBP 44000000.00 to 46000000.00"] },
  { given: "Costs of 44–46 M€ are expected.", want: ["44–46 M€ = EUR 44000000.00 to 46000000.00"] },
  { given: "A budget of €44–46m.", want: ["€44–46m = EUR 44000000.00 to 46000000.00"] },
  { given: "Un coste de entre 44 y 46 millones de euros.", want: ["44 y 46 millones de euros = EUR 44000000.00 to 46000000.00"] },
  { given: "Kosten zwischen 44 und 46 Mio. €.", want: ["44 und 46 Mio. € = EUR 44000000.00 to 46000000.00"] },
  { given: "Fees range between £500 and £2 million.", want: ["£500 and £2 million = GBP 500.00 to 2000000.00"] },
  // A change states two amounts, the first still in millions.
  { given: "Revenue rose from £44 to £46 million.", want: ["£44 = GBP 44000000.00", "£46 million = GBP 46000000.00"] },
  // Two unrelated amounts are not a range.
  { given: "The total of €1,200 - €300 discount.", want: ["€1,200 = EUR 1200.00", "€300 = EUR 300.00"] },
];

describe("key data: ranges keep both ends with their scale", () => {
  for (const c of ranges) it(c.given, () => assert.deepEqual(amounts(c.given), c.want));
});
