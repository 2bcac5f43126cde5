/**
 * Issue 17, item 4: a contract's signature block (short lines with manual breaks inside a justified document) is
 * set left-aligned and kept together, in Word and in LibreOffice's PDF: the "Name:" lines start at their column's
 * left edge and their words keep normal gaps instead of being stretched across the page.
 * Issue 30, item 4: the parties sign side by side, as a lawyer lays a contract out: a borderless two-column table,
 * one column per party (a third party wraps to a new row), room to sign over a line for each, and the author's
 * name, role and date lines under it.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { readMarkdown } from "../../../core/markdown/read.ts";
import type { Inline } from "../../../core/ir/types.ts";
import { isLeadIn, isLineKept } from "../../../plugins/docx/line-kept.ts";
import { signatureBlock } from "../../../plugins/docx/signature-block.ts";
import { closeSharedOfficeConverter } from "../../../renderers/index.ts";
import { execFileSync } from "node:child_process";
import { contrato } from "./contrato.ts";
import { part, pdfLines, renderDocx, toPdf } from "./support.ts";

after(closeSharedOfficeConverter);

const inlinesOf = (markdown: string): Inline[] => {
  const block = readMarkdown(markdown).ir.blocks[0]!;
  assert.equal(block.type, "paragraph");
  return (block as { inlines: Inline[] }).inlines;
};

export const contract = `# Services Agreement

This Services Agreement is made on 1 March 2026 between **Northwind Consulting Ltd.** ("the Supplier") and **Contoso Retail plc** ("the Client"), and sets out the terms on which the Supplier provides its services to the Client.

## Fees

The Client shall pay the Supplier a fee of GBP 48,000 plus VAT, invoiced monthly in arrears and payable within thirty days of the date of each invoice, to the account nominated by the Supplier in writing.

Signed for and on behalf of the Supplier:

Name: Robert Hughes\\
Title: Managing Director\\
Signature: ______________________\\
Date: ____________

Signed for and on behalf of the Client:

Name: Alice Mendes\\
Title: Chief Operating Officer\\
Signature: ______________________\\
Date: ____________
`;

describe("line-kept paragraphs", () => {
  test("short, labelled or fill-in lines joined with breaks are the author's lines; prose with a break is not", () => {
    assert.ok(isLineKept(inlinesOf("Name: Robert Hughes\\\nSignature: ________")));
    assert.ok(isLineKept(inlinesOf("Firma: ________\\\nFecha: ____")));
    assert.ok(isLineKept(inlinesOf("Acme Supplies Ltd.\\\n12 Harbour Street\\\nBristol BS1 4AA")));
    assert.ok(!isLineKept(inlinesOf("Name: Robert Hughes")), "one line is never stretched: nothing to keep");
    const prose = "The Client shall pay the Supplier a fee of GBP 48,000 plus VAT, invoiced monthly in arrears and payable within thirty days.";
    assert.ok(!isLineKept(inlinesOf(`${prose}\\\n${prose}`)));
    assert.ok(isLeadIn(inlinesOf("Signed for and on behalf of the Client:")));
    assert.ok(!isLeadIn(inlinesOf("The parties sign.")));
  });
});

describe("a contract's signature block in a justified document", () => {
  test("Word: the block is left-aligned and kept on one page, with its lead-in", async () => {
    const { bytes, type } = await renderDocx(contract, { style: "justified" });
    assert.equal(type, "contract");
    const xml = part(bytes, "word/document.xml");
    const paragraphs = xml.split("<w:p>").slice(1);
    const block = paragraphs.find((p) => p.includes("Robert Hughes"))!;
    assert.match(block, /<w:jc w:val="left"\/>/);
    assert.match(xml.slice(xml.lastIndexOf("<w:tr>", xml.indexOf("Robert Hughes"))), /^<w:tr>\s*<w:trPr>\s*<w:cantSplit\/>/, "the parties' row never splits across pages");
    assert.match(paragraphs.find((p) => p.includes("behalf of the Supplier"))!, /<w:keepNext\/>/);
    assert.match(paragraphs.find((p) => p.includes("The Client shall pay"))!, /<w:keepNext\/>/, "the last words stay with the signatures");
    assert.match(part(bytes, "word/styles.xml"), /<w:jc w:val="both"\/>/, "the style asked for justified text");
  });

  test("LibreOffice's PDF: each party's lines start at its column's edge and are not stretched", async () => {
    const { bytes } = await renderDocx(contract, { style: "justified" });
    const lines = (await pdfLines(await toPdf(bytes))).flat();
    const body = lines.find((l) => l.text.startsWith("The Client shall pay"))!;
    const margin = body.words[0]!.x0;
    const middle = margin + (body.words.at(-1)!.x1 - margin) / 2;
    const column = (x: number) => (x < middle ? margin : middle);
    for (const name of ["Name: Robert Hughes", "Name: Alice Mendes", "Title: Chief Operating Officer"]) {
      const line = lines.flatMap((l) => splitColumns(l, middle)).find((l) => l.text === name);
      assert.ok(line, `the PDF has the line ${name}: ${lines.map((l) => l.text).join(" | ")}`);
      assert.ok(Math.abs(line.words[0]!.x0 - column(line.words[0]!.x0)) < 2, `${name} starts at its column's edge`);
      const gaps = line.words.slice(1).map((w, i) => w.x0 - line.words[i]!.x1);
      assert.ok(Math.max(...gaps) < 6, `${name}: word gaps ${gaps.map((g) => g.toFixed(1)).join(", ")} pt are a space, not a stretch`);
      assert.ok(line.words.at(-1)!.x1 - column(line.words[0]!.x0) < 230, `${name} ends well before its column's end`);
    }
  });
});

type Line = Awaited<ReturnType<typeof pdfLines>>[number][number];
/** mupdf may join the two columns' words into one line: the part left of the middle and the part right of it. */
const splitColumns = (line: Line, middle: number): Line[] =>
  [line.words.filter((w) => w.x0 < middle), line.words.filter((w) => w.x0 >= middle)]
    .filter((words) => words.length > 0)
    .map((words) => ({ ...line, words, text: words.map((w) => w.text).join(" ") }));

const pdftotextLayout = (pdf: Uint8Array): string => execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf, encoding: "utf8" });

describe("parties side by side (issue 30, item 4)", () => {
  test("recognised: the parties closing the text, each with its lead-in; prose and a lone address are not", () => {
    const parties = (markdown: string) => signatureBlock(readMarkdown(markdown).ir.blocks)?.parties.map((p) => p.lines.length);
    assert.deepEqual(parties(contract), [4, 4]);
    assert.deepEqual(parties(contrato), [3, 3]);
    assert.deepEqual(parties("Por el Proveedor:\n\nFdo.: Juan Pérez\n\nPor el Cliente:\n\nFdo.: María López"), [1, 1]);
    assert.equal(parties("Acme Supplies Ltd.\\\n12 Harbour Street\\\nBristol BS1 4AA"), undefined, "one block of lines is an address");
    assert.equal(parties("The parties agree.\n\nThe Supplier\\\nLondon\n\nThe Client\\\nLeeds"), undefined, "nothing says it is for signing");
    assert.equal(parties(`${contract}\n## Schedule 1\n\nThe services in detail.`), undefined, "a signature block is the text's end");
    assert.deepEqual(parties("Y en prueba de conformidad, las partes firman el presente contrato.\n\nEl Proveedor | El Cliente"), [1, 1]);
    assert.equal(parties("The totals are shown below.\n\nRevenue | Costs"), undefined, "names in a row close a signing sentence only");
  });

  test("names in a row under 'las partes firman': a line to sign over each name, side by side (pdftotext -layout)", async () => {
    const markdown = "# Contrato\n\n## Cláusula primera. Objeto\n\nEl Proveedor prestará servicios al Cliente.\n\nY en prueba de conformidad, las partes firman el presente contrato.\n\nEl Proveedor | El Cliente\n";
    const { bytes, type } = await renderDocx(markdown);
    assert.equal(type, "contract");
    const xml = part(bytes, "word/document.xml");
    const table = xml.slice(xml.lastIndexOf("<w:tbl>"), xml.lastIndexOf("</w:tbl>"));
    const cells = table.split("<w:tc>").slice(1);
    assert.equal(cells.length, 2);
    for (const [n, name] of ["El Proveedor", "El Cliente"].entries()) {
      const paragraphs = cells[n]!.split("<w:p>").slice(1);
      assert.match(paragraphs[0]!, /<w:pBdr>\s*<w:bottom w:val="single"[\s\S]*w:before="720"|w:before="720"[\s\S]*<w:pBdr>\s*<w:bottom w:val="single"/, "room and a line to sign on");
      assert.match(paragraphs[1]!, new RegExp(name), "the party's name under its line");
    }
    const lines = pdftotextLayout(await toPdf(bytes)).split("\n");
    assert.ok(lines.some((l) => /El Proveedor\s{3,}El Cliente/.test(l)), "both names on one line, apart");
    assert.ok(!lines.some((l) => l.includes("|")), "no bar is printed");
  });

  test("Word: a borderless two-column table, one party a column, room to sign over a line for each", async () => {
    const { bytes } = await renderDocx(contrato);
    const xml = part(bytes, "word/document.xml");
    const table = xml.slice(xml.lastIndexOf("<w:tbl>"), xml.lastIndexOf("</w:tbl>"));
    assert.ok(table.includes("EL ARRENDADOR") && table.includes("EL ARRENDATARIO"), "both parties are in the table");
    const cells = table.split("<w:tc>").slice(1);
    assert.equal(cells.length, 2, "one row of two cells");
    assert.match(cells[0]!, /EL ARRENDADOR/);
    assert.match(cells[1]!, /EL ARRENDATARIO/);
    const tblBorders = /<w:tblBorders>([\s\S]*?)<\/w:tblBorders>/.exec(table)![1]!;
    assert.deepEqual([...tblBorders.matchAll(/w:val="(\w+)"/g)].map((m) => m[1]).filter((v) => v !== "none" && v !== "nil"), [], "the table draws no border");
    for (const cell of cells) {
      const paragraphs = cell.split("<w:p>").slice(1);
      const rule = paragraphs.findIndex((p) => /<w:pBdr>\s*<w:bottom w:val="single"/.test(p));
      assert.ok(rule > 0, "a line to sign on, under the party's name");
      assert.match(paragraphs[rule]!, /<w:spacing [^>]*w:before="720"/, "room to sign above the line");
      assert.match(paragraphs[rule + 1]!, /Fdo\.: /, "the author's Fdo. line under it");
    }
  });

  test("Word: the author's own signature line gets the room to sign, and no second line is drawn", async () => {
    const { bytes } = await renderDocx(contract);
    const xml = part(bytes, "word/document.xml");
    const table = xml.slice(xml.lastIndexOf("<w:tbl>"), xml.lastIndexOf("</w:tbl>"));
    assert.doesNotMatch(table, /<w:pBdr>/);
    const signature = table.split("<w:p>").filter((p) => p.includes("Signature: ___"));
    assert.equal(signature.length, 2);
    for (const p of signature) assert.match(p, /<w:spacing [^>]*w:before="720"/);
  });

  test("a third party wraps to a second row", async () => {
    const three = `${contract}\nSigned for and on behalf of the Guarantor:\n\nName: Peter Wong\\\nSignature: ______________________\n`;
    const { bytes } = await renderDocx(three);
    const xml = part(bytes, "word/document.xml");
    const table = xml.slice(xml.lastIndexOf("<w:tbl>"), xml.lastIndexOf("</w:tbl>"));
    const rows = table.split("<w:tr>").slice(1);
    assert.equal(rows.length, 2);
    assert.match(rows[0]!, /Robert Hughes[\s\S]*Alice Mendes/);
    assert.match(rows[1]!, /Peter Wong/);
  });

  test("pdftotext -layout: the two parties stand on the same lines, with blank lines to sign between name and Fdo.", async () => {
    const { bytes } = await renderDocx(contrato);
    const text = pdftotextLayout(await toPdf(bytes));
    const lines = text.split("\n");
    const names = lines.findIndex((l) => /EL ARRENDADOR\s{3,}EL ARRENDATARIO/.test(l));
    assert.ok(names >= 0, `the parties' names on one line:\n${text}`);
    const fdo = lines.findIndex((l) => /Fdo\.: D\. Juan Pérez García\s{3,}Fdo\.: Dña\. María López Ruiz/.test(l));
    assert.ok(fdo > names + 2, `room to sign between the names and the Fdo. lines:\n${text}`);
    assert.ok(lines.slice(names + 1, fdo).every((l) => l.trim() === ""), "nothing but room between them");
    assert.match(lines[fdo + 1]!, /Administrador único\s{3,}Administradora solidaria/);
  });
});
