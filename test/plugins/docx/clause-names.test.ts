/**
 * Issue 30, item 3: a contract whose author named or numbered its clauses ("### Primera. Objeto") is not numbered
 * on top ("3.1. Primera. Objeto" under a "3. Cláusulas" the author did not number); one with plain headings
 * ("Object", "Price") still gets its clause numbers. Read back with pandoc, the document.xml and LibreOffice's PDF,
 * which draws Word's numbers.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { namesItsClause } from "../../../plugins/docx/clause-names.ts";
import { closeSharedOfficeConverter } from "../../../renderers/index.ts";
import { contrato } from "./contrato.ts";
import { pandocText, part, pdfPages, renderDocx, toPdf } from "./support.ts";

after(closeSharedOfficeConverter);

const headingsOf = (xml: string) =>
  xml
    .split("<w:p>")
    .slice(1)
    .filter((p) => /<w:pStyle w:val="Heading\d"\/>/.test(p))
    .map((p) => ({ text: [...p.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(""), numbered: p.includes("<w:numPr>") }));

describe("headings that name their clause", () => {
  const given: Array<[string, boolean]> = [
    ["Primera. Objeto", true],
    ["PRIMERA.- OBJETO", true],
    ["Novena", true],
    ["Vigésima primera. Fuero", true],
    ["Cláusula tercera", true],
    ["Clause 4 – Term", true],
    ["Article 5", true],
    ["Artículo 6", true],
    ["Section 2.", true],
    ["1. Definitions", true],
    ["IV. Precio", true],
    ["Deuxième : Prix", true],
    ["Article premier", true],
    ["§ 3 Laufzeit", true],
    ["Erstens: Gegenstand", true],
    ["Terzo. Corrispettivo", true],
    ["Cláusula Primeira", true],
    ["Object", false],
    ["Cláusulas", false],
    ["Primera vivienda", false],
    ["Second-hand goods", false],
    ["Articles of Association", false],
    ["2026 Outlook", false],
    ["Introduction", false],
  ];
  for (const [heading, want] of given) test(`${heading} → ${want}`, () => assert.equal(namesItsClause(heading), want));
});

describe("a contract numbered by its author", () => {
  test("Word: the headings read as written, none carries Word numbering; the PDF shows no number on top", async () => {
    const { bytes, type } = await renderDocx(contrato);
    assert.equal(type, "contract");
    const headings = headingsOf(part(bytes, "word/document.xml"));
    assert.deepEqual(
      headings.map((h) => h.text),
      ["Reunidos", "Cláusulas", "Primera. Objeto", "Segunda. Renta", "Tercera. Actualización"],
    );
    assert.deepEqual(headings.filter((h) => h.numbered), [], "no heading has a numPr, not even the ones above the clauses");
    const text = pandocText(bytes);
    for (const h of headings) assert.match(text, new RegExp(`^${h.text}$`, "m"), `pandoc reads "${h.text}" as its own line`);
    assert.match(text, /conforme a la cláusula tercera/);
    const pdf = (await pdfPages(await toPdf(bytes))).join("\n");
    assert.match(pdf, /Primera\. Objeto/);
    assert.doesNotMatch(pdf, /^\s*\d+(\.\d+)*\.?\s*(Reunidos|Cláusulas|Primera|Segunda|Tercera)/m, "LibreOffice draws no clause number on top");
  });

  test("a contract with plain headings is still numbered: 1. Object, 2. Price", async () => {
    const { bytes } = await renderDocx("# Services Agreement\n\n## Object\n\nThe Supplier shall provide the services.\n\n## Price\n\nThe Client shall pay the fee.\n\nIn witness whereof the parties sign this agreement.");
    const headings = headingsOf(part(bytes, "word/document.xml"));
    assert.deepEqual(headings.map((h) => [h.text, h.numbered]), [["Object", true], ["Price", true]]);
    const pdf = (await pdfPages(await toPdf(bytes))).join("\n");
    assert.match(pdf, /^1\.\s*Object$/m);
    assert.match(pdf, /^2\.\s*Price$/m);
  });
});
