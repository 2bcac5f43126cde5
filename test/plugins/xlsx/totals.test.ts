/**
 * Totals of a five-year projection (issue 30, item 1): a revenue that grows year on year (`=B2*(1+growth_rate)`)
 * is a flow and its total is the sum of the years, not the last year; a running balance is a stock and its total
 * is its last value; the margin's total is the ratio of the totals; totals that contradict their rows are
 * reported. The workbook is read back as its XML (formulas) and as LibreOffice calculates it (CSV).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import type { OfficeConverter } from "../../../core/contracts/engines.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { xlsxPlugin } from "../../../plugins/xlsx/index.ts";
import { startOfficeConverter } from "../../../renderers/index.ts";

const projection = (total = "| Total | | | | | |") => `# Five-year projection

## Projection

| Year | Revenue (EUR) | Cost of sales (EUR) | Gross profit (EUR) | Gross margin % | Cumulative cash (EUR) |
|---|---:|---:|---:|---:|---:|
| 2025 | 4,140,000 | =B2*cost_ratio | =B2-C2 | =D2/B2 | =D2 |
| 2026 | =B2*(1+growth_rate) | =B3*cost_ratio | =B3-C3 | =D3/B3 | =F2+D3 |
| 2027 | =B3*(1+growth_rate) | =B4*cost_ratio | =B4-C4 | =D4/B4 | =F3+D4 |
| 2028 | =B4*(1+growth_rate) | =B5*cost_ratio | =B5-C5 | =D5/B5 | =F4+D5 |
| 2029 | =B5*(1+growth_rate) | =B6*cost_ratio | =B6-C6 | =D6/B6 | =F5+D6 |
${total}

## Assumptions

| Assumption | Value |
|---|---|
| growth_rate | 15% |
| cost_ratio | 58% |
`;

const render = async (markdown: string) => {
  const { ir } = readMarkdown(markdown);
  return xlsxPlugin.render!(ir, defaultStyle("spreadsheet"), { type: "spreadsheet" });
};

/** The formulas of the first sheet's cells, from its XML. */
const formulas = (bytes: Uint8Array): Record<string, string> => {
  const xml = strFromU8(unzipSync(bytes)["xl/worksheets/sheet1.xml"]!);
  return Object.fromEntries([...xml.matchAll(/<c r="([A-Z]+\d+)"[^>]*><f>([^<]*)<\/f>/g)].map(([, ref, f]) => [ref!, f!]));
};

describe("xlsx totals: flows and stocks", () => {
  const table = (rows: string[]) =>
    ["| Month | In | Out | Column |", "|---|---:|---:|---:|", ...rows.map((r, i) => `| M${i + 1} | ${100 * (i + 1)} | ${40 * (i + 1)} | ${r} |`), "| Total | | | |", ""].join("\n");
  const cases: Array<{ name: string; rows: string[]; want: string }> = [
    { name: "a growth chain is a flow", rows: ["1,000", "=D2*(1+5%)", "=D3*(1+5%)"], want: "SUM(D2:D4)" },
    { name: "a step from the row above is a flow", rows: ["1,000", "=D2+500", "=D3+500"], want: "SUM(D2:D4)" },
    { name: "a chain at this row's rate is a flow", rows: ["1,000", "=D2*(1+C3/1000)", "=D3*(1+C4/1000)"], want: "SUM(D2:D4)" },
    { name: "a balance carried on with this row's flows is a stock", rows: ["=B2-C2", "=D2+B3-C3", "=D3+B4-C4"], want: "D4" },
    { name: "a cumulative sum is a stock", rows: ["=SUM(B$2:B2)", "=SUM(B$2:B3)", "=SUM(B$2:B4)"], want: "D4" },
    { name: "a balance with interest and this row's flows is a stock", rows: ["500", "=D2*(1+1%)+B3-C3", "=D3*(1+1%)+B4-C4"], want: "D4" },
  ];
  for (const c of cases) {
    it(`${c.name}: its total is =${c.want}`, async () => {
      assert.equal(formulas((await render(table(c.rows))).bytes).D5, c.want);
    });
  }
});

describe("xlsx totals of a five-year projection (LibreOffice)", () => {
  let converter: OfficeConverter;
  before(async () => {
    converter = await startOfficeConverter({ size: 1 });
  });
  after(async () => {
    await converter?.close();
  });

  it("revenue totals the five years, gross ≤ revenue, the margin is gross / revenue, the cash balance its last value", async () => {
    const rendered = await render(projection());
    assert.deepEqual(
      ["B7", "C7", "D7", "E7", "F7"].map((ref) => formulas(rendered.bytes)[ref]),
      ["SUM(B2:B6)", "SUM(C2:C6)", "SUM(D2:D6)", "D7/B7", "F6"],
    );
    const codes = rendered.diagnostics.map((d) => d.code);
    assert.ok(!codes.includes("xlsx.total_empty") && !codes.includes("xlsx.totals_inconsistent"), codes.join(", "));

    // The first sheet as LibreOffice calculates and shows it.
    const csv = strFromU8(await converter.convert(rendered.bytes, "xlsx", "csv"))
      .trim()
      .split("\n")
      .map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((cell) => cell.replace(/"/g, "")));
    const shown = (ref: string) => {
      const text = csv[Number(ref.slice(1)) - 1]![ref.charCodeAt(0) - 65]!;
      return text.endsWith("%") ? Number(text.replace(/[,%]/g, "")) / 100 : Number(text.replace(/,/g, ""));
    };
    const years = [2, 3, 4, 5, 6];
    const revenue = years.reduce((sum, row) => sum + shown(`B${row}`), 0);
    assert.ok(Math.abs(shown("B6") - 7_240_885.87) < 0.01, `the last year is €7.24 M: ${shown("B6")}`);
    assert.ok(Math.abs(shown("B7") - revenue) < 0.05, `revenue total ${shown("B7")} = the five years ${revenue}`);
    assert.ok(shown("D7") <= shown("B7"), `gross ${shown("D7")} ≤ revenue ${shown("B7")}`);
    assert.ok(Math.abs(shown("E7") - shown("D7") / shown("B7")) < 0.0006, `margin ${shown("E7")} = ${shown("D7")} / ${shown("B7")}`);
    const gross = years.reduce((sum, row) => sum + shown(`D${row}`), 0);
    assert.ok(Math.abs(shown("F7") - shown("F6")) < 0.005 && Math.abs(shown("F6") - gross) < 0.05, `cash ${shown("F7")} is the closing balance`);
  });
});

describe("xlsx totals that contradict their rows", () => {
  it("a revenue total written as the last year, under a summed gross profit, is reported", async () => {
    const rendered = await render(projection("| Total | =B6 | | | | |"));
    assert.equal(formulas(rendered.bytes).B7, "B6", "the author's formula is kept");
    const found = rendered.diagnostics.filter((d) => d.code === "xlsx.totals_inconsistent");
    assert.equal(found.length, 1);
    assert.equal(found[0]!.severity, "warning");
    assert.deepEqual(found[0]!.location?.cells, ["B7", "C7", "D7"]);
    assert.match(found[0]!.message, /"Gross profit \(EUR\)".*greater than the total of "Revenue \(EUR\)" \(B7 "=B6"/);
    assert.match(found[0]!.message, /=SUM\(B2:B6\)/);
  });
});
