import { test } from "node:test";
import assert from "node:assert/strict";
import { constants, deflateRawSync, deflateSync, inflateRawSync, inflateSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { countInflated } from "../../../core/deflate/inflate-count.ts";
import { zlibZeros } from "../../support/hostile-files.ts";

/** Bytes that look like nothing (a linear congruential generator), so deflate keeps them as literals or stored. */
const noise = (n: number, seed = 1) => {
  const b = Buffer.alloc(n);
  for (let i = 0, x = seed; i < n; i++) b[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return b;
};
const text = Buffer.from(readFileSync(resolve(import.meta.dirname, "../../../README.md"), "utf8").repeat(20));
/** A greyscale "scan": noise around a slow gradient, as a scanner's page compresses (a few to one). */
const scan = Buffer.from(noise(2_000_000).map((v, i) => 200 + (v & 7) + ((i / 7800) & 31)));

test("the count is what zlib inflates, for every kind of block", () => {
  const cases: Array<{ name: string; given: Buffer }> = [
    { name: "empty", given: deflateSync(Buffer.alloc(0)) },
    { name: "text, level 9 (dynamic codes)", given: deflateSync(text, { level: 9 }) },
    { name: "text, level 1", given: deflateSync(text, { level: 1 }) },
    { name: "text, fixed codes", given: deflateSync(text, { strategy: constants.Z_FIXED }) },
    { name: "text, Huffman only (all literals)", given: deflateSync(text, { strategy: constants.Z_HUFFMAN_ONLY }) },
    { name: "text, run lengths", given: deflateSync(text, { strategy: constants.Z_RLE }) },
    { name: "noise (stored blocks)", given: deflateSync(noise(300_000)) },
    { name: "level 0 (stored only)", given: deflateSync(text, { level: 0 }) },
    { name: "a scanned page", given: deflateSync(scan) },
    { name: "one byte", given: deflateSync(Buffer.from("x")) },
    { name: "16 MB of zeros", given: zlibZeros(16 * 1024 * 1024) },
  ];
  for (const { name, given } of cases) {
    const want = inflateSync(given).length;
    assert.deepEqual(countInflated(given, Number.MAX_SAFE_INTEGER), { bytes: want, over: false, stopped: null, consumed: given.length - 4 }, name);
  }
  // Raw deflate (zip entries) and bytes after the end of the stream, which are not read.
  const raw = deflateRawSync(text);
  assert.equal(countInflated(Buffer.concat([raw, Buffer.from("endstream\nendobj\n")]), Infinity, false).bytes, text.length);
});

test("counting stops just past the bound, whatever the data would still give", () => {
  const cases: Array<{ given: Buffer; max: number }> = [
    { given: zlibZeros(1024 ** 3), max: 200 * 1024 * 1024 },
    { given: deflateSync(text), max: 1000 },
    { given: deflateSync(noise(100_000)), max: 99_999 },
  ];
  for (const { given, max } of cases) {
    const got = countInflated(given, max);
    assert.equal(got.over, true);
    assert.equal(got.stopped, "over");
    assert.ok(got.bytes > max && got.bytes <= max + 65_535, `${got.bytes} just past ${max}`);
  }
  assert.equal(countInflated(deflateSync(text), text.length).over, false, "exactly the bound is within it");
  // A gigabyte of zeros from 1 MB is counted whole, with nothing allocated for it. (How fast is a bench's question: a
  // time bound here failed on a loaded machine.)
  assert.equal(countInflated(zlibZeros(1024 ** 3), Infinity).bytes, 1024 ** 3);
});

test("damaged data counts what came before the damage, and `consumed` makes zlib give the same", () => {
  const good = deflateSync(text, { level: 6 });
  const badAdler = Buffer.from(good);
  badAdler[badAdler.length - 1] ^= 0xff;
  const garbled = Buffer.from(good);
  // Zeros in the middle of the codes: zlib stops there ("invalid distance too far back").
  garbled.fill(0, 2000, 2100);
  const cases: Array<{ name: string; given: Buffer; stopped: "truncated" | "invalid" | null }> = [
    { name: "cut in the middle", given: good.subarray(0, 3000), stopped: "truncated" },
    { name: "garbled in the middle", given: garbled, stopped: "invalid" },
    { name: "a wrong Adler-32 (not read)", given: badAdler, stopped: null },
  ];
  for (const { name, given, stopped } of cases) {
    const got = countInflated(given, Infinity);
    assert.equal(got.stopped, stopped, name);
    const partial = inflateRawSync(given.subarray(2, got.consumed), { finishFlush: constants.Z_SYNC_FLUSH });
    assert.equal(partial.length, got.bytes, name);
    assert.ok(got.bytes <= text.length, name);
  }
});

test("what is not zlib data is refused at once", () => {
  const cases: Array<{ name: string; given: Buffer }> = [
    { name: "no header", given: Buffer.from("BT /F1 12 Tf (Hello) Tj ET") },
    { name: "a preset dictionary", given: Buffer.from([0x78, 0xbb, 0, 0, 0, 0]) },
    { name: "encrypted bytes", given: noise(1000, 7) },
    { name: "too short", given: Buffer.from([0x78]) },
  ];
  for (const { name, given } of cases) assert.deepEqual(countInflated(given, Infinity), { bytes: 0, over: false, stopped: "invalid", consumed: 0 }, name);
});
