/** The unsupported-facts check on real sentences, English and Spanish, each with its request or sources and the outcome a reader of a legal or financial document expects; then the IR it leaves. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { usedIds } from "../../../../core/ir/ids.ts";
import type { GapInline, ParagraphBlock, TableBlock } from "../../../../core/ir/types.ts";
import { readMarkdown } from "../../../../core/markdown/read.ts";
import { noModel, type ModelClient } from "../../../../core/contracts/model.ts";
import type { TextCheckContext, TextCheckResult } from "../../../../core/contracts/check-plugin.ts";
import type { Diagnostic } from "../../../../core/diagnostics.ts";
import type { IRDocument } from "../../../../core/ir/types.ts";
import { factsCheck } from "../../../../plugins/checks/facts/index.ts";
import { runsOf } from "../../../../plugins/checks/facts/replace.ts";

interface Given {
  readonly request?: string;
  readonly sources?: ReadonlyArray<string>;
  readonly model?: ModelClient;
  readonly language?: string;
  readonly author?: TextCheckContext["author"];
}

const context = (given: Given = {}): TextCheckContext => ({
  stage: "text",
  operation: "create",
  format: "docx",
  type: "report",
  author: given.author ?? "model",
  style: null,
  request: given.request === undefined ? null : { prompt: given.request },
  sources: (given.sources ?? []).map((text, i) => ({ index: i + 1, name: `source-${i + 1}.txt`, text })),
  model: given.model ?? noModel,
  signal: new AbortController().signal,
  quality: "fast",
  ...(given.language ? { language: given.language } : {}),
});

interface Checked {
  readonly before: IRDocument;
  readonly result: TextCheckResult;
  /** The document's text after the check (gaps as `[DATO: label]`), runs joined by new lines. */
  readonly text: string;
  readonly diagnostics: Diagnostic[];
}

const check = async (markdown: string, given: Given = {}): Promise<Checked> => {
  const before = readMarkdown(markdown).ir;
  const frozen = JSON.stringify(before);
  const result = await factsCheck.run(before, context(given));
  if (JSON.stringify(before) !== frozen) throw new Error("the check changed the IR it was given");
  const after = result.ir ?? before;
  return { before, result, text: runsOf(after).map((r) => r.text).join("\n"), diagnostics: result.diagnostics };
};

/** The fact a diagnostic is about: its message up to where it says where the fact is. */
const subjectOf = (d: Diagnostic): string => d.message.split(/ (?:from|in) the (?:paragraph|heading|table cell|title)\b/)[0]!;

const reported = (diagnostics: Diagnostic[], raw: string): Diagnostic | undefined => diagnostics.find((d) => subjectOf(d).includes(raw));

/**
 * One sentence of model-written text with what it was written from, and what must become of each fact: `kept`
 * (supported: unchanged and not reported), `gap` (unsupported figure or date: replaced by a gap and reported) or
 * `flagged` (unsupported quotation: kept as written and reported).
 */
interface Case {
  readonly text: string;
  readonly request?: string;
  readonly sources?: string[];
  readonly kept?: string[];
  readonly gap?: string[];
  readonly flagged?: string[];
  /** Facts the check must not even count (references, structure, code). */
  readonly facts?: number;
}

const english: Case[] = [
  { text: "The purchase price is € 1.200.", sources: ["Price: 1,200 EUR."], kept: ["€ 1.200"] },
  { text: "Revenue reached $4.1M in the period.", sources: ["Revenue: USD 4,100,000."], kept: ["$4.1M"] },
  { text: "Revenue reached $4.1M in the period.", sources: ["Revenue: USD 4,123,456."], kept: ["$4.1M"] },
  { text: "Revenue reached $4.3M in the period.", sources: ["Revenue: USD 4,123,456."], gap: ["$4.3M"] },
  { text: "The fee is 1,234.5 EUR.", sources: ["Honorarios: 1.234,5 €."], kept: ["1,234.5 EUR"] },
  { text: "The fee is 1,235 EUR.", sources: ["Honorarios: 1.234,5 €."], gap: ["1,235 EUR"] },
  { text: "Margins improved by 12 %.", sources: ["The margin rose 12 per cent."], kept: ["12 %"] },
  { text: "Margins improved by 12 per cent.", sources: ["Margen: +12 %."], kept: ["12 per cent"] },
  { text: "Margins improved by 15%.", sources: ["The margin rose 12 per cent."], gap: ["15%"] },
  { text: "The contract was signed on 3 March 2025.", sources: ["Signed: 03/03/2025."], kept: ["3 March 2025"] },
  { text: "The contract was signed on 03/03/2025.", sources: ["Firmado el 3 de marzo de 2025."], kept: ["03/03/2025"] },
  { text: "The contract was signed on 4 March 2025.", sources: ["Signed: 03/03/2025."], gap: ["4 March 2025"] },
  { text: "The lease started in March 2025.", sources: ["Start date: 2025-03-15."], kept: ["March 2025"] },
  { text: "The lease started in April 2025.", sources: ["Start date: 2025-03-15."], gap: ["April 2025"] },
  { text: "The company was founded in 2019.", sources: ["Incorporated on 12 June 2019."], kept: ["2019"] },
  { text: "The company was founded in 2018.", sources: ["Incorporated on 12 June 2019."], gap: ["2018"] },
  { text: "Total costs were €2,000.", sources: ["Design €1,200; build €800."], kept: ["€2,000"] },
  { text: "Design cost €400 more than the build.", sources: ["Design €1,200; build €800."], kept: ["€400"] },
  { text: "The order of 12 units costs $600 in total.", sources: ["Unit price: $50. Quantity: 12 units."], kept: ["12", "$600"] },
  { text: "Costs fell by 20% year on year.", sources: ["Costs were $1,000 in 2023 and $800 in 2024."], kept: ["20%"] },
  { text: "Costs fell by 30% year on year.", sources: ["Costs were $1,000 in 2023 and $800 in 2024."], gap: ["30%"] },
  { text: "VAT of €252 applies to the invoice.", sources: ["Taxable base €1,200; VAT rate 21%."], kept: ["€252"] },
  { text: "Design takes 60% of the budget.", sources: ["Design €1,200; total budget €2,000."], kept: ["60%"] },
  { text: "The clause says “the parties shall act in good faith”.", sources: ['Clause 9: "The Parties shall  act in good faith."'], kept: ["“the parties shall act in good faith”"] },
  { text: "The lease states «the  tenant shall pay   the rent monthly».", sources: ["The Tenant shall pay the rent monthly, in advance."], kept: ["«the  tenant shall pay   the rent monthly»"] },
  { text: "The lease adds “the landlord may terminate at will”.", sources: ["The Tenant shall pay the rent monthly."], flagged: ["“the landlord may terminate at will”"] },
  { text: "It requires that “the tenant shall … pay the rent”.", sources: ["The tenant shall, within five days of each month, pay the rent."], kept: ["“the tenant shall … pay the rent”"] },
  { text: "Both parties act in “good faith” here.", facts: 0 },
  { text: "Under clause 14 the tenant pays within 30 days.", sources: ["Payment within 30 days."], kept: ["30"], facts: 1 },
  { text: "The 2 parties sign 3 copies of the deed.", facts: 0 },
  { text: "Payment is due within 5 days of delivery.", sources: ["Payment on delivery."], gap: ["5"] },
  { text: "Delivery takes 10–15 days, or 3-5 weeks by sea.", sources: ["Delivery: 10 to 15 days by air."], kept: ["10", "15"], gap: ["3", "5"] },
  { text: "ISO 9001 certification is required after COVID-19 checks at 10:30.", facts: 0 },
  { text: "Call +34 912 345 678 quoting ref. 2024-ABC-17, postcode 28001, version 3.2.1.", facts: 0 },
  { text: "The order covers 7,500 widgets.", request: "Write a memo about our order of 7,500 widgets.", kept: ["7,500"] },
  { text: "Set the `retry 45` option before sending 45 requests.", sources: ["Send 45 requests."], kept: ["retry 45", "45 requests"], facts: 1 },
  { text: "Headcount grew to 1,250 employees.", sources: ["Plantilla: 1.250 empleados."], kept: ["1,250"] },
  { text: "Headcount grew to 1,300 employees.", sources: ["Plantilla: 1.250 empleados."], gap: ["1,300"] },
  { text: "The deadline is 15 April.", sources: ["Due 15/04/2026."], kept: ["15 April"] },
  { text: "The interest rate is 3.5%.", sources: ["Tipo de interés: 3,5 %."], kept: ["3.5%"] },
  { text: "Sales were £2.5 million last year.", sources: ["Sales: GBP 2,500,000."], kept: ["£2.5 million"] },
  { text: "Sales were £2.5 million last year.", sources: ["Sales: USD 2,500,000."], gap: ["£2.5 million"] },
];

const spanish: Case[] = [
  { text: "El precio asciende a 1.234,5 €.", sources: ["Price EUR 1,234.50."], kept: ["1.234,5 €"] },
  { text: "La facturación fue de 4,1 millones de euros.", sources: ["Revenue: EUR 4,100,000."], kept: ["4,1 millones de euros"] },
  { text: "La facturación fue de 4,1 millones de euros.", sources: ["Revenue: USD 4,100,000."], gap: ["4,1 millones de euros"] },
  { text: "El IPC subió un 3,2 %.", sources: ["Inflation was 3.2 per cent."], kept: ["3,2 %"] },
  { text: "El IPC subió un 3,4 por ciento.", sources: ["Inflación: 3,2 %."], gap: ["3,4 por ciento"] },
  { text: "Las ventas suben un 12 por ciento.", sources: ["Ventas: +12 %."], kept: ["12 por ciento"] },
  { text: "El contrato se firmó el 3 de marzo de 2025.", sources: ["Signed on 3 March 2025."], kept: ["3 de marzo de 2025"] },
  { text: "El contrato se firmó el 5 de marzo de 2025.", sources: ["Signed on 3 March 2025."], gap: ["5 de marzo de 2025"] },
  { text: "La fecha de efecto es 2025-03-03.", sources: ["Con efectos desde el 3 de marzo de 2025."], kept: ["2025-03-03"] },
  { text: "La reunión será el 1 de abril de 2026.", sources: ["Reunión: 1/4/2026."], kept: ["1 de abril de 2026"] },
  { text: "Las ventas crecieron en marzo de 2025.", sources: ["Cierre: 03/03/2025."], kept: ["marzo de 2025"] },
  { text: "La empresa se fundó en 1998.", sources: ["Fundada el 2 de febrero de 1998."], kept: ["1998"] },
  { text: "La renta mensual es de 1.500 euros.", sources: ["Renta: 1.500 €/mes."], kept: ["1.500 euros"] },
  { text: "La fianza equivale a 3.000 euros.", sources: ["Renta: 1.500 €/mes; fianza de dos mensualidades."], gap: ["3.000 euros"] },
  { text: "El total de la obra es de 2.000 €.", sources: ["Diseño 1.200 €, obra 800 €."], kept: ["2.000 €"] },
  { text: "El plazo de entrega es de 45 días.", sources: ["Entrega en 45 días naturales."], kept: ["45"] },
  { text: "El plazo de entrega es de 60 días.", sources: ["Entrega en 45 días naturales."], gap: ["60"] },
  { text: "La empresa tiene 250 empleados.", sources: ["Plantilla: 250 personas."], kept: ["250"] },
  { text: "La cláusula 7 regula la penalización del 10 %.", sources: ["Penalización: 10%."], kept: ["10 %"], facts: 1 },
  { text: "El artículo dice «el arrendatario abonará la renta por meses anticipados».", sources: ["El arrendatario abonará la renta por meses anticipados."], kept: ["«el arrendatario abonará la renta por meses anticipados»"] },
  { text: "Según el informe, «la demanda se duplicará en dos años».", sources: ["La demanda crecerá."], flagged: ["«la demanda se duplicará en dos años»"] },
  { text: "Según la Ley 29/1994, la renta se actualiza cada año.", facts: 0 },
  { text: "De conformidad con el artículo 1.124 del Código Civil y el art. 27.2 LAU, el arrendador podrá resolver.", facts: 0 },
  { text: "El 50 % restante se abonará en 12 mensualidades de 250,00 € cada una.", sources: ["Pago: 50% a la firma; resto en 12 mensualidades de 250 €."], kept: ["50 %", "12", "250,00 €"] },
  { text: "El margen bruto fue del 25 %.", sources: ["Ventas 1.000 €, coste 750 €."], kept: ["25 %"] },
  { text: "El descuento es de 150 euros.", sources: ["Precio 1.000 €, descuento del 15 %."], kept: ["150 euros"] },
  { text: "Se pagarán 2 cuotas de 600 €.", sources: ["Dos cuotas de 600 €."], kept: ["600 €"], facts: 1 },
  { text: "El préstamo es de 2 millones de euros.", sources: ["Loan: EUR 2,000,000."], kept: ["2 millones de euros"] },
  { text: "El préstamo es de 2 millones de euros.", sources: ["Préstamo: 1.500.000 €."], gap: ["2 millones de euros"] },
  { text: "El alquiler vence el 5 de cada mes desde enero de 2026.", sources: ["Inicio: 01/01/2026."], kept: ["enero de 2026"], facts: 1 },
];

const runCase = async (c: Case) => {
  const { text, diagnostics, result } = await check(c.text, { request: c.request, sources: c.sources });
  const where = `${c.text} → ${text} ${JSON.stringify(diagnostics.map((d) => d.message))}`;
  for (const raw of c.kept ?? []) {
    assert.ok(text.includes(raw), `kept ${raw}: ${where}`);
    assert.equal(reported(diagnostics, raw), undefined, `not reported ${raw}: ${where}`);
  }
  for (const raw of c.gap ?? []) {
    const d = reported(diagnostics, raw);
    assert.ok(d, `reported ${raw}: ${where}`);
    assert.equal(d.severity, "warning");
    assert.equal(d.category, "content");
    assert.equal(d.code, "content.unsupported_fact");
    assert.match(d.message, /^Removed the /);
    assert.match(d.message, /\[DATO: /);
    assert.ok(!text.includes(raw) || c.text.split(raw).length > 2, `removed ${raw}: ${where}`);
    assert.match(text, /\[DATO: (?:importe|porcentaje|cifra|fecha|amount|percentage|figure|date)\]/, where);
  }
  for (const raw of c.flagged ?? []) {
    const d = reported(diagnostics, raw);
    assert.ok(d, `reported ${raw}: ${where}`);
    assert.match(d.message, /^The quotation .* is not supported: .*It was kept/);
    assert.ok(text.includes(raw), `quotation kept: ${where}`);
  }
  const expectedReports = (c.gap?.length ?? 0) + (c.flagged?.length ?? 0);
  assert.equal(diagnostics.length, expectedReports, where);
  if (c.facts !== undefined) {
    const data = result.events![0]!.data as Record<string, number>;
    assert.equal(data.figures! + data.dates! + data.quotes!, c.facts, `facts counted: ${where} ${JSON.stringify(data)}`);
  }
};

describe("unsupported facts: English sentences", () => {
  for (const c of english) it(`${c.text} [${c.sources?.join(" ") ?? c.request ?? "no sources"}]`, () => runCase(c));
});

describe("unsupported facts: Spanish sentences", () => {
  for (const c of spanish) it(`${c.text} [${c.sources?.join(" ") ?? c.request ?? "no sources"}]`, () => runCase(c));
});

const gapsOf = (inlines: ReadonlyArray<{ type: string }>) => inlines.filter((i): i is GapInline => i.type === "gap");

describe("unsupported facts: the IR left behind", () => {
  it("replaces figures in place: untouched nodes keep their ids, the text before a gap keeps its inline's id, gaps take fresh ones", async () => {
    const md = "Intro without figures.\n\nThe price is **€ 9.999** per unit, payable by 2031, and the fee is 7,777 EUR.\n\nFounded in 2019.";
    const { before, result, text } = await check(md, { sources: ["Fee: 7,777 EUR. Founded in 2019."] });
    const after = result.ir!;
    assert.ok(after, "a changed IR is returned");
    assert.deepEqual(after.blocks[0], before.blocks[0]);
    assert.deepEqual(after.blocks[2], before.blocks[2]);
    const changed = after.blocks[1] as ParagraphBlock;
    const original = before.blocks[1] as ParagraphBlock;
    assert.equal(changed.id, original.id);
    assert.equal(changed.inlines[0]!.id, original.inlines[0]!.id, "the text before the first gap keeps its id");
    const gaps = gapsOf(changed.inlines);
    assert.equal(gaps.length, 2);
    assert.deepEqual(gaps[0]!.marks, ["bold"], "the gap takes the bold of the figure it replaces");
    assert.deepEqual(gaps.map((g) => g.label), ["amount", "date"]);
    for (const g of gaps) assert.ok(!usedIds(before).has(g.id), `fresh id ${g.id}`);
    const ids = [...JSON.stringify(after).matchAll(/"id":"([^"]+)"/g)].map((m) => m[1]);
    assert.equal(new Set(ids).size, ids.length, "no id twice");
    assert.equal(text, "Intro without figures.\nThe price is [DATO: amount] per unit, payable by [DATO: date], and the fee is 7,777 EUR.\nFounded in 2019.");
  });

  it("replaces several facts of one inline, last first, so every offset stays right", async () => {
    const { text, result } = await check("Paid €100 on 2031-01-01 and €200 later, 45% of it in cash.");
    assert.equal(text, "Paid [DATO: amount] on [DATO: date] and [DATO: amount] later, [DATO: percentage] of it in cash.");
    assert.deepEqual(result.events, [{ type: "facts.checked", data: { figures: 3, dates: 1, quotes: 0, supported: 0, replaced: 4, flagged: 0, judge: "skipped" } }]);
  });

  it("a cell that holds only an unsupported figure becomes the gap; a column total of supported cells is supported", async () => {
    const md = [
      "Budget by item.",
      "",
      "| Item | Amount |",
      "|---|---|",
      "| Design | 1.200 € |",
      "| Build | 800 € |",
      "| Licences | 300 € |",
      "| Total | 2.300 € |",
      "| Contingency | 450 € |",
    ].join("\n");
    const { before, result, diagnostics } = await check(md, { sources: ["Design EUR 1,200. Build EUR 800. Licences EUR 300."], language: "es" });
    const table = result.ir!.blocks[1] as TableBlock;
    const old = before.blocks[1] as TableBlock;
    assert.deepEqual(table.header, old.header);
    assert.deepEqual(table.rows.slice(0, 4), old.rows.slice(0, 4), "the items and their total stay as written, ids included");
    const cell = table.rows[4]!.cells[1]!;
    assert.equal(cell.id, old.rows[4]!.cells[1]!.id);
    assert.equal(cell.inlines.length, 1);
    assert.equal(cell.inlines[0]!.type, "gap");
    assert.equal((cell.inlines[0] as GapInline).label, "importe");
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0]!.nodeId, cell.id);
    assert.match(diagnostics[0]!.message, /^Removed the amount "450 €" from the table cell "450 €" of the row "Contingency": /);
  });

  it("a total that does not add up is not supported by its column", async () => {
    const md = "| Item | Amount |\n|---|---|\n| Design | 1.200 € |\n| Build | 800 € |\n| Licences | 300 € |\n| Total | 2.400 € |";
    const { diagnostics, text } = await check(md, { sources: ["Design EUR 1,200. Build EUR 800. Licences EUR 300."] });
    assert.equal(diagnostics.length, 1);
    assert.match(diagnostics[0]!.message, /"2\.400 €"/);
    assert.match(text, /\[DATO: amount\]/);
  });

  it("flags a fact of the title without replacing it (a title holds no gap), at the document's id", async () => {
    const { before, result, diagnostics } = await check("# Forecast for 2031\n\nSales grow.");
    assert.equal(result.ir, undefined, "nothing replaced, no new IR");
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0]!.nodeId, before.id);
    assert.match(diagnostics[0]!.message, /^The date "2031" in the title "Forecast for 2031" is not supported: .*a gap cannot be put there/);
  });

  it("skips heading numbering and reads the rest of the heading", async () => {
    const { result, diagnostics } = await check("Intro.\n\n## 2.3 Payment of 500 EUR\n\nText.", { sources: ["Payment: EUR 500."] });
    assert.deepEqual(diagnostics, []);
    assert.equal((result.events![0]!.data as { figures: number }).figures, 1);
  });

  it("replaces inside a link's words but never its target; facts in footnotes and list items are read too", async () => {
    const md = "See [growth of 8%](https://example.com/2023/report-999) for details.[^1]\n\n- Fee of 75 EUR per hour.\n\n[^1]: Updated on 9 May 2031.";
    const { before, result, text } = await check(md, { sources: ["Growth of 8 per cent."] });
    const link = (result.ir!.blocks[0] as ParagraphBlock).inlines.find((i) => i.type === "link")!;
    assert.deepEqual(link, (before.blocks[0] as ParagraphBlock).inlines.find((i) => i.type === "link"), "the supported link is untouched");
    assert.equal(text, "See growth of 8% for details.\nFee of [DATO: amount] per hour.\nUpdated on [DATO: date].");
    const { result: second } = await check("See [growth of 9%](https://example.com/9%25) now.");
    const changed = (second.ir!.blocks[0] as ParagraphBlock).inlines.find((i) => i.type === "link")!;
    assert.equal(changed.type === "link" && changed.href, "https://example.com/9%25");
    assert.equal(changed.type === "link" && gapsOf(changed.children).length, 1);
  });

  it("labels gaps in the document's language: the context's, else the one the text is written in", async () => {
    assert.match((await check("El informe indica que la deuda es de 900 € y que se paga en el plazo.")).text, /\[DATO: importe\]/);
    assert.match((await check("The report says that the debt is 900 € and that it is paid on time.")).text, /\[DATO: amount\]/);
    assert.match((await check("The report says that the debt is 900 €.", { language: "es" })).text, /\[DATO: importe\]/);
    assert.match((await check("Es gibt 45% mehr.", { language: "de" })).text, /\[DATO: Prozentsatz\]/);
    assert.match((await check("Le rapport indique que la dette est de 900 € et qu'elle est payée à temps.")).text, /\[DATO: montant\]/);
  });

  it("runs on model-written text only, and needs no model for its deterministic part", () => {
    assert.equal(factsCheck.appliesTo(context({ author: "model" })), true);
    assert.equal(factsCheck.appliesTo(context({ author: "caller" })), false);
    assert.equal(factsCheck.appliesTo(context({ author: "file" })), false);
  });

  it("figures inside a quotation are judged with it; a supported document leaves no diagnostics and no new IR", async () => {
    const { result, diagnostics } = await check("It says “the rent of 1.500 € is due on 5 March 2026”, and rent is 1.500 €.", {
      sources: ["The rent of 1.500 € is due on 5 March 2026."],
    });
    assert.deepEqual(diagnostics, []);
    assert.equal(result.ir, undefined);
    assert.deepEqual(result.events![0]!.data, { figures: 1, dates: 0, quotes: 1, supported: 2, replaced: 0, flagged: 0, judge: "not_needed" });
  });
});
