/**
 * The document says which language it is in: Word's run defaults carry the text's language (spelling is checked in
 * it), and LibreOffice's tagged PDF names it in its catalog (/Lang), which a screen reader reads it with.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { closeSharedOfficeConverter } from "../../../renderers/index.ts";
import { part, pdfLanguage, renderDocx, toPdf } from "./support.ts";

after(closeSharedOfficeConverter);

const cases = [
  { markdown: "# Informe anual\n\nEl informe resume los resultados de la empresa en el año y las medidas para el siguiente.\n", lang: "es-ES" },
  { markdown: "# Annual report\n\nThe report sums up the results of the company for the year and the steps for the next one.\n", lang: "en-US" },
];

for (const c of cases) {
  test(`a text in ${c.lang} is tagged ${c.lang} in Word and in the PDF`, async () => {
    const { bytes } = await renderDocx(c.markdown);
    assert.match(part(bytes, "word/styles.xml"), new RegExp(`<w:docDefaults>.*<w:lang w:val="${c.lang}"/>.*</w:docDefaults>`, "s"));
    assert.equal(await pdfLanguage(await toPdf(bytes)), c.lang);
  });
}
