/**
 * Issue 17, item 8: a cover page shows the title, the short lines under it (subtitle, date, "Prepared for …") and
 * the author: a "Prepared by" line of the text, else the caller's organisation. The lines move to the cover and
 * are not repeated in the body; LibreOffice's page 1 shows them, page 2 starts with the body.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, describe, test } from "node:test";
import { readMarkdown } from "../../../core/markdown/read.ts";
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
});
