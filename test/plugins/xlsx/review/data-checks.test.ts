/**
 * The xlsx review's data checks on workbooks built for one problem each, without recalculation: numbers stored as
 * text (and the text that only looks like numbers), broken references in formulas and defined names, circular
 * references on one sheet and across sheets, and formula errors in the saved values.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { buildXlsx, c, row } from "./build.ts";
import { codes, inspect, one, shape } from "./support.ts";

describe("numbers stored as text", () => {
  test("plain numbers written as strings are listed", async () => {
    const strings = ["Item", "Amount", "Pens", "1234", "Ink", "1,234.50", "Tape", "-3", "Glue", "12.5%", "0.75"];
    const data = row(1, c("A1", { s: 0 }), c("B1", { s: 1 })) + row(2, c("A2", { s: 2 }), c("B2", { s: 3 })) + row(3, c("A3", { s: 4 }), c("B3", { s: 5 })) + row(4, c("A4", { s: 6 }), c("B4", { s: 7 })) + row(5, c("A5", { s: 8 }), c("B5", { s: 9 }), c("C5", { is: "0.75" }));
    const found = one(await inspect(buildXlsx({ sheets: [{ name: "Stock", data }], strings })), "xlsx.number_stored_as_text");
    assert.deepEqual(shape(found), { code: "xlsx.number_stored_as_text", severity: "warning", category: "data", location: { sheet: "Stock", cells: ["B2", "B3", "B4", "B5", "C5"] }, fixable: false });
    assert.match(found.message, /5 numbers stored as text/);
  });

  test("ids, phone numbers, years in headings, text formats, id columns and ignored ranges are left alone", async () => {
    const strings = ["Name", "2023", "2024", "Zip code", "Alice", "00123", "+34 600 123 456", "555-1234", "1234567890", "42", "1 000", "08002", "77", "12"];
    const data =
      row(1, c("A1", { s: 0 }), c("B1", { s: 1 }), c("C1", { s: 2 }), c("D1", { s: 3 })) +
      row(2, c("A2", { s: 4 }), c("B2", { s: 5 }), c("C2", { s: 6 }), c("D2", { s: 11 }), c("E2", { s: 7 }), c("F2", { s: 8 }), c("G2", { s: 9, style: 1 }), c("H2", { s: 10 }), c("I2", { s: 12, style: 2 })) +
      row(3, c("J3", { s: 13 }));
    const bytes = buildXlsx({
      sheets: [{ name: "People", data, after: `<ignoredErrors><ignoredError sqref="J1:J9" numberStoredAsText="1"/></ignoredErrors>` }],
      strings,
      styles: { numFmts: `<numFmts count="1"><numFmt numFmtId="164" formatCode="@"/></numFmts>`, cellXfs: `<xf numFmtId="0"/><xf numFmtId="49"/><xf numFmtId="0" quotePrefix="1"/>` },
    });
    assert.deepEqual(codes(await inspect(bytes)), []);
  });

  test("formula results that are text are not stored numbers", async () => {
    const bytes = buildXlsx({ sheets: [{ name: "F", data: row(1, c("A1", { f: '"12"', t: "str", v: "12" })) }] });
    assert.deepEqual(codes(await inspect(bytes)), []);
  });
});

describe("broken references", () => {
  test("#REF! in formulas and defined names", async () => {
    const bytes = buildXlsx({
      sheets: [{ name: "Calc", data: row(1, c("A1", { f: "#REF!*2", t: "e", v: "#REF!" }), c("B1", { f: "SUM(Calc!#REF!)", n: 0 }), c("C1", { f: "A1", n: 1 })) }],
      after: `<definedNames><definedName name="Gone">#REF!</definedName><definedName name="Fine">Calc!$A$1</definedName></definedNames>`,
    });
    const result = await inspect(bytes);
    const found = result.findings.filter((f) => f.code === "xlsx.broken_reference");
    assert.deepEqual(found.map(shape), [
      { code: "xlsx.broken_reference", severity: "error", category: "data", location: { sheet: "Calc", cells: ["A1", "B1"] }, fixable: false },
      { code: "xlsx.broken_reference", severity: "error", category: "data", location: {}, fixable: false },
    ]);
    assert.match(found[1]!.message, /The defined name Gone refers to #REF!/);
  });

  test("a sheet that does not exist, and an external workbook whose link part is missing", async () => {
    const bytes = buildXlsx({
      sheets: [{ name: "Calc", data: row(1, c("A1", { f: "Missing!B2+'calc'!A2", n: 3 }), c("B1", { f: "[1]Rates!A1*2", n: 4 })) }],
      after: `<externalReferences><externalReference r:id="rId99"/></externalReferences>`,
    });
    const result = await inspect(bytes);
    assert.deepEqual(shape(one(result, "xlsx.unknown_sheet_reference")), { code: "xlsx.unknown_sheet_reference", severity: "error", category: "data", location: { sheet: "Calc", cells: ["A1"] }, fixable: false });
    assert.deepEqual(shape(one(result, "xlsx.external_link_missing")), { code: "xlsx.external_link_missing", severity: "error", category: "data", location: { sheet: "Calc", cells: ["B1"] }, fixable: false });
  });
});

describe("circular references", () => {
  test("across two sheets, listing each cell of the cycle", async () => {
    const bytes = buildXlsx({
      sheets: [
        { name: "One", data: row(1, c("A1", { f: "Two!B2+1", n: 0 }), c("B1", { f: "A1*2", n: 0 })) + row(5, c("C5", { f: "SUM(A1:B1)", n: 0 })) },
        { name: "Two", data: row(2, c("B2", { f: "One!B1", n: 0 })) },
      ],
    });
    const found = one(await inspect(bytes), "xlsx.circular_reference");
    assert.deepEqual(shape(found), { code: "xlsx.circular_reference", severity: "error", category: "data", location: { sheet: "One", cells: ["A1", "B1", "Two!B2"] }, fixable: false });
  });

  test("a cell reading itself through a range or a defined name", async () => {
    const bytes = buildXlsx({
      sheets: [{ name: "S", data: row(1, c("A1", { n: 1 }), c("B1", { f: "SUM(A:B)", n: 0 })) + row(2, c("A2", { f: "Total+1", n: 0 })) }],
      after: `<definedNames><definedName name="Total">S!$A$2</definedName></definedNames>`,
    });
    const found = (await inspect(bytes)).findings.filter((f) => f.code === "xlsx.circular_reference");
    assert.deepEqual(found.map((f) => f.location), [{ sheet: "S", cells: ["B1"] }, { sheet: "S", cells: ["A2"] }]);
  });

  test("with iterative calculation on, a cycle is information", async () => {
    const bytes = buildXlsx({ sheets: [{ name: "S", data: row(1, c("A1", { f: "B1", n: 0 }), c("B1", { f: "A1", n: 0 })) }], after: `<calcPr iterate="1"/>` });
    assert.equal(one(await inspect(bytes), "xlsx.circular_reference").severity, "info");
  });

  test("a long chain and whole-column sums are not cycles, and stay fast", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => row(i + 1, c(`A${i + 1}`, i === 0 ? { n: 1 } : { f: `A${i}+1`, n: i + 1 }), c(`B${i + 1}`, { f: "SUM(A:A)", n: 0 })));
    const started = performance.now();
    const result = await inspect(buildXlsx({ sheets: [{ name: "Long", data: rows.join("") }] }));
    assert.deepEqual(codes(result), []);
    // About half a second alone; the bound is there for a search that is not linear in the references, with room for a
    // loaded machine (2 s failed on one).
    assert.ok(performance.now() - started < 10_000, `took ${performance.now() - started} ms`);
  });
});

describe("formula errors in the saved values (no converter)", () => {
  test("one finding per kind per sheet, saying the workbook was not recalculated", async () => {
    const bytes = buildXlsx({
      sheets: [
        { name: "A", data: row(1, c("A1", { f: "1/0", t: "e", v: "#DIV/0!" }), c("B1", { f: "B9/0", t: "e", v: "#DIV/0!" }), c("C1", { f: "NOPE()", t: "e", v: "#NAME?" })) },
        { name: "B", data: row(1, c("A1", { f: "1/0", t: "e", v: "#DIV/0!" })) },
      ],
    });
    const result = await inspect(bytes);
    const div0 = result.findings.filter((f) => f.code === "xlsx.formula_div0");
    assert.deepEqual(div0.map(shape), [
      { code: "xlsx.formula_div0", severity: "error", category: "data", location: { sheet: "A", cells: ["A1", "B1"] }, fixable: false },
      { code: "xlsx.formula_div0", severity: "error", category: "data", location: { sheet: "B", cells: ["A1"] }, fixable: false },
    ]);
    assert.match(div0[0]!.message, /not recalculated/);
    assert.deepEqual(one(result, "xlsx.formula_name").location, { sheet: "A", cells: ["C1"] });
  });
});
