/**
 * The review over the whole shared corpus (every `pdf/*.pdf` and the PDFs in `scans/`): sanitize and inspect never
 * throw except for the password-protected file; a file with nothing to remove comes back as the same bytes; each
 * file's findings are the ones expected here (checked by hand against poppler's `pdfinfo`/`pdffonts`), each
 * well-formed; every fix offered removes its finding and keeps the text of every page; and the full save that
 * sanitize and repair write keeps every page's text, mupdf's and poppler's, on every file. Inspect time is measured.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { describe, test } from "node:test";
import * as mupdf from "mupdf";
import { ExtractRefused } from "../../../../core/contracts/extract.ts";
import { inspectPdf, repairPdf, sanitizePdf } from "../../../../plugins/pdf/review/index.ts";
import { SANITIZE_SAVE_OPTIONS } from "../../../../plugins/pdf/review/sanitize.ts";
import { corpus, corpusFile, popplerText } from "../../../renderers/support.ts";
import { pdfinfo } from "./support.ts";

const ctx = { fonts: new Set<string>() };
const CATEGORIES = new Set(["structural", "content", "layout", "security", "data", "style"]);
const PASSWORD = "005-libreoffice-writer-password-libreoffice-writer-password.pdf";

/** The codes each file's inspection (after sanitizing) gives, sorted; files not named give none. */
const EXPECTED: Record<string, string[]> = {
  "007-imagemagick-images-imagemagick-ASCII85Decode.pdf": ["pdf.scanned_pages"],
  "007-imagemagick-images-imagemagick-CCITTFaxDecode.pdf": ["pdf.scanned_pages"],
  // ImageMagick writes "Background" in Helvetica under each picture.
  "007-imagemagick-images-imagemagick-images.pdf": ["pdf.scanned_pages", "pdf.standard_font_not_embedded"],
  "007-imagemagick-images-imagemagick-lzw.pdf": ["pdf.scanned_pages"],
  "008-reportlab-inline-image-inline-image.pdf": ["pdf.standard_font_not_embedded"],
  // Its form fields are drawn in Helvetica (/Helv).
  "010-pdflatex-forms-pdflatex-forms.pdf": ["pdf.form_fields", "pdf.standard_font_not_embedded"],
  // LibreOffice embeds a subset of Ubuntu for the page and names the whole, not embedded, for the form fields.
  "012-libreoffice-form-libreoffice-form.pdf": ["pdf.font_not_embedded", "pdf.form_fields"],
  "013-reportlab-overlay-reportlab-overlay.pdf": ["pdf.standard_font_not_embedded"],
  // Its cross-reference table and page tree are broken beyond what mupdf repairs (poppler shows blank pages).
  "017-unreadable-meta-data-unreadablemetadata.pdf": ["pdf.no_pages", "pdf.xref_damaged"],
  "018-base64-image-base64image.pdf": ["pdf.standard_font_not_embedded"],
  "019-grayscale-image-grayscale-image.pdf": ["pdf.scanned_pages"],
  "020-xmp-output_with_metadata_pymupdf.pdf": ["pdf.standard_font_not_embedded"],
  "023-cmyk-image-cmyk-image.pdf": ["pdf.scanned_pages"],
  "024-annotations-annotated_pdf.pdf": ["pdf.standard_font_not_embedded"],
  "025-attachment-with-attachment.pdf": ["pdf.attachments"],
  "pdf_complex_layout.pdf": ["pdf.standard_font_not_embedded"],
  "pdf_image_end.pdf": ["pdf.standard_font_not_embedded"],
  "pdf_image_middle.pdf": ["pdf.standard_font_not_embedded"],
  "pdf_image_start.pdf": ["pdf.standard_font_not_embedded"],
  "pdf_multipage.pdf": ["pdf.standard_font_not_embedded"],
  "pdf_multiple_images.pdf": ["pdf.standard_font_not_embedded"],
  "pdf_scanned_invoice.pdf": ["pdf.scanned_pages"],
  "pdf_scanned_meeting_minutes.pdf": ["pdf.scanned_pages"],
  "pdf_scanned_minimal.pdf": ["pdf.scanned_pages"],
};

/** What sanitizing removes from the corpus: only the pdfLaTeX form's submit button. */
const REMOVED: Record<string, string[]> = {
  "010-pdflatex-forms-pdflatex-forms.pdf": ["form submission (SubmitForm) on form field Submit"],
};

const files: [string, string][] = [
  ...readdirSync(corpus("pdf"))
    .filter((n) => n.endsWith(".pdf"))
    .map((n): [string, string] => ["pdf", n]),
  ...readdirSync(corpus("scans"))
    .filter((n) => n.endsWith(".pdf"))
    .map((n): [string, string] => ["scans", n]),
].sort((a, b) => a[1].localeCompare(b[1]));

const normalise = (text: string) => text.replace(/\s+/g, " ").trim();

const fullSave = (pdf: Uint8Array, options: string): Uint8Array => {
  const doc = new mupdf.PDFDocument(pdf);
  try {
    const buffer = doc.saveToBuffer(options);
    const bytes = buffer.asUint8Array().slice();
    buffer.destroy();
    return bytes;
  } finally {
    doc.destroy();
  }
};

describe("the corpus", () => {
  const timings: { name: string; ms: number; pages: number }[] = [];

  for (const [folder, name] of files) {
    test(`${folder}/${name}`, async () => {
      const original = corpusFile(folder, name);
      if (name === PASSWORD) {
        for (const run of [() => sanitizePdf(original, ctx), () => inspectPdf(original, ctx), () => repairPdf(original, "pdf.rebuild_xref", ctx)]) {
          await assert.rejects(run(), (error: unknown) => error instanceof ExtractRefused && error.code === "file_rejected");
        }
        return;
      }
      const { bytes, removed } = await sanitizePdf(original, ctx);
      assert.deepEqual(removed, REMOVED[name] ?? []);
      if (removed.length === 0) assert.equal(bytes, original);

      const started = performance.now();
      const inspection = await inspectPdf(bytes, ctx);
      timings.push({ name, ms: performance.now() - started, pages: inspection.content.length });

      const { findings, content } = inspection;
      assert.deepEqual(findings.map((f) => f.code).sort(), EXPECTED[name] ?? []);
      for (const f of findings) {
        assert.ok(["error", "warning", "info"].includes(f.severity), f.code);
        assert.ok(CATEGORIES.has(f.category), `${f.code}: category ${f.category}`);
        assert.equal(f.fixable, f.fix !== undefined, f.code);
        if (f.fix !== undefined) assert.match(f.fix, /^pdf\./);
        for (const page of f.location?.pages ?? []) assert.ok(page >= 1 && page <= content.length, `${f.code}: page ${page}`);
        assert.ok(f.message.length > 20 && !/undefined|NaN|\[object/.test(f.message), f.message);
      }
      if (removed.length > 0) {
        assert.deepEqual(content, (await inspectPdf(original, ctx)).content);
        assert.equal(normalise(popplerText(bytes)), normalise(popplerText(original)));
        assert.equal(pdfinfo(bytes).status, 0);
      }
      for (const fix of new Set(findings.flatMap((f) => (f.fix ? [f.fix] : [])))) {
        const repaired = await repairPdf(bytes, fix, ctx);
        const after = await inspectPdf(repaired, ctx);
        assert.deepEqual(after.content, content);
        for (const code of findings.filter((f) => f.fix === fix).map((f) => f.code)) {
          assert.equal(after.findings.filter((f) => f.code === code).length, 0, `${fix} left ${code}`);
        }
        assert.equal(pdfinfo(repaired).status, 0);
      }
    });
  }

  test("the full saves of sanitize and repair keep every page's text, mupdf's and poppler's, on every file", async () => {
    for (const [folder, name] of files) {
      if (name === PASSWORD) continue;
      const original = corpusFile(folder, name);
      const before = await inspectPdf(original, ctx);
      if (before.content.length === 0) continue;
      const poppler = normalise(popplerText(original));
      for (const saved of [fullSave(original, SANITIZE_SAVE_OPTIONS), await repairPdf(original, "pdf.rebuild_xref", ctx)]) {
        assert.deepEqual((await inspectPdf(saved, ctx)).content, before.content, name);
        assert.equal(normalise(popplerText(saved)), poppler, name);
      }
    }
  });

  test("inspect time: well under 300 ms for ten pages", (t) => {
    assert.ok(timings.length >= files.length - 1, "runs after the files' tests");
    const sorted = timings.map((x) => x.ms).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const slowest = timings.reduce((a, b) => (b.ms > a.ms ? b : a));
    t.diagnostic(`inspect over ${timings.length} corpus PDFs: median ${median.toFixed(1)} ms, max ${slowest.ms.toFixed(1)} ms (${slowest.name}, ${slowest.pages} pages)`);
    for (const { name, ms, pages } of timings) {
      // 10× the figure (300 ms for ten pages): a loaded machine passes, a hang does not; bench/review measures.
      assert.ok(ms < 3_000 * Math.max(1, pages / 10), `${name}: ${ms.toFixed(0)} ms for ${pages} pages`);
    }
  });
});
