/**
 * The words the Word renderer writes itself are in the document's language (core/doctype/labels.ts): the table of
 * contents' title as each country's Word titles it, for a text prepared as the service prepares it
 * (core/compile/printed.ts sets `ir.language`), and the language named on the IR wins over the text's.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { forPrint } from "../../../core/compile/printed.ts";
import { formatPlugins } from "../../../plugins/index.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import type { IRDocument } from "../../../core/ir/types.ts";
import { docxPlugin } from "../../../plugins/docx/index.ts";

const tocTitle = async (ir: IRDocument): Promise<string | undefined> => {
  const { bytes } = await docxPlugin.render!(ir, { ...defaultStyle("report"), table_of_contents: true }, { type: "report" });
  const doc = strFromU8(unzipSync(bytes)["word/document.xml"]!);
  return /<w:pStyle w:val="TOCHeading"\/><\/w:pPr><w:r><w:t xml:space="preserve">([^<]*)<\/w:t>/.exec(doc)?.[1];
};

const printed = (markdown: string, named?: string) => forPrint(readMarkdown(markdown).ir, formatPlugins.get("docx")!, named).ir;

describe("the table of contents' title", () => {
  const cases: Array<{ markdown: string; want: string }> = [
    { markdown: "# Annual report\n\n## Summary\n\nThe report sums up the results of the company for the year.", want: "Contents" },
    { markdown: "# Informe anual\n\n## Resumen\n\nEl informe resume los resultados de la empresa en el año.", want: "Índice" },
    { markdown: "# Informe anual\n\n## Resum\n\nL'informe resumeix els resultats de l'any i exposa els propers passos.", want: "Índex" },
    { markdown: "# Relatório anual\n\n## Resumo\n\nO relatório resume os resultados do ano e apresenta os próximos passos.", want: "Índice" },
    { markdown: "# Relazione annuale\n\n## Sintesi\n\nLa relazione riassume i risultati dell'anno e presenta i prossimi passi.", want: "Indice" },
    { markdown: "# Rapport annuel\n\n## Synthèse\n\nLe rapport résume les résultats de l'année et présente les prochaines étapes.", want: "Table des matières" },
    { markdown: "# Jahresbericht\n\n## Zusammenfassung\n\nDer Bericht fasst die Ergebnisse des Jahres zusammen und nennt die nächsten Schritte.", want: "Inhalt" },
    { markdown: "# Jaarverslag\n\n## Samenvatting\n\nHet verslag vat de resultaten van het jaar samen en noemt de volgende stappen.", want: "Inhoud" },
  ];
  for (const { markdown, want } of cases) {
    it(`${want}: ${markdown.split("\n")[0]}`, async () => assert.equal(await tocTitle(printed(markdown)), want));
  }

  it("follows the language the request named over the text's", async () => {
    assert.equal(await tocTitle(printed("# Annual report\n\n## Summary\n\nThe text is in English, but the request said German.", "de")), "Inhalt");
  });

  it("without a language on the IR, the text's language decides", async () => {
    assert.equal(await tocTitle(readMarkdown("# Rapport annuel\n\n## Synthèse\n\nLe rapport résume les résultats de l'année.").ir), "Table des matières");
  });
});
