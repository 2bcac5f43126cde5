/**
 * Charts from Markdown (core/ir/chart.ts): a chart fence directly followed by a table becomes one chart block that
 * keeps the table; a fence that cannot be drawn stays as written with a warning; the Markdown writer gives the fence
 * and table back, so extraction and edits round-trip; text walkers still read the chart's numbers.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chartAlt, chartBlocks } from "../../../core/ir/chart.ts";
import { forPrint } from "../../../core/compile/printed.ts";
import { usedIds } from "../../../core/ir/ids.ts";
import type { ChartBlock } from "../../../core/ir/types.ts";
import { textUnits } from "../../../core/ir/units.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";

const TABLE = "| Month | North | South | Note |\n|---|---:|---:|---|\n| Jan | 4.1 | 3,200 | calm |\n| Feb | 4.6 | 3,000 | busy |\n| Total | 8.7 | 6,200 | |";

const charted = (markdown: string) => chartBlocks(readMarkdown(markdown).ir);

describe("chartBlocks", () => {
  it("turns a chart fence and the table after it into one chart block that keeps the table", () => {
    const { ir, diagnostics } = charted(`Intro.\n\n\`\`\`chart\ntype: line\ntitle: Sales\n\`\`\`\n\n${TABLE}\n\nAfter.`);
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(ir.blocks.map((b) => b.type), ["paragraph", "chart", "paragraph"]);
    const chart = ir.blocks[1] as ChartBlock;
    assert.equal(chart.chart, "line");
    assert.equal(chart.title, "Sales");
    // The total row is not drawn; the text column is no series.
    assert.deepEqual(chart.labels, ["Jan", "Feb"]);
    assert.deepEqual(chart.series, [
      { name: "North", values: [4.1, 4.6] },
      { name: "South", values: [3200, 3000] },
    ]);
    assert.equal(chart.table.rows.length, 3, "the table keeps every row, the total included");
    assert.equal(chartAlt(chart), 'Line chart "Sales": North and South by Month.');
  });

  it("describes a chart in the document's language when it is prepared for print", () => {
    const german = forPrint(readMarkdown(`Der Umsatz der Regionen im Jahresvergleich zeigt ein deutliches Wachstum im Norden.\n\n\`\`\`chart\ntitle: Umsatz\n\`\`\`\n\n| Region | 2024 | 2025 |\n|---|---|---|\n| Nord | 4 | 5 |\n| Süd | 3 | 3 |\n`).ir, { typeset: true }).ir;
    const chart = german.blocks.find((b) => b.type === "chart") as ChartBlock;
    assert.equal(chart.alt, 'Balkendiagramm "Umsatz": 2024 und 2025 nach Region.');
    assert.equal(chartAlt(chart), chart.alt);
  });

  it("reads the short form and draws bars by default", () => {
    const pie = charted(`\`\`\`chart pie\n\`\`\`\n\n${TABLE}`);
    assert.equal((pie.ir.blocks[0] as ChartBlock).chart, "pie");
    assert.deepEqual((pie.ir.blocks[0] as ChartBlock).series.map((s) => s.name), ["North"], "a pie draws one series");
    assert.deepEqual(pie.diagnostics.map((d) => d.code), ["chart.invalid"], "and says the others are left to the table");
    const bar = charted(`\`\`\`chart\n\`\`\`\n\n${TABLE}`);
    assert.equal((bar.ir.blocks[0] as ChartBlock).chart, "bar");
  });

  it("leaves a fence with no table after it, or a table with no numbers, as written, with a warning", () => {
    const alone = charted("```chart\ntype: bar\n```\n\nNo table here.");
    assert.deepEqual(alone.ir.blocks.map((b) => b.type), ["code", "paragraph"]);
    assert.deepEqual(alone.diagnostics.map((d) => [d.code, d.severity, d.nodeId]), [["chart.invalid", "warning", "b0"]]);
    const words = charted("```chart\n```\n\n| Name | Role |\n|---|---|\n| Ana | Lead |");
    assert.deepEqual(words.ir.blocks.map((b) => b.type), ["code", "table"]);
    assert.equal(words.diagnostics.length, 1);
    const other = charted("```js\nlet a = 1;\n```\n\n| A | B |\n|---|---|\n| x | 1 |");
    assert.deepEqual(other.ir.blocks.map((b) => b.type), ["code", "table"]);
    assert.deepEqual(other.diagnostics, []);
  });

  it("says a chart inside a list or a quote is not drawn, and leaves it as written", () => {
    const nested = charted(`- The months:\n\n  \`\`\`chart\n  type: bar\n  \`\`\`\n\n  ${TABLE.replace(/\n/g, "\n  ")}\n\n> \`\`\`chart pie\n> \`\`\`\n>\n> ${TABLE.replace(/\n/g, "\n> ")}`);
    assert.deepEqual(nested.ir.blocks.map((b) => b.type), ["list", "quote"]);
    assert.deepEqual(nested.diagnostics.map((d) => [d.code, d.severity]), [["chart.invalid", "warning"], ["chart.invalid", "warning"]]);
    assert.match(nested.diagnostics[0]!.message, /inside a list or a quote/);
  });

  it("keeps every id, so findings on the table's rows still point at them", () => {
    const before = readMarkdown(`\`\`\`chart\n\`\`\`\n\n${TABLE}`).ir;
    const { ir } = chartBlocks(before);
    assert.deepEqual([...usedIds(ir)].sort(), [...usedIds(before)].sort());
    const rows = textUnits(ir).filter((u) => u.kind === "row");
    assert.deepEqual(rows.map((u) => u.text), ["Month | North | South | Note", "Jan | 4.1 | 3,200 | calm", "Feb | 4.6 | 3,000 | busy", "Total | 8.7 | 6,200 | "]);
  });

  it("is written back as its fence and table, which read as the same chart", () => {
    const { ir } = charted(`# Report\n\n\`\`\`chart line\ntitle: Sales\n\`\`\`\n\n${TABLE}`);
    const markdown = writeMarkdown(ir);
    assert.match(markdown, /```chart\ntype: line\ntitle: Sales\n```\n\n\| Month \| North/);
    const again = charted(markdown).ir;
    const strip = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v) => (key === "id" ? undefined : v)));
    assert.deepEqual(strip(again.blocks), strip(ir.blocks));
  });
});
