/**
 * The mupdf PDF reader (renderers/mupdf): page counts and text per page of real PDFs, checked against poppler;
 * PNG previews at the asked width with their real size; and a clear PdfReadError, never a crash, for encrypted,
 * damaged and non-PDF input.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MAX_WIDTH, PdfReadError, pdfReader } from "../../renderers/index.ts";
import { corpusFile, pngSize, popplerPages, popplerText, wordAgreement } from "./support.ts";

const rejectsWith = async (promise: Promise<unknown>, reason: PdfReadError["reason"], message: RegExp) => {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof PdfReadError, `expected a PdfReadError, got ${String(error)}`);
    assert.equal(error.reason, reason);
    assert.match(error.message, message);
    return true;
  });
};

describe("info: pages and text", () => {
  const cases = [
    "001-trivial-minimal-document.pdf",
    "002-trivial-libre-office-writer-002-trivial-libre-office-writer.pdf",
    "004-pdflatex-4-pages-pdflatex-4-pages.pdf",
    "011-google-doc-document-google-doc-document.pdf",
    "021-pdfa-crazyones-pdfa.pdf",
    "026-latex-multicolumn-multicolumn.pdf",
    "006-pdflatex-outline-pdflatex-outline.pdf",
    "014-outlines-mistitled_outlines_example.pdf",
  ];
  for (const name of cases) {
    test(`${name}: as many pages as poppler counts, and the same words on each`, async () => {
      const pdf = corpusFile("pdf", name);
      const info = await pdfReader.info(pdf);
      assert.equal(info.pages, popplerPages(pdf));
      assert.deepEqual(
        info.text.map((p) => p.page),
        Array.from({ length: info.pages }, (_, i) => i + 1),
      );
      for (const page of info.text) {
        const agreement = wordAgreement(page.text, popplerText(pdf, page.page));
        assert.ok(agreement >= 0.85, `page ${page.page}: only ${Math.round(agreement * 100)}% of the words agree`);
      }
    });
  }

  test("the text of a known page", async () => {
    const info = await pdfReader.info(corpusFile("pdf", "001-trivial-minimal-document.pdf"));
    assert.equal(info.pages, 1);
    assert.match(info.text[0]!.text, /^Lorem ipsum dolor sit amet, consetetur sadipscing elitr/);
  });

  test("a long document: every page is read", async () => {
    const pdf = corpusFile("pdf", "009-pdflatex-geotopo-GeoTopo-komprimiert.pdf");
    const info = await pdfReader.info(pdf);
    assert.equal(info.pages, 117);
    assert.equal(info.text.length, 117);
  });

  test("an image-only page has a page and no text", async () => {
    const info = await pdfReader.info(corpusFile("scans", "pdf_scanned_minimal.pdf"));
    assert.ok(info.pages >= 1);
    assert.equal(info.text[0]!.text.trim(), "");
  });
});

describe("previews", () => {
  test("PNGs of the first pages at the asked width, with their real size", async () => {
    const pdf = corpusFile("pdf", "004-pdflatex-4-pages-pdflatex-4-pages.pdf");
    const previews = await pdfReader.previews(pdf, { maxPages: 2, width: 400 });
    assert.deepEqual(
      previews.map((p) => p.page),
      [1, 2],
    );
    for (const preview of previews) {
      assert.deepEqual(pngSize(preview.png), { width: preview.width, height: preview.height });
      assert.equal(preview.width, 400);
      // A4 or US Letter portrait: taller than wide, by the page's own ratio.
      assert.ok(preview.height > 500 && preview.height < 600, `height ${preview.height}`);
    }
  });

  test("defaults: 800 px wide, at most 10 pages", async () => {
    const previews = await pdfReader.previews(corpusFile("pdf", "009-pdflatex-geotopo-GeoTopo-komprimiert.pdf"));
    assert.equal(previews.length, 10);
    for (const preview of previews) {
      assert.equal(preview.width, 800);
      assert.equal(pngSize(preview.png).width, 800);
    }
  });

  test("fewer pages than maxPages gives one preview per page", async () => {
    const previews = await pdfReader.previews(corpusFile("pdf", "001-trivial-minimal-document.pdf"), { maxPages: 5, width: 300 });
    assert.equal(previews.length, 1);
    assert.equal(previews[0]!.width, 300);
    // mupdf rounds the page's pixel box outwards: 300 × 841.89 / 595.276 = 424.3 → 425.
    assert.equal(previews[0]!.height, Math.ceil((300 * 841.89) / 595.276));
  });

  test("rotated pages keep the asked width", async () => {
    const previews = await pdfReader.previews(corpusFile("pdf", "015-arabic-habibi-rotated.pdf"), { width: 321 });
    assert.equal(previews.length, 4);
    for (const preview of previews) {
      assert.equal(preview.width, 321);
      assert.deepEqual(pngSize(preview.png), { width: preview.width, height: preview.height });
    }
    assert.ok(previews.some((p) => p.height < p.width), "some page is landscape once rotated");
  });

  test("maxPages 0 gives none; a width out of range is refused", async () => {
    const pdf = corpusFile("pdf", "001-trivial-minimal-document.pdf");
    assert.deepEqual(await pdfReader.previews(pdf, { maxPages: 0 }), []);
    await assert.rejects(pdfReader.previews(pdf, { width: 0 }), RangeError);
    await assert.rejects(pdfReader.previews(pdf, { width: MAX_WIDTH + 1 }), RangeError);
  });
});

describe("files that cannot be read", () => {
  const encrypted = () => corpusFile("pdf", "005-libreoffice-writer-password-libreoffice-writer-password.pdf");

  test("a password-protected PDF is refused with a clear error (info and previews)", async () => {
    await rejectsWith(pdfReader.info(encrypted()), "encrypted", /password/);
    await rejectsWith(pdfReader.previews(encrypted()), "encrypted", /password/);
  });

  test("not a PDF, empty, and truncated files are 'damaged', and the reader goes on", async () => {
    await rejectsWith(pdfReader.info(new TextEncoder().encode("hello, I am not a PDF")), "damaged", /damaged or not a PDF/);
    await rejectsWith(pdfReader.previews(new Uint8Array(0)), "damaged", /damaged or not a PDF/);
    const whole = corpusFile("pdf", "004-pdflatex-4-pages-pdflatex-4-pages.pdf");
    await rejectsWith(pdfReader.info(whole.subarray(0, Math.floor(whole.length / 2))), "damaged", /no page could be read/);
    assert.equal((await pdfReader.info(whole)).pages, 4);
  });

  test("a PDF with a broken cross-reference table is repaired and read", async () => {
    const pdf = corpusFile("pdf", "001-trivial-minimal-document.pdf");
    // Point startxref somewhere wrong: mupdf rebuilds the table from the objects.
    const text = Buffer.from(pdf).toString("latin1").replace(/startxref\s+\d+/, "startxref\n12");
    const info = await pdfReader.info(new Uint8Array(Buffer.from(text, "latin1")));
    assert.equal(info.pages, 1);
    assert.match(info.text[0]!.text, /Lorem ipsum/);
  });
});
