/**
 * The pixel limit of core/images/probe.ts where pictures are placed in documents (core/operations/steps/picture-bytes.ts):
 * a source picture over it is left out with `image.unavailable` saying why, the others are placed.
 */
import { noImageSearch } from "../../../core/contracts/image-search.ts";
import { test } from "node:test";
import assert from "node:assert/strict";
import { safeFetch } from "../../../core/net/safe-fetch.ts";
import { resolveContentImages, type ImageDeps } from "../../../core/operations/steps/picture-bytes.ts";
import type { IRDocument } from "../../../core/ir/types.ts";
import { hugePng, pictureHeader } from "../../support/hostile-files.ts";

/** Inline sources never reach the store, so the store is left out. */
const deps: ImageDeps = { db: undefined as never, blobs: undefined as never, organizationId: "org_test", allowPrivateUrls: false, signal: new AbortController().signal, http: { fetch: safeFetch }, search: noImageSearch };

const withPictures = (...srcs: string[]): IRDocument => ({
  id: "doc",
  blocks: srcs.map((src, i) => ({ type: "image", id: `img${i}`, src, alt: "" })),
  footnotes: [],
});

const source = (bytes: Uint8Array, filename: string) => ({ data: Buffer.from(bytes).toString("base64"), filename });

test("a source picture over 100 megapixels is left out with the reason; the others are placed", async () => {
  const cases: Array<{ name: string; given: Buffer; placed: boolean }> = [
    { name: "a 900-megapixel PNG", given: hugePng(30_000, 30_000), placed: false },
    { name: "a 400-megapixel JPEG header", given: pictureHeader("jpg", 20_000, 20_000), placed: false },
    { name: "a 4,300-megapixel GIF header", given: pictureHeader("gif", 65_535, 65_535), placed: false },
    { name: "a 100-megapixel PNG", given: hugePng(10_000, 10_000), placed: true },
    { name: "a small PNG", given: hugePng(640, 480), placed: true },
  ];
  for (const { name, given, placed } of cases) {
    const { images, diagnostics } = await resolveContentImages(deps, withPictures("img:1"), [source(given, "picture.bin")]);
    if (placed) {
      assert.deepEqual(diagnostics, [], name);
      assert.ok(images.get("img:1"), name);
    } else {
      assert.equal(images.get("img:1"), null, name);
      assert.equal(diagnostics.length, 1, name);
      assert.equal(diagnostics[0]!.code, "image.unavailable", name);
      assert.equal(diagnostics[0]!.nodeId, "img0", name);
      assert.match(diagnostics[0]!.message, /^The picture "img:1" was left out: the picture is \d+ × \d+ pixels \([\d.]+ megapixels\), over the limit of 100 megapixels\.$/, name);
    }
  }
});
