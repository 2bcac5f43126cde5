/**
 * Previews' PNG encoder (renderers/mupdf/png.ts): what it writes decodes, in mupdf, to the very samples it was given,
 * for every sample layout it takes; and it is a PNG any reader checks (signature, chunk CRCs).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { crc32 } from "node:zlib";
import * as mupdf from "mupdf";
import { encodePng } from "../../renderers/mupdf/png.ts";

/** Samples that exercise the filter: a gradient, noise, flat runs and rows equal to the one above. */
const samples = (width: number, height: number, components: number): Uint8Array => {
  const out = new Uint8Array(width * height * components);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width * components; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      out[y * width * components + x] = y % 5 === 0 ? 255 : y % 5 === 1 ? (x * 3 + y) & 0xff : y % 5 === 2 ? seed & 0xff : out[(y - 1) * width * components + x]!;
    }
  }
  return out;
};

for (const components of [1, 3] as const) {
  test(`${components} sample(s) per pixel: decoded by mupdf to the same samples`, () => {
    const [width, height] = [37, 23];
    const given = samples(width, height, components);
    const image = new mupdf.Image(encodePng(given, width, height, components));
    const pixmap = image.toPixmap();
    assert.equal(pixmap.getWidth(), width);
    assert.equal(pixmap.getHeight(), height);
    const back = pixmap.getPixels();
    assert.equal(pixmap.getNumberOfComponents(), components);
    assert.deepEqual(Buffer.from(back), Buffer.from(given));
  });
}

test("chunks carry their CRC; the file starts with PNG's signature and ends with IEND", () => {
  const png = Buffer.from(encodePng(samples(10, 10, 3), 10, 10, 3));
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const types: string[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    types.push(typeAndData.subarray(0, 4).toString("latin1"));
    assert.equal(png.readUInt32BE(at + 8 + length), crc32(typeAndData) >>> 0);
    at += 12 + length;
  }
  assert.deepEqual(types, ["IHDR", "IDAT", "IEND"]);
  assert.throws(() => encodePng(new Uint8Array(10), 10, 10, 3), RangeError);
});
