/**
 * The xlsx review's checks on workbooks built for one problem each (build.ts), without recalculation: the exact
 * codes, severities, categories, locations, and whether a fix is offered. Repairs are tested in repair.test.ts,
 * recalculation in recalc.test.ts.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PackageRefused } from "../../../../core/ooxml/package.ts";
import { ExtractRefused } from "../../../../core/contracts/extract.ts";
import { buildXlsx, c, row, withPart } from "./build.ts";
import { codes, inspect, one, shape } from "./support.ts";

const plain = (data: string, name = "Data") => buildXlsx({ sheets: [{ name, data }] });

describe("a sound workbook", () => {
  test("has no findings and its content lists sheets, values, formulas and names", async () => {
    const bytes = buildXlsx({
      sheets: [{ name: "Data", data: row(1, c("A1", { s: 0 }), c("B1", { n: 6 }), c("C1", { f: "B1*7", n: 42 }), c("D1", { t: "b", v: "1" })) + row(2, c("A2", { is: "inline" }), c("B2", { t: "e", v: "#N/A" })) }],
      strings: ["Total"],
      after: `<definedNames><definedName name="Rate">Data!$B$1</definedName><definedName name="Local" localSheetId="0">Data!$C$1</definedName></definedNames>`,
    });
    const result = await inspect(bytes);
    assert.deepEqual(codes(result), ["xlsx.formula_na"]);
    assert.deepEqual(result.content, [
      "sheet: Data",
      "Data!A1=Total",
      "Data!B1=6",
      "Data!C1=42",
      "Data!C1==B1*7",
      "Data!D1=1",
      "Data!A2=inline",
      "Data!B2=#N/A",
      "name: Rate=Data!$B$1",
      "name: Data!Local=Data!$C$1",
    ]);
  });

  test("shared formulas are expanded in content, rich text is joined, phonetic text left out", async () => {
    const bytes = withPart(
      buildXlsx({
        sheets: [{ name: "S", data: row(1, c("A1", { n: 1 }), `<c r="B1"><f t="shared" ref="B1:B2" si="0">A1*2</f><v>2</v></c>`) + row(2, c("A2", { n: 2 }), `<c r="B2"><f t="shared" si="0"/><v>4</v></c>`, c("C2", { s: 0 })) }],
        strings: ["x"],
      }),
      "xl/sharedStrings.xml",
      (xml) => xml.replace(/<si>.*<\/si>/, "<si><r><t>Rich </t></r><r><t>text</t></r><rPh><t>ふりがな</t></rPh></si>"),
    );
    const result = await inspect(bytes);
    assert.deepEqual(result.content, ["sheet: S", "S!A1=1", "S!B1=2", "S!B1==A1*2", "S!A2=2", "S!B2=4", "S!B2==A2*2", "S!C2=Rich text"]);
    assert.deepEqual(result.findings, []);
  });

  test("characters XML forbids are left out of the inspection and of content", async () => {
    const bytes = plain(row(1, c("A1", { is: "ab" })).replace("ab", "a&#x1;b\u0002"));
    const result = await inspect(bytes);
    assert.deepEqual(result.content, ["sheet: Data", "Data!A1=ab"]);
  });
});

describe("hidden sheets", () => {
  test("hidden is info, veryHidden is a warning", async () => {
    const result = await inspect(buildXlsx({ sheets: [{ name: "Shown" }, { name: "Tucked", state: "hidden" }, { name: "Secret", state: "veryHidden" }] }));
    assert.deepEqual(shape(one(result, "xlsx.hidden_sheet")), { code: "xlsx.hidden_sheet", severity: "info", category: "content", location: { sheet: "Tucked" }, fixable: false });
    assert.deepEqual(shape(one(result, "xlsx.very_hidden_sheet")), { code: "xlsx.very_hidden_sheet", severity: "warning", category: "content", location: { sheet: "Secret" }, fixable: false });
    assert.deepEqual(codes(result), ["xlsx.hidden_sheet", "xlsx.very_hidden_sheet"]);
  });

  test("every sheet hidden is an error with a fix", async () => {
    const result = await inspect(buildXlsx({ sheets: [{ name: "A", state: "hidden" }, { name: "B", state: "veryHidden" }] }));
    assert.deepEqual(shape(one(result, "xlsx.all_sheets_hidden")), { code: "xlsx.all_sheets_hidden", severity: "error", category: "structural", location: {}, fixable: true, fix: "xlsx.unhide_first_sheet" });
  });
});

describe("workbook structure", () => {
  test("duplicate sheet names (without case) and invalid names", async () => {
    const result = await inspect(buildXlsx({ sheets: [{ name: "Data" }, { name: "DATA" }, { name: "Q1/Q2" }, { name: "A name that is far too long for Excel" }] }));
    assert.deepEqual(shape(one(result, "xlsx.duplicate_sheet_name")), { code: "xlsx.duplicate_sheet_name", severity: "error", category: "structural", location: { sheet: "DATA" }, fixable: false });
    const invalid = result.findings.filter((f) => f.code === "xlsx.invalid_sheet_name");
    assert.deepEqual(invalid.map((f) => f.location), [{ sheet: "Q1/Q2" }, { sheet: "A name that is far too long for Excel" }]);
    assert.ok(invalid.every((f) => f.severity === "error" && f.fixable === false));
  });

  test("a workbook listing no sheet", async () => {
    const result = await inspect(buildXlsx({ sheets: [] }));
    assert.deepEqual(shape(one(result, "xlsx.no_sheets")), { code: "xlsx.no_sheets", severity: "error", category: "structural", location: {}, fixable: false });
    assert.deepEqual(codes(result), ["xlsx.no_sheets"]);
  });

  test("duplicate and missing sheet ids have a fix", async () => {
    const result = await inspect(buildXlsx({ sheets: [{ name: "A", sheetId: "1" }, { name: "B", sheetId: "1" }, { name: "C", sheetId: null }] }));
    const found = one(result, "xlsx.duplicate_sheet_id");
    assert.deepEqual(shape(found), { code: "xlsx.duplicate_sheet_id", severity: "error", category: "structural", location: { sheet: "B" }, fixable: true, fix: "xlsx.duplicate_sheet_ids" });
    assert.match(found.message, /"B" \(sheetId 1\), "C" \(none\)/);
  });

  test("an active tab past the last sheet has a fix", async () => {
    const result = await inspect(buildXlsx({ sheets: [{ name: "A" }, { name: "B" }], views: `<bookViews><workbookView activeTab="2"/></bookViews>` }));
    assert.deepEqual(shape(one(result, "xlsx.active_tab_out_of_range")), { code: "xlsx.active_tab_out_of_range", severity: "error", category: "structural", location: {}, fixable: true, fix: "xlsx.active_tab" });
    assert.deepEqual(codes(await inspect(buildXlsx({ sheets: [{ name: "A" }, { name: "B" }], views: `<bookViews><workbookView activeTab="1"/></bookViews>` }))), []);
  });

  test("a defined name twice in one scope: fixable when identical, not otherwise; other scopes are fine", async () => {
    const names = (a: string, b: string) => buildXlsx({ sheets: [{ name: "A" }], after: `<definedNames>${a}${b}<definedName name="Rate" localSheetId="0">A!$C$1</definedName></definedNames>` });
    const same = await inspect(names(`<definedName name="Rate">A!$B$1</definedName>`, `<definedName name="RATE">A!$B$1</definedName>`));
    assert.equal(one(same, "xlsx.duplicate_defined_name").fixable, false, "a different spelling is not an identical copy");
    const identical = await inspect(names(`<definedName name="Rate">A!$B$1</definedName>`, `<definedName name="Rate">A!$B$1</definedName>`));
    assert.deepEqual(shape(one(identical, "xlsx.duplicate_defined_name")), { code: "xlsx.duplicate_defined_name", severity: "error", category: "structural", location: {}, fixable: true, fix: "xlsx.duplicate_defined_names" });
    const different = await inspect(names(`<definedName name="Rate">A!$B$1</definedName>`, `<definedName name="Rate">A!$B$2</definedName>`));
    assert.equal(one(different, "xlsx.duplicate_defined_name").fixable, false);
  });

  test("defined names Excel cannot take", async () => {
    const bytes = buildXlsx({
      sheets: [{ name: "A" }],
      after: `<definedNames><definedName name="my name">A!$A$1</definedName><definedName name="TAX2023">A!$A$1</definedName><definedName name="_xlnm.Print_Area" localSheetId="0">A!$A$1:$B$2</definedName><definedName name="Steckd.">A!$A$1</definedName><definedName name="Größe">A!$A$1</definedName></definedNames>`,
    });
    const invalid = (await inspect(bytes)).findings.filter((f) => f.code === "xlsx.invalid_defined_name");
    assert.equal(invalid.length, 2);
    assert.match(invalid[0]!.message, /"my name"/);
    assert.match(invalid[1]!.message, /"TAX2023"/);
  });

  test("a shared string table that is not well-formed is said once, not for every cell using it", async () => {
    const bytes = withPart(buildXlsx({ sheets: [{ name: "Data", data: row(1, c("A1", { s: 0 }), c("B1", { n: 2 })) }], strings: ["x"] }), "xl/sharedStrings.xml", (xml) => xml.replace("</sst>", ""));
    const result = await inspect(bytes);
    assert.deepEqual(codes(result), ["xlsx.part_unreadable"]);
    assert.deepEqual(shape(one(result, "xlsx.part_unreadable")), { code: "xlsx.part_unreadable", severity: "error", category: "structural", location: {}, fixable: false });
    assert.deepEqual(result.content, ["sheet: Data", "Data!B1=2"]);
  });

  test("a workbook without its workbook part, and a sheet that is not well-formed", async () => {
    const bytes = plain(row(1, c("A1", { n: 1 })));
    const noWorkbook = await inspect(withPart(bytes, "xl/workbook.xml", null));
    assert.deepEqual(noWorkbook.content, []);
    assert.deepEqual(shape(one(noWorkbook, "xlsx.workbook_unreadable")), { code: "xlsx.workbook_unreadable", severity: "error", category: "structural", location: {}, fixable: false });
    const broken = await inspect(withPart(bytes, "xl/worksheets/sheet1.xml", (xml) => xml.replace("</row>", "")));
    assert.deepEqual(shape(one(broken, "xlsx.sheet_unreadable")), { code: "xlsx.sheet_unreadable", severity: "error", category: "structural", location: { sheet: "Data" }, fixable: false });
    assert.deepEqual(broken.content, ["sheet: Data"]);
  });
});

describe("worksheet structure", () => {
  test("overlapping merged ranges", async () => {
    const bytes = plain(row(1, c("A1", { n: 1 })), "M");
    const merged = withPart(bytes, "xl/worksheets/sheet1.xml", (xml) => xml.replace("</worksheet>", `<mergeCells count="3"><mergeCell ref="A1:B2"/><mergeCell ref="B2:C3"/><mergeCell ref="D1:E1"/></mergeCells></worksheet>`));
    assert.deepEqual(shape(one(await inspect(merged), "xlsx.overlapping_merge")), { code: "xlsx.overlapping_merge", severity: "error", category: "structural", location: { sheet: "M", cells: ["B2:C3"] }, fixable: true, fix: "xlsx.overlapping_merges" });
  });

  test("rows and cells out of order can be sorted; duplicates and misplaced cells cannot", async () => {
    const disordered = plain(row(2, c("B2", { n: 4 }), c("A2", { n: 3 })) + row(1, c("A1", { n: 1 })));
    const found = one(await inspect(disordered), "xlsx.cell_order");
    assert.deepEqual(shape(found), { code: "xlsx.cell_order", severity: "error", category: "structural", location: { sheet: "Data", cells: ["1:1", "A2"] }, fixable: true, fix: "xlsx.sort_cells" });
    const duplicated = await inspect(plain(row(1, c("A1", { n: 1 }), c("A1", { n: 2 }))));
    assert.deepEqual(shape(one(duplicated, "xlsx.duplicate_cell")), { code: "xlsx.duplicate_cell", severity: "error", category: "structural", location: { sheet: "Data", cells: ["A1"] }, fixable: false });
    assert.equal(one(duplicated, "xlsx.cell_order").fixable, false);
    const misplaced = await inspect(plain(row(1, c("A1", { n: 1 }), c("B3", { n: 2 })) + row(2, c("A2", { n: 1 }), c("ZZZZ9", { n: 2 }))));
    assert.deepEqual(shape(one(misplaced, "xlsx.invalid_cell_reference")), { code: "xlsx.invalid_cell_reference", severity: "error", category: "structural", location: { sheet: "Data", cells: ["B3", "ZZZZ9"] }, fixable: false });
  });

  test("a cell type Excel does not know, and a number cell holding text", async () => {
    const result = await inspect(plain(row(1, c("A1", { v: "1,5" }), c("B1", { t: "date", v: "2024-01-01" }), c("C1", { v: " 1.5e3 " }), c("D1", { t: "d", v: "2024-01-01" }))));
    assert.deepEqual(shape(one(result, "xlsx.invalid_cell_value")), { code: "xlsx.invalid_cell_value", severity: "error", category: "structural", location: { sheet: "Data", cells: ["A1", "B1"] }, fixable: false });
  });

  test("a shared formula without its master, and a shared string past the table", async () => {
    const bytes = buildXlsx({ sheets: [{ name: "Data", data: row(1, c("A1", { s: 5 }), `<c r="B1"><f t="shared" si="3"/><v>1</v></c>`) }], strings: ["only"] });
    const result = await inspect(bytes);
    assert.deepEqual(shape(one(result, "xlsx.shared_formula_orphan")), { code: "xlsx.shared_formula_orphan", severity: "error", category: "structural", location: { sheet: "Data", cells: ["B1"] }, fixable: false });
    assert.deepEqual(shape(one(result, "xlsx.shared_string_missing")), { code: "xlsx.shared_string_missing", severity: "error", category: "structural", location: { sheet: "Data", cells: ["A1"] }, fixable: false });
  });

  test("a calculation chain listing a cell without a formula, or a sheet id nobody has", async () => {
    const data = row(1, c("A1", { n: 1 }), c("B1", { f: "A1*2", n: 2 }));
    assert.deepEqual(codes(await inspect(buildXlsx({ sheets: [{ name: "Data", data }], calcChain: `<c r="B1" i="1"/>` }))), []);
    const stale = await inspect(buildXlsx({ sheets: [{ name: "Data", data }], calcChain: `<c r="B1" i="1"/><c r="A1"/><c r="C3" i="7"/>` }));
    const found = one(stale, "xlsx.stale_calc_chain");
    assert.deepEqual(shape(found), { code: "xlsx.stale_calc_chain", severity: "error", category: "structural", location: { sheet: "Data", cells: ["A1"] }, fixable: true, fix: "xlsx.drop_calc_chain" });
    assert.match(found.message, /2 cells .*Data!A1, sheet id 7!C3/);
  });
});

describe("refusals", () => {
  test("a part declaring a DTD is refused, as the package reader refuses it", async () => {
    const bytes = withPart(plain(row(1, c("A1", { n: 1 }))), "xl/worksheets/sheet1.xml", (xml) => xml.replace("<worksheet", '<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet'));
    await assert.rejects(inspect(bytes), (error: unknown) => error instanceof PackageRefused && error.reason === "xml_dtd");
  });

  test("a macro-enabled workbook is refused", async () => {
    const bytes = withPart(plain(row(1, c("A1", { n: 1 }))), "xl/vbaProject.bin", "not really VBA");
    await assert.rejects(inspect(bytes), (error: unknown) => error instanceof ExtractRefused && error.code === "file_rejected");
  });
});
