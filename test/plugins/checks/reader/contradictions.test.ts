/**
 * The reader test's deterministic contradictions (plugins/checks/reader/contradictions.ts): the same labelled total
 * or the same event's date given two values, in English and Spanish; and the cases that look alike but are not a
 * contradiction, which must stay silent (a false alarm costs more than a miss). Also the check of the excerpts a
 * reader model cites.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readMarkdown } from "../../../../core/markdown/read.ts";
import type { DocType } from "../../../../core/ir/types.ts";
import { ruleContradictions, verifiedContradictions } from "../../../../plugins/checks/reader/contradictions.ts";
import { readerText, readerUnits } from "../../../../plugins/checks/reader/units.ts";

const found = (markdown: string, type: DocType = "report") =>
  ruleContradictions(readerUnits(readMarkdown(markdown).ir), type).map((c) => ({ what: c.what, places: c.places.map((p) => [p.unit.id, p.excerpt]) }));

const contradictions: Array<{ name: string; markdown: string; type?: DocType; what: string; places: string[][] }> = [
  {
    name: "a total stated as 1.200 € and as 1,500 € under one heading",
    markdown: "# Quote\n\nTotal: 1.200 €\n\nThe works will be invoiced for a total of 1,500 €.",
    what: "the total",
    places: [["b0", "Total: 1.200 €"], ["b1", "for a total of 1,500 €"]],
  },
  {
    name: "a table's total row against the text below it",
    markdown: "# Budget\n\n| Item | Amount |\n|---|---|\n| Design | 700 € |\n| Total | 1.200 € |\n\nThe total is 1,500 €.",
    what: "the total",
    places: [["b0.r1", "Total | 1.200 €"], ["b1", "The total is 1,500 €"]],
  },
  {
    name: "an amount due in the summary and another in the details (one per document, across headings)",
    markdown: "# Invoice\n\n## Summary\n\nAmount due: $2,000\n\n## Details\n\nThe amount due is $2,500.",
    what: "the amount due",
    places: [["b1", "Amount due: $2,000"], ["b3", "The amount due is $2,500"]],
  },
  {
    name: "Spanish: importe total in two paragraphs",
    markdown: "# Presupuesto\n\nEl importe total asciende a 3.400 €.\n\nImporte total: 3.800 €",
    what: "the total amount",
    places: [["b0", "El importe total asciende a 3.400 €"], ["b1", "Importe total: 3.800 €"]],
  },
  {
    name: "Spanish and English names of one label (total a pagar / amount due)",
    markdown: "# Factura\n\nTotal a pagar: 1.210 €\n\n## Payment\n\nAmount due: 1.310 €",
    what: "the amount due",
    places: [["b0", "Total a pagar: 1.210 €"], ["b2", "Amount due: 1.310 €"]],
  },
  {
    name: "signed on 3 March 2025 / firmado el 5 de marzo de 2025",
    markdown: "# Contract\n\nThis agreement was signed on 3 March 2025 by both parties.\n\n## Firma\n\nEl presente contrato fue firmado el 5 de marzo de 2025.",
    type: "contract",
    what: "the date the document was signed",
    places: [["b0", "signed on 3 March 2025"], ["b2", "firmado el 5 de marzo de 2025"]],
  },
  {
    name: "a Spanish contract's place-and-date line against its signature clause",
    markdown: "# Contrato de arrendamiento\n\nEn Madrid, a 5 de marzo de 2025.\n\n## Cláusulas\n\nLas partes lo han firmado el 3 de marzo de 2025.",
    type: "contract",
    what: "the date the document was signed",
    places: [["b0", "En Madrid, a 5 de marzo de 2025"], ["b2", "firmado el 3 de marzo de 2025"]],
  },
  {
    name: "an Effective Date against the effect clause, numeric and written dates",
    markdown: "# Agreement\n\nEffective Date: 01/04/2025\n\n## Term\n\nThis Agreement shall be effective from 1 May 2025.",
    type: "contract",
    what: "the date the document takes effect",
    places: [["b0", "Effective Date: 01/04/2025"], ["b2", "Agreement shall be effective from 1 May 2025"]],
  },
  {
    name: "Spanish: fecha de emisión in a table and in the text",
    markdown: "# Factura\n\n| Dato | Valor |\n|---|---|\n| Fecha de emisión | 2 de junio de 2025 |\n\nFecha de emisión: 12/06/2025",
    what: "the issue date",
    places: [["b0.r0", "Fecha de emisión | 2 de junio de 2025"], ["b1", "Fecha de emisión: 12/06/2025"]],
  },
  {
    name: "a rounded figure that does not agree with the exact one",
    markdown: "# Report\n\nTotal: 1,534,000 €\n\nThe total is 1.2 million €.",
    what: "the total",
    places: [["b0", "Total: 1,534,000 €"], ["b1", "The total is 1.2 million €"]],
  },
];

const silent: Array<{ name: string; markdown: string; type?: DocType }> = [
  { name: "the same total written two ways", markdown: "# Quote\n\nTotal: 1.200 €\n\nThe works will be invoiced for a total of 1,200.00 €." },
  { name: "a bare total under two headings (two phases)", markdown: "# Plan\n\n## Kitchen\n\nTotal: 10.000 €\n\n## Bathroom\n\nTotal: 15.000 €" },
  { name: "two totals in one paragraph (parallel options)", markdown: "# Options\n\nOption A. Total: 1.000 €. Option B. Total: 1.400 €." },
  { name: "totals in one list (parallel items)", markdown: "# Offers\n\n- Total: 1.000 €\n- Total: 1.400 €" },
  { name: "two tables' total rows", markdown: "# Costs\n\n| Item | Cost |\n|---|---|\n| Total | 500 € |\n\n| Item | Cost |\n|---|---|\n| Total | 900 € |" },
  { name: "totals of two years", markdown: "# Sales\n\nIn 2024 the total was 1,200 €.\n\nIn 2025 the total was 1,500 €." },
  { name: "a total before and after VAT", markdown: "# Quote\n\nTotal: 1.210 €\n\nThe total is 1,000 €, plus VAT." },
  { name: "Spanish: total con IVA incluido", markdown: "# Presupuesto\n\nTotal: 1.000 €\n\nEl total es de 1.210 € (IVA incluido)." },
  { name: "a rounded figure that agrees with the exact one", markdown: "# Report\n\nTotal: 1,234,000 €\n\nThe total is 1.2 million €." },
  { name: "different currencies (a conversion)", markdown: "# Report\n\nTotal: 1.000 €\n\nThe total is $1,080." },
  { name: "a total changing over time", markdown: "# Report\n\nThe total rose from 1.200 € to 1.500 €.\n\nTotal: 1.500 €" },
  { name: "an approximate total", markdown: "# Report\n\nTotal: 1.480 €\n\nThe total is approximately 1,500 €." },
  { name: "a total of something else (per month)", markdown: "# Lease\n\nTotal: 10.800 €\n\nThe total is 900 € per month." },
  { name: "three different totals under one heading (a list of things, not a contradiction)", markdown: "# R\n\nTotal: 1 €\n\nThe total is 2 €.\n\nThe total is 3 €." },
  {
    name: "an addendum signed on another date",
    markdown: "# Contract\n\nThis agreement was signed on 3 March 2025.\n\n## Changes\n\nThe addendum was signed on 5 April 2025.",
    type: "contract",
  },
  {
    name: "Spanish: el anexo firmado en otra fecha",
    markdown: "# Contrato\n\nEl contrato fue firmado el 3 de marzo de 2025.\n\nEl anexo I fue firmado el 5 de abril de 2025.",
    type: "contract",
  },
  { name: "the place-and-date line of a letter (not a signature)", markdown: "# Carta\n\nEn Madrid, a 5 de marzo de 2025.\n\nFirmado el 3 de marzo de 2025.", type: "letter" },
  { name: "a signature and an effective date that differ (two events)", markdown: "# Contract\n\nSigned on 3 March 2025.\n\nEffective Date: 1 April 2025", type: "contract" },
  { name: "signed on or before a deadline", markdown: "# Contract\n\nSigned on 3 March 2025.\n\nThe lease must be signed on or before 5 March 2025.", type: "contract" },
  { name: "the same date written in English and Spanish", markdown: "# Contract\n\nSigned on 5 March 2025.\n\nFirmado el 5 de marzo de 2025.", type: "contract" },
  { name: "an impossible date (key data reports it)", markdown: "# Contract\n\nSigned on 30 February 2025.\n\nFirmado el 5 de marzo de 2025.", type: "contract" },
];

describe("reader test: contradictions found by rule", () => {
  for (const c of contradictions) {
    it(`finds ${c.name}`, () => {
      assert.deepEqual(found(c.markdown, c.type), [{ what: c.what, places: c.places }]);
    });
  }
  for (const c of silent) {
    it(`stays silent on ${c.name}`, () => {
      assert.deepEqual(found(c.markdown, c.type), []);
    });
  }
});

describe("reader test: the reader's contradictions are verified", () => {
  const units = readerUnits(readMarkdown("# Lease\n\nThe lease runs for “two years” from 1 May.\n\n## Term\n\nThe lease runs for three years.\n\n- Rent: 900 €").ir);
  const { shown } = readerText(units);
  const check = (places: Array<{ block_id: string; excerpt: string }>) => verifiedContradictions([{ what: "the term of the lease.", places }], shown, units);

  it("keeps one whose excerpts are in the blocks named, with quotes, case and spacing forgiven, in document order", () => {
    const [c, ...rest] = check([
      { block_id: "b2", excerpt: "runs for three  years" },
      { block_id: "[b0]", excerpt: '…the lease runs for "two years"...' },
    ]);
    assert.equal(rest.length, 0);
    assert.equal(c!.what, "the term of the lease");
    assert.deepEqual(c!.places.map((p) => p.unit.id), ["b0", "b2"]);
  });

  it("drops one with an excerpt not in its block, an unknown block, one place, or one block twice", () => {
    assert.deepEqual(check([{ block_id: "b0", excerpt: "two years" }, { block_id: "b2", excerpt: "runs for four years" }]), []);
    assert.deepEqual(check([{ block_id: "b0", excerpt: "two years" }, { block_id: "b9", excerpt: "three years" }]), []);
    assert.deepEqual(check([{ block_id: "b0", excerpt: "two years" }, { block_id: "b0", excerpt: "1 May" }]), []);
    assert.deepEqual(check([{ block_id: "b0", excerpt: "two years" }]), []);
    assert.deepEqual(check([{ block_id: "b0", excerpt: "two years" }, { block_id: "b2", excerpt: "" }]), []);
  });

  it("reads list items and table rows as their own blocks", () => {
    assert.deepEqual(check([{ block_id: "b0", excerpt: "two years" }, { block_id: "b3.i0.b0", excerpt: "Rent: 900 €" }]).length, 1);
  });
});
