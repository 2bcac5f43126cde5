/**
 * PNG encoding of a rendered page with Node's own zlib. mupdf's `asPNG` deflates inside WebAssembly at zlib's default
 * level: a third of a one-page create's work went there (about 25 ms for an 800 px page). Pages are mostly white
 * and flat colour, so each row minus the row above (PNG's "up" filter) deflated at a low level is several times faster,
 * the file about half as large again, and the pixels the same.
 */
import { crc32, deflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** zlib's level 2: past it a page's PNG gets little smaller and much slower to make. */
const LEVEL = 2;

const chunk = (type: string, data: Uint8Array): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, tail]);
};

/** 8-bit grey (1) or RGB (3) samples, row after row with no padding. */
export const encodePng = (samples: Uint8Array | Uint8ClampedArray, width: number, height: number, components: 1 | 3): Uint8Array => {
  const stride = width * components;
  if (samples.length < stride * height) throw new RangeError(`encodePng: ${samples.length} samples for ${width}×${height}×${components}`);
  const filtered = Buffer.allocUnsafe((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1);
    const row = y * stride;
    if (y === 0) {
      filtered[out] = 0;
      filtered.set(samples.subarray(0, stride), out + 1);
      continue;
    }
    filtered[out] = 2;
    const above = row - stride;
    for (let x = 0; x < stride; x++) filtered[out + 1 + x] = (samples[row + x]! - samples[above + x]!) & 0xff;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = components === 1 ? 0 : 2;
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(filtered, { level: LEVEL })), chunk("IEND", new Uint8Array(0))]);
};
