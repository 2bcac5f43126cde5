/**
 * `replace_all` in a workbook (plugins/xlsx/edit/replace-all.ts, apply.ts) written here: the phrase in shared
 * strings (one of them rich, the phrase split across a plain and a bold run), an inline string, a second sheet, a
 * formula and its cached string, a number. Text cells change, formulas and numbers do not; LibreOffice (when
 * installed) reads the result as CSV, a reader we did not write.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import type { EditOp } from "../../../../core/contracts/edit.ts";
import { openPackage } from "../../../../core/ooxml/package.ts";
import { writePackage } from "../../../../core/ooxml/write.ts";
import { xlsxEdit } from "../../../../plugins/xlsx/edit/index.ts";

const NS = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const sheet = (rows: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`;

const SHARED = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst ${NS} count="3" uniqueCount="3"><si><t>Acme Corp</t></si><si><r><t xml:space="preserve">Sold by Acme </t></r><r><rPr><b/></rPr><t>Corp</t></r><r><t xml:space="preserve"> twice: Acme Corp</t></r></si><si><t>Untouched text</t></si></sst>`;

const workbook = (): Uint8Array =>
  zipSync({
    "[Content_Types].xml": strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`),
    "_rels/.rels": strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    "xl/workbook.xml": strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook ${NS}><sheets><sheet name="Clients" sheetId="1" r:id="rId1"/><sheet name="Notes" sheetId="2" r:id="rId2"/></sheets></workbook>`),
    "xl/_rels/workbook.xml.rels": strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`),
    "xl/worksheets/sheet1.xml": strToU8(
      sheet(
        `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>` +
          `<row r="2"><c r="A2" t="inlineStr"><is><t>Inline Acme Corp</t></is></c><c r="B2" t="str"><f>"Acme Corp"&amp;"!"</f><v>Acme Corp!</v></c><c r="C2"><v>42</v></c></row>`,
      ),
    ),
    "xl/worksheets/sheet2.xml": strToU8(sheet(`<row r="1"><c r="A1" t="s"><v>0</v></c></row>`)),
    "xl/sharedStrings.xml": strToU8(SHARED),
  });

const OPTIONS = { track: false, author: "Ann Editor", date: "2026-03-04T05:06:07Z" };
const REPLACE: EditOp = { op: "replace_all", find: "Acme Corp", replace: "Globex Inc" };

const apply = (plan: EditOp[]) => {
  const original = workbook();
  const result = xlsxEdit.apply(original, plan, OPTIONS);
  const bytes = writePackage(openPackage(original), result.parts);
  return { original, result, bytes, parts: unzipSync(bytes) };
};

describe("xlsx replace_all", () => {
  it("replaces the phrase in every text cell of every sheet, one edit per occurrence; formulas and numbers stay", () => {
    const { result, parts, original } = apply([REPLACE]);
    assert.deepEqual(
      result.edits.map((e) => [e.outcome, e.block, e.after]),
      [
        ["applied", "Clients!A1", "Globex Inc"],
        ["applied", "Clients!B1", "Sold by Globex Inc twice: Globex Inc"],
        ["applied", "Clients!B1", "Sold by Globex Inc twice: Globex Inc"],
        ["applied", "Clients!A2", "Inline Globex Inc"],
        ["applied", "Notes!A1", "Globex Inc"],
      ],
    );
    assert.equal(result.edits[1]!.before, "Sold by Acme Corp twice: Acme Corp");
    const sheet1 = strFromU8(parts["xl/worksheets/sheet1.xml"]!);
    assert.ok(sheet1.includes(`<c r="B2" t="str"><f>"Acme Corp"&amp;"!"</f><v>Acme Corp!</v></c><c r="C2"><v>42</v></c>`), "the formula and the number as written");
    assert.ok(sheet1.includes(`<c r="C1" t="s"><v>2</v></c>`), "a cell without the phrase as written");
    // The rich string keeps its runs: the bold run's part of the phrase is replaced in the first run's look.
    assert.match(sheet1, /<c r="B1" t="inlineStr"><is><r><t(?: xml:space="preserve")?>Sold by Globex Inc<\/t><\/r><r><t xml:space="preserve"> twice: Globex Inc<\/t><\/r><\/is><\/c>/);
    // Strings are written inline: the shared string table stays as stored. The workbook holds a formula, which may
    // read a changed cell, so it is marked for calculation on load, as for any cell edit.
    assert.deepEqual([...result.parts.keys()].sort(), ["xl/workbook.xml", "xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"]);
    assert.match(strFromU8(parts["xl/workbook.xml"]!), /fullCalcOnLoad="1"/);
    const before = unzipSync(original);
    for (const name of Object.keys(before)) if (!result.parts.has(name)) assert.deepEqual(parts[name], before[name], name);
  });

  it("a phrase in no text cell (only in a formula) is not_found", () => {
    const { result } = apply([{ op: "replace_all", find: "&", replace: "and" }, { op: "replace_all", find: "Initech", replace: "x" }]);
    assert.deepEqual(
      result.edits.map((e) => [e.index, e.outcome, e.block]),
      [
        [0, "not_found", null],
        [1, "not_found", null],
      ],
    );
    assert.equal(result.parts.size, 0);
  });

  it("LibreOffice reads the new text", { skip: existsSync("/usr/bin/soffice") ? false : "LibreOffice not installed", timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), "quire-xlsx-replace-all-"));
    try {
      await writeFile(join(dir, "book.xlsx"), apply([REPLACE]).bytes);
      await promisify(execFile)(
        "/usr/bin/soffice",
        [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1", "--outdir", dir, join(dir, "book.xlsx")],
        { timeout: 110_000 },
      );
      const clients = await readFile(join(dir, "book-Clients.csv"), "utf8");
      assert.deepEqual(clients.trim().split(/\r?\n/), ["Globex Inc,Sold by Globex Inc twice: Globex Inc,Untouched text", "Inline Globex Inc,Acme Corp!,42"]);
      assert.equal((await readFile(join(dir, "book-Notes.csv"), "utf8")).trim(), "Globex Inc");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
