/**
 * Issue 17, item 8: a cover page shows the title, the short lines under it (subtitle, date, "Prepared for …") and
 * the author: a "Prepared by" line of the text, else the caller's organisation. The lines move to the cover and
 * are not repeated in the body; LibreOffice's page 1 shows them, page 2 starts with the body.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, describe, test } from "node:test";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { plainText } from "../../../core/ir/text.ts";
import { coverLines } from "../../../plugins/docx/cover.ts";
import { closeSharedOfficeConverter } from "../../../renderers/index.ts";
import { pandocText, pdfAuthor, pdfPages, renderDocx, toPdf } from "./support.ts";

after(closeSharedOfficeConverter);

const report = readFileSync(new URL("../../../fixtures/docx/report-cover/input.md", import.meta.url), "utf8");
const squash = (s: string) => s.replace(/\s+/g, " ").trim();

describe("cover lines", () => {
  test("the short paragraphs before the first heading; a sentence of the body is not one", () => {
    const { ir } = readMarkdown("# T\n\nA subtitle\n\nPrepared by Ana Gil\n\nThis is body. It has two sentences.\n\n## One\n\nText.");
    const cover = coverLines(ir.blocks);
    assert.equal(cover.taken, 2);
    assert.equal(cover.lines.length, 1);
    assert.ok(cover.byline);
    assert.equal(coverLines(readMarkdown("# T\n\n## One\n\nText.").ir.blocks).taken, 0);
    assert.equal(coverLines(readMarkdown("# T\n\nOnly line").ir.blocks).taken, 0, "a body is left after the cover");
    const intro = readMarkdown("# T\n\nThis short report sums up the quarter for the board.\n\n## One\n\nText.").ir.blocks;
    assert.equal(coverLines(intro).taken, 0, "a sentence opening the body stays in the body");
    assert.equal(coverLines(readMarkdown("# T\n\nPrepared for Contoso Ltd.\n\nText.").ir.blocks).taken, 1);
  });

  test("a block of short lines is taken whole whatever its total length; a long line or a seventh line keeps it in the body", () => {
    const block = "Northwind Consulting Group, Strategy Practice\nPrepared for the Executive Committee of Contoso\nPrepared by J. Smith and Ana Gil, Senior Partners\nMarch 2026";
    const cover = coverLines(readMarkdown(`# T\n\n${block}\n\n## One\n\nText.`).ir.blocks);
    assert.ok(block.length > 150);
    assert.equal(cover.taken, 1);
    assert.deepEqual(cover.lines.map((l) => plainText(l)), ["Northwind Consulting Group, Strategy Practice", "Prepared for the Executive Committee of Contoso", "March 2026"]);
    const paragraphs = coverLines(readMarkdown(`# T\n\n${block.replace(/\n/g, "\n\n")}\n\n## One\n\nText.`).ir.blocks);
    assert.equal(paragraphs.taken, 4, "four one-line paragraphs are one block too");
    assert.equal(plainText(cover.byline!), "Prepared by J. Smith and Ana Gil, Senior Partners");
    const long = `${"A line that runs on and on, well past what a title block would ever hold on a cover".repeat(2)}\nMarch 2026`;
    assert.equal(coverLines(readMarkdown(`# T\n\n${long}\n\n## One\n\nText.`).ir.blocks).taken, 0);
    const seven = Array.from({ length: 7 }, (_, i) => `Line ${i + 1}`).join("\n");
    assert.equal(coverLines(readMarkdown(`# T\n\n${seven}\n\n## One\n\nText.`).ir.blocks).taken, 0);
  });

  test("the text names its author in the block or further on; a sentence with 'por' does not", () => {
    const named = (md: string) => coverLines(readMarkdown(md).ir.blocks).authorNamed;
    assert.equal(named("# T\n\nMarzo 2026\n\nElaborado por: Área de Riesgos\n\n## Uno\n\nTexto."), true);
    assert.equal(named("# T\n\n## One\n\nText.\n\nAuthor: Helen Park"), true);
    assert.equal(named("# T\n\n## Uno\n\nPor la presente se informa del cierre.\n\nTexto."), false);
  });

  test("bylines in German, French, Italian, Portuguese, Dutch and Catalan sign the cover; a subtitle opening with 'Von' does not", () => {
    const byline = (line: string) => {
      const cover = coverLines(readMarkdown(`# T\n\nMärz 2025\n\n${line}\n\n## Eins\n\nText.`).ir.blocks);
      return cover.byline ? plainText(cover.byline) : undefined;
    };
    for (const line of ["Erstellt von: Anna Weber", "Préparé par Jean Morel", "Rédigé par le cabinet Morel", "A cura di Marco Bianchi", "Redigido por Ana Costa", "Opgesteld door P. de Vries", "Elaborat per Marta Vila", "Auteur : Jean Morel", "Autore: Marco Bianchi"]) {
      assert.equal(byline(line), line);
    }
    assert.equal(byline("Von der Idee zur Umsetzung"), undefined);
    assert.equal(coverLines(readMarkdown("# T\n\n## Un\n\nTexte.\n\nRédigé par le service juridique.").ir.blocks).authorNamed, true);
  });
});

describe("a report with a cover page", () => {
  test("page 1: title, subtitle, date and the organisation; page 2 starts with the body", async () => {
    const { bytes } = await renderDocx(report, { style: "cover page, page numbers", ctx: { author: "Northwind Consulting" } });
    const pdf = await toPdf(bytes);
    const pages = await pdfPages(pdf);
    assert.equal(pages.length, 2);
    assert.equal(squash(pages[0]!), "Quarterly Sales Review Prepared for the Executive Committee March 2026 Northwind Consulting");
    assert.match(squash(pages[1]!), /^Results by region/);
    const plain = squash(pandocText(bytes));
    assert.ok(plain.includes("Prepared for the Executive Committee March 2026 Northwind Consulting"), plain);
    assert.equal(plain.split("March 2026").length, 2, "the date is not repeated in the body");
    assert.equal(await pdfAuthor(pdf), "Northwind Consulting", "the PDF's author is the organisation too");
  });

  test("a Prepared by line of the text signs the cover; without one and without an author, none is made up", async () => {
    const own = report.replace("March 2026", "March 2026\n\nPrepared by Helen Park, Strategy");
    const signed = await pdfPages(await toPdf((await renderDocx(own, { style: "cover page", ctx: { author: "Northwind Consulting" } })).bytes));
    assert.match(squash(signed[0]!), /March 2026 Prepared by Helen Park, Strategy$/);
    const barePdf = await toPdf((await renderDocx(report, { style: "cover page" })).bytes);
    assert.match(squash((await pdfPages(barePdf))[0]!), /March 2026$/);
    assert.equal(await pdfAuthor(barePdf), "", "no author: the PDF names nobody, not the service");
  });

  test("issue 30, item 5: a four-line title block over 90 characters goes whole to page 1, without the organisation when it names the author", async () => {
    const block = "Contoso Retail Europe — Finance Division\nPrepared for the Audit and Risk Committee\nPrepared by María Ortega, Head of Internal Audit\n14 March 2026";
    const text = `# Internal Audit Report 2025\n\n${block}\n\n## Summary\n\nThe audit found two weaknesses in supplier payments.\n\n## Findings\n\nBoth are being fixed.`;
    const pdf = await toPdf((await renderDocx(text, { style: "cover page, table of contents", ctx: { author: "Northwind Consulting" } })).bytes);
    const pages = (await pdfPages(pdf)).map(squash);
    assert.equal(pages[0], "Internal Audit Report 2025 Contoso Retail Europe — Finance Division Prepared for the Audit and Risk Committee 14 March 2026 Prepared by María Ortega, Head of Internal Audit");
    assert.ok(!pages.some((p) => p.includes("Northwind")), "the text names its author: the organisation is not added");
    assert.ok(!pages.slice(1).some((p) => p.includes("Prepared for")), "the block is not repeated in the body");
  });

  test("an author named further on in the text keeps the organisation off the cover", async () => {
    const text = "# Market Study\n\nApril 2026\n\n## Scope\n\nThe study covers three markets.\n\nAutor: Pablo Ruiz";
    const pages = (await pdfPages(await toPdf((await renderDocx(text, { style: "cover page", ctx: { author: "Northwind Consulting" } })).bytes))).map(squash);
    assert.equal(pages[0], "Market Study April 2026");
  });
});
