/**
 * Layout of born-digital PDF pages on real files (plugins/pdf/extract/page.ts, headings.ts, wrap.ts and the shared
 * table finder renderers/tesseract/layout.ts): borderless tables found by their columns (a booking summary, key/value
 * tables side by side, cells wrapped over lines, a sparse inventory, and its scan read by OCR), no false headings in a
 * timetable, body lines in capitals not made headings and wrapped lines joined. Every file's words are checked
 * against `pdftotext`'s, so no layout change loses text.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, describe, test } from "node:test";
import { extractPdf } from "../../../plugins/pdf/extract/index.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";
import { startOcr } from "../../../renderers/tesseract/index.ts";
import { corpus } from "../../renderers/support.ts";
import { pdftotext, recall } from "../../support/recall.ts";

const publicFile = (...parts: string[]) => join(dirname(fileURLToPath(import.meta.url)), "../../public", ...parts);
const hasTesseract = spawnSync("tesseract", ["--version"]).status === 0;

const markdownOf = async (path: string, ocr?: Parameters<typeof extractPdf>[1]["ocr"]) =>
  writeMarkdown((await extractPdf(new Uint8Array(readFileSync(path)), { ocr })).ir);

/** Share of `pdftotext`'s words (with repeats) that the Markdown has. */
const pdfRecall = (path: string, markdown: string): number => recall(pdftotext(path), markdown);

const headings = (markdown: string): string[] => markdown.match(/^#{1,6} .*$/gm) ?? [];

describe("borderless tables", () => {
  test("booking summary: fields side by side, a header with one row, wrapped cells, notes between rows", async () => {
    const path = publicFile("markitdown", "movie-theater-booking-2024.pdf");
    const md = await markdownOf(path);
    assert.ok(pdfRecall(path, md) >= 0.99);
    // Labels ending in a colon beside their values are a form's fields, read as lines: no table of two columns
    // whose first field would stand as its header.
    for (const field of ["Order / Rev: 2024-12-5678", "Order Type: Premium Package", "Cinema: Downtown Multiplex", "Region: NORTHEAST", "Billing Type: Net 30"]) {
      assert.match(md, new RegExp(`^${field.replace(/[/]/g, "\\/")}$`, "m"), field);
    }
    assert.doesNotMatch(md, /^\| (?:Order \/ Rev|Cinema|Billing Type):/m);
    for (const row of [
      "| Start Date | End Date | # Shows | Gross Amount | Net Amount |",
      "| 12/20/24 | 12/31/24 | 48 | $12,500.00 | $11,250.00 |",
      "| Representative | Territory | Region | Start Date / End Date | Commission % |",
      "| Sarah Johnson | NYC Metro | NORTHEAST | 12/20/24 - 12/31/24 | 100% |",
      "| 1 | SCR-1 | 12/20/24 | 12/25/24 | Holiday Spectacular (Runtime: 142 min); Holiday Season Premium | IMAX 3D | 7:00 PM | Daily | 12 | $250 | PM | $3,000 |",
      "| 3 | SCR-1 | 12/26-12/31 | New Year Mystery | 9:30 PM | Daily | PM | $300 | $3,600 |",
    ]) {
      assert.ok(md.includes(row), `missing ${row}`);
    }
    // The notes set between the rows of a table stay text of their own.
    assert.match(md, /^All showtimes are approximate and subject to change\.$/m);
    for (const heading of ["Orders", "Booking Agency", "Customer", "Totals"]) assert.ok(headings(md).some((h) => h.endsWith(` ${heading}`)), heading);
  });

  test("a two-column key/value table whose values wrap, entries far apart (pdf.js issue19971)", async () => {
    const path = publicFile("pdf.js", "issue19971.pdf");
    const md = await markdownOf(path);
    assert.ok(pdfRecall(path, md) >= 0.98);
    assert.ok(md.includes("| Font Name | Sample Text |\n| --- | --- |\n| Arial | This is a sample text in Arial font. It is a commonly used sans-serif font. |"));
    assert.ok(md.includes("| Poppins | This is a sample text in Calibri font. A modern sans-serif font, frequently used as a default. |"));
    assert.ok(md.includes("| Courier New | This is a sample text in Courier New font. A monospace font is often used for code. |"));
    // Bulleted lines set at 18 pt are list items, not headings; Word's zero-width space after a bullet is dropped.
    assert.ok(md.includes("- This text is normal size (12pt). Standard for body text.\n- This text is larger (18pt). Suitable for subheadings."));
    assert.doesNotMatch(md, /^#+ [●•]/mu);
    assert.doesNotMatch(md, /^ *(?:-|\d+\.) \u200b/mu);
    // Items lettered `a.`, `b.` keep their letter as printed.
    assert.match(md, /^ +- a\. First item\.\n +- b\. Second item\./mu);
    // Page 2 repeats the table's header (a comment in the margin beside it keeps it apart from the rows): it is the
    // header of the rows below, not a heading, and the Verdana row stays a row.
    const page2 = md.slice(md.indexOf("<!-- page 2 -->"), md.indexOf("<!-- page 3 -->"));
    assert.ok(page2.includes("| Font Name | Sample Text |\n| --- | --- |\n| Verdana | This is a sample text in Verdana font. Designed for on-screen readability. |\n| Impact |"), page2);
    assert.doesNotMatch(md, /^#+ Font Name/m);
    // The footer's three parts, set in three sizes, are one line in reading order, not a heading.
    assert.match(md, /^BOTTOM TEXT UBU BOTTOM TEXT BOTTOM TEXT DYS$/m);
    assert.doesNotMatch(md, /^#+ BOTTOM/m);
    // A 24 pt list item whose last words wrap to a line of their own is one item.
    assert.match(md, /^- This text is very large \(24pt\)\. Used for main headings and titles\.$/m);
  });

  test("sparse inventory: the header row is a row of its own, empty cells in place", async () => {
    const path = publicFile("markitdown", "SPARSE-2024-INV-1234_borderless_table.pdf");
    const md = await markdownOf(path);
    assert.ok(pdfRecall(path, md) >= 0.99);
    assert.ok(md.includes("| Product Code | Location | Expected | Actual | Variance | Status |\n| --- | --- | --- | --- | --- | --- |\n| SKU-8847 | A-12 | 450 |  |  |  |\n|  | B-07 |  | 289 | -23 |  |"));
    assert.ok(md.includes("| SKU-1123 | Hardware | $55.00 | $27,500.00 | 2024-10-30 | Verified |"));
    // The report's fields, one per line as printed, not run together.
    assert.ok(md.includes("Report ID: SPARSE-2024-INV-1234\n\nWarehouse: Distribution Center East\n\nReport Date: 2024-11-15"));
  });

  describe("its scan at 150 dpi, read by OCR", { skip: !hasTesseract && "tesseract is not installed" }, () => {
    const ocr = startOcr({ size: 1 });
    after(() => ocr.close());
    test("the same table: header row first, rows two lines apart kept together", async () => {
      const md = await markdownOf(publicFile("made", "SPARSE-2024-INV-1234-p1-150dpi.pdf"), ocr);
      assert.match(md, /^\| Product Code \| Location \| Expected \| Actual \| Variance \| Status \|\n\| --- (\| --- ){5}\|\n\| SKU-8847 \| A-12 \| 450 \|/m);
      assert.match(md, /^\| SKU-9201 \| +\| 780 \| 778 \| +\| OK \|$/m);
      assert.match(md, /^\| +\| +\| +\| 935 \| \+15 \| OK \|$/m);
    });
  });

  test("columns of an index set side by side are not a table, nor text beside a figure's labels; contents are no headings", async () => {
    const geotopo = corpus("pdf", "009-pdflatex-geotopo-GeoTopo-komprimiert.pdf");
    const md = await markdownOf(geotopo);
    assert.doesNotMatch(md, /\| Axiomensystem, 64 \|/);
    // Its list of symbols is a table, though; its table of contents gives no headings.
    assert.match(md, /^\| T \| Topologie \|$/m);
    assert.doesNotMatch(md, /^#+ 1 Topologische Grundbegriffe 2$/m);
    assert.match(md, /^# 1 Topologische Grundbegriffe$/m);
    const tracemonkey = publicFile("pdf.js", "tracemonkey.pdf");
    const tm = await markdownOf(tracemonkey);
    assert.doesNotMatch(tm, /\| *Trace Anchor/);
    assert.ok(pdfRecall(tracemonkey, tm) >= 0.99);
  });
});

describe("headings", () => {
  test("a timetable in many type sizes: only its title, days and stages are headings (pdf.js issue840)", async () => {
    const path = publicFile("pdf.js", "issue840.pdf");
    const md = await markdownOf(path);
    assert.ok(pdfRecall(path, md) >= 0.99);
    const found = headings(md);
    assert.ok(found.length <= 20, `${found.length} headings`);
    assert.ok(found.includes("# Download Festival 2009 Timetable"));
    for (const day of ["Friday", "Saturday", "Sunday"]) assert.ok(found.some((h) => h.endsWith(day)), day);
    // A band and its slot is an entry, not a heading.
    assert.ok(!found.some((h) => /\d\)?$/.test(h) || /min\)$/.test(h)), found.join("\n"));
    // Each stage's running order on page 2 is a table of bands and slots, the name apart from its slot.
    assert.match(md, /^\| Faith No More \| 21:00 - 22:45 \(105min\) \|\n\| --- \| --- \|\n\| Korn \| 19:15 - 20:30 \(75min\) \|$/m);
    assert.match(md, /^\| Hollywood Undead \| 13:00 - 13:30 \(30min\) \|$/m);
  });

  test("body lines in bold capitals are not headings, and lines wrapped into blocks of their own are joined", async () => {
    const path = publicFile("markitdown", "masterformat_partial_numbering.pdf");
    const md = await markdownOf(path);
    assert.ok(pdfRecall(path, md) >= 0.97);
    assert.ok(!headings(md).some((h) => /KEN SARGENT HOUSE|GRANDE PRAIRIE/.test(h)), headings(md).join("\n"));
    assert.ok(headings(md).some((h) => h.endsWith("1. INTENT")));
    assert.match(md, /^\.1 The intent of this Request for Proposal \(RFP\) is to solicit submissions, in the format detailed in this document, from qualified Construction Managers for the following project:$/m);
    assert.match(md, /^\.2 Available information relative to the project is included in Section 00 00 45 – Description of Project\.$/m);
  });
});
