/**
 * The workbook's own words are in the document's language (core/doctype/labels.ts): the notes sheet, a table's sheet
 * named after no heading, an assumptions sheet's column titles. The language is the one decided for print
 * (`ir.language`), else the text's. An ambiguous number (`1.500`) is read with the language's decimal mark only when
 * the text's words back the language: a few English column labels guessed as another language stay English.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import ExcelJS from "exceljs";
import { forPrint } from "../../../core/compile/printed.ts";
import { formatPlugins } from "../../../plugins/index.ts";
import type { IRDocument } from "../../../core/ir/types.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { xlsxPlugin } from "../../../plugins/xlsx/index.ts";
import { labels, numberLanguage } from "../../../plugins/xlsx/language.ts";

const workbookOf = async (ir: IRDocument): Promise<ExcelJS.Workbook> => {
  const { bytes } = await xlsxPlugin.render!(ir, defaultStyle("spreadsheet"), { type: "spreadsheet" });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  return workbook;
};

const printed = (markdown: string, named?: string) => forPrint(readMarkdown(markdown).ir, formatPlugins.get("xlsx")!, named).ir;

/** A paragraph, an assumptions list under a heading, a table under no heading. */
const document = (prose: string, heading: string) => `${prose}\n\n| a | b |\n|---|---|\n| x | 1 |\n\n## ${heading}\n\n- Wachstum: 5 %\n`;

describe("the workbook's own words", () => {
  const cases: Array<{ prose: string; heading: string; sheets: string[]; titles: string[] }> = [
    { prose: "This workbook sums up the sales of the year and the plan for the next one.", heading: "Assumptions", sheets: ["Notes", "Table 1", "Assumptions"], titles: ["Assumption", "Value", "Name"] },
    { prose: "Este libro resume las ventas del año y el plan para el siguiente.", heading: "Supuestos", sheets: ["Notas", "Tabla 1", "Supuestos"], titles: ["Supuesto", "Valor", "Nombre"] },
    { prose: "Aquest llibre resumeix les vendes de l'any i el pla per al següent.", heading: "Hipòtesis", sheets: ["Notes", "Taula 1", "Hipòtesis"], titles: ["Hipòtesi", "Valor", "Nom"] },
    { prose: "Este livro resume as vendas do ano e o plano para o próximo ano da empresa.", heading: "Pressupostos", sheets: ["Notas", "Tabela 1", "Pressupostos"], titles: ["Pressuposto", "Valor", "Nome"] },
    { prose: "Questa cartella riassume le vendite dell'anno e il piano per il prossimo.", heading: "Ipotesi", sheets: ["Note", "Tabella 1", "Ipotesi"], titles: ["Ipotesi", "Valore", "Nome"] },
    { prose: "Ce classeur résume les ventes de l'année et le plan pour la suivante.", heading: "Hypothèses", sheets: ["Notes", "Tableau 1", "Hypothèses"], titles: ["Hypothèse", "Valeur", "Nom"] },
    { prose: "Diese Arbeitsmappe fasst den Umsatz des Jahres und den Plan für das nächste zusammen.", heading: "Annahmen", sheets: ["Anmerkungen", "Tabelle 1", "Annahmen"], titles: ["Annahme", "Wert", "Name"] },
    { prose: "Deze werkmap vat de verkoop van het jaar en het plan voor het volgende jaar samen.", heading: "Aannames", sheets: ["Notities", "Tabel 1", "Aannames"], titles: ["Aanname", "Waarde", "Naam"] },
  ];
  for (const { prose, heading, sheets, titles } of cases) {
    it(`${sheets[0]}, ${sheets[1]}, ${titles.join("/")}`, async () => {
      const workbook = await workbookOf(printed(document(prose, heading)));
      assert.deepEqual(workbook.worksheets.map((w) => w.name), sheets);
      const assumptions = workbook.getWorksheet(heading)!;
      assert.deepEqual([1, 2, 3].map((c) => assumptions.getCell(1, c).value), titles);
    });
  }

  it("follow the language the request named", async () => {
    const workbook = await workbookOf(printed("The text is in English, but the request said German.\n\n| a |\n|---|\n| 1 |\n", "de"));
    assert.deepEqual(workbook.worksheets.map((w) => w.name), ["Anmerkungen", "Tabelle 1"]);
  });

  it("Brazilian Portuguese names an assumption a premissa", () => {
    assert.equal(labels("pt-BR").assumption, "Premissa");
    assert.equal(labels("pt-PT").assumption, "Pressuposto");
  });
});

describe("ambiguous numbers and the language", () => {
  it("1.500 in a German text is one thousand five hundred", async () => {
    const workbook = await workbookOf(printed("Die Tabelle zeigt die Kosten des Jahres für das Lager.\n\n| Posten | Betrag |\n|---|---|\n| Miete | 1.500 |\n| Strom | 2.250 |\n"));
    assert.deepEqual([workbook.getWorksheet("Tabelle 1")!.getCell("B2").value, workbook.getWorksheet("Tabelle 1")!.getCell("B3").value], [1500, 2250]);
  });

  it("a French text reads them the same way", async () => {
    const workbook = await workbookOf(printed("Le tableau présente les coûts de l'année pour l'entrepôt.\n\n| Poste | Montant |\n|---|---|\n| Loyer | 1.500 |\n"));
    assert.equal(workbook.getWorksheet("Tableau 1")!.getCell("B2").value, 1500);
  });

  it("English column labels guessed as another language keep the English reading", () => {
    const ir = readMarkdown("| Month | In | Out | Balance |\n|---|---|---|---|\n| Jan | 1,000 | 400 | =B2-C2 |\n").ir;
    assert.equal(numberLanguage(ir, "it-IT"), "en");
    assert.equal(numberLanguage(readMarkdown("Die Tabelle zeigt die Kosten des Jahres.").ir, "de-DE"), "de");
  });
});
