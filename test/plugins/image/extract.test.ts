/**
 * Reading pictures into Markdown with OCR (plugins/image): PNG, JPEG, GIF and WebP made here from a scanned page of
 * the corpus (GIF and WebP by tiny encoders below, two colours, so no library is needed), a transparent PNG, a
 * picture cut from a PDF; the size read from the header; bombs, non-pictures and a missing OCR refused.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, test } from "node:test";
import * as mupdf from "mupdf";
import { extractImage } from "../../../plugins/image/index.ts";
import { pictureInfo } from "../../../core/images/header.ts";
import { pictureHeader } from "../../support/hostile-files.ts";
import { ExtractRefused, type Ocr } from "../../../core/contracts/extract.ts";
import { openPdfPages } from "../../../renderers/mupdf/pages.ts";
import { startOcr } from "../../../renderers/tesseract/index.ts";
import { corpusFile } from "../../renderers/support.ts";

import { writeMarkdown } from "../../../core/markdown/write.ts";

/** What extraction gives: the reader's IR, and its Markdown by the one writer (core/extract). */
const read = async (...args: Parameters<typeof extractImage>) => {
  const result = await extractImage(...args);
  return { ...result, markdown: writeMarkdown(result.ir) };
};

const hasTesseract = spawnSync("tesseract", ["--version"]).status === 0;

const refusedWith = (code: ExtractRefused["code"], message: RegExp) => (error: unknown) => {
  assert.ok(error instanceof ExtractRefused, `expected ExtractRefused, got ${String(error)}`);
  assert.equal(error.code, code);
  assert.match(error.message, message);
  return true;
};

/** A page of the corpus drawn by mupdf: gray pixels (or gray and alpha on a transparent ground). */
const drawPage = (pdf: Uint8Array, dpi: number, alpha = false): { pixmap: mupdf.Pixmap; close: () => void } => {
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  const page = doc.loadPage(0);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray, alpha);
  return {
    pixmap,
    close: () => {
      pixmap.destroy();
      page.destroy();
      doc.destroy();
    },
  };
};

/** Black (0) or white (1) per pixel of a gray pixmap without alpha. */
const twoColours = (pixmap: mupdf.Pixmap): { width: number; height: number; bits: Uint8Array } => {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const pixels = pixmap.getPixels();
  const bits = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) bits[y * width + x] = pixels[y * stride + x]! >= 128 ? 1 : 0;
  return { width, height, bits };
};

/** Bits written lowest first, as GIF's LZW and WebP's lossless format both read them. */
class BitWriter {
  readonly bytes: number[] = [];
  private current = 0;
  private used = 0;
  write(value: number, count: number): void {
    for (let i = 0; i < count; i++) {
      this.current |= ((value >> i) & 1) << this.used;
      if (++this.used === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
  }
  end(): number[] {
    if (this.used > 0) this.bytes.push(this.current);
    this.used = 0;
    return this.bytes;
  }
}

const u16le = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * A two-colour GIF. Its LZW stream never grows past 3-bit codes: a clear code after every two pixels keeps the
 * decoder's table from reaching 8 entries.
 */
const encodeGif = ({ width, height, bits }: { width: number; height: number; bits: Uint8Array }): Uint8Array => {
  const lzw = new BitWriter();
  for (let i = 0; i < bits.length; i++) {
    if (i % 2 === 0) lzw.write(4, 3);
    lzw.write(bits[i]!, 3);
  }
  lzw.write(5, 3);
  const data = lzw.end();
  const blocks: number[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const chunk = data.slice(at, at + 255);
    blocks.push(chunk.length, ...chunk);
  }
  return new Uint8Array([
    ...ascii("GIF89a"),
    ...u16le(width),
    ...u16le(height),
    0x80,
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    0x2c,
    ...u16le(0),
    ...u16le(0),
    ...u16le(width),
    ...u16le(height),
    0,
    2,
    ...blocks,
    0,
    0x3b,
  ]);
};

/**
 * A two-colour lossless WebP (VP8L): no transforms, no colour cache, and "simple" prefix codes: green, red and blue
 * each have two symbols (0 and 255, one bit), alpha one symbol (255, no bits), distance one (0). Three bits a pixel.
 */
const encodeWebp = ({ width, height, bits }: { width: number; height: number; bits: Uint8Array }): Uint8Array => {
  const w = new BitWriter();
  w.write(0x2f, 8);
  w.write(width - 1, 14);
  w.write(height - 1, 14);
  w.write(0, 1);
  w.write(0, 3);
  w.write(0, 1); // no transform
  w.write(0, 1); // no colour cache
  w.write(0, 1); // no meta prefix codes
  const twoSymbols = () => {
    w.write(1, 1); // simple
    w.write(1, 1); // two symbols
    w.write(0, 1); // first symbol in 1 bit
    w.write(0, 1); // 0
    w.write(255, 8); // 255
  };
  twoSymbols(); // green
  twoSymbols(); // red
  twoSymbols(); // blue
  w.write(1, 1);
  w.write(0, 1);
  w.write(1, 1);
  w.write(255, 8); // alpha: 255 only
  w.write(1, 1);
  w.write(0, 1);
  w.write(0, 1);
  w.write(0, 1); // distance: 0 only
  for (const bit of bits) {
    w.write(bit, 1);
    w.write(bit, 1);
    w.write(bit, 1);
  }
  const data = w.end();
  if (data.length % 2 === 1) data.push(0);
  return new Uint8Array([...ascii("RIFF"), ...u32le(4 + 8 + data.length), ...ascii("WEBP"), ...ascii("VP8L"), ...u32le(data.length), ...data]);
};

describe("picture headers", () => {
  test("kind and size of each kind, transparency where it can be", () => {
    const { pixmap, close } = drawPage(corpusFile("scans", "pdf_scanned_minimal.pdf"), 20);
    try {
      const size = { width: pixmap.getWidth(), height: pixmap.getHeight() };
      const two = twoColours(pixmap);
      assert.deepEqual(pictureInfo(pixmap.asPNG()), { kind: "png", ...size, transparent: false });
      assert.deepEqual(pictureInfo(pixmap.asJPEG(80)), { kind: "jpg", ...size, transparent: false });
      assert.deepEqual(pictureInfo(encodeGif(two)), { kind: "gif", ...size, transparent: true });
      assert.deepEqual(pictureInfo(encodeWebp(two)), { kind: "webp", ...size, transparent: false });
    } finally {
      close();
    }
    const { pixmap: clear, close: closeClear } = drawPage(corpusFile("pdf", "001-trivial-minimal-document.pdf"), 10, true);
    try {
      assert.equal(pictureInfo(clear.asPNG())?.transparent, true);
    } finally {
      closeClear();
    }
    assert.equal(pictureInfo(new TextEncoder().encode("GIF")), null);
    assert.equal(pictureInfo(new TextEncoder().encode("%PDF-1.7")), null);
  });
});

describe("refusals", () => {
  const ocr: Ocr & { calls: number } = {
    calls: 0,
    read: async () => {
      ocr.calls++;
      return { text: "", markdown: "", confidence: 0 };
    },
  };

  test("not a picture: unreadable", async () => {
    await assert.rejects(read(new TextEncoder().encode("%PDF-1.7 not a picture"), { ocr }), refusedWith("unreadable", /not a PNG, JPEG, GIF or WebP/));
  });

  test("a picture header claiming 100,000 × 100,000 pixels is refused before anything decodes it", async () => {
    const png = new Uint8Array([0x89, ...ascii("PNG\r\n\x1a\n"), 0, 0, 0, 13, ...ascii("IHDR"), 0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0, 8, 0, 0, 0, 0, 0, 0, 0, 0]);
    await assert.rejects(read(png, { ocr }), refusedWith("file_rejected", /100000 × 100000 pixels/));
    assert.equal(ocr.calls, 0);
  });

  test("no OCR: 'OCR is not available'", async () => {
    const { pixmap, close } = drawPage(corpusFile("scans", "pdf_scanned_minimal.pdf"), 20);
    try {
      await assert.rejects(read(pixmap.asPNG(), {}), refusedWith("unreadable", /^OCR is not available$/));
    } finally {
      close();
    }
  });

  test("a picture with no text says so", async () => {
    const { pixmap, close } = drawPage(corpusFile("scans", "pdf_scanned_minimal.pdf"), 20);
    try {
      const result = await read(pixmap.asPNG(), { ocr });
      assert.equal(result.markdown, "<!-- picture: no text found -->");
      assert.deepEqual(result.diagnostics.map((d) => d.code), ["extract.no_text"]);
    } finally {
      close();
    }
  });
});

describe("OCR of pictures", { skip: !hasTesseract && "tesseract is not installed" }, () => {
  const ocr = startOcr({});
  const expectNotice = (markdown: string) => {
    for (const words of ["NOTICE", "This is a minimal test document", "with just a few lines of text.", "It should still be processed correctly."]) {
      assert.ok(markdown.includes(words), `missing ${JSON.stringify(words)} in ${JSON.stringify(markdown)}`);
    }
  };
  const scan = () => drawPage(corpusFile("scans", "pdf_scanned_minimal.pdf"), 100);

  test("PNG and JPEG", async () => {
    const { pixmap, close } = scan();
    try {
      for (const picture of [pixmap.asPNG(), pixmap.asJPEG(85)]) {
        const result = await read(picture, { ocr });
        expectNotice(result.markdown);
        assert.equal(result.pages, 1);
        // All of a picture's text is OCR's reading.
        assert.deepEqual(result.ocrPages, [1]);
        assert.deepEqual(result.diagnostics, []);
      }
    } finally {
      close();
    }
  });

  test("GIF and WebP", async () => {
    const { pixmap, close } = scan();
    try {
      const two = twoColours(pixmap);
      expectNotice((await read(encodeGif(two), { ocr })).markdown);
      expectNotice((await read(encodeWebp(two), { ocr })).markdown);
    } finally {
      close();
    }
  });

  test("black text on a transparent ground is read (drawn onto white first)", async () => {
    const { pixmap, close } = drawPage(corpusFile("pdf", "011-google-doc-document-google-doc-document.pdf"), 100, true);
    try {
      const png = pixmap.asPNG();
      assert.equal(pictureInfo(png)?.transparent, true);
      const { markdown } = await read(png, { ocr });
      assert.ok(markdown.includes("Beautiful is better than ugly."), markdown);
      assert.match(markdown, /^\| Capital \| Jakarta \| Berlin \| Vienna \| Paris \| Vatican City \|$/m);
    } finally {
      close();
    }
  });

  test("a small picture cut from a PDF (text inside an image) is enlarged and read", async () => {
    const pdf = await openPdfPages(corpusFile("scans", "pdf_image_middle.pdf"));
    try {
      const picture = pdf.layout(0, { images: true }).blocks.find((b) => b.kind === "image")!;
      const { png, width } = pdf.png(0, { dpi: 72, clip: picture });
      assert.ok(width < 400);
      const { markdown } = await read(png, { ocr });
      assert.equal(markdown, "MIDDLE: Product Code: ABC-12345");
    } finally {
      pdf.close();
    }
  });

  test("a damaged picture (a PNG cut short) is unreadable", async () => {
    const { pixmap, close } = scan();
    try {
      const png = pixmap.asPNG();
      await assert.rejects(read(png.subarray(0, 200), { ocr }), refusedWith("unreadable", /damaged or cannot be read/));
    } finally {
      close();
    }
  });

  test("abort", async () => {
    const { pixmap, close } = scan();
    try {
      const controller = new AbortController();
      const reading = read(pixmap.asPNG(), { ocr, signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await assert.rejects(reading, { name: "AbortError" });
    } finally {
      close();
    }
  });
});

describe("the pixel limit of a picture read for its text", () => {
  test("is the upload's: over 100 megapixels is refused naming the size, under it is read", async () => {
    await assert.rejects(
      extractImage(pictureHeader("png", 12_000, 9_000), {}),
      (error: unknown) => error instanceof ExtractRefused && error.code === "file_rejected" && /12000 × 9000 pixels \(108 megapixels\), over the limit of 100 megapixels/.test(error.message),
    );
    // 81 megapixels passes the limit and goes on to OCR (none here, so it stops there, not at the size).
    await assert.rejects(extractImage(pictureHeader("png", 9_000, 9_000), {}), (error: unknown) => error instanceof ExtractRefused && /OCR is not available/.test(error.message));
  });
});
