/**
 * The document says which language it is in, and is typeset in it: Word's run defaults carry the text's language
 * (spelling is checked in it), LibreOffice's tagged PDF names it in its catalog (/Lang), which a screen reader reads
 * it with, and pandoc (a reader we did not write) reads the language's quotes and, in French, the spaces before high
 * punctuation. Each document is prepared as the service prepares the caller's Markdown (core/compile/printed.ts).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { forPrint } from "../../../core/compile/printed.ts";
import { formatPlugins } from "../../../plugins/index.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { docxPlugin } from "../../../plugins/docx/index.ts";
import { closeSharedOfficeConverter } from "../../../renderers/index.ts";
import { part, pdfLanguage, toPdf } from "./support.ts";

after(closeSharedOfficeConverter);

const render = async (markdown: string, named?: string) => {
  const { ir } = forPrint(readMarkdown(markdown).ir, formatPlugins.get("docx")!, named);
  return (await docxPlugin.render!(ir, defaultStyle("report"), { type: "report" })).bytes;
};

const pandocPlain = (docx: Uint8Array): string => {
  const dir = mkdtempSync(join(tmpdir(), "quire-language-"));
  try {
    writeFileSync(join(dir, "in.docx"), docx);
    return execFileSync("pandoc", ["-f", "docx", "-t", "plain", "--wrap=none", join(dir, "in.docx")], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const cases: Array<{ markdown: string; lang: string; named?: string; quoted: RegExp }> = [
  { markdown: '# Informe anual\n\nEl informe resume los resultados de la empresa en el año y las "medidas" para el siguiente.\n', lang: "es-ES", quoted: /las “medidas” para/ },
  { markdown: '# Annual report\n\nThe report sums up the results of the company for the year and the "steps" for the next one.\n', lang: "en-US", quoted: /the “steps” for/ },
  { markdown: '# Annual report\n\nThe report summarises the organisation\'s results for the year and the "programme" for the next one.\n', lang: "en-GB", quoted: /the “programme” for/ },
  { markdown: '# Jahresbericht\n\nDer Bericht fasst die Ergebnisse des Jahres zusammen und nennt die "nächsten Schritte" für den Vorstand.\n', lang: "de-DE", quoted: /die „nächsten Schritte“ für/ },
  { markdown: '# Rapport annuel\n\nLe rapport résume les résultats de l\'année et présente les "prochaines étapes" pour le conseil: voilà!\n', lang: "fr-FR", quoted: /les «\u00A0prochaines étapes\u00A0» pour le conseil\u00A0: voilà\u202F!/ },
  { markdown: '# Relazione annuale\n\nLa relazione riassume i risultati dell\'anno e presenta i "prossimi passi" per il consiglio.\n', lang: "it-IT", quoted: /i “prossimi passi” per/ },
  { markdown: '# Relatório anual\n\nO relatório resume os resultados do ano e apresenta os "próximos passos" para o conselho.\n', lang: "pt-PT", quoted: /os «próximos passos» para/ },
  { markdown: '# Jaarverslag\n\nHet verslag vat de resultaten van het jaar samen en noemt de "volgende stappen" voor de raad.\n', lang: "nl-NL", quoted: /de “volgende stappen” voor/ },
  { markdown: '# Informe anual\n\nL\'informe resumeix els resultats de l\'any i exposa els "propers passos" per al consell.\n', lang: "ca-ES", quoted: /els «propers passos» per/ },
  // The language the request names (a prompt's understanding) wins over the text's.
  { markdown: '# Report\n\nThe text is in English, but the request said "German".\n', named: "de", lang: "de-DE", quoted: /said „German“\./ },
];

for (const c of cases) {
  test(`a text in ${c.lang}${c.named ? ` (named ${c.named})` : ""} is tagged ${c.lang} in Word and in the PDF, with its quotes`, async () => {
    const bytes = await render(c.markdown, c.named);
    assert.match(part(bytes, "word/styles.xml"), new RegExp(`<w:docDefaults>.*<w:lang w:val="${c.lang}"/>.*</w:docDefaults>`, "s"));
    assert.match(pandocPlain(bytes), c.quoted);
    assert.equal(await pdfLanguage(await toPdf(bytes)), c.lang);
  });
}
