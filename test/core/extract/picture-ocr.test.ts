/**
 * The OCR of pictures shared by the Office readers (core/extract/picture-ocr.ts), table-driven on picture headers
 * (only the header is read before OCR): what is read, what is left out and said, how much is read at most, and what
 * lands where. The readers' own tests (test/plugins/{docx,pptx,xlsx}) read real files with Tesseract.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ExtractContext, Ocr } from "../../../core/contracts/extract.ts";
import { readPictureText, type DrawPicture, type PictureJob } from "../../../core/extract/picture-ocr.ts";
import type { Block } from "../../../core/ir/types.ts";

/** A PNG header saying `width` × `height` (nothing decodes it here). */
const pngHeader = (width: number, height: number): Uint8Array => {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes[24] = 8;
  bytes[25] = 2;
  return bytes;
};
const emf = new Uint8Array([1, 0, 0, 0, 0x6c, 0, 0, 0]);

const run = async (pictures: Uint8Array[], answer: { markdown: string; confidence: number } | Error, extra: Partial<ExtractContext> = {}) => {
  const landed: Block[][] = pictures.map(() => []);
  const reported: string[] = [];
  const read: Uint8Array[] = [];
  const ocr: Ocr = {
    read: async (image) => {
      read.push(image);
      if (answer instanceof Error) throw answer;
      return { text: answer.markdown, ...answer };
    },
  };
  const drawn: number[] = [];
  const draw = async (): Promise<DrawPicture> => async (_bytes, scale) => {
    drawn.push(scale);
    return new Uint8Array([scale]);
  };
  const jobs: PictureJob[] = pictures.map((bytes, i) => ({ bytes: () => bytes, source: { part: "p", start: i * 10, end: i * 10 + 5 }, land: (blocks) => (landed[i] = blocks) }));
  await readPictureText(jobs, { ocr, ...extra }, (code) => reported.push(code), draw);
  return { landed, reported, read, drawn };
};

describe("readPictureText", () => {
  it("lands the marker and the text at the picture, with an empty range where it is shown", async () => {
    const { landed, drawn, reported } = await run([pngHeader(400, 100)], { markdown: "Diagram: System Components", confidence: 0.9 });
    assert.deepEqual(landed[0]!.map((b) => b.type), ["comment", "paragraph"]);
    assert.equal((landed[0]![0] as { text: string }).text, "picture: text read by OCR");
    assert.deepEqual(landed[0]![1]!.source, { part: "p", start: 0, end: 0 });
    assert.deepEqual(drawn, [2.5], "a small picture is enlarged, at most 2.5 times");
    assert.deepEqual(reported, []);
  });

  const cases: Array<{ name: string; given: Uint8Array[]; answer?: { markdown: string; confidence: number } | Error; ctx?: Partial<ExtractContext>; want: { read: number; landed: number; reported: string[] } }> = [
    { name: "an icon too small to hold a line is not read", given: [pngHeader(15, 200)], want: { read: 0, landed: 0, reported: [] } },
    { name: "text OCR is unsure of is left out", given: [pngHeader(300, 100)], answer: { markdown: "Il1 ii", confidence: 0.5 }, want: { read: 1, landed: 0, reported: [] } },
    { name: "text with no word is left out", given: [pngHeader(300, 100)], answer: { markdown: "1 2 3 | —", confidence: 0.95 }, want: { read: 1, landed: 0, reported: [] } },
    { name: "a kind OCR does not read is said once", given: [emf, emf], want: { read: 0, landed: 0, reported: ["extract.ocr_skipped"] } },
    { name: "a picture over the pixel limit is said, not read", given: [pngHeader(20_000, 20_000)], want: { read: 0, landed: 0, reported: ["extract.picture_too_large"] } },
    { name: "an OCR failure is said once", given: [pngHeader(300, 100), pngHeader(300, 100)], answer: new Error("boom"), want: { read: 2, landed: 0, reported: ["extract.ocr_failed"] } },
    { name: "no more than maxOcrPages pictures are read", given: [pngHeader(300, 100), pngHeader(300, 100), pngHeader(300, 100)], ctx: { maxOcrPages: 2 }, want: { read: 2, landed: 2, reported: ["extract.ocr_over_limit"] } },
  ];
  for (const { name, given, answer, ctx, want } of cases) {
    it(name, async () => {
      const got = await run(given, answer ?? { markdown: "Words here", confidence: 0.9 }, ctx);
      assert.equal(got.read.length, want.read);
      assert.equal(got.landed.filter((b) => b.length > 0).length, want.landed);
      assert.deepEqual(got.reported, want.reported);
    });
  }

  it("does nothing without OCR, and never loads the drawing", async () => {
    let loaded = false;
    const land = () => assert.fail("nothing lands without OCR");
    await readPictureText([{ bytes: () => pngHeader(300, 100), source: { part: "p", start: 0, end: 1 }, land }], {}, () => assert.fail("nothing to say"), async () => {
      loaded = true;
      return async (bytes) => bytes;
    });
    assert.equal(loaded, false);
  });
});
