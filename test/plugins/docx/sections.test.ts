/**
 * Issue 30, item 7: a wide table. One 8-column table turned every page of a 4-page PDF landscape, cut identifiers
 * inside words ("bank_referen|ce") and set inline code larger than the text. Now a table too wide for a portrait page
 * is set smaller first, and only when that is not enough gets a landscape section of its own; an identifier that fits
 * its column stays whole; inline code is at most the size of the text around it. Read with pdfinfo (each page's
 * size), pdftotext (the lines) and the document's XML (sections, run sizes).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { breakable } from "../../../plugins/docx/breaks.ts";
import { closeSharedOfficeConverter } from "../../../renderers/index.ts";
import { part, renderDocx, toPdf } from "./support.ts";

after(closeSharedOfficeConverter);

const dir = mkdtempSync(join(tmpdir(), "quire-sections-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const poppler = (tool: string, pdf: Uint8Array, ...args: string[]) => {
  const file = join(dir, `${tool}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync(tool, [...args, file, ...(tool === "pdftotext" ? ["-"] : [])], { encoding: "utf8" });
};
/** Each page's orientation, as pdfinfo reports its size. */
const orientations = (pdf: Uint8Array) =>
  [...poppler("pdfinfo", pdf, "-f", "1", "-l", "99").matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)].map((m) => (Number(m[1]) > Number(m[2]) ? "landscape" : "portrait"));
const pageText = (pdf: Uint8Array, page: number) => poppler("pdftotext", pdf, "-f", String(page), "-l", String(page), "-layout");

const prose = "The reconciliation covers every payment made in the quarter and the bank statements that record them, with each difference explained. ".repeat(6);
const row = (i: number) =>
  `| PAY-2026-${String(i).padStart(4, "0")} | \`bank_reference\` | \`supplierAccountId\` | 2026-03-${String(i + 1).padStart(2, "0")} | EUR | ${1000 + i * 37},50 | settled_after_review | https://erp.example.com/pay/${i} |`;
const report = `# Quarterly reconciliation

## Scope

${prose}

${prose}

## Method

Each payment carries a \`bank_reference\` that matches the statement line.

${prose}

${prose}

## Payments

The payments were:

| Payment | Reference field | Account field | Date | Currency | Amount | Status | Link |
|---|---|---|---|---|--:|---|---|
${Array.from({ length: 12 }, (_, i) => row(i)).join("\n")}

## Findings

${prose}

${prose}

${prose}
`;

describe("a wide table in a report", () => {
  test("only the table's page is landscape; its heading and lead-in go with it; its identifiers stay whole", async () => {
    const { bytes } = await renderDocx(report, { style: "page numbers" });
    const xml = part(bytes, "word/document.xml");
    const sections = [...xml.matchAll(/<w:pgSz [^>]*\/>/g)].map(([s]) => (s.includes('w:orient="landscape"') ? "landscape" : "portrait"));
    assert.deepEqual(sections, ["portrait", "landscape", "portrait"]);
    const pdf = await toPdf(bytes);
    const pages = orientations(pdf);
    assert.ok(pages.length >= 3, pages.join());
    const turned = pages.flatMap((o, i) => (o === "landscape" ? [i + 1] : []));
    assert.equal(turned.length, 1, `one landscape page: ${pages.join()}`);
    const table = pageText(pdf, turned[0]!);
    assert.match(table, /^\s*Payments\s*\n\s*The payments were:/, "the heading and lead-in are on the table's page");
    for (const word of ["bank_reference", "supplierAccountId", "settled_after_review", "https://erp.example.com/pay/11"]) {
      assert.ok(table.split("\n").some((line) => line.includes(word)), `${word} whole on one line`);
    }
    assert.equal(table.match(/PAY-2026-\d{4}/g)?.length, 12, "every row on the landscape page");
    assert.match(pageText(pdf, turned[0]! + 1), /^\s*Findings/, "the report goes on portrait after the table");
  });

  test("a table that fits portrait in smaller type is set smaller and the document stays portrait", async () => {
    const markdown = `# Suppliers\n\nText before the table.\n\n| Supplier | Headquarters | Certification | Delivery |\n|---|---|---|---|\n| Internationalisation | Amsterdam-Zuidoost | ISO-27001-certified | Next-business-day |\n\nText after the table.`;
    const { bytes } = await renderDocx(markdown);
    const xml = part(bytes, "word/document.xml");
    assert.doesNotMatch(xml, /w:orient="landscape"/);
    const sizes = [...(/<w:tbl>.*<\/w:tbl>/s.exec(xml)![0].matchAll(/<w:sz w:val="(\d+)"\/>/g))].map((m) => Number(m[1]) / 2);
    assert.ok(sizes.length > 0 && sizes.every((s) => s < 11 && s >= 8), `table runs at ${sizes.join()} pt`);
    const pdf = await toPdf(bytes);
    assert.deepEqual(orientations(pdf), ["portrait"]);
    const text = pageText(pdf, 1);
    for (const word of ["Internationalisation", "Amsterdam-Zuidoost", "ISO-27001-certified", "Next-business-day"]) assert.ok(text.includes(word), `${word} whole`);
  });

  test("a document asked for in landscape stays landscape throughout, in one section", async () => {
    const { bytes } = await renderDocx(report, { style: "landscape" });
    const xml = part(bytes, "word/document.xml");
    assert.deepEqual([...xml.matchAll(/<w:pgSz [^>]*\/>/g)].map(([s]) => s.includes('w:orient="landscape"')), [true]);
  });
});

describe("identifiers that cannot fit", () => {
  test("are cut where their parts meet: after an underscore, dot or slash, or between camelCase words", () => {
    const z = "\u200B";
    assert.equal(breakable("bank_reference_number"), `bank_${z}reference_${z}number`);
    assert.equal(breakable("supplierAccountId"), `supplier${z}Account${z}Id`);
    assert.equal(breakable("https://erp.example.com/pay"), `https://${z}erp.${z}example.${z}com/${z}pay`);
    assert.equal(breakable("Internationalisation"), "Internationalisation", "a word without parts is left as written");
  });

  test("in a table too wide even for a landscape page, the PDF cuts them after an underscore, not inside a word", async () => {
    const id = "customer_bank_reference_identifier";
    const markdown = `# Fields\n\n| ${Array.from({ length: 9 }, (_, i) => `F${i}`).join(" | ")} |\n|${Array(9).fill("---").join("|")}|\n| ${Array(9).fill(`\`${id}\``).join(" | ")} |\n\nText.`;
    const pdf = await toPdf((await renderDocx(markdown)).bytes);
    const lines = poppler("pdftotext", pdf).split("\n").map((l) => l.replace(/\u200B/g, "").trim()).filter(Boolean);
    const pieces = lines.filter((l) => /^[a-z_]+$/.test(l) && id.includes(l));
    assert.ok(pieces.length > 0, lines.join(" | "));
    const parts = id.split(/(?<=_)/);
    const whole = new Set(parts.flatMap((_, a) => parts.map((__, b) => parts.slice(a, b + 1).join("")).filter(Boolean)));
    for (const piece of pieces) assert.ok(whole.has(piece), `"${piece}" is cut at an underscore`);
  });
});

describe("inline code", () => {
  test("is monospaced and no larger than the text around it, in body text, tables and headings", async () => {
    const { bytes } = await renderDocx("# Fields\n\n## The `id` field\n\nThe `bank_reference` field.\n\n| Field | Use |\n|---|---|\n| `iban` | payee |");
    const styles = part(bytes, "word/styles.xml");
    const verbatim = /<w:style w:type="character" w:styleId="VerbatimChar">.*?<\/w:style>/s.exec(styles)![0];
    const body = Number(/<w:docDefaults>.*?<w:sz w:val="(\d+)"/s.exec(styles)![1]);
    const code = Number(/<w:sz w:val="(\d+)"/.exec(verbatim)![1]);
    assert.match(verbatim, /w:ascii="Courier New"/);
    assert.ok(code < body && code >= body - 4, `code ${code / 2} pt, body ${body / 2} pt`);
    const xml = part(bytes, "word/document.xml");
    const heading = /<w:p>(?:(?!<\/w:p>).)*Heading2(?:(?!<\/w:p>).)*<\/w:p>/s.exec(xml)![0];
    const headingCode = Number(/<w:rStyle w:val="VerbatimChar"\/>(?:(?!<\/w:rPr>).)*<w:sz w:val="(\d+)"/s.exec(heading)![1]);
    assert.ok(headingCode > code && headingCode < body * 1.2, `code in a heading ${headingCode / 2} pt`);
  });
});
