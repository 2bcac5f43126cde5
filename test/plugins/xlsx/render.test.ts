/**
 * The Excel renderer: the cell reader table by table (given text → want type, value, format),
 * the column rules, formula rewriting and names, then whole workbooks read back with exceljs
 * (types, formulas, frozen panes, filters, defined names, print setup). One test has LibreOffice
 * open the file, recalculate it and write every sheet as CSV, and checks that no formula ends in
 * an error and that totals are the sums; it is skipped when LibreOffice is not installed.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import type { Diagnostic } from "../../../core/diagnostics.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import type { StyleApplied } from "../../../core/style/types.ts";
import type { RenderContext } from "../../../core/contracts/format-plugin.ts";
import type { Typed } from "../../../plugins/xlsx/cells.ts";
import { parseCell } from "../../../plugins/xlsx/cells.ts";
import type { Evidence } from "../../../plugins/xlsx/columns.ts";
import { gatherEvidence, typeColumn } from "../../../plugins/xlsx/columns.ts";
import { prepareFormula } from "../../../plugins/xlsx/formulas.ts";
import { xlsxPlugin } from "../../../plugins/xlsx/index.ts";
import { DefinedNames, definedNameFrom, SheetNames } from "../../../plugins/xlsx/names.ts";
import { rowKind } from "../../../plugins/xlsx/totals.ts";

// ---------------------------------------------------------------------------------------------
// The cell reader

describe("xlsx cells: parseCell", () => {
  const cases: Array<{ given: string; options?: Parameters<typeof parseCell>[1]; want: Typed }> = [
    { given: "", want: { type: "empty" } },
    { given: "1234", want: { type: "number", value: 1234, numFmt: "0" } },
    { given: "1,234.5", want: { type: "number", value: 1234.5, numFmt: "#,##0.0" } },
    { given: "1.234,5", want: { type: "number", value: 1234.5, numFmt: "#,##0.0" } },
    { given: "1 234,5", want: { type: "number", value: 1234.5, numFmt: "#,##0.0" } },
    { given: "0,5", want: { type: "number", value: 0.5, numFmt: "0.0" } },
    { given: "12.5", want: { type: "number", value: 12.5, numFmt: "0.0" } },
    { given: "(1,200)", want: { type: "number", value: -1200, numFmt: "#,##0;(#,##0)" } },
    { given: "-1200", want: { type: "number", value: -1200, numFmt: "0" } },
    { given: "−1200", want: { type: "number", value: -1200, numFmt: "0" } },
    { given: "12%", want: { type: "number", value: 0.12, numFmt: "0%" } },
    { given: "12,5 %", want: { type: "number", value: 0.125, numFmt: "0.0%" } },
    { given: "(12%)", want: { type: "number", value: -0.12, numFmt: "0%;(0%)" } },
    { given: "$1,200.50", want: { type: "number", value: 1200.5, numFmt: '"$"#,##0.00' } },
    { given: "-$1,200", want: { type: "number", value: -1200, numFmt: '"$"#,##0' } },
    { given: "€ 1.200,50", want: { type: "number", value: 1200.5, numFmt: '"€ "#,##0.00' } },
    { given: "1.200 €", want: { type: "number", value: 1200, numFmt: '#,##0" €"' } },
    { given: "USD 300", want: { type: "number", value: 300, numFmt: '"USD "#,##0' } },
    { given: "100 EUR", want: { type: "number", value: 100, numFmt: '#,##0" EUR"' } },
    // Ambiguous separators: English unless told otherwise.
    { given: "1,234", want: { type: "number", value: 1234, numFmt: "#,##0" } },
    { given: "1.234", want: { type: "number", value: 1.234, numFmt: "0.000" } },
    { given: "1.234", options: { convention: "es" }, want: { type: "number", value: 1234, numFmt: "#,##0" } },
    { given: "1.234", options: { fallback: "es" }, want: { type: "number", value: 1234, numFmt: "#,##0" } },
    { given: "2026-03-01", want: { type: "date", value: "2026-03-01", numFmt: "yyyy-mm-dd" } },
    { given: "2026-03-01 14:30", want: { type: "date", value: "2026-03-01T14:30", numFmt: "yyyy-mm-dd hh:mm" } },
    { given: "25/03/2026", want: { type: "date", value: "2026-03-25", numFmt: "dd/mm/yyyy" } },
    { given: "03/25/2026", want: { type: "date", value: "2026-03-25", numFmt: "mm/dd/yyyy" } },
    { given: "01/03/2026", want: { type: "text", value: "01/03/2026" } },
    { given: "01/03/2026", options: { dateOrder: "dmy" }, want: { type: "date", value: "2026-03-01", numFmt: "dd/mm/yyyy" } },
    { given: "01/03/2026", options: { dateOrder: "mdy" }, want: { type: "date", value: "2026-01-03", numFmt: "mm/dd/yyyy" } },
    { given: "1.3.2026", want: { type: "date", value: "2026-03-01", numFmt: "d.m.yyyy" } },
    { given: "March 1, 2026", want: { type: "date", value: "2026-03-01", numFmt: "mmmm d, yyyy" } },
    { given: "Mar 1, 2026", want: { type: "date", value: "2026-03-01", numFmt: "mmm d, yyyy" } },
    { given: "1 March 2026", want: { type: "date", value: "2026-03-01", numFmt: "d mmmm yyyy" } },
    { given: "1 de marzo de 2026", want: { type: "date", value: "2026-03-01", numFmt: '[$-C0A]d "de" mmmm "de" yyyy' } },
    { given: "lunes, 2 de marzo de 2026", want: { type: "date", value: "2026-03-02", numFmt: '[$-C0A]d "de" mmmm "de" yyyy' } },
    { given: "30 de febrero de 2026", want: { type: "text", value: "30 de febrero de 2026" } },
    { given: "=SUM(A1:A3)", want: { type: "formula", value: "SUM(A1:A3)" } },
    // Stays text.
    { given: "true", want: { type: "text", value: "true" } },
    { given: "sí", want: { type: "text", value: "sí" } },
    { given: "007", want: { type: "text", value: "007" } },
    { given: "+34 600 123 123", want: { type: "text", value: "+34 600 123 123" } },
    { given: "1234567890123456789", want: { type: "text", value: "1234567890123456789" } },
    { given: "1.2.3", want: { type: "text", value: "1.2.3" } },
    { given: "Q1", want: { type: "text", value: "Q1" } },
    { given: "1e5", want: { type: "text", value: "1e5" } },
  ];
  for (const { given, options, want } of cases) {
    it(`${JSON.stringify(given)}${options ? ` ${JSON.stringify(options)}` : ""}`, () => assert.deepEqual(parseCell(given, options), want));
  }
});

describe("xlsx cells: a column decides together", () => {
  const en: Evidence = { convention: null, dateOrder: null, language: "en" };
  const values = (texts: string[], evidence: Evidence = en) => typeColumn(texts, evidence).cells;

  it("an unambiguous number settles the convention of the others", () => {
    assert.deepEqual(values(["1.234", "2.500,75"]), [
      { type: "number", value: 1234, numFmt: "#,##0.00" },
      { type: "number", value: 2500.75, numFmt: "#,##0.00" },
    ]);
  });
  it("the document's evidence settles a column that cannot decide alone", () => {
    const evidence = gatherEvidence(["3,5", "1.000.000"], "en");
    assert.equal(evidence.convention, "es");
    assert.deepEqual(values(["1.234"], evidence), [{ type: "number", value: 1234, numFmt: "#,##0" }]);
  });
  it("a Spanish document reads an ambiguous number the Spanish way", () => {
    assert.deepEqual(values(["1.500"], { ...en, language: "es" }), [{ type: "number", value: 1500, numFmt: "#,##0" }]);
  });
  it("one date past the 12th orders the others", () => {
    assert.deepEqual(values(["01/03/2026", "25/03/2026"]).map((c) => c.type === "date" && c.value), ["2026-03-01", "2026-03-25"]);
    assert.deepEqual(values(["03/01/2026", "03/25/2026"]).map((c) => c.type === "date" && c.value), ["2026-03-01", "2026-03-25"]);
  });
  it("dates with no order to go by stay text and are listed", () => {
    const column = typeColumn(["01/03/2026", "02/03/2026", "2026-04-01"], en);
    assert.deepEqual(column.ambiguousDates, [0, 1]);
    assert.equal(column.cells[2]!.type, "date");
  });
  it("one format per column: most decimals, grouping and parentheses when any cell used them", () => {
    const column = typeColumn(["1,200", "3.5", "(40)"], en);
    assert.deepEqual(column.cells.map((c) => c.type === "number" && c.numFmt), Array(3).fill("#,##0.0;(#,##0.0)"));
    assert.equal(column.numFmt, "#,##0.0;(#,##0.0)");
  });
  it("plain numbers in a money column take the money format; in a percentage column they do not", () => {
    const money = typeColumn(["$1,200.50", "300"], en);
    assert.deepEqual(money.cells.map((c) => c.type === "number" && c.numFmt), ['"$"#,##0.00', '"$"#,##0.00']);
    const share = typeColumn(["40%", "12"], en);
    assert.deepEqual(share.cells.map((c) => c.type === "number" && [c.value, c.numFmt]), [[0.4, "0%"], [12, "0"]]);
  });
  it("dates take the column's most common format", () => {
    const column = typeColumn(["2026-03-01", "2026-03-02", "March 3, 2026"], en);
    assert.deepEqual(column.cells.map((c) => c.type === "date" && c.numFmt), ["yyyy-mm-dd", "yyyy-mm-dd", "yyyy-mm-dd"]);
    assert.equal(column.kind, "date");
  });
  it("mixed currencies keep their own formats and are flagged", () => {
    const column = typeColumn(["$100", "€ 200"], en);
    assert.equal(column.mixedCurrencies, true);
    assert.deepEqual(column.cells.map((c) => c.type === "number" && c.numFmt), ['"$"#,##0', '"€ "#,##0']);
  });
});

describe("xlsx tables: total rows", () => {
  const cases: Array<{ given: string; want: ReturnType<typeof rowKind> }> = [
    { given: "Total", want: "total" },
    { given: "**Total:**", want: "total" },
    { given: "Totales", want: "total" },
    { given: "Suma", want: "total" },
    { given: "Sum", want: "total" },
    { given: "Grand total", want: "grand" },
    { given: "Total general", want: "grand" },
    { given: "TOTAL GENERAL", want: "grand" },
    { given: "Subtotales", want: "subtotal" },
    { given: "Total revenue", want: "total" },
    { given: "Subtotal", want: "subtotal" },
    { given: "Summary", want: "detail" },
    { given: "Totalmente", want: "detail" },
    { given: "North", want: "detail" },
    // German, French, Italian, Portuguese, Dutch and Catalan.
    { given: "Summe", want: "total" },
    { given: "Gesamt", want: "total" },
    { given: "Zwischensumme", want: "subtotal" },
    { given: "Gesamtsumme", want: "grand" },
    { given: "Sous-total", want: "subtotal" },
    { given: "Total général", want: "grand" },
    { given: "Totale", want: "total" },
    { given: "Subtotale", want: "subtotal" },
    { given: "Totale generale", want: "grand" },
    { given: "Total geral", want: "grand" },
    { given: "Totaal", want: "total" },
    { given: "Subtotaal", want: "subtotal" },
    { given: "Eindtotaal", want: "grand" },
    { given: "Gesamtkosten", want: "detail" },
  ];
  for (const { given, want } of cases) it(`${JSON.stringify(given)} → ${want}`, () => assert.equal(rowKind(given.replace(/\*/g, "")), want));
});

// ---------------------------------------------------------------------------------------------
// Formulas and names

describe("xlsx formulas: prepareFormula", () => {
  const names = new Set(["growth_rate", "vat"]);
  const isName = (w: string) => names.has(w.toLowerCase());
  const cases: Array<{ given: string; want: ReturnType<typeof prepareFormula> }> = [
    { given: "B2*C2", want: { ok: true, formula: "B2*C2", replaced: [], unknownNames: [] } },
    { given: "B2*(1+Growth_Rate)", want: { ok: true, formula: "B2*(1+Growth_Rate)", replaced: [], unknownNames: [] } },
    { given: "B2*(1+growth)", want: { ok: true, formula: "B2*(1+growth)", replaced: [], unknownNames: ["growth"] } },
    { given: "SUM(A:A)+$A$1+'My sheet'!C4+Sheet2!B3", want: { ok: true, formula: "SUM(A:A)+$A$1+'My sheet'!C4+Sheet2!B3", replaced: [], unknownNames: [] } },
    { given: 'IFS(A1>1,"a",TRUE,"b")', want: { ok: true, formula: '_xlfn.IFS(A1>1,"a",TRUE,"b")', replaced: [], unknownNames: [] } },
    {
      given: 'XLOOKUP("South",A2:A4,C2:C4)',
      want: { ok: true, formula: 'INDEX(C2:C4,MATCH("South",A2:A4,0))', replaced: ["XLOOKUP"], unknownNames: [] },
    },
    {
      given: 'XLOOKUP(A2, Prices!A:A, Prices!B:B, "none")',
      want: { ok: true, formula: 'IFERROR(INDEX(Prices!B:B,MATCH(A2,Prices!A:A,0)),"none")', replaced: ["XLOOKUP"], unknownNames: [] },
    },
    {
      given: "IFERROR(XLOOKUP(1,A1:A3,B1:B3),0)",
      want: { ok: true, formula: "IFERROR(INDEX(B1:B3,MATCH(1,A1:A3,0)),0)", replaced: ["XLOOKUP"], unknownNames: [] },
    },
    { given: "XMATCH(5,A1:A9)", want: { ok: true, formula: "MATCH(5,A1:A9,0)", replaced: ["XMATCH"], unknownNames: [] } },
    { given: '"XLOOKUP(" & A1', want: { ok: true, formula: '"XLOOKUP(" & A1', replaced: [], unknownNames: [] } },
    { given: "XLOOKUP(A2,A:A,B:D)", want: { ok: false, reason: "unsupported", functions: ["XLOOKUP"] } },
    { given: "XLOOKUP(A2,A:A,B:B,,2)", want: { ok: false, reason: "unsupported", functions: ["XLOOKUP"] } },
    { given: "XMATCH(5,A1:A9,-1)", want: { ok: false, reason: "unsupported", functions: ["XMATCH"] } },
    { given: "FILTER(A2:A9,B2:B9>5)", want: { ok: false, reason: "unsupported", functions: ["FILTER"] } },
    { given: "SUM(UNIQUE(A1:A9))", want: { ok: false, reason: "unsupported", functions: ["UNIQUE"] } },
    { given: 'WEBSERVICE("https://example.com/?q="&A1)', want: { ok: false, reason: "unsafe", functions: ["WEBSERVICE"] } },
    { given: "SUM(A1", want: { ok: false, reason: "invalid" } },
    { given: "cmd|' /C calc'!A0", want: { ok: false, reason: "invalid" } },
    { given: "SUMA(A1;A2)", want: { ok: false, reason: "invalid" } },
    { given: "A1+", want: { ok: false, reason: "invalid" } },
  ];
  for (const { given, want } of cases) it(`=${given}`, () => assert.deepEqual(prepareFormula(given, isName), want));
});

describe("xlsx names", () => {
  it("sheet names follow Excel's rules and are unique", () => {
    const names = new SheetNames();
    const take = (wanted: string) => names.take(wanted, "Table 1").name;
    assert.equal(take("Ventas 2025/2026: [Q1]"), "Ventas 2025-2026 Q1");
    assert.equal(take("ventas 2025-2026 q1"), "ventas 2025-2026 q1 (2)");
    assert.equal(take("A very long heading that goes past the limit"), "A very long heading that goes p");
    assert.equal(take("A very long heading that goes past the limit!"), "A very long heading that go (2)");
    assert.equal(take("'quoted'"), "quoted");
    assert.equal(take("???"), "Table 1");
    assert.equal(take("History"), "History (2)");
    assert.ok(names.take("x".repeat(40), "T").truncated);
  });
  const cases: Array<{ given: string; want: string }> = [
    { given: "growth_rate", want: "growth_rate" },
    { given: "Growth rate", want: "growth_rate" },
    { given: "Tasa de crecimiento (%)", want: "tasa_de_crecimiento" },
    { given: "IVA", want: "iva" },
    { given: "TAX2025", want: "tax2025_" },
    { given: "2025 target", want: "_2025_target" },
    { given: "R1C1", want: "r1c1_" },
    { given: "Año", want: "ano" },
  ];
  for (const { given, want } of cases) it(`defined name from ${JSON.stringify(given)} → ${want}`, () => assert.equal(definedNameFrom(given), want));
  it("defined names are unique without regard to case", () => {
    const names = new DefinedNames();
    assert.deepEqual([names.take("Price", "a"), names.take("price", "b"), names.take("", "fallback")], ["price", "price_2", "fallback"]);
    assert.ok(names.has("PRICE_2"));
  });
});

// ---------------------------------------------------------------------------------------------
// Whole workbooks

const plan = `# Sales plan 2026

The plan for the year. Figures below use the assumptions.

## Assumptions

| Assumption | Value | Source |
|---|---|---|
| Growth rate (\`growth_rate\`) | 5% | Board |
| VAT | 21% | Law |
| Unit price | $12.50 | List |

- Start date: March 1, 2026

## Sales by region

| Region | Units | Revenue | Next year | With VAT | Date |
|---|--:|--:|--:|--:|---|
| North | 1,200 | $15,000.00 | =C2*(1+growth_rate) | =C2*(1+vat) | 03/25/2026 |
| South | 800 | $10,000.00 | =C3*(1+growth_rate) | =C3*(1+vat) | 04/01/2026 |
| East | 400 | $5,000.00 | =C4*(1+growth_rate) | =C4*(1+vat) | 04/15/2026 |
| Total | 2,400 | $31,000.00 | 31,500 | | |

## Lookup

| Region | Revenue |
|---|---|
| South | =XLOOKUP(A2,'Sales by region'!A2:A4,'Sales by region'!C2:C4) |
| East position | =XMATCH("East",'Sales by region'!A2:A4) |
| Units at list price | =unit_price*'Sales by region'!B5 |

## Costes

| Concepto | Importe |
|---|---|
| Alquiler | 1.200,50 € |
| Personal | 2.300 € |
| Totales | 3.500,50 € |

- A note with **bold** and [a link](https://example.com).
`;

interface Rendered {
  workbook: ExcelJS.Workbook;
  bytes: Uint8Array;
  diagnostics: Diagnostic[];
  parts: Record<string, string>;
}

async function render(markdown: string, style: Partial<StyleApplied> = {}, ctx: Partial<RenderContext> = {}): Promise<Rendered> {
  const { ir } = readMarkdown(markdown);
  const { bytes, diagnostics } = await xlsxPlugin.render!(ir, { ...defaultStyle("spreadsheet"), ...style }, { type: "spreadsheet", ...ctx });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  const parts: Record<string, string> = {};
  for (const [name, data] of Object.entries(unzipSync(bytes))) if (name.endsWith(".xml")) parts[name] = strFromU8(data);
  return { workbook, bytes, diagnostics, parts };
}

function sheet(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const ws = workbook.getWorksheet(name);
  assert.ok(ws, `no sheet ${JSON.stringify(name)}; have ${workbook.worksheets.map((w) => w.name).join(", ")}`);
  return ws;
}

const formulaOf = (cell: ExcelJS.Cell) => (cell.value as ExcelJS.CellFormulaValue).formula;

describe("xlsx render: a plan with assumptions, totals and formulas", async () => {
  const { workbook, diagnostics, parts } = await render(plan);
  const sales = sheet(workbook, "Sales by region");

  it("has the notes first, then a sheet per table named after its heading", () => {
    assert.deepEqual(
      workbook.worksheets.map((w) => w.name),
      ["Notes", "Assumptions", "Sales by region", "Lookup", "Costes"],
    );
  });

  it("sets the workbook title", () => assert.equal(workbook.title, "Sales plan 2026"));

  it("puts assumptions in labelled cells with defined names", () => {
    const assumptions = sheet(workbook, "Assumptions");
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((r) => [1, 2, 3, 4].map((c) => assumptions.getCell(r, c).value)),
      [
        ["Assumption", "Value", "Source", "Name"],
        ["Growth rate", 0.05, "Board", "growth_rate"],
        ["VAT", 0.21, "Law", "vat"],
        ["Unit price", 12.5, "List", "unit_price"],
        ["Start date", new Date(Date.UTC(2026, 2, 1)), null, "start_date"],
      ],
    );
    assert.equal(assumptions.getCell("B2").numFmt, "0%");
    assert.equal(assumptions.getCell("B4").numFmt, '"$"#,##0.00');
    const names = Object.fromEntries(workbook.definedNames.model.map((d) => [d.name, d.ranges]));
    assert.deepEqual(names, {
      growth_rate: ["Assumptions!$B$2"],
      vat: ["Assumptions!$B$3"],
      unit_price: ["Assumptions!$B$4"],
      start_date: ["Assumptions!$B$5"],
    });
    assert.equal(assumptions.autoFilter, undefined, "no filter: sorting would move values under other names");
  });

  it("types the cells: numbers, money, dates, with one format per column", () => {
    assert.equal(sales.getCell("B2").value, 1200);
    assert.equal(sales.getCell("B2").numFmt, "#,##0");
    assert.equal(sales.getCell("C3").value, 10000);
    assert.equal(sales.getCell("C3").numFmt, '"$"#,##0.00');
    // 03/25/2026 proves month-first, so 04/01/2026 is the first of April.
    assert.deepEqual(sales.getCell("F3").value, new Date(Date.UTC(2026, 3, 1)));
    assert.equal(sales.getCell("F3").numFmt, "mm/dd/yyyy");
  });

  it("keeps the author's formulas, names included, and formats them like what they compute", () => {
    assert.equal(formulaOf(sales.getCell("D2")), "C2*(1+growth_rate)");
    assert.equal(formulaOf(sales.getCell("E4")), "C4*(1+vat)");
    // A column of formulas shows what it computes: a growth rate × an amount is an amount, with cents.
    assert.equal(sales.getCell("E2").numFmt, '"$"#,##0.00');
    assert.equal(sales.getCell("D2").numFmt, '"$"#,##0.00');
    assert.ok(!diagnostics.some((d) => d.code === "xlsx.unknown_name"), JSON.stringify(diagnostics));
  });

  it("writes totals as sums of the rows above, with the sum cached", () => {
    const units = sales.getCell("B5").value as ExcelJS.CellFormulaValue;
    assert.deepEqual([units.formula, units.result], ["SUM(B2:B4)", 2400]);
    const revenue = sales.getCell("C5").value as ExcelJS.CellFormulaValue;
    assert.deepEqual([revenue.formula, revenue.result], ["SUM(C2:C4)", 30000]);
    // A column of formulas: the sum cannot be known before calculation, so nothing is cached.
    assert.deepEqual(sales.getCell("D5").value, { formula: "SUM(D2:D4)" });
    // Left empty by the author under a column of formulas: the total is still the sum, in the column's format.
    assert.deepEqual(sales.getCell("E5").value, { formula: "SUM(E2:E4)" });
    assert.equal(sales.getCell("E5").numFmt, '"$"#,##0.00');
    assert.equal(sales.getCell("F5").value, null, "a date column gets no total");
    assert.equal(formulaOf(sheet(workbook, "Costes").getCell("B4")), "SUM(B2:B3)");
  });

  it("reports a written total that is not the sum", () => {
    const differs = diagnostics.filter((d) => d.code === "xlsx.total_differs");
    assert.deepEqual(
      differs.map((d) => [d.severity, d.nodeId, d.location]),
      [["info", "b5.r3.c2", { sheet: "Sales by region", cells: ["C5"] }]],
    );
    assert.match(differs[0]!.message, /31000.*30000/);
  });

  it("writes no stale cached value for formulas it cannot compute", () => {
    const xml = Object.entries(parts).find(([name, text]) => name.startsWith("xl/worksheets/sheet") && text.includes("growth_rate"))![1];
    assert.match(xml, /<c r="D2"[^>]*><f>C2\*\(1\+growth_rate\)<\/f><\/c>/);
    assert.match(xml, /<c r="B5"[^>]*><f>SUM\(B2:B4\)<\/f><v>2400<\/v><\/c>/);
    assert.match(parts["xl/workbook.xml"]!, /fullCalcOnLoad="1"/);
  });

  it("replaces simple XLOOKUP/XMATCH by INDEX/MATCH", () => {
    const lookup = sheet(workbook, "Lookup");
    assert.equal(formulaOf(lookup.getCell("B2")), "INDEX('Sales by region'!C2:C4,MATCH(A2,'Sales by region'!A2:A4,0))");
    assert.equal(formulaOf(lookup.getCell("B3")), "MATCH(\"East\",'Sales by region'!A2:A4,0)");
    assert.equal(diagnostics.filter((d) => d.code === "xlsx.function_replaced").length, 2);
  });

  it("reads Spanish amounts in a Spanish column", () => {
    const costes = sheet(workbook, "Costes");
    assert.deepEqual([costes.getCell("B2").value, costes.getCell("B3").value], [1200.5, 2300]);
    assert.equal(costes.getCell("B2").numFmt, '#,##0.00" €"');
  });

  it("styles the header row and freezes it", () => {
    const a1 = sales.getCell("A1");
    assert.equal(a1.font.bold, true);
    assert.equal(a1.font.color?.argb, "FFFFFFFF");
    assert.equal((a1.fill as ExcelJS.FillPattern).fgColor?.argb, "FF2F5496");
    assert.equal(a1.border.bottom?.style, "thin");
    assert.equal(sales.getCell("C1").alignment.horizontal, "right");
    assert.deepEqual(
      [sales.views[0]?.state, (sales.views[0] as ExcelJS.WorksheetViewFrozen).ySplit],
      ["frozen", 1],
    );
  });

  it("filters header and data rows, leaving the total row out", () => assert.equal(sales.autoFilter, "A1:F4"));

  it("sizes columns to their content", () => {
    const widths = [1, 2, 3, 6].map((c) => sales.getColumn(c).width ?? 0);
    for (const w of widths) assert.ok(w >= 8 && w <= 50, `width ${w}`);
    assert.ok(sales.getColumn(3).width! >= "$15,000.00".length);
  });

  it("prints to the page width with the header on every page", () => {
    assert.equal(sales.pageSetup.fitToPage, true);
    assert.equal(sales.pageSetup.fitToWidth, 1);
    assert.equal(sales.pageSetup.fitToHeight, 0);
    assert.equal(sales.pageSetup.printTitlesRow, "1:1");
    assert.equal(sales.pageSetup.orientation, "portrait");
  });

  it("keeps the text in the notes sheet, with links to the sheets", () => {
    const notes = sheet(workbook, "Notes");
    const texts: string[] = [];
    notes.eachRow((row) => texts.push(row.getCell(1).text));
    assert.equal(texts[0], "Sales plan 2026");
    assert.ok(texts.includes("The plan for the year. Figures below use the assumptions."));
    assert.ok(texts.includes("→ Sales by region"));
    assert.ok(texts.includes("• A note with bold and a link."));
    assert.ok(!texts.some((t) => t.includes("Start date")), "assumption items are not repeated in the notes");
  });
});

describe("xlsx render: the printed page's header and footer", () => {
  const markdown = "| a | b |\n|---|---|\n| 1 | 2 |\n";
  const printed = (parts: Record<string, string>) => {
    const xml = parts["xl/worksheets/sheet1.xml"]!;
    const text = (tag: string) => new RegExp(`<(\\w+:)?${tag}>([^<]*)<`).exec(xml)?.[2]?.replace(/&amp;/g, "&") ?? null;
    return { header: text("oddHeader"), footer: text("oddFooter") };
  };

  it("numbers pages at the foot's centre, after the sheet name top left", async () => {
    const { parts } = await render(markdown);
    assert.deepEqual(printed(parts), { header: "&L&A", footer: "&C&P / &N" });
  });

  it("puts the numbers where the style says, beside the running text of that side", async () => {
    const top = await render(markdown, { header: "Borrador", page_numbers_position: "top-right" });
    assert.deepEqual(printed(top.parts), { header: "&L&A&RBorrador  &P / &N", footer: null });
    const left = await render(markdown, { footer: "Confidencial", page_numbers_position: "bottom-left" });
    assert.deepEqual(printed(left.parts), { header: "&L&A", footer: "&LConfidencial  &P / &N" });
  });
});

describe("xlsx render: sheets and names", () => {
  it("tables without headings are Table 1, Table 2; no notes sheet without text; title from the name", async () => {
    const { workbook } = await render("| a | b |\n|---|---|\n| 1 | 2 |\n\n| c |\n|---|\n| x |\n", {}, { name: "Quarterly" });
    assert.deepEqual(workbook.worksheets.map((w) => w.name), ["Table 1", "Table 2"]);
    assert.equal(workbook.title, "Quarterly");
  });

  it("two tables under one heading, long and odd headings", async () => {
    const md = "## Ventas 2025/2026: detalle por región y mes\n\n| a |\n|---|\n| 1 |\n\n| b |\n|---|\n| 2 |\n";
    const { workbook, diagnostics } = await render(md);
    // The heading is not any sheet's exact name, so the notes sheet keeps its words.
    assert.deepEqual(workbook.worksheets.map((w) => w.name), ["Notas", "Ventas 2025-2026 detalle por re", "Ventas 2025-2026 detalle po (2)"]);
    assert.ok(diagnostics.some((d) => d.code === "xlsx.sheet_name_shortened"));
  });

  it("a heading that names no sheet brings the notes sheet; a heading called Notes keeps its name", async () => {
    const { workbook } = await render("## Report\n\n### Notes\n\n| a |\n|---|\n| 1 |\n");
    assert.deepEqual(workbook.worksheets.map((w) => w.name), ["Notes (2)", "Notes"]);
    assert.equal(sheet(workbook, "Notes (2)").getCell("A1").value, "Report");
  });

  it("formulas over whole numbers show their decimals", async () => {
    const { workbook } = await render("| Item | Price | Next | Sum |\n|---|---|---|---|\n| a | 1,200 | =B2*1.05 | =B2+C2 |\n| b | 3 | =B3*1.05 | =B3+C3 |\n");
    const ws = workbook.worksheets[0]!;
    assert.deepEqual([ws.getCell("C2").numFmt, ws.getCell("D2").numFmt], ["#,##0.00", "#,##0.00"]);
  });

  it("a Spanish document gets Spanish sheet labels", async () => {
    const md = "Este es el informe de las ventas del año.\n\n| Mes | Importe |\n|---|---|\n| Enero | 1.500 |\n";
    const { workbook } = await render(md);
    assert.deepEqual(workbook.worksheets.map((w) => w.name), ["Notas", "Tabla 1"]);
    assert.equal(sheet(workbook, "Tabla 1").getCell("B2").value, 1500);
  });

  it("a document with no table and no text still gets a sheet", async () => {
    const { workbook } = await render("# Only a title\n");
    assert.deepEqual(workbook.worksheets.map((w) => [w.name, w.getCell("A1").value]), [["Notes", "Only a title"]]);
  });

  it("a wide table prints landscape", async () => {
    const header = Array.from({ length: 12 }, (_, i) => `Column number ${i + 1}`);
    const md = `| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|\n| ${header.map((_, i) => i).join(" | ")} |\n`;
    const { workbook } = await render(md);
    assert.equal(workbook.worksheets[0]!.pageSetup.orientation, "landscape");
  });
});

describe("xlsx render: totals", () => {
  it("subtotals sum their block, the total sums the subtotals", async () => {
    const md = "| Item | Amount |\n|---|---|\n| a | 1 |\n| b | 2 |\n| Subtotal | 3 |\n| c | 4 |\n| d | 5 |\n| Subtotal | 9 |\n| Total | 12 |\n";
    const { workbook, diagnostics } = await render(md);
    const ws = workbook.worksheets[0]!;
    assert.deepEqual(
      ["B4", "B7", "B8"].map((a) => [formulaOf(ws.getCell(a)), (ws.getCell(a).value as ExcelJS.CellFormulaValue).result]),
      [["SUM(B2:B3)", 3], ["SUM(B5:B6)", 9], ["SUM(B4,B7)", 12]],
    );
    assert.ok(!diagnostics.some((d) => d.code === "xlsx.total_differs"));
    assert.equal(ws.autoFilter, "A1:B6", "the trailing subtotal and total stay out of the filter");
  });

  it("a percentage total that is not the sum is kept as written", async () => {
    const md = "| Product | Margin |\n|---|---|\n| a | 10% |\n| b | 20% |\n| Total | 15% |\n";
    const { workbook, diagnostics } = await render(md);
    assert.equal(workbook.worksheets[0]!.getCell("B4").value, 0.15);
    assert.deepEqual(diagnostics.map((d) => d.code), ["xlsx.total_kept"]);
  });

  it("a total rounded as written is not reported", async () => {
    const md = "| Item | Amount |\n|---|---|\n| a | 1.25 |\n| b | 2.1 |\n| Total | 3.4 |\n";
    const { diagnostics } = await render(md);
    assert.deepEqual(diagnostics, []);
  });
});

describe("xlsx render: what cannot be typed", () => {
  it("refuses FILTER, keeps the text and warns", async () => {
    const { workbook, diagnostics } = await render("| a | b |\n|---|---|\n| 1 | =FILTER(A2:A9,A2:A9>0) |\n");
    assert.equal(workbook.worksheets[0]!.getCell("B2").value, "=FILTER(A2:A9,A2:A9>0)");
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, d.nodeId]), [["xlsx.unsupported_function", "warning", "b0.r0.c1"]]);
  });

  it("warns about names nobody defined and keeps malformed formulas as text", async () => {
    const { workbook, diagnostics } = await render("| a | b |\n|---|---|\n| 1 | =A2*growth |\n| 2 | =SUM(A2 |\n");
    const ws = workbook.worksheets[0]!;
    assert.equal(formulaOf(ws.getCell("B2")), "A2*growth");
    assert.equal(ws.getCell("B3").value, "=SUM(A2");
    assert.deepEqual(diagnostics.map((d) => d.code), ["xlsx.unknown_name", "xlsx.invalid_formula"]);
  });

  it("ambiguous dates stay text and are reported once per column", async () => {
    const { workbook, diagnostics } = await render("| Day |\n|---|\n| 01/03/2026 |\n| 02/03/2026 |\n");
    assert.equal(workbook.worksheets[0]!.getCell("A2").value, "01/03/2026");
    assert.deepEqual(diagnostics.map((d) => d.code), ["xlsx.ambiguous_date"]);
  });

  it("marks gaps and makes a lone link a hyperlink", async () => {
    const { workbook } = await render("| a | b |\n|---|---|\n| [DATO] | [site](https://example.com) |\n");
    const ws = workbook.worksheets[0]!;
    assert.equal(ws.getCell("A2").value, "[DATO]");
    assert.equal((ws.getCell("A2").fill as ExcelJS.FillPattern).fgColor?.argb, "FFFFF2CC");
    assert.deepEqual(ws.getCell("B2").value, { text: "site", hyperlink: "https://example.com" });
  });

  it("an aborted signal stops the render with its reason", async () => {
    const controller = new AbortController();
    const reason = new Error("cancelled");
    controller.abort(reason);
    await assert.rejects(render(plan, {}, { signal: controller.signal }), (error) => error === reason);
  });

  it("a light accent gets dark header text", async () => {
    const style = { ...defaultStyle("spreadsheet"), colors: { ...defaultStyle("spreadsheet").colors, accent: "#FFD966" } };
    const { workbook } = await render("| a |\n|---|\n| 1 |\n", style);
    assert.equal(workbook.worksheets[0]!.getCell("A1").font.color?.argb, "FF1A1A1A");
  });
});

// ---------------------------------------------------------------------------------------------
// LibreOffice recalculates the file

const soffice = "/usr/bin/soffice";
const errorValue = /^(?:#REF!|#DIV\/0!|#VALUE!|#NAME\?|#N\/A|#NUM!|#NULL!|Err:\d+)$/;

/** Enough CSV for LibreOffice's output: commas, double quotes, doubled quotes inside them. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === "") continue;
    const cells: string[] = [];
    let cell = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') (cell += '"'), i++;
        else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ",") cells.push(cell), (cell = "");
      else cell += ch;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

describe("xlsx render: LibreOffice recalculates it", () => {
  it(
    "no formula ends in an error and totals are the sums",
    { skip: existsSync(soffice) ? false : `LibreOffice not installed (${soffice} missing)`, timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "quire-xlsx-"));
      try {
        const { bytes } = await render(plan);
        const input = join(dir, "plan.xlsx");
        await writeFile(input, bytes);
        // Every sheet (-1), raw values rather than as shown, UTF-8; a private profile so a running
        // LibreOffice cannot interfere.
        await promisify(execFile)(
          soffice,
          [
            `-env:UserInstallation=file://${join(dir, "profile")}`,
            "--headless",
            "--convert-to",
            "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
            "--outdir",
            dir,
            input,
          ],
          { timeout: 110_000 },
        );
        const sheets: Record<string, string[][]> = {};
        for (const file of await readdir(dir)) {
          const m = /^plan-(.+)\.csv$/.exec(file);
          if (m) sheets[m[1]!] = parseCsv(await readFile(join(dir, file), "utf8"));
        }
        assert.deepEqual(Object.keys(sheets).sort(), ["Assumptions", "Costes", "Lookup", "Notes", "Sales by region"]);
        for (const [name, rows] of Object.entries(sheets)) {
          for (const row of rows) for (const cell of row) assert.doesNotMatch(cell, errorValue, `sheet ${name}: ${row.join(" | ")}`);
        }

        const sales = sheets["Sales by region"]!;
        const num = (s: string) => Number(s);
        const [, ...body] = sales;
        const details = body.slice(0, 3);
        const total = body[3]!;
        assert.equal(total[0], "Total");
        for (const c of [1, 2, 3]) {
          const sum = details.reduce((acc, row) => acc + num(row[c]!), 0);
          assert.ok(Math.abs(num(total[c]!) - sum) < 1e-6, `column ${c}: total ${total[c]} ≠ ${sum}`);
        }
        assert.deepEqual(details.map((row) => num(row[3]!)), [15750, 10500, 5250], "revenue × (1 + growth_rate)");
        assert.deepEqual(details.map((row) => num(row[4]!)), [18150, 12100, 6050], "revenue × (1 + vat)");

        const lookup = sheets["Lookup"]!;
        assert.deepEqual(lookup.slice(1).map((row) => num(row[1]!)), [10000, 3, 12.5 * 2400]);
        assert.equal(num(sheets["Costes"]![3]![1]!), 3500.5);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
