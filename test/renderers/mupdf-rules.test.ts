/**
 * The rules a PDF page draws (renderers/mupdf/rules.ts, through pages.ts `rules(index)`): stroked lines, thin filled
 * rectangles and a stroked rectangle's four sides as horizontal and vertical rules in page points from the top left;
 * slanted lines, curves and white fills are none, the sides of light shading are marked as such; and a page drawing 50,000 lines is read only up to
 * the cap, quickly, and says so.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { openPdfPages } from "../../renderers/mupdf/pages.ts";
import { MAX_PATHS, type Rule } from "../../renderers/mupdf/rules.ts";
import { box, drawnPdf, line, page } from "../support/drawn-pdf.ts";

const publicFile = (...parts: string[]) => join(dirname(fileURLToPath(import.meta.url)), "../public", ...parts);

const rulesOf = async (bytes: Uint8Array, page = 0) => {
  const pages = await openPdfPages(bytes);
  try {
    return pages.rules!(page);
  } finally {
    pages.close();
  }
};

/** A rule as `h y x0-x1` or `v x y0-y1`, rounded to the point. */
const show = (r: Rule) => (r.orientation === "h" ? `h ${Math.round(r.y0)} ${Math.round(r.x0)}-${Math.round(r.x1)}` : `v ${Math.round(r.x0)} ${Math.round(r.y0)}-${Math.round(r.y1)}`);

describe("rules from what the page draws", () => {
  test("lines, thin bars and a box's sides are rules; slanted lines, curves and white fills are not; light fills are shading", async () => {
    const p = page(400, 400);
    line(p, 50, 50, 250, 50, 1);
    line(p, 60, 100, 60, 200);
    box(p, 100, 298.5, 250, 300, { fill: 0 });
    box(p, 300, 260, 350, 300, { stroke: 1 });
    line(p, 10, 390, 100, 310);
    p.ops.push("1 w 230 200 m 230 216 216 230 200 230 c S");
    box(p, 20, 378, 320, 380, { fill: 1 });
    box(p, 120, 110, 220, 160, { fill: 0.95 });
    const found = await rulesOf(await drawnPdf([p]));
    assert.equal(found.truncated, false);
    assert.deepEqual(found.rules.filter((r) => !r.shade).map(show).sort(), ["h 50 50-250", "h 260 300-350", "h 299 100-250", "h 300 300-350", "v 300 260-300", "v 350 260-300", "v 60 100-200"].sort());
    // The light box's sides are marked as shading (borders only away from drawn rules: lattice.ts).
    assert.deepEqual(found.rules.filter((r) => r.shade).map(show).sort(), ["h 110 120-220", "h 160 120-220", "v 120 110-160", "v 220 110-160"].sort());
  });

  test("a ruled table of a real file (camelot's foo.pdf): its borders, in the page's coordinates", async () => {
    const found = await rulesOf(new Uint8Array(readFileSync(publicFile("pdf-layout-tables", "camelot-foo.pdf"))));
    const h = found.rules.filter((r) => r.orientation === "h");
    const v = found.rules.filter((r) => r.orientation === "v");
    assert.ok(h.length >= 8 && v.length >= 8, `${h.length} h, ${v.length} v`);
    // Every rule lies on the page.
    for (const r of found.rules) assert.ok(r.x0 >= 0 && r.x1 <= 612 && r.y0 >= 0 && r.y1 <= 792, show(r));
  });

  test(`a page drawing 50,000 lines: read up to ${MAX_PATHS} paths, marked truncated, in bounded time`, async () => {
    const p = page(600, 800);
    for (let i = 0; i < 50_000; i++) line(p, 20 + (i % 7), 20 + (i % 760), 580, 20 + (i % 760), 0.1);
    const bytes = await drawnPdf([p]);
    const started = performance.now();
    const found = await rulesOf(bytes);
    const ms = performance.now() - started;
    assert.equal(found.truncated, true);
    assert.equal(found.paths, MAX_PATHS);
    assert.equal(found.rules.length, MAX_PATHS);
    assert.ok(ms < 20_000, `${Math.round(ms)} ms`);
  });
});
