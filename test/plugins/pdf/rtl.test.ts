/**
 * Right-to-left text on PDF pages: a ligature's letters in Arabic come in the glyph's order (renderers/mupdf/pages.ts
 * `ligaturesInOrder`), on pdf.js's ArabicCIDTrueType (three fonts, a lam–khah ligature in each line) and camelot's
 * Arabic table (lam–alef in ولاية); a line's glyphs put in logical order by the bidirectional algorithm
 * (renderers/mupdf/bidi.ts).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { extractPdf } from "../../../plugins/pdf/extract/index.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";
import { logicalOrder } from "../../../renderers/mupdf/bidi.ts";
import { handPdf, stream } from "./review/support.ts";

const publicFile = (...parts: string[]) => join(dirname(fileURLToPath(import.meta.url)), "../../public", ...parts);
const markdownOf = async (path: string) => writeMarkdown((await extractPdf(new Uint8Array(readFileSync(path)), {})).ir);

test("a ligature's letters read in order: الخطوط, never اخلطوط", async () => {
  const md = await markdownOf(publicFile("pdf-layout", "pdf.js", "ArabicCIDTrueType.pdf"));
  assert.equal(md.match(/انواع الخطوط العربية/g)?.length, 4, md);
  assert.doesNotMatch(md, /اخلطوط/);
});

test("lam–alef in a table's cell: ولاية, never والية", async () => {
  const md = await markdownOf(publicFile("pdf-layout", "camelot", "arabic.pdf"));
  assert.match(md, /ولاية كارولينا/);
  assert.doesNotMatch(md, /والية/);
});

test("a table's right-to-left cells in logical order: numbers and Latin words kept in their place", async () => {
  const md = await markdownOf(publicFile("pdf-layout", "camelot", "arabic.pdf"));
  // mupdf gives "قطط 47 عندي": the runs placed left to right.
  assert.match(md, /\| 1234 \| عندي 47 قطط \|/, md);
  assert.match(md, /\| هل انت شباك؟ \| اسمي Jeremy في الانجليزية \|/, md);
  assert.match(md, /Jeremy is جرمي in Arabic/);
});

describe("logicalOrder", () => {
  // Glyphs as a page places them: `visual` left to right, each character 5 points wide.
  const placed = (visual: string) => [...visual].map((c, i) => ({ c, x0: i * 5, x1: i * 5 + 5 }));
  const said = (visual: string) => logicalOrder(placed(visual)).map((ch) => ch.c).join("");

  test("Arabic read from the right, a number inside kept whole", () => {
    // On the page: قطط (cats) at the left, 47, عندي (I have) at the right; each word's letters right to left.
    assert.equal(said("ططق 47 يدنع"), "عندي 47 قطط");
  });
  test("a date stays one date", () => {
    assert.equal(said("12/3/2014 خيراتلا"), "التاريخ 12/3/2014");
  });
  test("an Arabic word in an English line", () => {
    assert.equal(said("Jeremy is يمرج in Arabic"), "Jeremy is جرمي in Arabic");
  });
  test("Hebrew too; a line with none is left as it is", () => {
    assert.equal(said("םולש"), "שלום");
    const latin = [{ c: "b", x0: 5, x1: 10 }, { c: "a", x0: 0, x1: 5 }];
    assert.deepEqual(logicalOrder(latin), latin);
  });
});

/**
 * A one-line PDF whose font's character map gives Arabic presentation forms, as older writers made them: the glyphs
 * (codes A, B, C…) placed left to right as the line is seen, each mapped to the shape it draws.
 */
const presentationFormsPdf = (codes: string, forms: Record<string, number>): Uint8Array => {
  const bfchar = Object.entries(forms).map(([code, form]) => `<${code.charCodeAt(0).toString(16).toUpperCase()}> <${form.toString(16).toUpperCase()}>`);
  const cmap = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Forms def 1 begincodespacerange <00> <FF> endcodespacerange ${bfchar.length} beginbfchar ${bfchar.join(" ")} endbfchar endcmap CMapName currentdict /CMap defineresource pop end end`;
  return handPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>",
    stream(`BT /F1 24 Tf 100 700 Td (${codes}) Tj ET`),
    stream(cmap),
  ]);
};

// mupdf's text device gives the letters a presentation form stands for (lam–alef as two): this holds it to that.
test("Arabic presentation forms read as the letters they stand for: سلام and لا, searchable", async () => {
  // Seen left to right: meem (isolated), alef (final), lam (medial), seen (initial); a space; lam–alef (one glyph).
  const pdf = presentationFormsPdf("E DCBA", { A: 0xfeb3, B: 0xfee0, C: 0xfe8e, D: 0xfee1, E: 0xfefb });
  const md = writeMarkdown((await extractPdf(pdf, {})).ir);
  assert.match(md, /سلام لا/, md);
  assert.doesNotMatch(md, /[\uFB50-\uFDFF\uFE70-\uFEFE]/u, md);
});
