import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import { PDF_STREAM_LIMITS, scanPdfStreams } from "../../../core/files/pdf-streams.ts";
import { pdfInflateBomb, pdfWithStreams, zlibZeros, type PdfStream } from "../../support/hostile-files.ts";

const MiB = 1024 * 1024;

const ascii85 = (data: Uint8Array): Buffer => {
  let out = "";
  for (let i = 0; i < data.length; i += 4) {
    const group = Buffer.alloc(4);
    Buffer.from(data.subarray(i, i + 4)).copy(group);
    let v = group.readUInt32BE(0);
    const n = Math.min(4, data.length - i);
    if (v === 0 && n === 4) {
      out += "z";
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++, v = Math.floor(v / 85)) digits.unshift(String.fromCharCode(33 + (v % 85)));
    out += digits.slice(0, n + 1).join("");
  }
  return Buffer.from(`${out}~>`, "latin1");
};

/** A zlib stream whose first block is stored and holds `\nendstream\n`, followed by `size` zeros. */
const endstreamInside = (size: number): Buffer => {
  const text = Buffer.from("\nendstream\nendobj\n", "latin1");
  const stored = Buffer.alloc(5);
  stored[0] = 0; // not final, stored
  stored.writeUInt16LE(text.length, 1);
  stored.writeUInt16LE(text.length ^ 0xffff, 3);
  return Buffer.concat([Buffer.from([0x78, 0xda]), stored, text, zlibZeros(size).subarray(2)]);
};

/** A picture's stream as a scanner makes it: 26 MB of pixels, noise on white, compressed about 22:1 (1.2 MB). */
const scannedPage = (): Buffer => {
  const pixels = Buffer.alloc(26 * 1000 * 1000, 0xff);
  // xorshift32: 40 noisy bytes in every 1,000.
  for (let i = 0, x = 2463534242; i < pixels.length; i += 1000) {
    for (let k = 0; k < 40; k++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      pixels[i + k] = x & 0xff;
    }
  }
  return deflateSync(pixels);
};

const refused = (streams: PdfStream[]) => scanPdfStreams(pdfWithStreams(streams)).refused;

test("a stream inflating past max(64 MB, 200 × its size) is refused: the 1 GB bomb of 1 MB, quickly and without making it", () => {
  const bomb = pdfInflateBomb(1024 ** 3);
  assert.ok(bomb.length < 1.1 * MiB);
  const memory = process.memoryUsage().arrayBuffers;
  const started = performance.now();
  const scan = scanPdfStreams(bomb);
  const took = performance.now() - started;
  assert.match(scan.refused ?? "", /^a compressed stream of the PDF \(\d+ bytes, at offset \d+\) inflates to over 203 MB, past the 200:1 Quire accepts: a decompression bomb$/);
  assert.ok(took < 1000, `${took} ms`);
  assert.ok(process.memoryUsage().arrayBuffers - memory < 64 * MiB, "the output is counted, not held");
});

test("filters and tricks that wrap a bomb do not hide it", () => {
  const gigabyte = zlibZeros(1024 ** 3);
  const quarter = zlibZeros(256 * MiB);
  const badAdler = Buffer.from(gigabyte);
  badAdler.writeUInt32BE(1, badAdler.length - 4);
  const cases: Array<{ name: string; given: PdfStream[] }> = [
    { name: "an array of filters", given: [{ dictionary: "/Filter [/FlateDecode]", data: gigabyte }] },
    { name: "the short name /Fl", given: [{ dictionary: "/Filter /Fl", data: gigabyte }] },
    { name: "a name written with #xx escapes", given: [{ dictionary: "/Filter /Flate#44ecode", data: gigabyte }] },
    { name: "ASCIIHex before the Flate", given: [{ dictionary: "/Filter [/ASCIIHexDecode /FlateDecode]", data: Buffer.from(`${quarter.toString("hex")}>`, "latin1") }] },
    { name: "ASCII85 before the Flate", given: [{ dictionary: "/Filter [/A85 /FlateDecode]", data: ascii85(quarter) }] },
    { name: "a Flate of a Flate", given: [{ dictionary: "/Filter [/FlateDecode /FlateDecode]", data: deflateSync(gigabyte, { level: 9 }) }] },
    { name: "a wrong Adler-32 (mupdf only warns)", given: [{ dictionary: "/Filter /FlateDecode", data: badAdler }] },
    { name: "cut short (mupdf keeps what it got)", given: [{ dictionary: "/Filter /FlateDecode", data: gigabyte.subarray(0, gigabyte.length * 0.9) }] },
    { name: "`endstream` inside the data", given: [{ dictionary: "/Filter /FlateDecode", data: endstreamInside(1024 ** 3) }] },
    { name: "a stream no page uses", given: [{ dictionary: "", data: Buffer.from("BT ET") }, { dictionary: "/Filter /FlateDecode", data: gigabyte }] },
  ];
  for (const { name, given } of cases) assert.match(refused(given) ?? "accepted", /decompression bomb/, name);
});

test("`/Length`, direct or in another object, is followed past an `endstream` inside the data", () => {
  const data = endstreamInside(1024 ** 3);
  const direct = pdfWithStreams([{ dictionary: "/Filter /FlateDecode", data }]);
  assert.match(scanPdfStreams(direct).refused ?? "accepted", /decompression bomb/);
  const indirect = Buffer.concat([Buffer.from(direct.toString("latin1").replace(`/Length ${data.length} `, "/Length 9 0 R "), "latin1"), Buffer.from(`9 0 obj\n${data.length}\nendobj\n`)]);
  assert.match(scanPdfStreams(indirect).refused ?? "accepted", /decompression bomb/);
  // A length this scan cannot read (an object in a compressed object stream) may be anything.
  const unknown = Buffer.from(direct.toString("latin1").replace(`/Length ${data.length} `, "/Length 8 0 R "), "latin1");
  assert.match(scanPdfStreams(unknown).refused ?? "accepted", /decompression bomb/);
  const none = Buffer.from(direct.toString("latin1").replace(`/Length ${data.length} `, ""), "latin1");
  assert.equal(scanPdfStreams(none).refused, null, "without a length, mupdf too ends the data at its endstream");
});

test("streams nested in one another's data are refused before they make the scan quadratic", () => {
  // 2,000 stream keywords inside one stored stream's data: each would be read to the one endstream at the end.
  const fake = Buffer.from("1 0 obj <</Filter/FlateDecode>>stream\n".repeat(2000) + " ".repeat(100_000), "latin1");
  const started = performance.now();
  assert.match(refused([{ dictionary: "", data: fake }]) ?? "accepted", /nested in one another's data/);
  assert.ok(performance.now() - started < 1000);
});

test("streams each under their bound are refused together past max(256 MB, 100 × the file's size)", () => {
  const streams = Array.from({ length: 10 }, () => ({ dictionary: "/Filter /FlateDecode", data: zlibZeros(60 * MiB) }));
  const pdf = pdfWithStreams(streams);
  assert.equal(scanPdfStreams(pdfWithStreams(streams.slice(0, 1))).refused, null, "one of them alone is within its bound");
  assert.match(scanPdfStreams(pdf).refused ?? "", /^the compressed streams of the PDF inflate to over 256 MB together, more than Quire accepts for a file of \d+ bytes: a decompression bomb$/);
});

test("what real PDFs hold passes, and what cannot be inflated is left to mupdf", () => {
  const cases: Array<{ name: string; given: PdfStream[] }> = [
    { name: "a scanned page, 26 MB compressed 22:1", given: [{ dictionary: "/Filter /FlateDecode", data: scannedPage() }] },
    { name: "a blank picture of 60 MB (past 200:1, under the 64 MB floor)", given: [{ dictionary: "/Filter /FlateDecode", data: zlibZeros(60 * MiB) }] },
    { name: "a stream stored as it is", given: [{ dictionary: "", data: Buffer.from("BT /F1 12 Tf (Hello) Tj ET") }] },
    { name: "encrypted data (not zlib)", given: [{ dictionary: "/Filter /FlateDecode", data: Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) & 0xff)) }] },
    { name: "a damaged stream", given: [{ dictionary: "/Filter /FlateDecode", data: Buffer.concat([deflateSync(Buffer.from("BT ET")).subarray(0, 6), Buffer.alloc(50, 0xff)]) }] },
    { name: "a filter before the Flate that is not followed (LZW)", given: [{ dictionary: "/Filter [/LZWDecode /FlateDecode]", data: zlibZeros(1024 ** 3) }] },
  ];
  for (const { name, given } of cases) assert.equal(refused(given), null, name);
  assert.deepEqual(PDF_STREAM_LIMITS, { streamFloor: 64 * MiB, streamRatio: 200, totalFloor: 256 * MiB, totalRatio: 100 });
});
