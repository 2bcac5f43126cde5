/**
 * Text inside the pictures of a workbook, read with the real Tesseract (plugins/xlsx/extract with `ctx.ocr`):
 * workbooks from MarkItDown's OCR tests (the shared corpus, `scans/`) with pictures of text drawn over their sheets.
 * What OCR reads follows the picture, after the sheet's table and in that sheet's section; each picture part is read
 * once; the budget of pictures read holds; without OCR nothing changes.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { after, describe, it } from "node:test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import type { ExtractContext, Ocr } from "../../../core/contracts/extract.ts";
import { extractedMarkdown } from "../../../core/extract/result.ts";
import { extractXlsx } from "../../../plugins/xlsx/extract/index.ts";
import { startOcr } from "../../../renderers/tesseract/index.ts";
import { corpusPath } from "../../support/corpus.ts";
import { before, count } from "../../support/order.ts";

const hasTesseract = spawnSync("tesseract", ["--version"]).status === 0;
const MARKER = "<!-- picture: text read by OCR -->";

const scan = (name: string) => new Uint8Array(readFileSync(corpusPath("scans", name)));
const read = async (bytes: Uint8Array, ctx: ExtractContext) => {
  const result = await extractXlsx(bytes, ctx);
  return { ...result, markdown: extractedMarkdown(result) };
};

/** The section of the sheet named `name`, from its heading to the next sheet's. */
const sheet = (markdown: string, name: string): string => {
  const start = markdown.indexOf(`## ${name}\n`);
  assert.ok(start >= 0, `no sheet ${name} in ${markdown}`);
  const rest = markdown.slice(start);
  const next = rest.slice(1).search(/^## /m);
  return next < 0 ? rest : rest.slice(0, next + 1);
};

describe("xlsx extract: pictures read by Tesseract", { skip: !hasTesseract && "tesseract is not installed" }, () => {
  const ocr = startOcr({ size: 2 });
  after(() => ocr.close());

  it("writes what a picture says after the sheet's table, in its sheet", async () => {
    const result = await read(scan("xlsx_image_middle.xlsx"), { ocr });
    const revenue = sheet(result.markdown, "Revenue");
    before(revenue, "| Profit Margin | 40% |", "![Picture](media/image1.png)");
    before(revenue, "![Picture](media/image1.png)", MARKER);
    before(revenue, MARKER, "Growth Trend: +15%");
    const expenses = sheet(result.markdown, "Expenses");
    before(expenses, "| Savings | $5,000 |", "![Picture](media/image2.png)");
    before(expenses, MARKER, "Cost Analysis: Optimized");
    assert.ok(!revenue.includes("Cost Analysis") && !expenses.includes("Growth Trend"));
    assert.deepEqual(result.diagnostics, []);
  });

  it("reads every picture of every sheet, each with its own text", async () => {
    const { markdown } = await read(scan("xlsx_complex_layout.xlsx"), { ocr });
    assert.equal(count(markdown, MARKER), 4);
    const report = sheet(markdown, "Complex Report");
    before(report, "| Total | 2200 |", "Figure 1: Monthly Trend");
    before(report, "Figure 1: Monthly Trend", "![Picture](media/image2.png)");
    assert.match(report, /igure 2: Year Overview/);
    // The pictures of these two are cut off at the left in the file itself.
    assert.match(sheet(markdown, "Customers"), /Growth: \+25%/);
    assert.match(sheet(markdown, "Regions"), /Map: Top/);
  });
});

describe("xlsx extract: pictures without OCR, and the budget", () => {
  const fakeOcr = (): Ocr & { calls: number } => {
    const ocr = {
      calls: 0,
      read: async (image: Uint8Array) => {
        ocr.calls++;
        assert.ok(image.length > 0);
        return { text: "Words read here", markdown: "Words read here", confidence: 0.9 };
      },
    };
    return ocr;
  };

  it("reads nothing and writes the same Markdown without OCR", async () => {
    const { markdown, diagnostics } = await read(scan("xlsx_complex_layout.xlsx"), {});
    assert.equal(count(markdown, "![Picture]"), 4);
    assert.ok(!markdown.includes("OCR"));
    assert.deepEqual(diagnostics, []);
  });

  it("reads no more pictures than allowed, and says so", async () => {
    const ocr = fakeOcr();
    const result = await read(scan("xlsx_complex_layout.xlsx"), { ocr, maxOcrPages: 2 });
    assert.equal(ocr.calls, 2);
    assert.equal(count(result.markdown, MARKER), 2);
    assert.ok(result.diagnostics.some((d) => d.code === "extract.ocr_over_limit"));
  });

  it("reads a picture drawn on two sheets once, on the first", async () => {
    // The corpus workbook with the second sheet's drawing pointing at the first sheet's picture.
    const files = unzipSync(scan("xlsx_image_middle.xlsx"));
    const rels = "xl/drawings/_rels/drawing2.xml.rels";
    files[rels] = strToU8(strFromU8(files[rels]!).replace("image2.png", "image1.png"));
    const ocr = fakeOcr();
    const { markdown } = await read(zipSync(files), { ocr });
    assert.equal(ocr.calls, 1);
    assert.equal(count(markdown, MARKER), 1);
    assert.ok(sheet(markdown, "Revenue").includes(MARKER));
  });
});
