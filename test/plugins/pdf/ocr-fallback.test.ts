/**
 * Pages whose text layer cannot be used are read by OCR (plugins/pdf/extract/index.ts, text-layer.ts): pdf.js's
 * TAMReview.pdf (fonts without a character map from page 2 on), a scan under an invisible `(cid:N)` text layer,
 * tracemonkey's first page with its text drawn as outlines (test/public/made/make-outlined-text.ts); each marked as
 * read by OCR, with a diagnostic, within the OCR page limit, its own text kept when OCR cannot read it. Good text
 * layers (the shared corpus, TAMReview's page 1) are never sent to OCR.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import * as mupdf from "mupdf";
import type { Ocr } from "../../../core/contracts/extract.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";
import { extractPdf } from "../../../plugins/pdf/extract/index.ts";
import { drawnText, fewChars, textLayerVerdict } from "../../../plugins/pdf/extract/text-layer.ts";
import { openPdfPages, type PageLayout } from "../../../renderers/mupdf/pages.ts";
import { startOcr } from "../../../renderers/tesseract/index.ts";
import { corpus, corpusFile } from "../../renderers/support.ts";
import { pdftotext, recall } from "../../support/recall.ts";

const hasTesseract = spawnSync("tesseract", ["--version"]).status === 0;
const publicFile = (path: string) => fileURLToPath(new URL(`../../public/${path}`, import.meta.url));

const read = async (...args: Parameters<typeof extractPdf>) => {
  const result = await extractPdf(...args);
  return { ...result, markdown: writeMarkdown(result.ir) };
};

/** Pages of a PDF file as a PDF of their own (numbers from 1), so that only they are read. */
const pagesOf = (path: string, pages: number[]): Uint8Array => {
  const source = new mupdf.PDFDocument(readFileSync(path));
  const doc = new mupdf.PDFDocument();
  for (const page of pages) doc.graftPage(-1, source, page - 1);
  // A copy: the saved buffer lives in mupdf's memory, which later work reuses.
  const bytes = doc.saveToBuffer("compress").asUint8Array().slice();
  doc.destroy();
  source.destroy();
  return bytes;
};

/** The Markdown of page `n`: from its marker to the next page's. */
const pageMarkdown = (markdown: string, n: number): string => {
  const start = markdown.indexOf(`<!-- page ${n} -->`);
  assert.ok(start >= 0, `no marker for page ${n}`);
  const next = markdown.indexOf(`<!-- page ${n + 1} -->`, start);
  return markdown.slice(start, next < 0 ? undefined : next);
};


const FALLBACK = (page: number) => `<!-- page ${page}: text layer unusable, read by OCR -->`;

/** An OCR that reads nothing but counts what it was given: whole pages (2,000 pixels wide or more) and pictures. */
const countingOcr = (fail = false): Ocr & { pages: number; pictures: number } => {
  const ocr = {
    pages: 0,
    pictures: 0,
    read: async (png: Uint8Array) => {
      const page = new DataView(png.buffer, png.byteOffset, png.byteLength).getUint32(16) >= 2000;
      if (page) ocr.pages++;
      else ocr.pictures++;
      if (fail) throw new Error("tesseract crashed");
      const markdown = page ? "whole page read by OCR" : "picture read by OCR";
      return { text: markdown, markdown, confidence: 0.9 };
    },
  };
  return ocr;
};

/**
 * Words on TAMReview's page 2, typed from the page as drawn (pdftotext cannot read it either: the fonts have no
 * character map).
 */
const TAM_PAGE_2 = `Overview of the Technology Acceptance Model: Origins, Developments and Future Directions M Yasser Chuttur
Indiana University, Bloomington Indiana, USA. Introduction With growing technology needs in the 1970's, and increasing
failures of system adoption in organizations, predicting system use became an area of interest for many researchers.
However, most of the studies carried out failed to produce reliable measures that could explain system acceptance or
rejection (Davis, 1989). In 1985, Fred Davis proposed the Technology Acceptance Model (TAM) in his doctoral thesis at
the MIT Sloan School of Management (Davis, 1985). He proposed that system use is a response that can be explained or
predicted by user motivation, which, in turn, is directly influenced by an external stimulus consisting of the actual
system's features and capabilities (Figure 1). Figure 1: Conceptual model for technology acceptance (Davis, 1985, p.
10). By relying on prior work by Fishbein and Ajzen (1975), who formulated the Theory of Reasoned Action, and other
related research studies, Davis further refined his conceptual model to propose the Technology Acceptance Model as
shown in Figure 2.`;
/** The corpus's scanned invoice under an invisible text layer of `(cid:N)`, as converters leave unmapped glyphs. */
const cidLayerScan = (): Uint8Array => {
  const scan = mupdf.Document.openDocument(corpusFile("scans", "pdf_scanned_invoice.pdf"), "application/pdf");
  const page = scan.loadPage(0);
  const [, , width, height] = page.getBounds();
  const pixmap = page.toPixmap(mupdf.Matrix.scale(200 / 72, 200 / 72), mupdf.ColorSpace.DeviceGray, false);
  const doc = new mupdf.PDFDocument();
  const image = doc.addImage(new mupdf.Image(pixmap));
  const font = doc.addSimpleFont(new mupdf.Font("Helvetica"));
  const lines = Array.from({ length: 30 }, (_, i) => {
    const cids = Array.from({ length: 12 }, (_, k) => `\\(cid:${(i * 7 + k * 13) % 90 + 3}\\)`).join("");
    return `BT 3 Tr /F1 9 Tf 1 0 0 1 50 ${height - 60 - i * 20} Tm (${cids}) Tj ET`;
  });
  const content = `q ${width} 0 0 ${height} 0 0 cm /Im0 Do Q\n${lines.join("\n")}`;
  doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, { XObject: { Im0: image }, Font: { F1: font } }, content));
  const bytes = doc.saveToBuffer("compress").asUint8Array().slice();
  doc.destroy();
  page.destroy();
  scan.destroy();
  return bytes;
};

/** A page of the given lines, as mupdf lays out a page (words 6 pt apart, lines 14 pt apart, 10 pt text). */
const layoutOf = (lines: readonly string[]): PageLayout => {
  const textLines = lines.map((text, i) => {
    let x = 72;
    const words = text.split(" ").map((word) => {
      const box = { x0: x, y0: 72 + 14 * i, x1: x + 5 * [...word].length, y1: 82 + 14 * i, text: word };
      x = box.x1 + 6;
      return box;
    });
    return { x0: 72, y0: 72 + 14 * i, x1: x - 6, y1: 82 + 14 * i, words, text, size: 10, bold: false, mono: false, horizontal: true };
  });
  const chars = lines.reduce((n, l) => n + [...l.replace(/\s/g, "")].length, 0);
  return { page: 1, width: 612, height: 792, blocks: [{ kind: "text", x0: 72, y0: 72, x1: 540, y1: 82 + 14 * lines.length, lines: textLines }], chars, sizes: new Map([[10, chars]]), unmapped: 0 };
};

/** `n` lines of `words` words each, cycling through `vocabulary`. */
const linesOf = (vocabulary: readonly string[], n = 12, words = 10): string[] =>
  Array.from({ length: n }, (_, i) => Array.from({ length: words }, (_, k) => vocabulary[(i * words + k) % vocabulary.length]!).join(" "));

describe("what makes a text layer garbage (text-layer.ts)", () => {
  const english = linesOf("the quick brown fox jumps over a lazy dog while the farmer watches from his old wooden porch".split(" "));

  test("running text in English, Russian or Japanese is usable", () => {
    assert.deepEqual(textLayerVerdict(layoutOf(english)), { usable: true });
    assert.deepEqual(textLayerVerdict(layoutOf(linesOf("быстрая коричневая лиса прыгает через ленивую собаку пока фермер смотрит".split(" ")))), { usable: true });
    assert.deepEqual(textLayerVerdict(layoutOf(linesOf(["これは日本語の文章です。", "地理は単に場所を暗記するだけではありません。"], 12, 4))), { usable: true });
  });

  test("private-use characters (a symbol font's glyphs with no Unicode) are garbage; a few bullets among text are not", () => {
    const privateUse = linesOf(["\ue021\ue04f\ue052", "\ue033\ue041", "\ue011\ue05a\ue044\ue047", "\ue060\ue02c\ue019"]);
    const verdict = textLayerVerdict(layoutOf(privateUse));
    assert.equal(verdict.usable, false);
    assert.match(!verdict.usable ? verdict.why : "", /^100% of its glyphs have no known character$/);
    const bulleted = english.map((line, i) => (i % 3 === 0 ? `\uf0b7 ${line}` : line));
    assert.deepEqual(textLayerVerdict(layoutOf(bulleted)), { usable: true });
  });

  test("hardly any token shaped like a word (letters a wrong character map lands on) is garbage", () => {
    // Phonetic letters, consonants only, scripts mixed inside a token: what glyph ids read as characters give.
    const junk = linesOf(["ɐɓɔ", "ʃʒʤ", "xqzt", "bcdfgh", "ĸŉſ", "aбc", "ɘɞʚ", "wrkpt", "the", "ʘǂǁ"]);
    const verdict = textLayerVerdict(layoutOf(junk));
    assert.equal(verdict.usable, false);
    assert.match(!verdict.usable ? verdict.why : "", /^only \d+ of its first \d+ words look like words$/);
  });

  test("many words, half of them shaped like words but none a common one, is garbage; one common word clears it", () => {
    // A character map shifted by a few letters: pronounceable, never `the`, `of`, `and`.
    const shifted = ["vabo", "keti", "mulo", "rasp", "xqzt", "bcdfg", "lumo", "pirt", "wrkp", "sdfgh"];
    const verdict = textLayerVerdict(layoutOf(linesOf(shifted, 20)));
    assert.equal(verdict.usable, false);
    assert.match(!verdict.usable ? verdict.why : "", /^none of its \d+ words is a common word$/);
    assert.deepEqual(textLayerVerdict(layoutOf(linesOf([...shifted.slice(0, 9), "the"], 20))), { usable: true });
  });

  test("a page with little text is not judged", () => {
    assert.deepEqual(textLayerVerdict(layoutOf(["\ue021\ue04f \ue052\ue033"])), { usable: true });
  });

  test("TAMReview.pdf: pages 2–22 (fonts with no character map) are refused, pages 1 and 23 are not", async () => {
    const pdf = await openPdfPages(new Uint8Array(readFileSync(publicFile("pdf.js/TAMReview.pdf"))));
    try {
      assert.equal(pdf.count, 23);
      const refused: number[] = [];
      for (let index = 0; index < pdf.count; index++) if (!textLayerVerdict(pdf.layout(index)).usable) refused.push(index + 1);
      assert.deepEqual(refused, Array.from({ length: 21 }, (_, i) => i + 2));
    } finally {
      pdf.close();
    }
  });
});

describe("which pages are read by OCR", () => {
  test("the shared corpus: no page of any PDF has its text layer refused", async () => {
    // The tests extraction makes on each page (the drawn-text one only on pages with few characters, with OCR).
    for (const folder of ["pdf", "scans"]) {
      for (const name of readdirSync(corpus(folder)).filter((n) => n.endsWith(".pdf"))) {
        const pdf = await openPdfPages(corpusFile(folder, name)).catch(() => null);
        if (!pdf) continue; // refused (password, damage): extract.test.ts checks how
        try {
          for (let index = 0; index < pdf.count; index++) {
            const layout = pdf.layout(index);
            assert.deepEqual(textLayerVerdict(layout), { usable: true }, `${folder}/${name} page ${index + 1}`);
            if (fewChars(layout)) assert.deepEqual(drawnText(layout, pdf.outlines(index)), { usable: true }, `${folder}/${name} page ${index + 1}`);
          }
        } finally {
          pdf.close();
        }
      }
    }
  });

  test("TAMReview: page 1 (a good text layer) is read from its text, pages 2–4 (no character map) by OCR", async () => {
    const ocr = countingOcr();
    const result = await read(pagesOf(publicFile("pdf.js/TAMReview.pdf"), [1, 2, 3, 4]), { ocr });
    assert.equal(ocr.pages, 3);
    assert.doesNotMatch(pageMarkdown(result.markdown, 1), /text layer unusable|whole page read by OCR/);
    for (const page of [2, 3, 4]) {
      const text = pageMarkdown(result.markdown, page);
      assert.ok(text.startsWith(`<!-- page ${page} -->\n\n${FALLBACK(page)}\n\nwhole page read by OCR`), text);
    }
    const [diagnostic] = result.diagnostics.filter((d) => d.code === "extract.text_layer_unusable");
    assert.ok(diagnostic, JSON.stringify(result.diagnostics));
    assert.deepEqual(diagnostic.location?.pages, [2, 3, 4]);
    assert.match(diagnostic.message, /pages 2, 3, 4 cannot be used: on page 2, \d+% of its glyphs have no known character\. They were read by OCR\./);
    // The service's `ocr_pages`: which pages are OCR's reading.
    assert.deepEqual(result.ocrPages, [2, 3, 4]);
  });

  test("the OCR page limit is shared with scans: later pages keep their own text, marked and reported", async () => {
    const ocr = countingOcr();
    const result = await read(pagesOf(publicFile("pdf.js/TAMReview.pdf"), [2, 3, 4]), { ocr, maxOcrPages: 1 });
    assert.equal(ocr.pages, 1);
    assert.ok(result.markdown.includes(FALLBACK(1)));
    for (const page of [2, 3]) {
      const text = pageMarkdown(result.markdown, page);
      assert.ok(text.includes(`<!-- page ${page}: text layer unusable, not read by OCR (over the 1 OCR pages limit) -->`), text);
      // What the text layer gives: the few words it can map (page 3 of the file: "The Theory of Reasoned Action").
      assert.doesNotMatch(text, /whole page read by OCR/);
    }
    assert.match(pageMarkdown(result.markdown, 3), /TheTheoryofReasonedAction/);
    const diagnostic = result.diagnostics.find((d) => d.code === "extract.text_layer_unusable");
    assert.equal(diagnostic?.severity, "warning");
    assert.match(diagnostic!.message, /Page 1 was read by OCR; 2, 3 keep their own text \(over the 1 OCR pages limit\)/);
    assert.deepEqual(result.ocrPages, [1]);
  });

  test("without OCR: the page keeps its own text, marked, with a warning", async () => {
    const result = await read(pagesOf(publicFile("pdf.js/TAMReview.pdf"), [1, 2]), {});
    assert.doesNotMatch(pageMarkdown(result.markdown, 1), /text layer unusable/);
    assert.ok(pageMarkdown(result.markdown, 2).includes("<!-- page 2: text layer unusable, not read by OCR (OCR is not available) -->"));
    const diagnostic = result.diagnostics.find((d) => d.code === "extract.text_layer_unusable");
    assert.equal(diagnostic?.severity, "warning");
    assert.deepEqual(diagnostic?.location?.pages, [2]);
    assert.match(diagnostic!.message, /It keeps its own text: not read by OCR \(OCR is not available\)/);
    assert.deepEqual(result.ocrPages, []);
  });

  test("an OCR failure: the page keeps its own text, marked, and the failure is reported", async () => {
    const result = await read(pagesOf(publicFile("pdf.js/TAMReview.pdf"), [2]), { ocr: countingOcr(true) });
    assert.ok(result.markdown.includes("<!-- page 1: text layer unusable, not read by OCR (OCR failed) -->"));
    assert.ok(result.diagnostics.some((d) => d.code === "extract.ocr_failed" && /tesseract crashed/.test(d.message)));
    assert.deepEqual(result.ocrPages, []);
  });

  test("a scan under a text layer of (cid:N) is read by OCR, the (cid:N) left out", async () => {
    const ocr = countingOcr();
    const result = await read(cidLayerScan(), { ocr });
    assert.equal(ocr.pages, 1);
    assert.ok(result.markdown.includes(FALLBACK(1)), result.markdown);
    assert.doesNotMatch(result.markdown, /cid:/);
    assert.match(result.diagnostics.find((d) => d.code === "extract.text_layer_unusable")!.message, /glyphs have no known character/);
  });

  test("text drawn as outlines (no text at all) is read by OCR; without OCR the page is not walked", async () => {
    const bytes = new Uint8Array(readFileSync(publicFile("made/tracemonkey-p1-outlined.pdf")));
    const ocr = countingOcr();
    const result = await read(bytes, { ocr });
    assert.equal(ocr.pages, 1);
    assert.ok(result.markdown.includes(FALLBACK(1)));
    assert.match(result.diagnostics.find((d) => d.code === "extract.text_layer_unusable")!.message, /drawn as outlines, \d+ letter shapes for 0 characters/);
    const without = await read(bytes, {});
    assert.doesNotMatch(without.markdown, /text layer unusable/);
    assert.deepEqual(without.diagnostics, []);
  });
});

describe("read by Tesseract", { skip: !hasTesseract && "tesseract is not installed" }, () => {
  const ocr = startOcr({});

  test("TAMReview pages 1–2: page 1 from its text as pdftotext reads it, page 2 by OCR", async () => {
    const result = await read(pagesOf(publicFile("pdf.js/TAMReview.pdf"), [1, 2]), { ocr });
    const poppler = pdftotext(publicFile("pdf.js/TAMReview.pdf"), { first: 1, last: 1 });
    assert.ok(recall(poppler, pageMarkdown(result.markdown, 1), 2) >= 0.95);
    const page2 = pageMarkdown(result.markdown, 2);
    assert.ok(page2.includes(FALLBACK(2)));
    // From its text layer alone: 0.05 of these words.
    const found = recall(TAM_PAGE_2, page2, 2);
    assert.ok(found >= 0.95, `recall ${found.toFixed(2)}`);
    assert.match(page2, /Technology Acceptance Model \(TAM\) in his doctoral thesis/);
    assert.deepEqual(result.diagnostics.find((d) => d.code === "extract.text_layer_unusable")?.location?.pages, [2]);
  });

  test("the invoice under a (cid:N) layer reads as the invoice", async () => {
    const result = await read(cidLayerScan(), { ocr });
    for (const words of ["INVOICE", "TechCorp Industries", "INV-2024-001", "Acme Corporation"]) assert.ok(result.markdown.includes(words), `missing ${words}`);
  });

  after(() => ocr.close());
});
