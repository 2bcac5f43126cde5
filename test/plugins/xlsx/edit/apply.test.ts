import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import type { EditOp } from "../../../../core/contracts/edit.ts";
import { openPackage } from "../../../../core/ooxml/package.ts";
import { writePackage } from "../../../../core/ooxml/write.ts";
import { checkWellFormed } from "../../../../core/ooxml/xml/tree.ts";
import { xlsxEdit } from "../../../../plugins/xlsx/edit/index.ts";
import { corpusPath } from "../../../support/corpus.ts";

const file = (name: string) => new Uint8Array(readFileSync(corpusPath("xlsx", name)));
const OPTIONS = { track: false, author: "Quire", date: "2026-01-01T00:00:00Z" };

/** Applies the plan, writes the package and reads it again; checks that parts not returned are untouched. */
const edit = (name: string, plan: EditOp[]) => {
  const bytes = file(name);
  const pkg = openPackage(bytes);
  const result = xlsxEdit.apply(bytes, plan, OPTIONS);
  assert.equal(result.edits.length, plan.length);
  result.edits.forEach((e, i) => assert.equal(e.index, i));
  const out = writePackage(pkg, result.parts);
  const after = openPackage(out);
  for (const part of pkg.names) {
    if (!result.parts.has(part) && !part.endsWith("/")) assert.deepEqual(after.bytes(part), pkg.bytes(part), `${part} untouched`);
  }
  const cells = (b: Uint8Array) => new Map(xlsxEdit.read(b).blocks.map((x) => [x.id, x.text]));
  return { result, out, pkg, after, before: cells(bytes), cells: cells(out), sheet: (part = "xl/worksheets/sheet1.xml") => after.text(part)! };
};

/** Every cell but `changed` reads as before. */
const othersSame = (before: Map<string, string>, after: Map<string, string>, changed: string[]) => {
  for (const [id, text] of before) if (!changed.includes(id)) assert.equal(after.get(id), text, id);
};

describe("xlsx edit: set_cell", () => {
  it("writes a number in place, keeping the cell's style, and leaves the shared strings alone", () => {
    const { result, cells, before, sheet } = edit("exceljs-gold.xlsx", [{ op: "set_cell", block: "Values!B4", value: "42600", formula: false }]);
    assert.deepEqual(result.edits[0], { index: 0, op: "set_cell", block: "Values!B4", outcome: "applied", target: "B4", before: "42507", after: "42600", reason: null });
    assert.equal(cells.get("Values!B4"), "42600");
    othersSame(before, cells, ["Values!B4"]);
    assert.ok(sheet().includes('<c r="B4" s="1"><v>42600</v></c>'));
    assert.ok(!result.parts.has("xl/sharedStrings.xml"));
    // The sheet holds a formula (B5 = B1), so a full calculation on load is asked for; no formula changed, so the chain stays.
    assert.match(String(result.parts.get("xl/workbook.xml")), /<calcPr calcId="171027" fullCalcOnLoad="1"\/>/);
    assert.ok(!result.parts.has("xl/calcChain.xml"));
  });

  it("writes text as an inline string (escaped), keeping the style, shared strings untouched", () => {
    const { result, cells, sheet, pkg, after } = edit("exceljs-gold.xlsx", [{ op: "set_cell", block: "Values!B6", value: "R&D <new> _x0041_", formula: false }]);
    assert.equal(result.edits[0]!.outcome, "applied");
    assert.equal(cells.get("Values!B6"), "R&D <new> _x0041_");
    assert.ok(sheet().includes('<c r="B6" s="2" t="inlineStr"><is><t>R&amp;D &lt;new&gt; _x005F_x0041_</t></is></c>'));
    assert.equal(after.text("xl/sharedStrings.xml"), pkg.text("xl/sharedStrings.xml"));
  });

  it("writes a formula without a cached value, asks for a full calculation and drops the calculation chain", () => {
    const { result, cells, sheet, after } = edit("exceljs-test-issue-1364.xlsx", [{ op: "set_cell", block: "'Sum Worksheet'!C2", value: "=A2*B2+10", formula: true }]);
    assert.equal(result.edits[0]!.after, "=A2*B2+10");
    assert.equal(cells.get("'Sum Worksheet'!C2"), "=A2*B2+10");
    assert.ok(sheet().includes('<c r="C2"><f>A2*B2+10</f></c>'));
    assert.equal(result.parts.get("xl/calcChain.xml"), null);
    assert.ok(!after.has("xl/calcChain.xml"));
    assert.doesNotMatch(after.text("xl/_rels/workbook.xml.rels")!, /calcChain/);
    assert.doesNotMatch(after.text("[Content_Types].xml")!, /calcChain/);
    assert.match(after.text("xl/workbook.xml")!, /<calcPr calcId="191029" fullCalcOnLoad="1"\/>/);
  });

  it("creates a cell in an existing row in column order (a LibreOffice file)", () => {
    const { result, cells, sheet, before } = edit("exceljs-test-issue-176.xlsx", [{ op: "set_cell", block: "Sheet!C2", value: "middle", formula: false }]);
    assert.deepEqual([result.edits[0]!.outcome, result.edits[0]!.before], ["applied", ""]);
    assert.equal(cells.get("Sheet!C2"), "middle");
    othersSame(before, cells, ["Sheet!C2"]);
    assert.match(sheet(), /<c r="A2" s="2" t="s"><v>2<\/v><\/c><c r="C2" t="inlineStr"><is><t>middle<\/t><\/is><\/c><c r="ALQ2" s="0"\/>/);
  });

  it("creates a missing row in row order, widening the row's spans and the sheet's dimension; a cell under a merge is refused", () => {
    const { result, cells, sheet } = edit("exceljs-test-pr-1204.xlsx", [
      { op: "set_cell", block: "'Sheet 1'!B12", value: "7", formula: false },
      { op: "set_cell", block: "Sheet 1!M1", value: "end", formula: false },
      { op: "set_cell", block: "'Sheet 1'!C1", value: "hidden", formula: false },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["applied", "applied", "rejected"]);
    assert.match(result.edits[2]!.reason!, /merged cells A1:D3/);
    assert.equal(cells.get("'Sheet 1'!B12"), "7");
    assert.equal(cells.get("'Sheet 1'!M1"), "end");
    const xml = sheet();
    assert.ok(xml.includes('<row r="12"><c r="B12"><v>7</v></c></row></sheetData>'));
    assert.ok(xml.includes('<row r="1" spans="1:13"'));
    assert.ok(xml.includes('<dimension ref="A1:M12"/>'));
    const rows = [...xml.matchAll(/<row r="(\d+)"/g)].map((m) => Number(m[1]));
    assert.deepEqual(rows, [...rows].sort((a, b) => a - b));
  });

  it("writes out a shared formula's group before overwriting its anchor", () => {
    const { result, cells, sheet } = edit("exceljs-fibonacci.xlsx", [{ op: "set_cell", block: "fib!B4", value: "100", formula: false }]);
    assert.equal(result.edits[0]!.before, "=B2+B3");
    assert.equal(cells.get("fib!B4"), "100");
    assert.equal(cells.get("fib!B5"), "=B3+B4");
    assert.equal(cells.get("fib!B19"), "=B17+B18");
    assert.equal(cells.get("fib!A19"), "=A18+1", "the other group is untouched");
    assert.doesNotMatch(sheet(), /si="1"/);
    assert.ok(result.parts.has("xl/calcChain.xml"), "a formula was removed: the chain goes");
  });

  it("reports a sheet that does not exist, and a bad reference, as not found", () => {
    const { result } = edit("exceljs-gold.xlsx", [
      { op: "set_cell", block: "Nope!A1", value: "1", formula: false },
      { op: "set_cell", block: "Values", value: "1", formula: false },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["not_found", "not_found"]);
    assert.match(result.edits[0]!.reason!, /no sheet named "Nope"/);
    assert.equal(result.parts.size, 0);
  });
});

describe("xlsx edit: replace_text", () => {
  it("replaces text in a shared-string cell, written inline; not found and ambiguous are not guessed", () => {
    const { result, cells, before, pkg, after } = edit("exceljs-gold.xlsx", [
      { op: "replace_text", block: "Values!B1", find: "Text", replace: "Words" },
      { op: "replace_text", block: "Values!B1", find: "absent", replace: "x" },
      { op: "replace_text", block: "Values!B1", find: " ", replace: "_" },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["applied", "not_found", "ambiguous"]);
    assert.equal(result.edits[0]!.before, "I am Text");
    assert.equal(result.edits[0]!.after, "I am Words");
    assert.equal(result.edits[1]!.before, "I am Words", "later edits see the earlier ones");
    assert.equal(cells.get("Values!B1"), "I am Words");
    othersSame(before, cells, ["Values!B1"]);
    assert.equal(after.text("xl/sharedStrings.xml"), pkg.text("xl/sharedStrings.xml"));
  });

  it("edits a formula as a formula and a number as a number", () => {
    const { result, cells, sheet } = edit("exceljs-test-issue-1364.xlsx", [
      { op: "replace_text", block: "'Sum Worksheet'!C2", find: "SUM", replace: "PRODUCT" },
      { op: "replace_text", block: "'Sum Worksheet'!A2", find: "1", replace: "12" },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["applied", "applied"]);
    assert.equal(cells.get("'Sum Worksheet'!C2"), "=PRODUCT(A2,B2)");
    assert.ok(sheet().includes('<c r="A2"><v>12</v></c>'));
  });
});

describe("xlsx edit: delete and insert_row", () => {
  it("empties a cell but keeps it with its style", () => {
    const { result, cells, sheet } = edit("exceljs-gold.xlsx", [{ op: "delete", block: "Values!B6" }]);
    assert.deepEqual([result.edits[0]!.outcome, result.edits[0]!.after], ["applied", ""]);
    assert.ok(!cells.has("Values!B6"));
    assert.ok(sheet().includes('<c r="B6" s="2"/>'));
  });

  it("appends a row after the last one, styles and row format copied, formulas as formulas", () => {
    const { result, cells, sheet } = edit("exceljs-gold.xlsx", [{ op: "insert_row", block: "Values!A6", values: ["Extra", "=B2*2"] }]);
    assert.equal(result.edits[0]!.outcome, "applied", result.edits[0]!.reason ?? "");
    assert.equal(result.edits[0]!.target, "row 7");
    assert.equal(cells.get("Values!A7"), "Extra");
    assert.equal(cells.get("Values!B7"), "=B2*2");
    assert.ok(sheet().includes('<row r="7" x14ac:dyDescent="0.55000000000000004"><c r="A7" t="inlineStr"><is><t>Extra</t></is></c><c r="B7" s="2"><f>B2*2</f></c></row></sheetData>'));
    assert.equal(result.parts.get("xl/calcChain.xml"), null);
  });

  it("refuses to insert in the middle, with the reason", () => {
    const { result } = edit("exceljs-fibonacci.xlsx", [{ op: "insert_row", block: "fib!A3", values: ["1", "2"] }]);
    assert.equal(result.edits[0]!.outcome, "rejected");
    assert.match(result.edits[0]!.reason!, /append at the end instead/);
    assert.equal(result.parts.size, 0);
  });
});

describe("xlsx edit: what a workbook cannot do", () => {
  it("rejects paragraph, move, slide and comment ops with a reason and goes on with the plan", () => {
    const { result, cells } = edit("exceljs-gold.xlsx", [
      { op: "insert_after", block: "Values!A1", text: "x" },
      { op: "insert_before", block: "Values!A1", text: "x" },
      { op: "move", block: "Values!A1", after: "Values!A2" },
      { op: "add_slide", block: "Values!A1", like: "Values!A1", title: "t", body: [] },
      { op: "comment", block: "Values!A1", find: "", text: "c" },
      { op: "set_cell", block: "Values!A1", value: "Label", formula: false },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["rejected", "rejected", "rejected", "rejected", "rejected", "applied"]);
    assert.ok(result.edits.slice(0, 5).every((e) => e.reason && e.before === "Text"));
    assert.equal(cells.get("Values!A1"), "Label");
  });
});

describe("xlsx edit: tables", () => {
  it("grows a table and its filter that end at the row a new row is appended below", () => {
    const { result, cells, after } = edit("exceljs-test-issue-1669.xlsx", [{ op: "insert_row", block: "Sheet1!B6", values: ["6", "six"] }]);
    assert.equal(result.edits[0]!.outcome, "applied", result.edits[0]!.reason ?? "");
    assert.equal(cells.get("Sheet1!A7"), "6");
    assert.equal(cells.get("Sheet1!B7"), "six");
    const table = after.text("xl/tables/table1.xml")!;
    assert.match(table, /<table [^>]*ref="A1:B7"/);
    assert.match(table, /<autoFilter ref="A1:B7"/);
    assert.ok(!result.parts.has("xl/tables/table2.xml"), "the other sheet's table is untouched");
  });
});

describe("xlsx edit: rich text", () => {
  it("replaces text in a rich shared string run by run, each run keeping its formatting", () => {
    const id = "Feststellanlagen!A65";
    const { result, cells, before, pkg, after, out } = edit("exceljs-test-issue-877.xlsx", [
      { op: "replace_text", block: id, find: "Wirken alle", replace: "Wirken sämtliche" },
      { op: "replace_text", block: id, find: "von Hand", replace: "von Hand (manuell)" },
      { op: "replace_text", block: id, find: "zusammen?\r\n(Die", replace: "zusammen? (Die" },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["applied", "applied", "applied"]);
    const text = cells.get(id)!;
    assert.ok(text.startsWith("Wirken sämtliche Geräte einwandfrei zusammen? (Die Auslösung"), text);
    assert.ok(text.endsWith("von Hand (manuell) erfolgen)"), text);
    othersSame(before, cells, [id]);
    assert.equal(after.text("xl/sharedStrings.xml"), pkg.text("xl/sharedStrings.xml"));
    const block = xlsxEdit.read(out).blocks.find((b) => b.id === id)!;
    const cell = after.text(block.part)!.slice(block.start, block.end);
    assert.match(cell, /^<c r="A65"[^>]* t="inlineStr"><is><r><t>Wirken sämtliche Geräte einwandfrei zusammen\? \(Die<\/t><\/r><r><rPr><sz val="8"\/><color theme="1"\/><rFont val="Arial"\/><family val="2"\/><\/rPr><t xml:space="preserve"> Auslösung/);
  });
});

describe("xlsx edit: the whole corpus", () => {
  it("edits the first and last cell of every readable workbook into well-formed parts that read back", () => {
    for (const name of readdirSync(corpusPath("xlsx")).filter((n) => n.endsWith(".xlsx"))) {
      const bytes = file(name);
      let blocks;
      try {
        blocks = xlsxEdit.read(bytes).blocks;
      } catch {
        continue; // Not a readable workbook (a missing workbook part): read refuses it as extract does.
      }
      if (blocks.length === 0) continue;
      const first = blocks[0]!;
      const last = blocks[blocks.length - 1]!;
      const { result, cells, before, pkg } = edit(name, [
        { op: "set_cell", block: first.id, value: "Edited & <checked>", formula: false },
        { op: "insert_row", block: last.id, values: ["1", "=1+1", "x"] },
        { op: "set_cell", block: last.id.replace(/![A-Z]+\d+$/, "!AA1"), value: "=ROW()", formula: true },
      ]);
      const wellFormed = (xml: string, part: string) => {
        try {
          checkWellFormed(xml, part);
          return true;
        } catch {
          return false;
        }
      };
      // A part that was not well-formed (exceljs-invalid-xml.xlsx has text before its root) stays as damaged as it was.
      for (const [part, text] of result.parts) if (typeof text === "string" && wellFormed(pkg.text(part) ?? "", part)) checkWellFormed(text, part);
      assert.equal(cells.get(first.id), "Edited & <checked>", name);
      assert.equal(result.edits[2]!.outcome, "applied", `${name}: ${result.edits[2]!.reason}`);
      const changed = [first.id, last.id.replace(/![A-Z]+\d+$/, "!AA1")];
      for (const [id, text] of before) if (!changed.includes(id) && cells.has(id)) assert.equal(cells.get(id), text, `${name} ${id}`);
    }
  });
});
