/**
 * Formula errors after recalculation through the warm LibreOffice pool (one instance for the file): a stale cached
 * value that hides a #DIV/0!, a cached error the recalculation clears, functions LibreOffice cannot calculate
 * (reported as not verified, never as #NAME?), cycles that LibreOffice turns into errors (reported once, as the
 * cycle), a corpus file with #REF! (recalculated without its 3 MB drawing), the whole corpus giving the same
 * findings recalculated as not, one recalculation per review however many repairs, and the fallback to cached
 * values when the converter fails.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { startOfficeConverter, type OfficeConverterPool } from "../../../../renderers/index.ts";
import type { ReviewContext } from "../../../../core/contracts/review.ts";
import { corpus, corpusFile, staleFormulaXlsx } from "../../../renderers/support.ts";
import { unzipSync } from "fflate";
import { openPackage } from "../../../../core/ooxml/package.ts";
import { recalculationCopy } from "../../../../plugins/xlsx/review/formula-errors.ts";
import { repairXlsx } from "../../../../plugins/xlsx/review/index.ts";
import { buildXlsx, c, row } from "./build.ts";
import { codes, inspect, one, shape } from "./support.ts";

let pool: OfficeConverterPool;
let ctx: ReviewContext;
before(async () => {
  pool = await startOfficeConverter({ size: 1 });
  ctx = { fonts: new Set(), converter: pool };
});
after(async () => {
  await pool?.close();
});

describe("formula errors after recalculation", () => {
  test("stale and missing cached values are recalculated: no error where there is none", async () => {
    assert.deepEqual(codes(await inspect(staleFormulaXlsx(), ctx)), []);
  });

  test("a #DIV/0! hidden behind a cached value that looked fine", async () => {
    const bytes = buildXlsx({ sheets: [{ name: "Calc", data: row(1, c("A1", { n: 0 }), c("B1", { f: "10/A1", n: 5 }), c("C1", { f: "B1*2", n: 10 })) }] });
    assert.deepEqual(codes(await inspect(bytes)), [], "the saved values look fine");
    const result = await inspect(bytes, ctx);
    const found = one(result, "xlsx.formula_div0");
    assert.deepEqual(shape(found), { code: "xlsx.formula_div0", severity: "error", category: "data", location: { sheet: "Calc", cells: ["B1", "C1"] }, fixable: false });
    assert.match(found.message, /after recalculation/);
    assert.deepEqual(result.content, ["sheet: Calc", "Calc!A1=0", "Calc!B1=5", "Calc!B1==10/A1", "Calc!C1=10", "Calc!C1==B1*2"], "content shows what the file holds");
  });

  test("a cached error that recalculation clears is not reported", async () => {
    const bytes = buildXlsx({ sheets: [{ name: "Calc", data: row(1, c("A1", { n: 2 }), c("B1", { f: "10/A1", t: "e", v: "#DIV/0!" })) }] });
    assert.deepEqual(codes(await inspect(bytes)), ["xlsx.formula_div0"]);
    assert.deepEqual(codes(await inspect(bytes, ctx)), []);
  });

  test("functions LibreOffice lacks are not verified, not errors; a truly unknown function is #NAME?", async () => {
    const bytes = buildXlsx({
      sheets: [{ name: "L", data: row(1, c("A1", { n: 1 }), c("B1", { n: 5 }), c("C1", { f: "_xlfn.XLOOKUP(1,A1:A2,B1:B2)", n: 5 }), c("D1", { f: "C1*2", n: 10 }), c("E1", { f: "NOSUCHFN(1)", n: 6 })) }],
    });
    const result = await inspect(bytes, ctx);
    assert.deepEqual(codes(result), ["xlsx.formula_name", "xlsx.formula_not_verified"]);
    assert.deepEqual(shape(one(result, "xlsx.formula_not_verified")), { code: "xlsx.formula_not_verified", severity: "info", category: "data", location: { sheet: "L", cells: ["C1", "D1"] }, fixable: false });
    assert.deepEqual(one(result, "xlsx.formula_name").location, { sheet: "L", cells: ["E1"] });
  });

  test("a circular reference across two sheets is reported once, not as the errors LibreOffice gives its cells", async () => {
    const bytes = buildXlsx({
      sheets: [
        { name: "One", data: row(1, c("A1", { f: "Two!A1+1", n: 1 }), c("B1", { f: "A1*2", n: 2 }), c("C1", { f: "1/0", n: 0 })) },
        { name: "Two", data: row(1, c("A1", { f: "One!A1", n: 1 })) },
      ],
    });
    const result = await inspect(bytes, ctx);
    assert.deepEqual(codes(result), ["xlsx.circular_reference", "xlsx.formula_div0"]);
    assert.deepEqual(one(result, "xlsx.circular_reference").location, { sheet: "One", cells: ["A1", "Two!A1"] });
    assert.deepEqual(one(result, "xlsx.formula_div0").location, { sheet: "One", cells: ["C1"] });
  });

  test("a corpus workbook whose formulas lost their references", async () => {
    const bytes = corpusFile("xlsx", "exceljs-test-issue-880.xlsx");
    const copy = Object.keys(unzipSync(recalculationCopy(openPackage(bytes), bytes)));
    assert.ok(copy.includes("xl/worksheets/sheet1.xml") && copy.includes("xl/sharedStrings.xml"));
    assert.deepEqual(copy.filter((name) => /drawings|media|comments|printerSettings/.test(name)), []);
    const result = await inspect(bytes, ctx);
    const found = one(result, "xlsx.formula_ref");
    assert.deepEqual(found.location, { sheet: "A", cells: ["A3", "A4", "A5", "A6"] });
    assert.match(found.message, /after recalculation/);
  });

  test("over the corpus, recalculation finds what the saved values show, and nothing LibreOffice alone would say", async () => {
    const files = [
      ...readdirSync(corpus("xlsx")).filter((f) => f.endsWith(".xlsx")).map((f) => ["xlsx", f] as const),
      ...readdirSync(corpus("scans")).filter((f) => f.endsWith(".xlsx")).map((f) => ["scans", f] as const),
    ];
    for (const [folder, file] of files) {
      const bytes = corpusFile(folder, file);
      assert.deepEqual(codes(await inspect(bytes, ctx)), codes(await inspect(bytes)), file);
    }
  });

  test("re-inspecting after a structural repair reuses the recalculation", async () => {
    let conversions = 0;
    const counting: ReviewContext = { fonts: new Set(), converter: { convert: (...args) => (conversions++, pool.convert(...args)), close: () => pool.close() } };
    const bytes = buildXlsx({ sheets: [{ name: "R", data: row(2, c("B2", { f: "A2/0", n: 7 })) + row(1, c("A1", { n: 1 })) }] });
    const before = await inspect(bytes, counting);
    assert.deepEqual(codes(before), ["xlsx.cell_order", "xlsx.formula_div0"]);
    const after = await inspect(await repairXlsx(bytes, "xlsx.sort_cells", counting), counting);
    assert.deepEqual(codes(after), ["xlsx.formula_div0"]);
    assert.equal(conversions, 1);
  });

  test("when the converter fails, the saved values are checked and the report says so", async () => {
    await pool.close();
    const bytes = buildXlsx({ sheets: [{ name: "Calc", data: row(1, c("B1", { f: "10/0", t: "e", v: "#DIV/0!" })) }] });
    const result = await inspect(bytes, ctx);
    assert.deepEqual(codes(result), ["xlsx.formula_div0", "xlsx.recalculation_failed"]);
    assert.match(one(result, "xlsx.recalculation_failed").message, /could not be recalculated .*closed/);
    assert.match(one(result, "xlsx.formula_div0").message, /in the values saved in the file/);
  });
});
