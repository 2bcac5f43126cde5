/**
 * Reading PDFs into Markdown (plugins/pdf/extract): every PDF of the shared corpus is read or refused with the right
 * code, with one page marker per page; headings, tables, lists, two columns and hyphenation on real files and on a
 * PDF written here; scanned pages and pictures read by OCR (real Tesseract) within the OCR page limit; the page
 * limit; abort.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { describe, test } from "node:test";
import * as mupdf from "mupdf";
import { extractPdf } from "../../../plugins/pdf/extract/index.ts";
import { ExtractRefused, type Ocr } from "../../../core/contracts/extract.ts";
import { startOcr } from "../../../renderers/tesseract/index.ts";
import { corpus, corpusFile } from "../../renderers/support.ts";

import { writeMarkdown } from "../../../core/markdown/write.ts";

/** What extraction gives: the reader's IR, and its Markdown by the one writer (core/extract). */
const read = async (...args: Parameters<typeof extractPdf>) => {
  const result = await extractPdf(...args);
  return { ...result, markdown: writeMarkdown(result.ir) };
};

const hasTesseract = spawnSync("tesseract", ["--version"]).status === 0;

const refusedWith = (code: ExtractRefused["code"], message?: RegExp) => (error: unknown) => {
  assert.ok(error instanceof ExtractRefused, `expected ExtractRefused, got ${String(error)}`);
  assert.equal(error.code, code);
  if (message) assert.match(error.message, message);
  return true;
};

/** The page numbers of the `<!-- page N -->` markers, in order. */
const markers = (markdown: string): number[] => [...markdown.matchAll(/^<!-- page (\d+) -->$/gm)].map((m) => Number(m[1]));

/** An OCR that reads nothing but counts what it was given. */
const countingOcr = (): Ocr & { calls: number } => {
  const ocr = {
    calls: 0,
    read: async () => {
      ocr.calls++;
      return { text: "scanned words", markdown: "scanned words", confidence: 0.9 };
    },
  };
  return ocr;
};

interface Placed {
  x: number;
  y: number;
  size: number;
  text: string;
  bold?: boolean;
}

/** A PDF written here with mupdf: Helvetica text placed at points from the top left of an A4 page. */
const makePdf = (pages: Placed[][]): Uint8Array => {
  const doc = new mupdf.PDFDocument();
  const regular = doc.addSimpleFont(new mupdf.Font("Helvetica"));
  const bold = doc.addSimpleFont(new mupdf.Font("Helvetica-Bold"));
  for (const items of pages) {
    const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/•/g, "\\225");
    const content = items.map((t) => `BT /${t.bold ? "F2" : "F1"} ${t.size} Tf 1 0 0 1 ${t.x} ${842 - t.y} Tm (${escape(t.text)}) Tj ET`).join("\n");
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: { F1: regular, F2: bold } }, content));
  }
  const bytes = doc.saveToBuffer("").asUint8Array().slice();
  doc.destroy();
  return bytes;
};

/** The scanned PDFs of the corpus, one page each, made into one scan of several pages. */
const multiPageScan = (): Uint8Array => {
  const doc = new mupdf.PDFDocument();
  for (const name of ["pdf_scanned_invoice.pdf", "pdf_scanned_meeting_minutes.pdf", "pdf_scanned_minimal.pdf"]) {
    const source = new mupdf.PDFDocument(corpusFile("scans", name));
    doc.graftPage(-1, source, 0);
    source.destroy();
  }
  const bytes = doc.saveToBuffer("").asUint8Array().slice();
  doc.destroy();
  return bytes;
};

describe("the corpus", () => {
  const refused: Record<string, ExtractRefused["code"]> = {
    "005-libreoffice-writer-password-libreoffice-writer-password.pdf": "file_rejected",
    // Its cross-reference table and page tree are broken beyond repair (poppler draws blank pages).
    "017-unreadable-meta-data-unreadablemetadata.pdf": "unreadable",
  };
  for (const name of readdirSync(corpus("pdf")).filter((n) => n.endsWith(".pdf")).sort()) {
    test(`${name}: ${refused[name] ? `refused (${refused[name]})` : "read, one marker per page"}`, async () => {
      const pdf = corpusFile("pdf", name);
      const code = refused[name];
      if (code) {
        await assert.rejects(read(pdf, {}), refusedWith(code));
        return;
      }
      const result = await read(pdf, {});
      assert.ok(result.pages >= 1);
      assert.deepEqual(
        markers(result.markdown),
        Array.from({ length: result.pages }, (_, i) => i + 1),
      );
    });
  }

  test("a password-protected PDF says so", async () => {
    await assert.rejects(read(corpusFile("pdf", "005-libreoffice-writer-password-libreoffice-writer-password.pdf"), {}), refusedWith("file_rejected", /password-protected/));
  });

  test("not a PDF, or half a PDF, is unreadable", async () => {
    await assert.rejects(read(new TextEncoder().encode("hello, I am not a PDF"), {}), refusedWith("unreadable"));
    const whole = corpusFile("pdf", "004-pdflatex-4-pages-pdflatex-4-pages.pdf");
    await assert.rejects(read(whole.subarray(0, Math.floor(whole.length / 2)), {}), refusedWith("unreadable"));
  });

  test("headings from the font size: LaTeX sections and a LibreOffice title", async () => {
    const latex = (await read(corpusFile("pdf", "006-pdflatex-outline-pdflatex-outline.pdf"), {})).markdown;
    for (const heading of ["# Contents", "# 1 Foo", "# 2 Bar", "# 9 Baz"]) assert.match(latex, new RegExp(`^${heading}$`, "m"));
    const chapter = (await read(corpusFile("pdf", "003-pdflatex-image-pdflatex-image.pdf"), {})).markdown;
    assert.match(chapter, /^# 1 Your Chapter$/m);
    const libreoffice = (await read(corpusFile("pdf", "012-libreoffice-form-libreoffice-form.pdf"), {})).markdown;
    assert.match(libreoffice, /^# Example for a Form$/m);
    // Body text is not a heading.
    assert.doesNotMatch(latex, /^#+ Hello, here is some text/m);
  });

  test("the table of a Google Docs export, merged cells and all", async () => {
    const { markdown } = await read(corpusFile("pdf", "011-google-doc-document-google-doc-document.pdf"), {});
    assert.match(markdown, /^\| {2}\| Indonesia 🇮🇩 \| Germany 🇩🇪 \| Austria 🇦🇹 \| France \| Vatican 🇻🇦 \|$/m);
    assert.match(markdown, /^\| --- \| --- \| --- \| --- \| --- \| --- \|$/m);
    assert.match(markdown, /^\| Capital \| Jakarta \| Berlin \| Vienna \| Paris \| Vatican City \|$/m);
    assert.match(markdown, /^\| Population \| 273\.879\.750/m);
    // The text above the table stays text.
    assert.match(markdown, /^Beautiful is better than ugly\.$/m);
  });

  test("a table of contents in columns is a table", async () => {
    const { markdown } = await read(corpusFile("pdf", "006-pdflatex-outline-pdflatex-outline.pdf"), {});
    assert.match(markdown, /^\| 1 Foo \| 2 \|\n\| --- \| --- \|\n\| 2 Bar \| 2 \|$/m);
  });

  test("two columns are read a column at a time, hyphenated words joined", async () => {
    const { markdown } = await read(corpusFile("pdf", "026-latex-multicolumn-multicolumn.pdf"), {});
    const at = (text: string) => {
      const index = markdown.indexOf(text);
      assert.ok(index >= 0, `missing ${text}`);
      return index;
    };
    assert.ok(at("# Two-Column Document with Lorem Ipsum") < at("Abstract"));
    // The left column's last paragraph comes before the right column's first line.
    assert.ok(at("Nulla malesuada porttitor diam") < at("pellentesque ante. Phasellus adipiscing semper elit"));
    // "adip-" at a line end + "iscing".
    assert.ok(at("consectetuer adipiscing elit") > 0);
    assert.doesNotMatch(markdown, /adip- ?iscing/);
  });

  test("a long document: every page read, at 20 pages a second or more", async () => {
    const pdf = corpusFile("pdf", "009-pdflatex-geotopo-GeoTopo-komprimiert.pdf");
    await read(corpusFile("pdf", "001-trivial-minimal-document.pdf"), {});
    const started = performance.now();
    const result = await read(pdf, {});
    const seconds = (performance.now() - started) / 1000;
    assert.equal(result.pages, 117);
    assert.equal(markers(result.markdown).length, 117);
    // A tenth of the figure (20 pages a second, which bench/extract measures): a loaded machine passes, a hang does not.
    assert.ok(117 / seconds >= 2, `${(117 / seconds).toFixed(1)} pages/s`);
  });
});

describe("structure on a PDF written here", () => {
  const body = (y: number, text: string, x = 72): Placed => ({ x, y, size: 11, text });
  const report = makePdf([
    [
      { x: 72, y: 80, size: 20, text: "Quarterly Report", bold: true },
      body(110, "The committee reviewed the preliminary figures for the quarter and prelimi-"),
      body(124, "nary estimates, and approved them without changes."),
      { x: 72, y: 160, size: 14, text: "Sales by region", bold: true },
      ...[
        ["Region", "Units", "Revenue"],
        ["North", "120", "4,800"],
        ["South", "95", "3,800"],
        ["East", "143", "5,720"],
      ].flatMap((cells, row) => cells.map((cell, column) => body(185 + row * 15, cell, [72, 250, 400][column]))),
      { x: 72, y: 270, size: 14, text: "Next steps", bold: true },
      body(295, "• Hire two engineers"),
      body(310, "• Open the Lisbon office"),
      body(335, "1. Approve the budget"),
      body(350, "2. Review in May"),
      body(380, "That is all for this quarter."),
      body(800, "1", 295),
    ],
  ]);

  test("headings by size rank, a paragraph joined across a hyphen, a table, lists; the page number left out", async () => {
    const result = await read(report, {});
    assert.equal(
      result.markdown,
      [
        "<!-- page 1 -->",
        "# Quarterly Report",
        "The committee reviewed the preliminary figures for the quarter and preliminary estimates, and approved them without changes.",
        "## Sales by region",
        "| Region | Units | Revenue |\n| --- | --- | --- |\n| North | 120 | 4,800 |\n| South | 95 | 3,800 |\n| East | 143 | 5,720 |",
        "## Next steps",
        "- Hire two engineers\n- Open the Lisbon office",
        "1. Approve the budget\n2. Review in May",
        "That is all for this quarter.",
      ].join("\n\n"),
    );
    assert.equal(result.pages, 1);
    assert.deepEqual(result.diagnostics, []);
  });

  test("over the page limit: the first pages are read, the rest named in a final marker and a diagnostic", async () => {
    const pdf = makePdf([1, 2, 3, 4, 5].map((n) => [body(100, `This is page ${n}.`)]));
    const result = await read(pdf, { maxPages: 3 });
    assert.equal(result.pages, 5);
    assert.deepEqual(markers(result.markdown), [1, 2, 3]);
    assert.match(result.markdown, /This is page 3\.\n\n<!-- pages 4–5 not read: over the 3-page limit -->$/);
    assert.doesNotMatch(result.markdown, /This is page 4/);
    assert.deepEqual(
      result.diagnostics.map((d) => d.code),
      ["extract.pages_over_limit"],
    );
    const long = await read(corpusFile("pdf", "009-pdflatex-geotopo-GeoTopo-komprimiert.pdf"), {});
    assert.doesNotMatch(long.markdown, /not read/);
    const capped = await read(corpusFile("pdf", "009-pdflatex-geotopo-GeoTopo-komprimiert.pdf"), { maxPages: 100 });
    assert.match(capped.markdown, /<!-- pages 101–117 not read: over the 100-page limit -->$/);
  });

  test("the default limit is 1,000 pages", async () => {
    const pdf = makePdf(Array.from({ length: 1002 }, () => []));
    const result = await read(pdf, {});
    assert.equal(result.pages, 1002);
    assert.equal(markers(result.markdown).length, 1000);
    assert.match(result.markdown, /<!-- pages 1001–1002 not read: over the 1,000-page limit -->$/);
  });
});

describe("scanned pages", () => {
  test("without OCR: a marker per scanned page and a diagnostic", async () => {
    const result = await read(corpusFile("scans", "pdf_scanned_invoice.pdf"), {});
    assert.equal(result.markdown, "<!-- page 1 -->\n\n<!-- page 1: scanned, not read -->");
    assert.deepEqual(result.diagnostics.map((d) => [d.code, d.location?.pages]), [["extract.ocr_unavailable", [1]]]);
  });

  test("the OCR page limit: later scanned pages are marked, not read", async () => {
    const ocr = countingOcr();
    const result = await read(multiPageScan(), { ocr, maxOcrPages: 1 });
    assert.equal(ocr.calls, 1);
    assert.equal(result.pages, 3);
    assert.deepEqual(markers(result.markdown), [1, 2, 3]);
    assert.match(result.markdown, /<!-- page 1 -->\n\nscanned words\n\n<!-- page 2 -->\n\n<!-- page 2: scanned, not read \(over the 1 OCR pages limit\) -->/);
    assert.match(result.markdown, /<!-- page 3: scanned, not read \(over the 1 OCR pages limit\) -->$/);
    assert.deepEqual(result.diagnostics.map((d) => [d.code, d.location?.pages]), [["extract.ocr_over_limit", [2, 3]]]);
  });

  test("abort: before starting, and while OCR is reading", async () => {
    await assert.rejects(read(corpusFile("pdf", "001-trivial-minimal-document.pdf"), { signal: AbortSignal.abort() }), { name: "AbortError" });
    const controller = new AbortController();
    const slow: Ocr = {
      read: (_image, options) =>
        new Promise((_resolve, reject) => {
          options?.signal?.addEventListener("abort", () => reject(options.signal!.reason), { once: true });
        }),
    };
    // From the abort, not from the start: on a busy machine reading the pages up to OCR alone can take seconds.
    let aborted = 0;
    const reading = read(multiPageScan(), { ocr: slow, signal: controller.signal });
    setTimeout(() => {
      aborted = Date.now();
      controller.abort();
    }, 300);
    await assert.rejects(reading, { name: "AbortError" });
    assert.ok(Date.now() - aborted < 5000);
  });

  test("an OCR failure marks the page and is reported, the rest is read", async () => {
    const failing: Ocr = { read: async () => Promise.reject(new Error("tesseract crashed")) };
    const result = await read(corpusFile("scans", "pdf_scanned_minimal.pdf"), { ocr: failing });
    assert.equal(result.markdown, "<!-- page 1 -->\n\n<!-- page 1: scanned, not read (OCR failed) -->");
    assert.deepEqual(result.diagnostics.map((d) => d.code), ["extract.ocr_failed"]);
    assert.match(result.diagnostics[0]!.message, /tesseract crashed/);
  });

  describe("with Tesseract", { skip: !hasTesseract && "tesseract is not installed" }, () => {
    const ocr = startOcr({});

    test("a scanned invoice is read", async () => {
      const result = await read(corpusFile("scans", "pdf_scanned_invoice.pdf"), { ocr });
      assert.equal(result.pages, 1);
      assert.deepEqual(markers(result.markdown), [1]);
      for (const words of ["INVOICE", "TechCorp Industries", "INV-2024-001", "Acme Corporation", "TOTAL AMOUNT DUE: $5,000.00"]) {
        assert.ok(result.markdown.includes(words), `missing ${words}`);
      }
      assert.deepEqual(result.diagnostics, []);
    });

    test("scanned meeting minutes keep their numbered list and its items", async () => {
      const { markdown } = await read(corpusFile("scans", "pdf_scanned_meeting_minutes.pdf"), { ocr });
      assert.match(markdown, /^1\. Project Status Update\n {3}- Phase 1 completed successfully$/m);
      assert.match(markdown, /^2\. Budget Review$/m);
      assert.ok(markdown.includes("Attendees: John Smith, Jane Doe, Bob Johnson"));
    });

    test("pictures with text on pages with text are read where they are", async () => {
      const middle = (await read(corpusFile("scans", "pdf_image_middle.pdf"), { ocr })).markdown;
      const at = (text: string) => middle.indexOf(text);
      assert.ok(at("MIDDLE: Product Code: ABC-12345") > 0, middle);
      assert.ok(at("Here is some introductory text.") < at("<!-- picture: text read by OCR -->"));
      assert.ok(at("ABC-12345") < at("Section 2: Details"));
      const many = (await read(corpusFile("scans", "pdf_multiple_images.pdf"), { ocr })).markdown;
      assert.ok(many.includes("Serial Number SN-001") && many.includes("Model Number M-2024"), many);
      const pages = (await read(corpusFile("scans", "pdf_multipage.pdf"), { ocr })).markdown;
      assert.match(pages, /<!-- page 3 -->[^]*PAGE 3 IMAGE: Header Banner/);
    });

    test("a multi-page scan within the limit: every page read, in order", async () => {
      const { markdown } = await read(multiPageScan(), { ocr, maxOcrPages: 3 });
      const at = (text: string) => markdown.indexOf(text);
      assert.ok(at("<!-- page 1 -->") < at("INVOICE") && at("INVOICE") < at("<!-- page 2 -->"));
      assert.ok(at("<!-- page 2 -->") < at("MEETING MINUTES") && at("MEETING MINUTES") < at("<!-- page 3 -->"));
      assert.ok(at("<!-- page 3 -->") < at("NOTICE"));
    });
  });
});

describe("PDF blocks know where they came from", () => {
  test("every block has its page as `page:N` and a range of that page's text; the page marker spans the page", async () => {
    const { ir } = await extractPdf(corpusFile("pdf", "011-google-doc-document-google-doc-document.pdf"), {});
    let page = 0;
    for (const block of ir.blocks) {
      if (block.type === "comment" && /^page \d+$/.test(block.text)) {
        page = Number(block.text.slice(5));
        assert.ok(block.source!.end > 0, "the marker spans the page's text");
      }
      assert.equal(block.source?.part, `page:${page}`, `${block.id} (${block.type})`);
      assert.ok(block.source!.start <= block.source!.end);
    }
    const table = ir.blocks.find((b) => b.type === "table")!;
    assert.ok(table.source!.end > table.source!.start);
    // Ranges follow the page's text: a later paragraph of one mupdf block never starts before an earlier block.
    const paragraphs = ir.blocks.filter((b) => b.type === "paragraph" && b.source!.part === "page:1");
    assert.ok(paragraphs.length > 2);
    assert.ok(paragraphs.some((b) => b.source!.start > 0));
  });
});
