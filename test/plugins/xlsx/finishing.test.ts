/**
 * What a professional reads in a workbook (issue 17): total rows get their aggregate under columns of formulas
 * and of values alike (subtotals by group, a grand total over the subtotals, ratios as the ratio of the totals);
 * formula results carry the format of what they compute; the results are stored in the file, equal to what
 * LibreOffice calculates (read back as CSV), so our own extraction shows them; the author is the caller's.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import type { OfficeConverter } from "../../../core/contracts/engines.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { xlsxPlugin } from "../../../plugins/xlsx/index.ts";
import { resultFormat, shownOf } from "../../../plugins/xlsx/result-formats.ts";
import { summaryItems, type RowKind } from "../../../plugins/xlsx/totals.ts";
import { startOfficeConverter } from "../../../renderers/index.ts";

const projection = `# Budget 2026

## Projection

| Product | Units | Unit price (EUR) | Revenue (EUR) | Next year | Margin % |
|---|---:|---:|---:|---:|---:|
| Consulting | 120 | 950 | =B2*C2 | =D2*(1+growth_rate) | =(D2-B2*cost)/D2 |
| Training | 45 | 1,200 | =B3*C3 | =D3*(1+growth_rate) | =(D3-B3*cost)/D3 |
| Licences | 310 | 85.5 | =B4*C4 | =D4*(1+growth_rate) | =(D4-B4*cost)/D4 |
| Total | | | | | |

## Assumptions

| Assumption | Value |
|---|---|
| growth_rate | 7.3% |
| cost | 40 |

## Costes por región

| Región | Salarios | Viajes | Nota |
|---|---:|---:|---|
| Norte oficina | 600.000,00 € | 80.000,00 € | sede |
| Norte campo | 150.000,00 € | 12.500,00 € | |
| Subtotal Norte | | | |
| Sur oficina | 320.000,00 € | 5.000,00 € | |
| Subtotal Sur | | | |
| Total general | | | |
`;

const render = async (markdown: string, author?: string) => {
  const { ir } = readMarkdown(markdown);
  return xlsxPlugin.render!(ir, defaultStyle("spreadsheet"), { type: "spreadsheet", ...(author !== undefined ? { author } : {}) });
};

const load = async (bytes: Uint8Array) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  return workbook;
};

const formula = (cell: ExcelJS.Cell) => (cell.value as ExcelJS.CellFormulaValue | null)?.formula;

describe("xlsx totals", () => {
  it("a summary row adds what is above it: subtotals their group, totals the subtotals, a grand total the totals", () => {
    const kinds: RowKind[] = ["detail", "detail", "subtotal", "detail", "subtotal", "detail", "total", "detail", "total", "grand"];
    assert.deepEqual(Object.fromEntries(summaryItems(kinds)), { 2: [0, 1], 4: [3], 6: [2, 4, 5], 8: [7], 9: [6, 8] });
    // A bare Total after "Total North", "Total South" is their grand total.
    assert.deepEqual(Object.fromEntries(summaryItems(["detail", "total", "detail", "total", "total"])), { 1: [0], 3: [2], 4: [1, 3] });
  });

  it("fills a Total row under formulas and values; a ratio is the ratio of the totals; prices and text stay empty", async () => {
    const ws = (await load((await render(projection)).bytes)).getWorksheet("Projection")!;
    assert.deepEqual(
      ["B5", "C5", "D5", "E5", "F5"].map((a) => formula(ws.getCell(a)) ?? null),
      ["SUM(B2:B4)", null, "SUM(D2:D4)", "SUM(E2:E4)", "(D5-B5*cost)/D5"],
    );
  });

  it("subtotals and a grand total in Spanish, the grand total over the subtotals, text left alone", async () => {
    const ws = (await load((await render(projection)).bytes)).getWorksheet("Costes por región")!;
    assert.deepEqual(
      ["B4", "C4", "B6", "B7", "C7", "D7"].map((a) => formula(ws.getCell(a)) ?? ws.getCell(a).value),
      ["SUM(B2:B3)", "SUM(C2:C3)", "SUM(B5)", "SUM(B4,B6)", "SUM(C4,C6)", null],
    );
    assert.equal((ws.getCell("B7").value as ExcelJS.CellFormulaValue).result, 1_070_000, "typed sums are cached");
  });
});

const ledger = `# Ledger

## Cash

| Month | In | Out | Net | Balance | Growth |
|---|---:|---:|---:|---:|---:|
| Jan | 1,000 | 400 | =B2-C2 | =D2 | |
| Feb | 1,200 | 500 | =B3-C3 | =E2+D3 | =(B3-B2)/B2 |
| Mar | 900 | 300 | =B4-C4 | =E3+D4 | =(B4-B3)/B3 |
| Total | | | | | |
`;

describe("xlsx totals over running balances and ratios", () => {
  it("a running balance's total is its last balance, not the sum of the balances; a ratio left empty is a warning", async () => {
    const rendered = await render(ledger);
    const ws = (await load(rendered.bytes)).getWorksheet("Cash")!;
    assert.deepEqual(
      ["B5", "C5", "D5", "E5", "F5"].map((a) => formula(ws.getCell(a)) ?? null),
      ["SUM(B2:B4)", "SUM(C2:C4)", "SUM(D2:D4)", "E4", null],
    );
    const empty = rendered.diagnostics.filter((d) => d.code === "xlsx.total_empty");
    assert.deepEqual(empty.map((d) => d.severity), ["warning"]);
    assert.match(empty[0]!.message, /F5 .*"Growth"/);
  });
});

describe("xlsx formula formats", () => {
  const lookup = (formats: Record<number, string>, names: Record<string, string> = {}) => ({
    column: (c: number) => shownOf(formats[c]),
    name: (w: string) => shownOf(names[w]),
  });
  const money = '"€"#,##0';
  const cases: Array<{ formula: string; header?: string; want: string | undefined }> = [
    { formula: "B2*(1+growth)", want: '"€"#,##0.00' },
    { formula: "B2*C2", want: '"€"#,##0.00' },
    { formula: "B2/D2", want: '"€"#,##0.00' },
    { formula: "B2/E2", want: "#,##0.00" },
    { formula: "B2/E2", header: "Share %", want: "0.0%" },
    { formula: "B2/E2*100", header: "Share %", want: "#,##0.00" },
    { formula: "D2*1.05", header: "Units", want: "#,##0.0" },
    { formula: "D2+D3", header: "Units", want: "#,##0" },
    { formula: "D2*1.05", want: "#,##0.00" },
    { formula: "D2*D3", header: "Cost (USD)", want: "#,##0.00" },
    { formula: "B2*1.21", header: "Price incl. 21% VAT", want: '"€"#,##0.00' },
    { formula: "B2/E2", header: "Margen (%)", want: "0.0%" },
    { formula: "COUNT(B2:B9)", want: "#,##0" },
    { formula: "growth*2", want: "0%" },
    { formula: "SUM(B2:B9)", want: '"€"#,##0.00' },
    { formula: '"x"&A2', want: undefined },
  ];
  const formats = lookup({ 2: money, 3: "0%", 4: "0", 5: money }, { growth: "0%" });
  for (const c of cases) {
    it(`=${c.formula}${c.header ? ` under "${c.header}"` : ""} → ${c.want}`, () => assert.equal(resultFormat(c.formula, c.header ?? "", formats), c.want));
  }

  it("a projection shows amounts with cents, not 4612.1196377088", async () => {
    const ws = (await load((await render(projection)).bytes)).getWorksheet("Projection")!;
    assert.deepEqual(
      ["C2", "D2", "E2", "F2", "E5", "F5"].map((a) => ws.getCell(a).numFmt),
      ["#,##0.00", "#,##0.00", "#,##0.00", "0.0%", "#,##0.00", "0.0%"],
    );
  });
});

describe("xlsx column widths", () => {
  it("come from the content: a name column is wider than a number column, and a computed total fits", async () => {
    const md = "| Client | Hours | Amount (EUR) |\n|---|---:|---:|\n| Ministry of Public Works and Transport | 12 | =B2*95.5 |\n| City council | 8 | =B3*95.5 |\n| Total | | |\n";
    const ws = (await load((await render(md)).bytes)).worksheets[0]!;
    const [name, hours, amount] = [1, 2, 3].map((c) => ws.getColumn(c).width ?? 0);
    assert.ok(name! > amount! && amount! > hours!, `widths ${name}, ${hours}, ${amount}`);
    assert.ok(amount! >= "1,910.00".length, `the total fits: ${amount}`);
  });
});

describe("xlsx metadata", () => {
  const core = (bytes: Uint8Array) => strFromU8(unzipSync(bytes)["docProps/core.xml"]!);
  it("the author is the caller's organisation, or empty; never the service", async () => {
    assert.match(core((await render(projection, "Acme Ltd")).bytes), /<dc:creator>Acme Ltd<\/dc:creator>.*<cp:lastModifiedBy>Acme Ltd<\/cp:lastModifiedBy>/s);
    const none = core((await render(projection)).bytes);
    assert.doesNotMatch(none, /Quire/);
    assert.doesNotMatch(none, /<dc:creator>[^<]/);
  });
});

describe("xlsx cached results (LibreOffice)", () => {
  let converter: OfficeConverter;
  before(async () => {
    converter = await startOfficeConverter({ size: 1 });
  });
  after(async () => {
    await converter?.close();
  });

  const sheetXml = (bytes: Uint8Array, n: number) => strFromU8(unzipSync(bytes)[`xl/worksheets/sheet${n}.xml`]!);

  it("a running balance's total stores the closing balance", async () => {
    const finished = await xlsxPlugin.afterRender!((await render(ledger)).bytes, { converter });
    const e5 = /<c r="E5"[^>]*><f>([^<]*)<\/f><v>([^<]*)<\/v><\/c>/.exec(sheetXml(finished, 1));
    assert.deepEqual([e5?.[1], Number(e5?.[2])], ["E4", 1900], "600 + 700 + 600, not the 3,800 the balances add up to");
  });

  it("stores every formula's result, equal to LibreOffice's recalculation, and keeps the full calculation on open", async () => {
    const { bytes } = await render(projection);
    const finished = await xlsxPlugin.afterRender!(bytes, { converter });
    const xml = sheetXml(finished, 1);
    const formulas = [...xml.matchAll(/<c r="([A-Z]+\d+)"[^>]*>(<f>[^<]*<\/f>)(<v>[^<]*<\/v>)?<\/c>/g)];
    assert.ok(formulas.length >= 13);
    for (const [, ref, , v] of formulas) assert.ok(v, `${ref} has a cached value`);
    const stored = (ref: string) => Number(/<v>([^<]*)<\/v>/.exec(formulas.find((f) => f[1] === ref)![0])![1]);
    // LibreOffice's own reading of our original file, as the text a reader sees (CSV of the first sheet).
    const csv = strFromU8(await converter.convert(bytes, "xlsx", "csv")).trim().split("\n").map((l) => l.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/));
    const shown = (ref: string) => Number(csv[Number(ref.slice(1)) - 1]![ref.charCodeAt(0) - 65]!.replace(/[",%]/g, ""));
    for (const ref of ["D2", "D4", "E4", "D5", "E5"]) assert.ok(Math.abs(stored(ref) - shown(ref)) < 0.006, `${ref}: ${stored(ref)} vs ${shown(ref)}`);
    assert.ok(Math.abs(stored("F5") * 100 - shown("F5")) < 0.06);
    assert.ok(Math.abs(stored("E4") - 310 * 85.5 * 1.073) < 1e-9);
    assert.match(strFromU8(unzipSync(finished)["xl/workbook.xml"]!), /fullCalcOnLoad="1"/);
    // Only the sheets changed: the rest of the package is ours, untouched.
    const before = unzipSync(bytes);
    const afterParts = unzipSync(finished);
    assert.deepEqual(Object.keys(afterParts).sort(), Object.keys(before).sort());
    for (const name of Object.keys(before)) if (!name.startsWith("xl/worksheets/")) assert.deepEqual(afterParts[name], before[name], name);
  });

  it("our own extraction now shows the values", async () => {
    const { bytes } = await render(projection);
    const finished = await xlsxPlugin.afterRender!(bytes, { converter });
    const text = (b: Uint8Array) => xlsxPlugin.extract!(b, {}).then((r) => JSON.stringify(r.ir.blocks));
    assert.match(await text(finished), /194,505\.00/);
    assert.doesNotMatch(await text(bytes), /194,505/, "without the results there was nothing to show");
  });

  it("widens a column too narrow for its results as they show (no ###)", async () => {
    const md = "| Region | Base | Sum |\n|---|---:|---:|\n| North | 1,234,567.89 | =B2*10 |\n| South | 2 | =B3*10 |\n";
    const { bytes } = await render(md);
    const finished = await xlsxPlugin.afterRender!(bytes, { converter });
    const width = async (b: Uint8Array) => (await load(b)).worksheets[0]!.getColumn(3).width ?? 0;
    assert.ok((await width(bytes)) < "12,345,678.91".length, "the guess was too narrow");
    assert.ok((await width(finished)) >= "12,345,678.91".length + 1, `widened to ${await width(finished)}`);
    assert.match(strFromU8(await converter.convert(finished, "xlsx", "csv")), /12,345,678\.90/);
  });

  it("a file LibreOffice cannot read is left as it was", async () => {
    const broken: OfficeConverter = { convert: async () => Promise.reject(new Error("no")), close: async () => {} };
    const { bytes } = await render(projection);
    assert.equal(await xlsxPlugin.afterRender!(bytes, { converter: broken }), bytes);
  });
});
