/**
 * Key data roles: the audit's cases (a figure takes the role of what it is the amount of, not of a nearby word; an
 * entry into force is the effective date) and the role words of the eight languages.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { extractKeyData } from "../../../core/keydata/extract.ts";

const roles = (text: string) => extractKeyData([{ text }]).map((k) => `${k.value}: ${k.role}`);

const cases: Array<{ given: string; want: string[] }> = [
  // Audit, item 8.
  { given: "Employees receive a monthly allowance of €45 paid with the salary.", want: ["€45: allowance"] },
  { given: "The company pays €45 together with the salary.", want: ["€45: mentioned"] },
  { given: "La ley entrará en vigor el 1 de noviembre de 2025.", want: ["1 de noviembre de 2025: effective_date"] },
  { given: "The policy takes effect on 1 May 2026.", want: ["1 May 2026: effective_date"] },
  { given: "Prices apply effective as of 2 June 2026.", want: ["2 June 2026: effective_date"] },
  { given: "Con efectos desde el 1 de enero de 2026.", want: ["1 de enero de 2026: effective_date"] },
  { given: "Der Vertrag tritt am 3. März 2025 in Kraft.", want: ["3. März 2025: effective_date"] },
  { given: "Le contrat entre en vigueur le 1er mars 2025.", want: ["1er mars 2025: effective_date"] },
  { given: "Il contratto entra in vigore il 1° marzo 2025.", want: ["1° marzo 2025: effective_date"] },
  { given: "O contrato entra em vigor em 1 de março de 2025.", want: ["1 de março de 2025: effective_date"] },
  { given: "De overeenkomst treedt in werking op 1 maart 2025.", want: ["1 maart 2025: effective_date"] },
  { given: "El contracte entra en vigor el 1 de març de 2025.", want: ["1 de març de 2025: effective_date"] },
  // Other roles in the new languages.
  { given: "Gesamtbetrag: 1.190,00 €, zahlbar bis 15.04.2025.", want: ["1.190,00 €: total", "15.04.2025: due_date"] },
  { given: "Loyer mensuel : 1 200 € ; dépôt de garantie : 2 400 €.", want: ["1 200 €: rent", "2 400 €: deposit"] },
  { given: "Stipendio lordo: 2.500 € più IVA.", want: ["2.500 €: salary"] },
  { given: "Montant HT : 1 000 € ; TVA : 200 € ; total TTC : 1 200 €.", want: ["1 000 €: subtotal", "200 €: vat", "1 200 €: total"] },
  { given: "Fait à Paris, le 1er mars 2025.", want: ["1er mars 2025: signature_date"] },
];

describe("key data: roles", () => {
  for (const c of cases) it(c.given, () => assert.deepEqual(roles(c.given), c.want));
});
