import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { openPackage } from "../../../../core/ooxml/package.ts";
import { MAX_CELLS, xlsxEdit } from "../../../../plugins/xlsx/edit/index.ts";
import { parseCellId, quoteSheet } from "../../../../plugins/xlsx/edit/cell-ids.ts";
import { corpusPath } from "../../../support/corpus.ts";

const file = (name: string) => new Uint8Array(readFileSync(corpusPath("xlsx", name)));

describe("xlsx edit: read", () => {
  it("names cells as Excel does, quoting a sheet name with a space, and shows formulas as =FORMULA", () => {
    const doc = xlsxEdit.read(file("exceljs-test-issue-1364.xlsx"));
    assert.equal(doc.pages, 1);
    assert.deepEqual(
      doc.blocks.map((b) => [b.id, b.text, b.context]),
      [
        ["'Sum Worksheet'!A1", "Addend 1", "Sum Worksheet, row 1"],
        ["'Sum Worksheet'!B1", "Addend 2", "Sum Worksheet, row 1"],
        ["'Sum Worksheet'!C1", "Sum", "Sum Worksheet, row 1"],
        ["'Sum Worksheet'!A2", "1", "Sum Worksheet, row 2, column Addend 1"],
        ["'Sum Worksheet'!B2", "1", "Sum Worksheet, row 2, column Addend 2"],
        ["'Sum Worksheet'!C2", "=SUM(A2,B2)", "Sum Worksheet, row 2, column Sum"],
      ],
    );
    assert.ok(doc.blocks.every((b) => b.kind === "cell" && b.part === "xl/worksheets/sheet1.xml"));
  });

  it("gives the exact range of each c element in the part's text", () => {
    for (const name of ["exceljs-gold.xlsx", "exceljs-fibonacci.xlsx", "exceljs-test-issue-176.xlsx", "exceljs-test-pr-1204.xlsx"]) {
      const bytes = file(name);
      const pkg = openPackage(bytes);
      for (const b of xlsxEdit.read(bytes).blocks) {
        const el = pkg.text(b.part)!.slice(b.start, b.end);
        assert.match(el, /^<c\b[^>]*\br="[A-Z]+\d+"/, `${name} ${b.id}`);
        assert.match(el, /(?:<\/c>|\/>)$/, `${name} ${b.id}`);
        assert.ok(el.includes(`r="${b.id.slice(b.id.lastIndexOf("!") + 1)}"`), `${name} ${b.id}`);
      }
    }
  });

  it("expands shared formulas, keeps stored values, and is stable", () => {
    const bytes = file("exceljs-fibonacci.xlsx");
    const doc = xlsxEdit.read(bytes);
    const text = new Map(doc.blocks.map((b) => [b.id, b.text]));
    assert.equal(text.get("fib!A4"), "=A3+1");
    assert.equal(text.get("fib!B7"), "=B5+B6");
    assert.equal(text.get("fib!A1"), "1");
    assert.deepEqual(xlsxEdit.read(bytes), doc);
    const gold = new Map(xlsxEdit.read(file("exceljs-gold.xlsx")).blocks.map((b) => [b.id, b.text]));
    assert.equal(gold.get("Values!B4"), "42507", "a date cell shows its stored serial");
    assert.equal(gold.get("Values!B5"), "=B1");
  });

  it("counts every sheet as a page and skips chart sheets' cells", () => {
    const doc = xlsxEdit.read(file("exceljs-chart-sheet.xlsx"));
    assert.equal(doc.pages, 2);
    assert.ok(doc.blocks.length > 0 && doc.blocks.every((b) => b.id.startsWith("Sheet1!")));
  });

  it(`stops at ${MAX_CELLS} cells`, () => {
    const doc = xlsxEdit.read(file("exceljs-test-pr-1220.xlsx"));
    assert.equal(doc.blocks.length, MAX_CELLS);
  });

  it("quotes and parses sheet names like Excel", () => {
    assert.equal(quoteSheet("Sheet1"), "Sheet1");
    assert.equal(quoteSheet("My Sheet"), "'My Sheet'");
    assert.equal(quoteSheet("O'Brien"), "'O''Brien'");
    assert.equal(quoteSheet("A1"), "'A1'");
    assert.deepEqual(parseCellId("'O''Brien'!$b$4"), { sheet: "O'Brien", row: 4, col: 2 });
    assert.deepEqual(parseCellId("My Sheet!C7"), { sheet: "My Sheet", row: 7, col: 3 });
    assert.equal(parseCellId("Sheet1"), null);
    assert.equal(parseCellId("Sheet1!ZZZZ1"), null);
  });
});
