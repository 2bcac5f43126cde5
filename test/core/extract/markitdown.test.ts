/**
 * MarkItDown's own test files (test/public/markitdown) held to MarkItDown's own expectations: the strings its test
 * vectors require of test.docx, test.pptx and test.xlsx (packages/markitdown/tests/_test_vectors.py: `must_include`,
 * sheets as `## <name>`), and its expected outputs (expected/*.md) as the reference for word recall. Where our form
 * differs on purpose it is said below: pictures are referenced by their part, never inlined as data.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { after, describe, test } from "node:test";
import { readFile } from "../../../core/extract/read.ts";
import { formatPlugins } from "../../../plugins/index.ts";
import { startOcr } from "../../../renderers/tesseract/index.ts";
import { recall } from "../../support/recall.ts";

const publicFile = (name: string) => resolve(import.meta.dirname, "../../public/markitdown", name);
const extract = (name: string, ctx: Parameters<typeof readFile>[3] = {}) => readFile(new Uint8Array(readFileSync(publicFile(name))), name, formatPlugins, ctx);
const hasTesseract = spawnSync("tesseract", ["--version"]).status === 0;

const includesAll = (markdown: string, wanted: readonly string[]) => {
  for (const text of wanted) assert.ok(markdown.includes(text), `missing ${JSON.stringify(text)}`);
};

describe("MarkItDown's Office test files, held to its test vectors", () => {
  test("test.docx: its marker strings, the title and section headings, a heading of level 2; pictures not inlined", async () => {
    const { markdown, format } = await extract("test.docx");
    assert.equal(format, "docx");
    includesAll(markdown, [
      "314b0a30-5b04-470b-b9f7-eed2c2bec74a",
      "49e168b7-d2ae-407f-a055-2167576f39a1",
      "## d666f1f7-46cb-42bd-9a39-9a39cf2a509f",
      "# Abstract",
      "# Introduction",
      "AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation",
    ]);
    assert.match(markdown, /^# AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation$/m);
    // MarkItDown inlines or elides pictures as data URIs; a picture here is its part's name.
    assert.doesNotMatch(markdown, /data:image\//);
    assert.match(markdown, /!\[[^\]]*\]\(media\/image1\.png\)/);
  });

  test("test.pptx: text, a table cell, a picture's description, the chart's title and values, the caption", async () => {
    const { markdown, pages } = await extract("test.pptx");
    assert.equal(pages, 6);
    includesAll(markdown, [
      "2cdda5c8-e50e-4db4-b5f0-9722a649f455",
      "04191ea8-5c73-4215-a1d3-1cfb43aaaf12",
      "44bf7d06-5e7a-4a40-a2e1-a2e42ef28c8a",
      "1b92870d-e3b5-4e65-8153-919f4ff45592",
      "AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation",
      "a3f6004b-6f4f-4ea8-bee3-3741f4dc385f",
      "2003",
      // MarkItDown names the picture by its shape (`Picture4.jpg`); here it is the part it is stored in.
      "![This phrase of the caption is Human-written.](",
    ]);
    assert.doesNotMatch(markdown, /data:image\//);
    // The table cell is in its table row, the chart's values in its table.
    assert.match(markdown, /^\| 7 \| 8 \| 9 \| 1b92870d-e3b5-4e65-8153-919f4ff45592 \| 11 \| 12 \|$/m);
    assert.match(markdown, /^\| 2003 \| 2003 \|$/m);
  });

  test("test.xlsx: each sheet is `## <sheet name>`, its cells in its table", async () => {
    const { markdown, pages } = await extract("test.xlsx");
    assert.equal(pages, 2);
    includesAll(markdown, ["## 09060124-b5e7-4717-9d07-3c046eb", "6ff4173b-42a5-4784-9b19-f49caff4d93d", "affc7dad-52dc-4b98-9b5d-51e65d8a8ad0"]);
    assert.deepEqual(markdown.match(/^## .*$/gm), ["## Sheet1", "## 09060124-b5e7-4717-9d07-3c046eb"]);
    assert.doesNotMatch(markdown, /Sheet:/);
    assert.match(markdown, /^\| 58 \| 6ff4173b-42a5-4784-9b19-f49caff4d93d \| 22 \| 9 \|$/m);
    assert.match(markdown, /^\| 13 \| 14 \| 15 \| affc7dad-52dc-4b98-9b5d-51e65d8a8ad0 \|$/m);
  });
});

describe("MarkItDown's PDFs, against its expected outputs", () => {
  for (const name of ["SPARSE-2024-INV-1234_borderless_table", "movie-theater-booking-2024"]) {
    test(`${name}: the words MarkItDown expects`, async () => {
      const expected = readFileSync(publicFile(`expected/${name}.md`), "utf8");
      const { markdown } = await extract(`${name}.pdf`);
      assert.ok(recall(expected, markdown) >= 0.99, `recall ${recall(expected, markdown)}`);
    });
  }

  describe("the scanned medical report", { skip: !hasTesseract && "tesseract is not installed" }, () => {
    const ocr = startOcr({});
    after(() => ocr.close());

    test("MarkItDown expects nothing of it (its expected output is empty); page 1 is read by OCR, its vital signs a table", async () => {
      assert.equal(readFileSync(publicFile("expected/MEDRPT-2024-PAT-3847_medical_report_scan.md"), "utf8").trim(), "");
      const { markdown, ocrPages } = await extract("MEDRPT-2024-PAT-3847_medical_report_scan.pdf", { ocr, maxPages: 1 });
      assert.deepEqual(ocrPages, [1]);
      assert.match(markdown, /Report ID: MEDRPT-2024-PAT-3847/);
      assert.match(markdown, /^\| Measurement \| Value \| Normal Range \| Status \|$/m);
      assert.match(markdown, /^\| Blood Pressure \| 142\/88 mmHg \| 120\/80 mmHg \| ELEVATED \|$/m);
    });
  });
});
