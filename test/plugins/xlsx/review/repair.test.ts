/**
 * The xlsx repairs (plugins/xlsx/review/repair.ts), one broken workbook per fix: the finding names the fix, the
 * fix removes it, `content` is the same before and after, the parts the fix does not touch are byte for byte the
 * same, the edited parts change only where they must, and the Markdown reader still reads the same text.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { unzipSync } from "fflate";
import { extractedMarkdown } from "../../../../core/extract/result.ts";
import { extractXlsx } from "../../../../plugins/xlsx/extract/index.ts";
import { FIX_NAMES, repairXlsx } from "../../../../plugins/xlsx/review/index.ts";
import { buildXlsx, c, partOf, row, withPart } from "./build.ts";
import { codes, inspect, NO_CONVERTER, one } from "./support.ts";

/** Repairs `bytes` with the fix named by its `code` finding; checks everything a repair promises; returns the new bytes. */
const repaired = async (bytes: Uint8Array, code: string, fix: string, touched: string[]): Promise<Uint8Array> => {
  const before = await inspect(bytes);
  assert.equal(one(before, code).fix, fix);
  const after = await repairXlsx(bytes, fix, NO_CONVERTER);
  const again = await inspect(after);
  assert.ok(!codes(again).includes(code), `${code} is still there: ${JSON.stringify(again.findings)}`);
  assert.deepEqual(again.content, before.content);
  const [old, now] = [unzipSync(bytes), unzipSync(after)];
  for (const name of Object.keys(old)) {
    if (touched.includes(name)) continue;
    assert.deepEqual(now[name], old[name], `${name} changed`);
  }
  for (const name of touched) assert.notDeepEqual(now[name], old[name], `${name} did not change`);
  const [mdBefore, mdAfter] = [extractedMarkdown(await extractXlsx(bytes, {})), extractedMarkdown(await extractXlsx(after, {}))];
  // Showing a sheet takes away its `hidden sheet` note; the text is the same.
  const shown = (md: string) => md.replace(/<!-- hidden sheet -->\n\n/g, "");
  assert.equal(shown(mdAfter), shown(mdBefore));
  assert.deepEqual(await repairXlsx(after, fix, NO_CONVERTER), after, "a second run has nothing to do");
  return after;
};

describe("repairs", () => {
  test("every fix is known, and an unknown one is refused", async () => {
    assert.deepEqual([...FIX_NAMES].sort(), [
      "xlsx.active_tab",
      "xlsx.drop_calc_chain",
      "xlsx.duplicate_defined_names",
      "xlsx.duplicate_sheet_ids",
      "xlsx.duplicate_table_ids",
      "xlsx.overlapping_merges",
      "xlsx.sort_cells",
      "xlsx.unhide_first_sheet",
    ]);
    await assert.rejects(repairXlsx(buildXlsx({ sheets: [{ name: "A" }] }), "xlsx.nonsense", NO_CONVERTER), /unknown xlsx fix/);
  });

  test("xlsx.unhide_first_sheet shows the active sheet when all are hidden", async () => {
    const bytes = buildXlsx({ sheets: [{ name: "A", state: "hidden", data: row(1, c("A1", { n: 1 })) }, { name: "B", state: "hidden" }], views: `<bookViews><workbookView activeTab="1"/></bookViews>` });
    const after = await repaired(bytes, "xlsx.all_sheets_hidden", "xlsx.unhide_first_sheet", ["xl/workbook.xml"]);
    assert.equal(partOf(after, "xl/workbook.xml"), partOf(bytes, "xl/workbook.xml")!.replace(`<sheet name="B" sheetId="2" state="hidden"`, `<sheet name="B" sheetId="2"`));
    assert.deepEqual(codes(await inspect(after)), ["xlsx.hidden_sheet"]);
  });

  test("xlsx.active_tab points the view at sheets that exist", async () => {
    const bytes = buildXlsx({ sheets: [{ name: "A", state: "hidden" }, { name: "B" }], views: `<bookViews><workbookView xWindow="0" firstSheet="5" activeTab="7"/></bookViews>` });
    const after = await repaired(bytes, "xlsx.active_tab_out_of_range", "xlsx.active_tab", ["xl/workbook.xml"]);
    assert.match(partOf(after, "xl/workbook.xml")!, /<workbookView xWindow="0" firstSheet="0" activeTab="1"\/>/);
  });

  test("xlsx.duplicate_sheet_ids renumbers duplicate and missing ids and drops the calculation chain", async () => {
    const bytes = buildXlsx({
      sheets: [{ name: "A", sheetId: "4", data: row(1, c("A1", { f: "1+1", n: 2 })) }, { name: "B", sheetId: "4" }, { name: "C", sheetId: null }],
      calcChain: `<c r="A1" i="4"/>`,
    });
    const after = await repaired(bytes, "xlsx.duplicate_sheet_id", "xlsx.duplicate_sheet_ids", ["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/calcChain.xml"]);
    assert.match(partOf(after, "xl/workbook.xml")!, /<sheet name="A" sheetId="4" r:id="rId1"\/><sheet name="B" sheetId="5" r:id="rId2"\/><sheet name="C" r:id="rId3" sheetId="6"\/>/);
    assert.equal(partOf(after, "xl/calcChain.xml"), undefined);
    assert.doesNotMatch(partOf(after, "xl/_rels/workbook.xml.rels")!, /calcChain/);
    assert.doesNotMatch(partOf(after, "[Content_Types].xml")!, /calcChain/);
  });

  test("xlsx.duplicate_defined_names removes identical extra copies only", async () => {
    const bytes = buildXlsx({
      sheets: [{ name: "A" }],
      after: `<definedNames><definedName name="Rate">A!$B$1</definedName><definedName name="Other">A!$C$1</definedName><definedName name="Rate">A!$B$1</definedName></definedNames>`,
    });
    const after = await repaired(bytes, "xlsx.duplicate_defined_name", "xlsx.duplicate_defined_names", ["xl/workbook.xml"]);
    assert.match(partOf(after, "xl/workbook.xml")!, /<definedNames><definedName name="Rate">A!\$B\$1<\/definedName><definedName name="Other">A!\$C\$1<\/definedName><\/definedNames>/);
  });

  test("xlsx.overlapping_merges drops the merges that overlap an earlier one and updates the count", async () => {
    const bytes = withPart(buildXlsx({ sheets: [{ name: "M", data: row(1, c("A1", { n: 1 }), c("B1", { n: 2 })) }] }), "xl/worksheets/sheet1.xml", (xml) =>
      xml.replace("</worksheet>", `<mergeCells count="3"><mergeCell ref="A1:B2"/><mergeCell ref="B2:C3"/><mergeCell ref="D1:E1"/></mergeCells></worksheet>`),
    );
    const after = await repaired(bytes, "xlsx.overlapping_merge", "xlsx.overlapping_merges", ["xl/worksheets/sheet1.xml"]);
    assert.match(partOf(after, "xl/worksheets/sheet1.xml")!, /<mergeCells count="2"><mergeCell ref="A1:B2"\/><mergeCell ref="D1:E1"\/><\/mergeCells>/);
  });

  test("xlsx.sort_cells puts rows and cells in order, values and formulas untouched", async () => {
    const bytes = buildXlsx({
      sheets: [{ name: "S", data: row(3, c("C3", { f: "A1+B3", n: 4 }), c("B3", { n: 2 })) + row(1, c("A1", { n: 2 })) + `<row r="2" ht="30" customHeight="1"><c r="D2" t="inlineStr"><is><t>note</t></is></c></row>` }],
    });
    const after = await repaired(bytes, "xlsx.cell_order", "xlsx.sort_cells", ["xl/worksheets/sheet1.xml"]);
    assert.match(
      partOf(after, "xl/worksheets/sheet1.xml")!,
      /<sheetData><row r="1"><c r="A1"><v>2<\/v><\/c><\/row><row r="2" ht="30" customHeight="1"><c r="D2" t="inlineStr"><is><t>note<\/t><\/is><\/c><\/row><row r="3"><c r="B3"><v>2<\/v><\/c><c r="C3"><f>A1\+B3<\/f><v>4<\/v><\/c><\/row><\/sheetData>/,
    );
  });

  test("xlsx.sort_cells leaves a sheet with a duplicated cell alone", async () => {
    const bytes = buildXlsx({ sheets: [{ name: "S", data: row(2, c("A2", { n: 1 })) + row(1, c("A1", { n: 1 }), c("A1", { n: 2 })) }] });
    assert.equal(one(await inspect(bytes), "xlsx.cell_order").fixable, false);
    assert.deepEqual(await repairXlsx(bytes, "xlsx.sort_cells", NO_CONVERTER), bytes);
  });

  test("xlsx.drop_calc_chain removes a stale chain with its relationship and content type", async () => {
    const bytes = buildXlsx({ sheets: [{ name: "S", data: row(1, c("A1", { n: 1 })) }], calcChain: `<c r="A1" i="1"/>` });
    const after = await repaired(bytes, "xlsx.stale_calc_chain", "xlsx.drop_calc_chain", ["xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/calcChain.xml"]);
    assert.deepEqual(Object.keys(unzipSync(after)).sort(), Object.keys(unzipSync(bytes)).filter((n) => n !== "xl/calcChain.xml").sort());
    assert.equal(partOf(after, "[Content_Types].xml"), partOf(bytes, "[Content_Types].xml")!.replace(/<Override PartName="\/xl\/calcChain.xml"[^>]*\/>/, ""));
  });

  test("xlsx.duplicate_table_ids renumbers a table whose id another table has", async () => {
    const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    const table = (id: number, name: string, ref: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="${id}" name="${name}" displayName="${name}" ref="${ref}"><tableColumns count="1"><tableColumn id="1" name="Amount"/></tableColumns></table>`;
    let bytes = buildXlsx({ sheets: [{ name: "S", data: row(1, c("A1", { is: "Amount" }), c("C1", { is: "Amount" })) + row(2, c("A2", { n: 1 }), c("C2", { n: 2 })), after: `<tableParts count="2"><tablePart r:id="rId1"/><tablePart r:id="rId2"/></tableParts>` }] });
    bytes = withPart(bytes, "xl/worksheets/_rels/sheet1.xml.rels", `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/table" Target="../tables/table1.xml"/><Relationship Id="rId2" Type="${rel}/table" Target="../tables/table2.xml"/></Relationships>`);
    bytes = withPart(bytes, "xl/tables/table1.xml", table(1, "Sales", "A1:A2"));
    bytes = withPart(bytes, "xl/tables/table2.xml", table(1, "Costs", "C1:C2"));
    bytes = withPart(bytes, "[Content_Types].xml", (xml) => xml.replace("</Types>", `<Override PartName="/xl/tables/table1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml"/><Override PartName="/xl/tables/table2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml"/></Types>`));
    const after = await repaired(bytes, "xlsx.duplicate_table_id", "xlsx.duplicate_table_ids", ["xl/tables/table2.xml"]);
    assert.match(partOf(after, "xl/tables/table2.xml")!, / id="2" name="Costs"/);

    const sameName = withPart(bytes, "xl/tables/table2.xml", table(2, "SALES", "A2:C3"));
    const result = await inspect(sameName);
    assert.deepEqual(codes(result), ["xlsx.duplicate_table_name", "xlsx.overlapping_tables"]);
    assert.ok(result.findings.every((f) => f.severity === "error" && f.fixable === false));
  });
});
