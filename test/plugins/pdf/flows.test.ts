/**
 * Columns mupdf's lines run across (plugins/pdf/extract/flows.ts): a report printed in columns on one grid of
 * baselines is read a column at a time; a table's columns, a name's figure beside it and a narrow grid are left alone.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { extractPdf } from "../../../plugins/pdf/extract/index.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";
import { splitFlows } from "../../../plugins/pdf/extract/flows.ts";
import type { LayoutBlock, LayoutLine } from "../../../renderers/mupdf/pages.ts";

const publicFile = (...parts: string[]) => join(dirname(fileURLToPath(import.meta.url)), "../../public", ...parts);

/** One mupdf line of 10-point words at the given left edges, on the baseline of row `row` (12 points apart). */
const line = (row: number, ...words: [string, number][]): LayoutLine => {
  const made = words.map(([text, x0]) => ({ text, x0, x1: x0 + 5 * text.length, y0: 40 + 12 * row, y1: 50 + 12 * row }));
  return {
    x0: made[0]!.x0,
    x1: made[made.length - 1]!.x1,
    y0: made[0]!.y0,
    y1: made[0]!.y1,
    words: made,
    text: words.map(([t]) => t).join(" "),
    size: 10,
    bold: false,
    mono: false,
    horizontal: true,
  };
};
const blockOf = (lines: LayoutLine[]): LayoutBlock => ({
  kind: "text",
  lines,
  x0: Math.min(...lines.map((l) => l.x0)),
  x1: Math.max(...lines.map((l) => l.x1)),
  y0: Math.min(...lines.map((l) => l.y0)),
  y1: Math.max(...lines.map((l) => l.y1)),
});
const texts = (blocks: readonly LayoutBlock[]) => blocks.map((b) => (b.kind === "text" ? b.lines.map((l) => l.text).join(" / ") : "picture"));

/** Two columns of groups of lines, on one grid of rows, a column's row one space from the other's: one mupdf line. */
const twoColumns = (left: (number | null)[], right: (number | null)[]): LayoutBlock => {
  const lines: LayoutLine[] = [];
  for (let row = 0; row < left.length; row++) {
    const words: [string, number][] = [];
    if (left[row] !== null) words.push([`left${left[row]}`, 40], [`words${left[row]}`, 80], ["12", 190]);
    if (right[row] !== null) words.push([`right${right[row]}`, 205], [`words${right[row]}`, 250]);
    if (words.length > 0) lines.push(line(row, ...words));
  }
  return blockOf(lines);
};

describe("columns run together by mupdf", () => {
  test("groups that start in the middle of the other column's: two columns, each read down", () => {
    // Left: groups of 3 lines; right: groups of 4, each after a blank row of its own.
    const left = [1, 1, 1, null, 2, 2, 2, null, 3, 3, 3, null, 4, 4, 4, null, 5, 5, 5, null, 6, 6, 6];
    const right = [1, 1, 1, 1, null, 2, 2, 2, 2, null, 3, 3, 3, 3, null, 4, 4, 4, 4, null, 5, 5, 5];
    const { blocks, cutFrom } = splitFlows([twoColumns(left, right)]);
    assert.equal(blocks.length, 2);
    assert.equal(cutFrom.size, 2);
    assert.match(texts(blocks)[0]!, /^left1 words1 12 \/ .*left6 words6 12$/);
    assert.doesNotMatch(texts(blocks)[0]!, /right/);
    assert.match(texts(blocks)[1]!, /^right1 words1 \/ .*right5 words5$/);
  });

  test("a table's rows, a blank row between each, start together: not cut", () => {
    const rows = [1, 1, null, 2, 2, null, 3, 3, null, 4, 4, null, 5, 5, null, 6, 6, null, 7, 7, null, 8, 8];
    const block = twoColumns(rows, rows);
    const { blocks, cutFrom } = splitFlows([block]);
    assert.deepEqual(blocks, [block]);
    assert.equal(cutFrom.size, 0);
  });

  test("a label beside every name (a party, a figure): no row starts there, not cut", () => {
    const lines = Array.from({ length: 24 }, (_, row) => (row % 4 === 3 ? line(row, ["Heading", 40]) : line(row, ["Some", 40], ["name", 70], ["REP", 205], ["247", 250])));
    const block = blockOf(lines);
    assert.deepEqual(splitFlows([block]).blocks, [block]);
  });

  test("an election bulletin printed in four columns is read a column at a time, with no table (pdfplumber)", async () => {
    const md = writeMarkdown((await extractPdf(new Uint8Array(readFileSync(publicFile("pdf-layout", "pdfplumber", "la-precinct-bulletin-2014-p1.pdf"))), {})).ir);
    assert.doesNotMatch(md, /^\|/m, "no table");
    const at = (text: string) => {
      const i = md.indexOf(text);
      assert.ok(i >= 0, text);
      return i;
    };
    // Down the first column, then the second, third and fourth.
    const order = ["GOVERNOR", "NEEL KASHKARI REP 247", "TOM LACKEY REP 249", "AJ-SUPREME CT-G. LIU", "A J-SUPREME CT-M. CUELLAR", "PJ 2D APP DV7-D. PERLUSS", "AJ 2D APP DV8-L. RUBIN", "STATE MEASURE 47", "STATE MEASURE 48", "ROE LEER 39"];
    const places = order.map(at);
    assert.deepEqual(places, [...places].sort((a, b) => a - b), md);
  });
});
