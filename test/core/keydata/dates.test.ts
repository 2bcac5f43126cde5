/**
 * Dates in the eight languages, read once (core/dates/read.ts) for key data and the facts check: each written form
 * with the day it is.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readDates } from "../../../core/dates/read.ts";
import { extractKeyData } from "../../../core/keydata/extract.ts";

const dates = (text: string) => extractKeyData([{ text }]).filter((k) => k.kind === "date").map((k) => `${k.value} = ${k.normalized}`);

const cases: Array<{ given: string; want: string[] }> = [
  { given: "Signed on 1 March 2025 and on March 3, 2025.", want: ["1 March 2025 = 2025-03-01", "March 3, 2025 = 2025-03-03"] },
  { given: "Firmado el 1 de marzo de 2025.", want: ["1 de marzo de 2025 = 2025-03-01"] },
  { given: "Unterzeichnet am 3. März 2025 und am 1. Okt. 2025.", want: ["3. März 2025 = 2025-03-03", "1. Okt. 2025 = 2025-10-01"] },
  { given: "Signé le 1er mars 2025 et le 15 août 2025.", want: ["1er mars 2025 = 2025-03-01", "15 août 2025 = 2025-08-15"] },
  { given: "Firmato il 1° marzo 2025.", want: ["1° marzo 2025 = 2025-03-01"] },
  { given: "Assinado em 1 de março de 2025 e em 1.º de maio de 2025.", want: ["1 de março de 2025 = 2025-03-01", "1.º de maio de 2025 = 2025-05-01"] },
  { given: "Ondertekend op 1 maart 2025.", want: ["1 maart 2025 = 2025-03-01"] },
  { given: "Signat l'1 de març de 2025 i el 3 d'abril de 2025.", want: ["1 de març de 2025 = 2025-03-01", "3 d'abril de 2025 = 2025-04-03"] },
  { given: "Am 01.03.2025 und am 2025-03-01.", want: ["01.03.2025 = 2025-03-01", "2025-03-01 = 2025-03-01"] },
];

describe("key data: dates in eight languages", () => {
  for (const c of cases) it(c.given, () => assert.deepEqual(dates(c.given), c.want));
  it("flags an impossible date instead of dropping it: 31. Februar 2025", () => {
    const [date] = extractKeyData([{ text: "Fällig am 31. Februar 2025." }]);
    assert.equal(date?.valid, false);
  });
});

describe("dates without a day or a year (the facts check's partial dates)", () => {
  const partial = (text: string) => readDates(text, { partial: true }).map((d) => `${d.raw}: ${d.year ?? "-"}/${d.month}/${d.day ?? "-"}`);
  it("März 2025, 1er mars, 3 de noviembre", () =>
    assert.deepEqual(partial("Bis März 2025; le 1er mars; el 3 de noviembre."), ["März 2025: 2025/3/-", "1er mars: -/3/1", "3 de noviembre: -/11/3"]));
  it("lower-case 'may' and 'march' after a number are verbs", () => assert.deepEqual(partial("These 3 may apply; the 2 march together."), []));
});
