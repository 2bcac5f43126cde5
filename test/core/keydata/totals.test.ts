/**
 * Totals that do not add up: invoices and budgets written as Markdown tables (as extraction delivers them), correct
 * ones that must stay silent and wrong ones that must be flagged with the row and the expected sum.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cellAmount, checkTotals } from "../../../core/keydata/totals.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";

const totals = (markdown: string) => checkTotals(readMarkdown(markdown).ir);

describe("cell amounts", () => {
  const cases: Array<[string, number | null]> = [
    ["1.200,50 €", 1200.5],
    ["$1,200.00", 1200],
    ["(300)", -300],
    ["-45", -45],
    ["EUR 12", 12],
    ["21%", null],
    ["Consulting", null],
    ["2026-03-01", null],
    ["", null],
  ];
  for (const [given, want] of cases) it(`${JSON.stringify(given)} → ${want}`, () => assert.equal(cellAmount(given), want));
});

describe("totals", () => {
  it("a correct invoice is silent", () => {
    const md = `| Item | Qty | Amount |\n|---|---|---|\n| Design | 2 | 1.200,00 € |\n| Build | 1 | 800,00 € |\n| Subtotal | | 2.000,00 € |\n| IVA 21% | | 420,00 € |\n| Total | | 2.420,00 € |`;
    assert.deepEqual(totals(md), []);
  });

  it("a total that is not the sum of its items is flagged with the expected sum", () => {
    const md = `| Concept | Amount |\n|---|---|\n| Rent | 1,000.00 |\n| Power | 250.00 |\n| Water | 50.00 |\n| Total | 1,350.00 |`;
    const found = totals(md);
    assert.equal(found.length, 1);
    assert.equal(found[0]!.code, "key_data.total_mismatch");
    assert.equal(found[0]!.severity, "warning");
    assert.match(found[0]!.message, /"Total" says 1,350\.00.*add up to 1,300/);
    assert.ok(found[0]!.nodeId, "points at the row");
  });

  it("a subtotal that does not add up, and a total off its subtotal plus tax, are both flagged", () => {
    const md = `| Item | Amount |\n|---|---|\n| A | 100 |\n| B | 200 |\n| Subtotal | 310 |\n| Tax | 31 |\n| Total | 350 |`;
    const found = totals(md);
    assert.deepEqual(found.map((d) => d.message.split(" says ")[0]), ['The row "Subtotal"', 'The row "Total"']);
  });

  it("a discount written as a positive amount is subtracted", () => {
    const md = `| Item | Amount |\n|---|---|\n| A | 100 |\n| B | 100 |\n| Subtotal | 200 |\n| Descuento | 20 |\n| Total | 180 |`;
    assert.deepEqual(totals(md), []);
  });

  it("rounding within a cent per amount is not an error; percentages and single items are not summed", () => {
    assert.deepEqual(totals(`| a | b |\n|---|---|\n| x | 33.33 |\n| y | 33.33 |\n| z | 33.33 |\n| Total | 100.00 |`), []);
    assert.deepEqual(totals(`| a | share |\n|---|---|\n| x | 40% |\n| y | 40% |\n| Total | 90% |`), []);
    assert.deepEqual(totals(`| a | b |\n|---|---|\n| x | 10 |\n| Total | 12 |`), []);
  });

  it("each group of a table closes at its total", () => {
    const md = `| Item | Amount |\n|---|---|\n| A | 1 |\n| B | 2 |\n| Total | 3 |\n| C | 10 |\n| D | 20 |\n| Total | 31 |`;
    const found = totals(md);
    assert.equal(found.length, 1);
    assert.match(found[0]!.message, /says 31.*add up to 30/);
  });
});
