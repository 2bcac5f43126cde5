/**
 * An upload's `pages` for `.ppt` and `.xls` (issue 20): slides and sheets counted from the compound file, the same
 * figures LibreOffice's conversion gives (checked against it: 36 slides and 7 sheets in Apache POI's test files, 2
 * slides and 1 sheet in the project's own legacy fixtures). A `.doc` counts 1 as a `.docx` does; a damaged file 1.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, it } from "node:test";
import { pagesOf } from "../../../core/files/pages.ts";
import { formatPlugins } from "../../../plugins/index.ts";

const poi = (name: string) => new Uint8Array(readFileSync(resolve(import.meta.dirname, "../../public/poi", name)));
const fixture = (ext: string) => new Uint8Array(gunzipSync(readFileSync(resolve(import.meta.dirname, `../../renderers/fixtures/legacy.${ext}.gz`))));

describe("pages of a legacy Office file", () => {
  it("counts a .ppt's slides", () => {
    assert.equal(pagesOf(poi("41246-1.ppt"), "ppt", formatPlugins), 36);
    assert.equal(pagesOf(fixture("ppt"), "ppt", formatPlugins), 2);
  });

  it("counts an .xls's sheets", () => {
    assert.equal(pagesOf(poi("45538_classic_Footer.xls"), "xls", formatPlugins), 7);
    assert.equal(pagesOf(fixture("xls"), "xls", formatPlugins), 1);
  });

  it("counts a .doc as one, and a damaged file as one", () => {
    assert.equal(pagesOf(fixture("doc"), "doc", formatPlugins), 1);
    assert.equal(pagesOf(poi("41246-1.ppt").subarray(0, 5000), "ppt", formatPlugins), 1);
  });
});
