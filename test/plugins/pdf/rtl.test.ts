/**
 * Right-to-left text on PDF pages: a ligature's letters in Arabic come in the glyph's order (renderers/mupdf/pages.ts
 * `ligaturesInOrder`), on pdf.js's ArabicCIDTrueType (three fonts, a lam–khah ligature in each line) and camelot's
 * Arabic table (lam–alef in ولاية).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { extractPdf } from "../../../plugins/pdf/extract/index.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";

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
