import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_PICTURE_PIXELS, overPixelLimit, probePicture } from "../../../core/images/probe.ts";
import { pictureHeader } from "../../support/hostile-files.ts";

test("the size is read from each kind's header", () => {
  const cases = [
    { type: "png", width: 30_000, height: 30_000 },
    { type: "jpg", width: 20_000, height: 12_000 },
    { type: "gif", width: 65_535, height: 65_535 },
    { type: "webp", width: 16_383, height: 9_000 },
  ] as const;
  for (const { type, width, height } of cases) assert.deepEqual(probePicture(pictureHeader(type, width, height)), { type, width, height }, type);
});

test("pictures over 100 megapixels are named with their size and the limit", () => {
  assert.equal(MAX_PICTURE_PIXELS, 100_000_000);
  const cases: Array<{ given: { width: number; height: number }; want: string | null }> = [
    { given: { width: 10_000, height: 10_000 }, want: null },
    { given: { width: 12_000, height: 8_000 }, want: null },
    { given: { width: 10_001, height: 10_000 }, want: "the picture is 10001 × 10000 pixels (100.1 megapixels), over the limit of 100 megapixels" },
    { given: { width: 30_000, height: 30_000 }, want: "the picture is 30000 × 30000 pixels (900 megapixels), over the limit of 100 megapixels" },
    { given: { width: 65_535, height: 65_535 }, want: "the picture is 65535 × 65535 pixels (4294.9 megapixels), over the limit of 100 megapixels" },
  ];
  for (const { given, want } of cases) assert.equal(overPixelLimit(given), want, `${given.width} × ${given.height}`);
});
