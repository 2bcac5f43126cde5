/**
 * Reading xlsx into the IR, and its Markdown as the one writer writes it: every workbook of the shared corpus (files written by Excel, LibreOffice and other
 * tools, some deliberately broken) is read or refused with a clear error, decided per file; then cell kinds, number
 * formats, dates (1900 and 1904), formulas, merges, caps and macros on small workbooks built here; and workbooks
 * written by our own renderer read back with their values.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { strToU8, zipSync } from "fflate";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { ExtractRefused } from "../../../core/contracts/extract.ts";
import { extractedMarkdown } from "../../../core/extract/result.ts";
import type { Block, SourceRange } from "../../../core/ir/types.ts";
import { plainText } from "../../../core/ir/text.ts";
import { openPackage } from "../../../core/ooxml/package.ts";
import { extractXlsx } from "../../../plugins/xlsx/extract/index.ts";
import { shiftFormula } from "../../../plugins/xlsx/extract/cell-ref.ts";
import { formatNumber } from "../../../core/ooxml/number-format.ts";
import { splitSheet } from "../../../plugins/xlsx/extract/sheet-xml.ts";
import { xlsxPlugin } from "../../../plugins/xlsx/index.ts";
import { corpusPath } from "../../support/corpus.ts";

const ROOT = resolve(import.meta.dirname, "../../..");
const CORPUS = corpusPath("xlsx");

const read = async (bytes: Uint8Array) => {
  const result = await extractXlsx(bytes, {});
  return { ...result, markdown: extractedMarkdown(result) };
};
const corpus = (name: string) => read(readFileSync(join(CORPUS, name)));

// ---------------------------------------------------------------------------------------------
// Small workbooks built here

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml";

/** Cell styles: 0 General, 1 `0.0%`, 2 id 14 (date), 3 `#,##0.00`, 4 `yyyy-mm-dd hh:mm`, 5 `d\ mmmm\ yyyy`, 6 `"$"#,##0`. */
const STYLES = `<styleSheet ${NS}><numFmts count="4"><numFmt numFmtId="164" formatCode="0.0%"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm"/><numFmt numFmtId="166" formatCode="d\\ mmmm\\ yyyy"/><numFmt numFmtId="167" formatCode="&quot;$&quot;#,##0"/></numFmts><cellXfs count="7"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/><xf numFmtId="4"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="167"/></cellXfs></styleSheet>`;

interface SheetSpec {
  name: string;
  rows?: string;
  state?: string;
  tail?: string;
  raw?: string;
}

const workbook = (sheets: SheetSpec[], options: { date1904?: boolean; strings?: string[]; mainType?: string; parts?: Record<string, string> } = {}): Uint8Array => {
  const files: Record<string, Uint8Array> = {};
  const put = (name: string, text: string) => (files[name] = strToU8(text));
  const overrides = sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join("");
  put(
    "[Content_Types].xml",
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${options.mainType ?? MAIN}"/>${overrides}</Types>`,
  );
  put("_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  put(
    "xl/workbook.xml",
    `<workbook ${NS}><workbookPr${options.date1904 ? ' date1904="1"' : ""}/><sheets>${sheets
      .map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="rId${i + 1}"${s.state ? ` state="${s.state}"` : ""}/>`)
      .join("")}</sheets></workbook>`,
  );
  put(
    "xl/_rels/workbook.xml.rels",
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join("")}<Relationship Id="rS" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rT" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  put("xl/styles.xml", STYLES);
  put("xl/sharedStrings.xml", `<sst ${NS}>${(options.strings ?? []).map((s) => `<si><t>${s}</t></si>`).join("")}</sst>`);
  sheets.forEach((s, i) => put(`xl/worksheets/sheet${i + 1}.xml`, s.raw ?? `<worksheet ${NS}><sheetData>${s.rows ?? ""}</sheetData>${s.tail ?? ""}</worksheet>`));
  for (const [name, text] of Object.entries(options.parts ?? {})) put(name, text);
  return zipSync(files);
};

/** The table lines of a result (rows starting with `|`), trimmed. */
const tableLines = (r: { markdown: string }) => r.markdown.split("\n").filter((l) => l.startsWith("|"));

// ---------------------------------------------------------------------------------------------

describe("xlsx extract: the corpus", () => {
  // Decided per file: these two are broken beyond reading; everything else is read.
  const refused: Record<string, { code: "unreadable"; message: RegExp }> = {
    // A worksheet with text outside its root element (exceljs expects a parse error): its only sheet is damaged.
    "exceljs-invalid-xml.xlsx": { code: "unreadable", message: /Sheet "Sheet1" could not be read: .*not well-formed XML/ },
    // No workbook part and no content types: not a workbook, only loose parts.
    "exceljs-missing-bits.xlsx": { code: "unreadable", message: /workbook part \(xl\/workbook\.xml\) is missing/ },
  };
  const files = readdirSync(CORPUS).filter((f) => f.endsWith(".xlsx"));

  it("holds the workbooks the tests rely on", () => {
    assert.ok(files.length >= 30, `only ${files.length} files`);
  });

  for (const file of files) {
    it(`${file}: ${refused[file] ? "is refused as unreadable" : "is read, one section per sheet"}`, async () => {
      const started = performance.now();
      if (refused[file]) {
        await assert.rejects(corpus(file), (error: unknown) => {
          assert.ok(error instanceof ExtractRefused, String(error));
          assert.equal(error.code, refused[file]!.code);
          assert.match(error.message, refused[file]!.message);
          return true;
        });
        return;
      }
      const result = await corpus(file);
      const headings = result.markdown.match(/^## .*$/gm) ?? [];
      assert.equal(headings.length, result.pages);
      assert.ok(result.pages >= 1);
      assert.ok(performance.now() - started < 5000, "read in under 5 s");
    });
  }

  it("reads dates of a 1904 workbook from 1904-01-01", async () => {
    const result = await corpus("exceljs-1904.xlsx");
    // B4 holds serial 0 with format 14: in the 1904 system that is 1 January 1904 (1900-01-00 in the 1900 one).
    assert.deepEqual(tableLines(result), ["| 1904-01-01 |", "| --- |"]);
  });

  it("shows formulas by their cached values, shared formulas included", async () => {
    const gold = await corpus("exceljs-gold.xlsx");
    assert.match(gold.markdown, /\| Formula \| I am Text \|/);
    assert.match(gold.markdown, /\| Date \| 2016-05-17 \|/);
    const sum = await corpus("exceljs-test-issue-1364.xlsx");
    assert.deepEqual(tableLines(sum).slice(-1), ["| 1 | 1 | 2 |"]);
    const fib = await corpus("exceljs-fibonacci.xlsx");
    assert.match(fib.markdown, /\| 19 \| 4181 \|/);
    assert.doesNotMatch(fib.markdown, /=/);
  });

  it("heads each sheet with its name, marks hidden sheets under the heading and keeps tab order", async () => {
    const result = await corpus("exceljs-test-pr-728.xlsx");
    assert.deepEqual(result.markdown.match(/^## .*$/gm), ["## Sheet1", "## Sheet2", "## Sheet3"]);
    assert.match(result.markdown, /^## Sheet2\n\n<!-- hidden sheet -->\n/m);
    assert.equal(result.markdown.match(/<!-- hidden sheet -->/g)?.length, 1);
  });

  it("reads a chart sheet as its title and cached data", async () => {
    const result = await corpus("exceljs-chart-sheet.xlsx");
    assert.match(result.markdown, /## Chart1\n\n\*\*Chart \(column\): Wildlife Population\*\*\n\n\| Category \| Bears \| Dolphins \| Whales \|/);
    assert.match(result.markdown, /\| Jun \| 184 \| 1 \| 72 \|/);
  });

  it("reads inline strings, and strings with OOXML escapes", async () => {
    assert.match((await corpus("exceljs-test-issue-1575.xlsx")).markdown, /\| 1\.0 \| 2\.0 \| 3\.0 \|/);
    // `_x005F_x000D_` is the literal text `_x000D_` (an escaped underscore), not a carriage return.
    assert.match((await corpus("exceljs-shared_string_with_escape.xlsx")).markdown, /\| \\_x000D\\_ \|/);
  });

  it("keeps cell notes as Word comments are kept: a reference in the cell, the definition at the end", async () => {
    const { markdown } = await corpus("exceljs-test-issue-880.xlsx");
    assert.match(markdown, /^\| #REF!\[\^c1\] \|$/m);
    // The author's name Excel puts at the top of a note is the "by", not the text.
    assert.match(markdown, /^\[\^c1\]: Comment by rd on A3 \(“#REF!”\): mehrkilometer kosten ist$/m);
    assert.match(markdown, /^\[\^c4\]: Comment by rd on A6 \(“#REF!”\): kosten mehrkilometer plan$/m);
  });

  it("lists pictures drawn over a sheet", async () => {
    assert.match((await corpus("exceljs-images.xlsx")).markdown, /!\[\]\(media\/image1\.jpeg\)/);
  });
});

describe("xlsx extract: comments", () => {
  it("keeps threaded comments with their replies and people, and notes, leaving out a threaded comment's legacy copy", async () => {
    const TC = "http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments";
    const rows = `<row r="1"><c r="A1" t="inlineStr"><is><t>Item</t></is></c><c r="B1" t="inlineStr"><is><t>Total</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Fees</t></is></c><c r="B2"><v>1200</v></c></row>`;
    const bytes = workbook([{ name: "Budget", rows }], {
      parts: {
        "xl/_rels/workbook.xml.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rP" Type="http://schemas.microsoft.com/office/2017/10/relationships/person" Target="persons/person.xml"/></Relationships>`,
        "xl/persons/person.xml": `<personList xmlns="${TC}"><person displayName="Ann Lee" id="{P1}"/><person displayName="Bob Roy" id="{P2}"/></personList>`,
        "xl/worksheets/_rels/sheet1.xml.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${REL}/comments" Target="../comments1.xml"/><Relationship Id="r2" Type="http://schemas.microsoft.com/office/2017/10/relationships/threadedComment" Target="../threadedComments/threadedComment1.xml"/></Relationships>`,
        "xl/comments1.xml": `<comments ${NS}><authors><author>tc={C1}</author><author>Carl</author></authors><commentList><comment ref="B2" authorId="0"><text><t>[Threaded comment] Your version of Excel allows you to read this threaded comment…</t></text></comment><comment ref="C3" authorId="1"><text><r><t>Carl:</t></r><r><t xml:space="preserve">
Check *this* | later</t></r></text></comment></commentList></comments>`,
        "xl/threadedComments/threadedComment1.xml": `<ThreadedComments xmlns="${TC}"><threadedComment ref="B2" dT="2024-01-01T10:00:00.00" personId="{P1}" id="{C1}"><text>Is this right?</text></threadedComment><threadedComment ref="B2" personId="{P2}" id="{C2}" parentId="{C1}"><text>Yes, checked.</text></threadedComment></ThreadedComments>`,
      },
    });
    const { markdown, ir } = await read(bytes);
    assert.equal(
      markdown,
      "## Budget\n\n| Item | Total |  |\n| --- | --- | --- |\n| Fees | 1200[^c1] |  |\n|  |  | [^c2] |\n\n" +
        "[^c1]: Comment by Ann Lee on B2 (“1200”): Is this right?\n\n    Reply by Bob Roy: Yes, checked.\n\n" +
        "[^c2]: Comment by Carl on C3: Check \\*this\\* | later",
    );
    assert.equal(ir.footnotes.length, 2);
  });
});

describe("xlsx extract: cells", () => {
  it("shows each kind of cell as the sheet shows it", async () => {
    const rows = [
      `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>`,
      `<row r="2"><c r="A2" t="inlineStr"><is><t>inline</t></is></c><c r="B2" t="inlineStr"><is><r><t>rich </t></r><r><t>text</t></r></is></c></row>`,
      `<row r="3"><c r="A3" t="b"><v>1</v></c><c r="B3" t="b"><v>0</v></c></row>`,
      `<row r="4"><c r="A4" t="e"><v>#DIV/0!</v></c><c r="B4" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>`,
      `<row r="5"><c r="A5" s="1"><v>0.125</v></c><c r="B5" s="3"><v>1234.5</v></c></row>`,
      `<row r="6"><c r="A6" s="2"><v>46082</v></c><c r="B6" s="4"><v>46082.6041666667</v></c></row>`,
      `<row r="7"><c r="A7" s="5"><v>46082</v></c><c r="B7" s="6"><v>-1200</v></c></row>`,
      `<row r="8"><c r="A8"><v>0.30000000000000004</v></c><c r="B8" t="d"><v>2026-03-01T00:00:00Z</v></c></row>`,
      `<row r="9"><c r="A9"><f>SUM(A5:B5)</f><v>1234.625</v></c><c r="B9" t="str"><f>A2&amp;"!"</f><v>inline!</v></c></row>`,
      `<row r="10"><c r="A10" t="s"><v>2</v></c><c r="B10"><v>5</v></c></row>`,
    ].join("");
    const result = await read(workbook([{ name: "Kinds", rows }], { strings: ["Name", "Value", "a | b &amp; *c*"] }));
    assert.deepEqual(tableLines(result), [
      "| Name | Value |",
      "| --- | --- |",
      "| inline | rich text |",
      "| TRUE | FALSE |",
      "| #DIV/0! | #DIV/0! |",
      "| 12.5% | 1,234.50 |",
      "| 2026-03-01 | 2026-03-01 14:30 |",
      "| 2026-03-01 | -$1,200 |",
      "| 0.3 | 2026-03-01 |",
      "| 1234.625 | inline! |",
      "| a \\| b & \\*c\\* | 5 |",
    ]);
    assert.deepEqual(result.diagnostics, []);
    assert.equal(result.pages, 1);
  });

  it("keeps a formula's `|` inside its cell", async () => {
    const rows = `<row r="1"><c r="A1" t="inlineStr"><is><t>test</t></is></c></row><row r="2"><c r="A2"><f>IF(B2="a|b",1,0)</f></c></row>`;
    assert.deepEqual(tableLines(await read(workbook([{ name: "Pipe", rows }]))), ["| test |", "| --- |", '| `=IF(B2="a\\|b",1,0)` |']);
  });

  it("shows a formula never calculated as its text, in code, and says so", async () => {
    const rows =
      `<row r="1"><c r="A1" t="inlineStr"><is><t>n</t></is></c><c r="B1" t="inlineStr"><is><t>double</t></is></c></row>` +
      `<row r="2"><c r="A2"><v>1</v></c><c r="B2"><f t="shared" ref="B2:B3" si="0">A2*2</f></c></row>` +
      `<row r="3"><c r="A3"><v>2</v></c><c r="B3"><f t="shared" si="0"/></c></row>`;
    const result = await read(workbook([{ name: "Calc", rows }]));
    assert.deepEqual(tableLines(result).slice(2), ["| 1 | `=A2*2` |", "| 2 | `=A3*2` |"]);
    const [d] = result.diagnostics;
    assert.equal(d?.code, "extract.formula_not_calculated");
    assert.deepEqual(d?.location, { sheet: "Calc", cells: ["B2", "B3"] });
  });

  it("keeps a merged range's value in its first cell only", async () => {
    const rows = `<row r="1"><c r="A1" t="inlineStr"><is><t>Merged title</t></is></c><c r="B1" t="inlineStr"><is><t>stale copy</t></is></c><c r="C1" t="inlineStr"><is><t>C</t></is></c></row><row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>2</v></c><c r="C2"><v>3</v></c></row>`;
    const result = await read(workbook([{ name: "M", rows, tail: `<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>` }]));
    assert.deepEqual(tableLines(result), ["| Merged title |  | C |", "| --- | --- | --- |", "| 1 | 2 | 3 |"]);
  });

  it("reads the used range only: empty rows and columns around the data are left out, inner gaps kept once", async () => {
    const rows =
      `<row r="1"><c r="A1" s="3"/></row>` +
      `<row r="3"><c r="C3" t="inlineStr"><is><t>h1</t></is></c><c r="D3" t="inlineStr"><is><t>h2</t></is></c><c r="H3" s="1"/></row>` +
      `<row r="4"><c r="C4"><v>1</v></c></row>` +
      `<row r="9"><c r="D9"><v>2</v></c></row><row r="10"><c r="D10"><v>3</v></c></row>` +
      `<row r="40"><c r="Z40" s="2"/></row>`;
    const result = await read(workbook([{ name: "Used", rows }]));
    assert.deepEqual(tableLines(result), ["| h1 | h2 |", "| --- | --- |", "| 1 |  |", "|  |  |", "|  | 2 |", "|  | 3 |"]);
  });

  it("marks hidden and very hidden sheets, and says when a sheet is empty", async () => {
    const result = await read(workbook([{ name: "Shown", rows: `<row r="1"><c r="A1"><v>1</v></c></row>` }, { name: "H", state: "hidden" }, { name: "VH", state: "veryHidden" }]));
    assert.deepEqual(result.markdown.match(/^## .*$/gm), ["## Shown", "## H", "## VH"]);
    assert.match(result.markdown, /## H\n\n<!-- hidden sheet -->\n\n<!-- empty sheet -->/);
    assert.match(result.markdown, /## VH\n\n<!-- hidden sheet -->\n\n<!-- empty sheet -->/);
    assert.match(result.markdown, /## Shown\n\n\| 1 \|/);
    assert.equal(result.pages, 3);
  });

  it("counts dates from 1904 when the workbook says so", async () => {
    const rows = `<row r="1"><c r="A1" s="2"><v>0</v></c><c r="B1" s="5"><v>44620</v></c></row>`;
    const [line1900] = tableLines(await read(workbook([{ name: "D", rows }])));
    const [line1904] = tableLines(await read(workbook([{ name: "D", rows }], { date1904: true })));
    assert.equal(line1900, "| 1900-01-00 | 2022-02-28 |");
    assert.equal(line1904, "| 1904-01-01 | 2026-03-01 |");
  });

  it("cuts a huge sheet at 5,000 rows, says how many were left out, and warns", async () => {
    const rows = Array.from({ length: 5_101 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c><c r="B${i + 1}" t="inlineStr"><is><t>row ${i}</t></is></c></row>`).join("");
    const started = performance.now();
    const result = await read(workbook([{ name: "Big", rows }]));
    const elapsed = performance.now() - started;
    assert.equal(tableLines(result).length, 5_002); // header, separator, 5,000 rows
    assert.match(result.markdown, /<!-- 100 more rows not shown; the first 5,000 are\. -->/);
    assert.equal(result.diagnostics[0]?.code, "extract.rows_truncated");
    assert.deepEqual(result.diagnostics[0]?.location, { sheet: "Big" });
    assert.ok(elapsed < 5000, `took ${elapsed} ms`);
  });

  it("reads the other sheets when one is damaged, and says which could not be read", async () => {
    const result = await read(workbook([{ name: "Good", rows: `<row r="1"><c r="A1"><v>7</v></c></row>` }, { name: "Bad", raw: `<worksheet ${NS}><sheetData><row></sheetData></worksheet>` }]));
    assert.match(result.markdown, /## Good\n\n\| 7 \|/);
    assert.match(result.markdown, /## Bad\n\n<!-- this sheet could not be read: .* -->/);
    assert.equal(result.diagnostics[0]?.code, "extract.sheet_unreadable");
  });

  it("reads prefixed SpreadsheetML, and a sheet it cannot cut into rows (a comment inside sheetData) as a whole", async () => {
    const X = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const prefixed = `<x:worksheet ${X}><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>p</x:t></x:is></x:c></x:row><x:row r="2"><x:c r="A2"><x:v>2</x:v></x:c></x:row></x:sheetData><x:mergeCells><x:mergeCell ref="A3:B3"/></x:mergeCells></x:worksheet>`;
    assert.deepEqual(tableLines(await read(workbook([{ name: "P", raw: prefixed }]))), ["| p |", "| --- |", "| 2 |"]);
    const commented = `<worksheet ${NS}><sheetData><!-- <row r="9"> --><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>`;
    assert.deepEqual(splitSheet(commented), null);
    assert.deepEqual(tableLines(await read(workbook([{ name: "C", raw: commented }]))), ["| 1 |", "| --- |"]);
  });

  it("refuses macros: a VBA project, a macro-enabled workbook, or Excel 4.0 macro sheets", async () => {
    const sheet = { name: "S", rows: `<row r="1"><c r="A1"><v>1</v></c></row>` };
    const cases = [
      workbook([sheet], { parts: { "xl/vbaProject.bin": "binary" } }),
      workbook([sheet], { mainType: "application/vnd.ms-excel.sheet.macroEnabled.main+xml" }),
      workbook([sheet], { parts: { "xl/macrosheets/sheet1.xml": "<xm:macrosheet/>" } }),
    ];
    for (const bytes of cases) {
      await assert.rejects(read(bytes), (error: unknown) => {
        assert.ok(error instanceof ExtractRefused);
        assert.equal(error.code, "file_rejected");
        assert.equal(error.message, "The file contains macros (VBA), which Quire refuses.");
        return true;
      });
    }
  });
});

describe("xlsx extract: the IR and where each block came from", () => {
  const DRAWING_NS = 'xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const rows =
    `<row r="1"><c r="A1" t="inlineStr"><is><t>Region</t></is></c><c r="B1" t="inlineStr"><is><t>Owner</t></is></c></row>` +
    `<row r="2"><c r="A2" t="inlineStr"><is><t>North *east*</t></is></c><c r="B2" t="inlineStr"><is><t>Ana</t></is></c></row>`;
  const drawing =
    `<xdr:wsDr ${DRAWING_NS}><xdr:twoCellAnchor><xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" name="P" descr="The logo"/></xdr:nvPicPr><xdr:blipFill><a:blip r:embed="rI"/></xdr:blipFill></xdr:pic></xdr:twoCellAnchor>` +
    `<xdr:twoCellAnchor><xdr:sp><xdr:txBody><a:p><a:r><a:t>Figures are draft</a:t></a:r></a:p></xdr:txBody></xdr:sp></xdr:twoCellAnchor></xdr:wsDr>`;
  const bytes = workbook([{ name: "Owners", rows, tail: `<drawing r:id="rD"/>` }, { name: "Blank" }], {
    parts: {
      "xl/worksheets/_rels/sheet1.xml.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rD" Type="${REL}/drawing" Target="../drawings/drawing1.xml"/></Relationships>`,
      "xl/drawings/drawing1.xml": drawing,
      "xl/drawings/_rels/drawing1.xml.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rI" Type="${REL}/image" Target="../media/image1.png"/></Relationships>`,
    },
  });

  /** The text of the part the range points into, start to end. */
  const sliceOf = (file: Uint8Array, source: SourceRange | undefined): string => {
    assert.ok(source, "the node has a source");
    const text = openPackage(file).text(source.part);
    assert.ok(text !== null, `${source.part} is in the package`);
    return text.slice(source.start, source.end);
  };

  it("reads sheets into headings, tables, pictures and paragraphs, numbered in order", async () => {
    const { ir } = await extractXlsx(bytes, {});
    assert.deepEqual(
      ir.blocks.map((b) => [b.id, b.type]),
      [["b0", "heading"], ["b1", "table"], ["b2", "image"], ["b3", "paragraph"], ["b4", "heading"], ["b5", "comment"]],
    );
    const table = ir.blocks[1] as Extract<Block, { type: "table" }>;
    assert.deepEqual(table.header[0]!.cells.map((c) => plainText(c.inlines)), ["Region", "Owner"]);
    assert.deepEqual(table.rows[0]!.cells.map((c) => [c.id, plainText(c.inlines)]), [["b1.r0.c0", "North *east*"], ["b1.r0.c1", "Ana"]]);
    assert.deepEqual(ir.blocks[2], { type: "image", id: "b2", source: ir.blocks[2]!.source, src: "media/image1.png", alt: "The logo" });
    assert.deepEqual(ir.blocks[5], { type: "comment", id: "b5", source: ir.blocks[5]!.source, text: "empty sheet" });
  });

  it("gives every block and cell the range of the element it was read from", async () => {
    const { ir } = await extractXlsx(bytes, {});
    const [owners, table, picture, note, blank, empty] = ir.blocks as [Block, Extract<Block, { type: "table" }>, Block, Block, Block, Block];
    assert.equal(owners.source?.part, "xl/workbook.xml");
    assert.match(sliceOf(bytes, owners.source), /^<sheet name="Owners"[^>]*\/>$/);
    assert.match(sliceOf(bytes, blank.source), /^<sheet name="Blank"[^>]*\/>$/);
    assert.equal(table.source?.part, "xl/worksheets/sheet1.xml");
    assert.match(sliceOf(bytes, table.source), /^<sheetData>[\s\S]*<\/sheetData>$/);
    for (const cell of [...table.header, ...table.rows].flatMap((r) => r.cells)) {
      const xml = sliceOf(bytes, cell.source);
      assert.match(xml, /^<c r="[A-Z]+\d+"[\s\S]*<\/c>$/);
      assert.ok(xml.includes(`<t>${plainText(cell.inlines)}</t>`), `${xml} holds ${plainText(cell.inlines)}`);
    }
    assert.equal(picture.source?.part, "xl/drawings/drawing1.xml");
    assert.match(sliceOf(bytes, picture.source), /^<xdr:pic>.*descr="The logo".*<\/xdr:pic>$/);
    assert.equal(sliceOf(bytes, note.source), "<a:p><a:r><a:t>Figures are draft</a:t></a:r></a:p>");
    assert.match(sliceOf(bytes, empty.source), /^<sheetData>\s*<\/sheetData>$|^<sheetData\/>$/);
  });

  it("points a chart sheet's blocks at the chart they came from", async () => {
    const file = readFileSync(join(CORPUS, "exceljs-chart-sheet.xlsx"));
    const { ir } = await extractXlsx(file, {});
    const title = ir.blocks.find((b) => b.type === "paragraph")!;
    assert.equal(title.source?.part, "xl/charts/chart1.xml");
    assert.match(sliceOf(file, title.source), /Wildlife Population/);
    const data = ir.blocks.find((b) => b.type === "table")!;
    assert.equal(data.source?.part, "xl/charts/chart1.xml");
    assert.match(sliceOf(file, data.source), /^<c:plotArea>[\s\S]*Dolphins[\s\S]*<\/c:plotArea>$/);
  });

  it("gives the same Markdown as the writer writes from the IR, and reads back to the same table", async () => {
    const result = await extractXlsx(bytes, {});
    const markdown = extractedMarkdown(result);
    assert.match(markdown, /^## Owners\n\n\| Region \| Owner \|\n\| --- \| --- \|\n\| North \\\*east\\\* \| Ana \|\n\n!\[The logo\]\(media\/image1\.png\)\n\nFigures are draft\n\n## Blank\n\n<!-- empty sheet -->$/);
    const back = readMarkdown(markdown).ir.blocks.find((b) => b.type === "table") as Extract<Block, { type: "table" }>;
    assert.deepEqual(back.rows[0]!.cells.map((c) => plainText(c.inlines)), ["North *east*", "Ana"]);
  });
});

describe("xlsx extract: number formats", () => {
  const cases: Array<{ given: [number, string]; want: string }> = [
    { given: [0.21, "0%"], want: "21%" },
    { given: [1234.5, "#,##0.00"], want: "1,234.50" },
    { given: [-1200, "#,##0;(#,##0)"], want: "(1,200)" },
    { given: [1200.5, '"€ "#,##0.00'], want: "€ 1,200.50" },
    { given: [1234.5, "[$€-407] #,##0.00"], want: "€ 1,234.50" },
    { given: [1234567, "#,##0,"], want: "1,235" },
    { given: [12345.678, "0.00E+00"], want: "1.23E+04" },
    { given: [1.005, "0.00"], want: "1.01" },
    { given: [0.3333, "# ?/?"], want: "0.3333" },
    { given: [1e20, "General"], want: "1E+20" },
    { given: [45000.5, "m/d/yy h:mm"], want: "2023-03-15 12:00" },
    { given: [45000, "[$-F800]dddd, mmmm dd, yyyy"], want: "2023-03-15" },
    { given: [0.5, "h:mm:ss AM/PM"], want: "12:00:00" },
    { given: [1.5, "[h]:mm"], want: "36:00" },
    { given: [60, "yyyy-mm-dd"], want: "1900-02-29" },
    { given: [61, "yyyy-mm-dd"], want: "1900-03-01" },
  ];
  for (const { given, want } of cases) {
    it(`${given[0]} as ${given[1]} → ${want}`, () => assert.equal(formatNumber(given[0], given[1]), want));
  }

  it("moves the relative references of a shared formula", () => {
    assert.equal(shiftFormula("SUM(A1:B2)+$C$1+C$1+LOG10(D4)&\"A1\"+'Q1 2026'!A1", 2, 1), "SUM(B3:C4)+$C$1+D$1+LOG10(E6)&\"A1\"+'Q1 2026'!B3");
  });
});

describe("xlsx extract: workbooks written by our renderer", () => {
  const render = async (name: string) => {
    const { ir } = readMarkdown(readFileSync(join(ROOT, "fixtures/xlsx", name, "input.md"), "utf8"));
    const { bytes } = await xlsxPlugin.render!(ir, defaultStyle("spreadsheet"), { type: "spreadsheet" });
    return read(bytes);
  };

  it("reads the sales workbook back with its values as formatted", async () => {
    const result = await render("sales");
    assert.equal(result.pages, 1);
    assert.deepEqual(result.markdown.split("\n"), [
      "## Monthly sales",
      "",
      "| Month | Units | Revenue | Margin |",
      "| --- | --- | --- | --- |",
      "| January | 120 | $12,000.00 | 21% |",
      "| February | 135 | $13,500.00 | 22% |",
      "| March | 150 | $15,000.00 | 20% |",
      "| Total | 405 | $40,500.00 |  |",
    ]);
    assert.deepEqual(result.diagnostics, []);
  });

  it("reads Spanish dates and amounts as ISO dates and plain numbers", async () => {
    const result = await render("formats-es");
    assert.match(result.markdown, /\| 2026-01-15 \| Alquiler \| 1,200\.50 € \| 21% \|/);
  });

  it("says so when the workbook was never calculated (formulas left for Excel to compute)", async () => {
    const result = await render("assumptions");
    assert.match(result.markdown, /\| Basic \| 100 \| `=B2\*\(1\+growth_rate\)` \| `=C2\*\(1\+vat_rate\)` \|/);
    assert.deepEqual(
      result.diagnostics.map((d) => d.code),
      ["extract.formula_not_calculated"],
    );
  });
});
