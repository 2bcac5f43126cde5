/**
 * Issue 17, item 11: table columns as wide as their content asks, within the text width: a long text column wide,
 * short numeric columns narrow, header text counted. Checked in the Word grid and in LibreOffice's PDF, where each
 * column's text starts at its own x.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, describe, test } from "node:test";
import { readMarkdown } from "../../../core/markdown/read.ts";
import type { TableBlock } from "../../../core/ir/types.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { columnWidths } from "../../../plugins/docx/column-widths.ts";
import type { MapContext } from "../../../plugins/docx/context.ts";
import { geometry } from "../../../plugins/docx/geometry.ts";
import { closeSharedOfficeConverter } from "../../../renderers/index.ts";
import { part, pdfLines, renderDocx, toPdf } from "./support.ts";

after(closeSharedOfficeConverter);

const table = readFileSync(new URL("../../../fixtures/docx/table-widths/input.md", import.meta.url), "utf8");
const style = defaultStyle("report");
const ctx = { style, geometry: geometry(style) } as MapContext;
const widthsOf = (markdown: string) => columnWidths(readMarkdown(markdown).ir.blocks.find((b): b is TableBlock => b.type === "table")!, ctx);

describe("column widths", () => {
  test("add up to the text width; the text column is the widest, numbers narrow", () => {
    const widths = widthsOf(table);
    assert.equal(widths.reduce((a, b) => a + b, 0), ctx.geometry.textWidth);
    const [office, address, staff, cost] = widths as [number, number, number, number];
    assert.ok(address > 2 * office && address > 3 * staff, JSON.stringify(widths));
    assert.ok(staff < cost && office > staff, JSON.stringify(widths));
  });

  test("a long header word keeps its column from breaking it", () => {
    const [, qty] = widthsOf("| Description of the work | Qty |\n|---|--:|\n| A long description of the work done in the month of March | 1 |");
    const [, wide] = widthsOf("| Description of the work | Quantity |\n|---|--:|\n| A long description of the work done in the month of March | 1 |");
    assert.ok(wide! > qty!, `${wide} > ${qty}`);
    assert.ok(wide! >= 8 * 110 * 1.15, "room for 'Quantity' in bold");
  });

  test("equal content gives equal columns", () => {
    const widths = widthsOf("| aa | bb | cc |\n|---|---|---|\n| 1 | 2 | 3 |");
    assert.ok(Math.max(...widths) - Math.min(...widths) <= 2, JSON.stringify(widths));
  });
});

describe("a table in Word and in LibreOffice's PDF", () => {
  test("the Word grid and cells carry the widths; in the PDF the text column is wide and the figures narrow", async () => {
    const { bytes } = await renderDocx(table);
    const xml = part(bytes, "word/document.xml");
    const grid = [...xml.matchAll(/<w:gridCol w:w="(\d+)"\/>/g)].map((m) => Number(m[1]));
    assert.deepEqual(grid, widthsOf(table));
    assert.equal(grid.reduce((a, b) => a + b, 0), ctx.geometry.textWidth, "the grid is the text width");
    const lines = (await pdfLines(await toPdf(bytes))).flat();
    const header = lines.filter((l) => ["Office", "Address", "Staff", "Cost"].some((w) => l.words[0]?.text === w));
    const x = (word: string) => header.find((l) => l.words[0]!.text === word)!.words[0]!.x0;
    const widths = [x("Address") - x("Office"), x("Staff") - x("Address")];
    assert.ok(widths[1]! > 3 * widths[0]!, `address column ${widths[1]} pt against office ${widths[0]} pt`);
    assert.ok(!lines.some((l) => /^(Madri|Lisbo|Valenci)$/.test(l.text)), "no name is cut across lines");
  });
});
