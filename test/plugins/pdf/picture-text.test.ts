/**
 * A picture's OCR text is said only where the page's text layer does not already say it there
 * (plugins/pdf/extract/picture-text.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { pictureOwnText } from "../../../plugins/pdf/extract/picture-text.ts";
import type { LayoutLine, PageLayout } from "../../../renderers/mupdf/pages.ts";

const line = (text: string, x0: number, y0: number): LayoutLine => ({
  x0,
  y0,
  x1: x0 + 6 * text.length,
  y1: y0 + 10,
  words: [],
  text,
  size: 10,
  bold: false,
  mono: false,
  horizontal: true,
});
const layout = (...lines: LayoutLine[]): PageLayout => ({
  page: 1,
  width: 612,
  height: 792,
  blocks: [{ kind: "text", x0: 0, y0: 0, x1: 612, y1: 792, lines }],
  chars: 100,
  sizes: new Map(),
  unmapped: 0,
});
const picture = { x0: 100, y0: 100, x1: 400, y1: 300 };

test("labels of a chart that are text over the picture are not said again; the picture's own words are", () => {
  const page = layout(line("Revenue by region", 120, 110), line("North", 120, 250), line("South", 300, 250), line("Body text below the chart.", 72, 400));
  const ocr = "Revenue by region\n\nNorth South\n\nSource: internal figures, 2024";
  assert.equal(pictureOwnText(ocr, picture, page), "Source: internal figures, 2024");
});

test("text beside the picture, not over it, does not count", () => {
  const page = layout(line("Revenue by region", 120, 500));
  assert.equal(pictureOwnText("Revenue by region", picture, page), "Revenue by region");
});

test("a searchable scan: the invisible text over the image says it all, nothing is said twice", () => {
  const page = layout(line("Minutes of the meeting", 110, 120), line("1. Budget approved", 110, 140), line("2. Next meeting in May", 110, 160));
  assert.equal(pictureOwnText("# Minutes of the meeting\n\n1. Budget approved\n2. Next meeting in May", picture, page), "");
});

test("a word said once in the text layer covers it once: a paragraph that repeats it is still the picture's", () => {
  const page = layout(line("Stop", 120, 110));
  assert.equal(pictureOwnText("Stop stop stop stop stop", picture, page), "Stop stop stop stop stop");
});
