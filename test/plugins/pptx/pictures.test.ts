/**
 * Text inside the pictures of a deck, read with the real Tesseract (plugins/pptx/extract with `ctx.ocr`): decks
 * from MarkItDown's OCR tests (the shared corpus, `scans/`) whose slides show pictures of text, Apache POI's
 * `54542_cropped_bitmap.pptx` (one picture shown six times, cropped, in nested groups), and a corpus deck whose
 * picture is moved into a group above the slide's text. What OCR reads follows the picture, in the slide's reading
 * order; each picture part is read once; the budget of pictures read holds; without OCR nothing changes.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { after, describe, it } from "node:test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import type { ExtractContext, Ocr } from "../../../core/contracts/extract.ts";
import { extractedMarkdown } from "../../../core/extract/result.ts";
import { extractPptx } from "../../../plugins/pptx/extract/index.ts";
import { startOcr } from "../../../renderers/tesseract/index.ts";
import { corpusPath } from "../../support/corpus.ts";
import { before, count } from "../../support/order.ts";

const PUBLIC = resolve(import.meta.dirname, "../../public");
const hasTesseract = spawnSync("tesseract", ["--version"]).status === 0;
const MARKER = "<!-- picture: text read by OCR -->";

const scan = (name: string) => new Uint8Array(readFileSync(corpusPath("scans", name)));
const read = async (bytes: Uint8Array, ctx: ExtractContext) => {
  const result = await extractPptx(bytes, ctx);
  return { ...result, markdown: extractedMarkdown(result) };
};

/** The section of slide `n`, from its heading to the next slide's. */
const slide = (markdown: string, n: number): string => {
  const start = markdown.search(new RegExp(`^## Slide ${n}\\b`, "m"));
  assert.ok(start >= 0, `no slide ${n} in ${markdown}`);
  const rest = markdown.slice(start);
  const next = rest.slice(1).search(/^## Slide \d+/m);
  return next < 0 ? rest : rest.slice(0, next + 1);
};

describe("pptx extract: pictures read by Tesseract", { skip: !hasTesseract && "tesseract is not installed" }, () => {
  const ocr = startOcr({ size: 2 });
  after(() => ocr.close());

  it("writes what a picture says after it, on its slide", async () => {
    const result = await read(scan("pptx_image_middle.pptx"), { ocr });
    const second = slide(result.markdown, 2);
    before(second, "![temp_pptx2.png](media/image1.png)", MARKER);
    before(second, MARKER, "Diagram: System Components");
    assert.ok(!slide(result.markdown, 1).includes("Diagram") && !slide(result.markdown, 3).includes("Diagram"));
    assert.equal(count(result.markdown, MARKER), 1);
    assert.deepEqual(result.diagnostics, []);
  });

  it("keeps each picture's text with its picture, in reading order", async () => {
    const { markdown } = await read(scan("pptx_multiple_images.pptx"), { ocr });
    before(markdown, "![temp_pptx3_1.png](media/image1.png)", "Before: 50% Efficiency");
    before(markdown, "Before: 50% Efficiency", "![temp_pptx3_2.png](media/image2.png)");
    before(markdown, "![temp_pptx3_2.png](media/image2.png)", "After: 95% Efficiency");
    assert.equal(count(markdown, MARKER), 2);
  });

  it("reads a picture in a group where the group puts it on the slide", async () => {
    // The corpus slide with its picture moved into a group that places it above the text box.
    const files = unzipSync(scan("pptx_complex_layout.pptx"));
    const xml = strFromU8(files["ppt/slides/slide1.xml"]!);
    const pic = /<p:pic>[\s\S]*<\/p:pic>/.exec(xml)![0];
    const group =
      `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="9" name="Group 8"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm>` +
      `<a:off x="914400" y="457200"/><a:ext cx="2743200" cy="914400"/><a:chOff x="3657600" y="2286000"/><a:chExt cx="2743200" cy="914400"/>` +
      `</a:xfrm></p:grpSpPr>${pic}</p:grpSp>`;
    files["ppt/slides/slide1.xml"] = strToU8(xml.replace(pic, group));
    const grouped = await read(zipSync(files), { ocr });
    before(grouped.markdown, "![temp_pptx5.png](media/image1.png)", MARKER);
    before(grouped.markdown, MARKER, "Market Share: 35%");
    before(grouped.markdown, "Market Share: 35%", "Our products lead the market");
    // As the file has it, the picture is below the text box and its text follows the text box's.
    const { markdown } = await read(scan("pptx_complex_layout.pptx"), { ocr });
    before(markdown, "Our products lead the market", "Market Share: 35%");
  });

  it("reads a picture shown many times once, where it is first shown (Apache POI)", async () => {
    const { markdown } = await read(new Uint8Array(readFileSync(`${PUBLIC}/poi/54542_cropped_bitmap.pptx`)), { ocr });
    assert.equal(count(markdown, "![](media/image1.png)"), 6);
    assert.equal(count(markdown, MARKER), 1);
    const text = markdown.slice(markdown.indexOf(MARKER));
    assert.match(text, /Apache/);
    assert.match(text, /Project/);
    before(markdown, "![](media/image1.png)", MARKER);
    assert.ok(markdown.indexOf(MARKER) < markdown.indexOf("![](media/image1.png)", markdown.indexOf("![](media/image1.png)") + 1), "right after the first showing");
  });
});

describe("pptx extract: pictures without OCR, and the budget", () => {
  const fakeOcr = (): Ocr & { calls: number } => {
    const ocr = {
      calls: 0,
      read: async () => {
        ocr.calls++;
        return { text: "Words read here", markdown: "Words read here", confidence: 0.9 };
      },
    };
    return ocr;
  };

  it("reads nothing and writes the same Markdown without OCR", async () => {
    const { markdown, diagnostics } = await read(scan("pptx_multiple_images.pptx"), {});
    assert.ok(markdown.includes("![temp_pptx3_1.png](media/image1.png)") && !markdown.includes("OCR"));
    assert.deepEqual(diagnostics, []);
  });

  it("reads no more pictures than allowed, and says so", async () => {
    const ocr = fakeOcr();
    const result = await read(scan("pptx_multiple_images.pptx"), { ocr, maxOcrPages: 1 });
    assert.equal(ocr.calls, 1);
    assert.equal(count(result.markdown, MARKER), 1);
    assert.ok(result.diagnostics.some((d) => d.code === "extract.ocr_over_limit"));
  });

  it("leaves out text OCR is unsure of", async () => {
    const unsure: Ocr = { read: async () => ({ text: "Il1 ,; ii", markdown: "Il1 ,; ii", confidence: 0.3 }) };
    const { markdown } = await read(scan("pptx_image_middle.pptx"), { ocr: unsure });
    assert.ok(!markdown.includes(MARKER));
  });
});
