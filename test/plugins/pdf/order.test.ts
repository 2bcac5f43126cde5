/**
 * Reading order of a page's blocks (plugins/pdf/extract/order.ts): columns found from the gutters between blocks of
 * running text and read one after the other, whatever their number; side-by-side labels and values keep mupdf's order.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { extractPdf } from "../../../plugins/pdf/extract/index.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";
import { gutters, readingOrder } from "../../../plugins/pdf/extract/order.ts";
import type { LayoutBlock, LayoutLine } from "../../../renderers/mupdf/pages.ts";

const publicFile = (...parts: string[]) => join(dirname(fileURLToPath(import.meta.url)), "../../public", ...parts);

/** A text block of `lines` lines of 10 points, named by its first line's text. */
const block = (name: string, x0: number, y0: number, x1: number, lines = 1): LayoutBlock => {
  const made: LayoutLine[] = Array.from({ length: lines }, (_, i) => ({
    x0,
    y0: y0 + 12 * i,
    x1,
    y1: y0 + 12 * i + 10,
    words: [],
    text: i === 0 ? name : `${name} ${i}`,
    size: 10,
    bold: false,
    mono: false,
    horizontal: true,
  }));
  return { kind: "text", x0, y0, x1, y1: y0 + 12 * lines - 2, lines: made };
};
const names = (blocks: readonly LayoutBlock[]) => blocks.map((b) => (b.kind === "text" ? b.lines[0]!.text : "picture"));

describe("reading order", () => {
  test("three columns under a title across them, a footer across them at the foot", () => {
    // In mupdf's order the columns come row by row, as a content stream written across the page would.
    const blocks = [
      block("title", 50, 40, 560),
      block("a1", 50, 80, 210, 10),
      block("b1", 220, 80, 380, 6),
      block("c1", 390, 80, 560, 12),
      block("a2", 50, 210, 210, 8),
      block("b2", 220, 160, 380, 14),
      block("footer", 50, 400, 560),
    ];
    assert.equal(gutters(blocks).length, 2);
    assert.deepEqual(names(readingOrder(blocks)), ["title", "a1", "a2", "b1", "b2", "c1", "footer"]);
  });

  test("a block across two columns ends the columns above it", () => {
    const blocks = [block("a1", 50, 40, 290, 6), block("b1", 310, 40, 550, 6), block("figure", 50, 130, 550, 3), block("a2", 50, 180, 290, 6), block("b2", 310, 180, 550, 6)];
    assert.deepEqual(names(readingOrder(blocks)), ["a1", "b1", "figure", "a2", "b2"]);
  });

  test("labels and values side by side, a line each, keep mupdf's order: no gutter without running text", () => {
    const blocks = [block("Name:", 50, 40, 120), block("Ada", 300, 40, 360), block("Date:", 50, 60, 120), block("1 May", 300, 60, 360), block("Total:", 50, 80, 120), block("12", 300, 80, 360)];
    assert.deepEqual(gutters(blocks), []);
    assert.deepEqual(names(readingOrder(blocks)), names(blocks));
  });

  test("the Federal Register's three columns, each read to its foot before the next", async () => {
    const md = writeMarkdown((await extractPdf(new Uint8Array(readFileSync(publicFile("pdf-layout", "pdfplumber", "federal-register-2020-17221.pdf"))), {})).ir);
    const page = md.slice(0, md.indexOf("<!-- page 2 -->"));
    // The foot of the first column, the head and foot of the second, the head and foot of the third.
    const marks = ["by any of the following methods", "Federal eRulemaking Portal", "The FAA invites you to participate", "proposal, explain the reason", "Background"];
    const at = marks.map((m) => page.indexOf(m));
    assert.ok(at.every((i) => i >= 0), `missing one of ${marks.join(" / ")}`);
    assert.deepEqual([...at].sort((a, b) => a - b), at, page.slice(0, 4000));
  });
});
