/**
 * Issue 17, item 4: a contract's signature block (short lines with manual breaks inside a justified document) is
 * set left-aligned and kept together, in Word and in LibreOffice's PDF: the "Name:" lines start at the left margin
 * and their words keep normal gaps instead of being stretched across the page.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { readMarkdown } from "../../../core/markdown/read.ts";
import type { Inline } from "../../../core/ir/types.ts";
import { isLeadIn, isLineKept } from "../../../plugins/docx/line-kept.ts";
import { closeSharedOfficeConverter } from "../../../renderers/index.ts";
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
    assert.match(block, /<w:keepLines\/>/);
    assert.match(block, /<w:jc w:val="left"\/>/);
    assert.match(paragraphs.find((p) => p.includes("behalf of the Supplier"))!, /<w:keepNext\/>/);
    assert.match(part(bytes, "word/styles.xml"), /<w:jc w:val="both"\/>/, "the style asked for justified text");
  });

  test("LibreOffice's PDF: the Name lines start at the left margin and are not stretched", async () => {
    const { bytes } = await renderDocx(contract, { style: "justified" });
    const lines = (await pdfLines(await toPdf(bytes))).flat();
    const body = lines.find((l) => l.text.startsWith("The Client shall pay"))!;
    const margin = body.words[0]!.x0;
    for (const name of ["Name: Robert Hughes", "Name: Alice Mendes", "Title: Chief Operating Officer"]) {
      const line = lines.find((l) => l.text === name);
      assert.ok(line, `the PDF has the line ${name}: ${lines.map((l) => l.text).join(" | ")}`);
      assert.ok(Math.abs(line.words[0]!.x0 - margin) < 1, `${name} starts at the margin`);
      const gaps = line.words.slice(1).map((w, i) => w.x0 - line.words[i]!.x1);
      assert.ok(Math.max(...gaps) < 6, `${name}: word gaps ${gaps.map((g) => g.toFixed(1)).join(", ")} pt are a space, not a stretch`);
      assert.ok(line.words.at(-1)!.x1 - margin < 250, `${name} ends well before the right margin`);
    }
  });
});
