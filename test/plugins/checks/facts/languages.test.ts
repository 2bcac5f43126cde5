/**
 * The facts check on the number and date forms of German, French, Italian, Portuguese, Dutch and Catalan: a figure
 * written one way in the document and another way in its source is the same fact ("184,7 Mio. €" = "184.700.000 €"),
 * and a different figure is still caught. First what the reader takes from each sentence, then the check itself.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { noModel } from "../../../../core/contracts/model.ts";
import type { TextCheckContext } from "../../../../core/contracts/check-plugin.ts";
import { readMarkdown } from "../../../../core/markdown/read.ts";
import { extractFacts } from "../../../../plugins/checks/facts/extract.ts";
import { factsCheck } from "../../../../plugins/checks/facts/index.ts";

interface Read {
  readonly text: string;
  /** Each fact as `kind raw = value currency` or `date raw = yyyy-mm-dd`. */
  readonly want: string[];
}

const show = (text: string): string[] =>
  extractFacts(text, { mode: "text" }).map((f) =>
    f.kind === "date"
      ? `date ${f.raw} = ${f.dates!.map((d) => [d.year ?? "--", d.month, d.day].filter((x) => x !== null).join("-")).join(" or ")}`
      : `${f.kind} ${f.raw} = ${f.value}${f.currency ? ` ${f.currency}` : ""}`,
  );

const reads: Read[] = [
  { text: "Der Umsatz lag bei 184,7 Mio. € (Vorjahr: 1,2 Mrd. €), ein Plus von 12,5 %.", want: ["amount 184,7 Mio. € = 184700000 EUR", "amount 1,2 Mrd. € = 1200000000 EUR", "percent 12,5 % = 12.5"] },
  { text: "Am 3. März 2025 wurden 1.234.567,89 € gezahlt.", want: ["date 3. März 2025 = 2025-3-3", "amount 1.234.567,89 € = 1234567.89 EUR"] },
  { text: "Le chiffre d'affaires atteint 12,5 M€ au 1er mars 2025.", want: ["amount 12,5 M€ = 12500000 EUR", "date 1er mars 2025 = 2025-3-1"] },
  { text: "La dette est de 3 millions d'euros, soit 1 234 567,89 € ou 1 234 567,89 en tout.", want: ["amount 3 millions d'euros = 3000000 EUR", "amount 1 234 567,89 € = 1234567.89 EUR", "number 1 234 567,89 = 1234567.89"] },
  { text: "Il 1° marzo 2025 sono stati pagati 2,5 milioni di euro, il 12,5 per cento.", want: ["date 1° marzo 2025 = 2025-3-1", "amount 2,5 milioni di euro = 2500000 EUR", "percent 12,5 per cento = 12.5"] },
  { text: "Em 1 de março de 2025 foram pagos 3 milhões de euros.", want: ["date 1 de março de 2025 = 2025-3-1", "amount 3 milhões de euros = 3000000 EUR"] },
  { text: "Op 1 maart 2025 was de omzet 3 miljoen euro, 12,5 procent meer.", want: ["date 1 maart 2025 = 2025-3-1", "amount 3 miljoen euro = 3000000 EUR", "percent 12,5 procent = 12.5"] },
  { text: "L'1 de març de 2025 es van pagar 3 milions d'euros; el 3 d'abril, la resta.", want: ["date 1 de març de 2025 = 2025-3-1", "amount 3 milions d'euros = 3000000 EUR", "date 3 d'abril = ---4-3"] },
  // Digit groups with plain spaces and no decimals stay a phone number, not a quantity.
  { text: "Appelez le 912 345 678.", want: [] },
];

describe("facts: number and date forms of six more languages", () => {
  for (const r of reads) it(r.text, () => assert.deepEqual(show(r.text), r.want));
});

const context = (sources: string[]): TextCheckContext => ({
  stage: "text",
  operation: "create",
  format: "docx",
  type: "report",
  author: "model",
  style: null,
  request: null,
  sources: sources.map((text, i) => ({ index: i + 1, name: `quelle-${i + 1}.txt`, text })),
  model: noModel,
  signal: new AbortController().signal,
  quality: "fast",
});

const reportedFacts = async (markdown: string, sources: string[]): Promise<string[]> => {
  const result = await factsCheck.run(readMarkdown(markdown).ir, context(sources));
  return result.diagnostics.filter((d) => d.code === "content.unsupported_fact").map((d) => d.message);
};

describe("facts check: the same figure written in another language's form is supported", () => {
  it("184,7 Mio. € in the document, 184.700.000 € in the source: not reported", async () => {
    assert.deepEqual(await reportedFacts("Der Umsatz stieg auf 184,7 Mio. €.", ["Umsatzerlöse 2024: 184.700.000 €."]), []);
  });
  it("184,7 Mio. € against 185.900.000 €: reported", async () => {
    const reported = await reportedFacts("Der Umsatz stieg auf 184,7 Mio. €.", ["Umsatzerlöse 2024: 185.900.000 €."]);
    assert.equal(reported.length, 1);
    assert.match(reported[0]!, /184,7 Mio\. €/);
  });
  it("12,5 M€ and 1er mars 2025 against 12 500 000 € and 01/03/2025: not reported", async () => {
    assert.deepEqual(await reportedFacts("Le contrat de 12,5 M€ a été signé le 1er mars 2025.", ["Montant : 12 500 000 €. Signature : 01/03/2025."]), []);
  });
  it("3. März 2025 against 2025-03-04: reported", async () => {
    const reported = await reportedFacts("Der Vertrag wurde am 3. März 2025 unterzeichnet.", ["Unterzeichnet: 2025-03-04."]);
    assert.equal(reported.length, 1);
    assert.match(reported[0]!, /3\. März 2025/);
  });
});

/** The labels of the gaps the check left in the document, in order. */
const gapLabels = async (markdown: string, sources: string[], language?: string): Promise<string[]> => {
  const result = await factsCheck.run(readMarkdown(markdown).ir, { ...context(sources), ...(language ? { language } : {}) });
  const labels: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const node = value as { type?: string; label?: string };
      if (node.type === "gap") labels.push(node.label ?? "");
      Object.values(value).forEach(walk);
    }
  };
  walk(result.ir?.blocks ?? []);
  return labels;
};

describe("facts check: the gaps are labelled in the document's language", () => {
  it("French: an unsupported amount and date become [DATO: montant] and [DATO: date]; 12,5 M€ backed by 12 500 000 € stays", async () => {
    const markdown = "Le contrat de 12,5 M€ a été signé le 1er mars 2025. Le solde de 48 300 € sera réglé le 15 avril 2025 au plus tard.";
    assert.deepEqual(await gapLabels(markdown, ["Montant : 12 500 000 €. Signature : 01/03/2025."]), ["montant", "date"]);
  });
  it("German: an unsupported amount and percentage become [DATO: Betrag] and [DATO: Prozentsatz]; 184,7 Mio. € backed stays", async () => {
    const markdown = "Der Umsatz stieg auf 184,7 Mio. €. Die Rückstellungen betragen 2,3 Mio. € und die Marge stieg um 4,5 %.";
    assert.deepEqual(await gapLabels(markdown, ["Umsatzerlöse 2024: 184.700.000 €."]), ["Betrag", "Prozentsatz"]);
  });
  it("the language the request named wins over the text's", async () => {
    assert.deepEqual(await gapLabels("Revenue rose to €48,300 in the year.", [], "nl"), ["bedrag"]);
  });
  it("Italian, Portuguese, Dutch and Catalan texts get their own words", async () => {
    assert.deepEqual(await gapLabels("Il fatturato è salito a 48.300 euro nel corso dell'anno, secondo la direzione.", []), ["importo"]);
    assert.deepEqual(await gapLabels("A faturação subiu para 48.300 euros ao longo do ano, segundo a administração.", []), ["montante"]);
    assert.deepEqual(await gapLabels("De omzet steeg in de loop van het jaar tot 48.300 euro, volgens de directie.", []), ["bedrag"]);
    assert.deepEqual(await gapLabels("La facturació va pujar fins a 48.300 euros al llarg de l'any, segons la direcció.", []), ["import"]);
  });
});
