/**
 * A deck says which language it is in: every text of the deck (slides, notes, charts, and on a template our slides
 * and charts) carries the document's tag in its `lang`, which PowerPoint's spelling checker and a screen reader
 * follow. A workbook's charts say it too. Each document is prepared as the service prepares it
 * (core/compile/printed.ts: the language decided, the text typeset). LibreOffice's Impress export does not take the
 * PDF's /Lang from the deck (it names its own locale), so the PDF is not checked here.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { forPrint } from "../../../core/compile/printed.ts";
import { formatPlugins } from "../../../plugins/index.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { pptxPlugin } from "../../../plugins/pptx/index.ts";
import { mapDeck } from "../../../plugins/pptx/map.ts";
import { xlsxPlugin } from "../../../plugins/xlsx/index.ts";
import { corpusFile } from "../../renderers/support.ts";

const deck = `# Quartalsbericht

Für den Vorstand, März 2026

## Wo wir stehen

- Der Umsatz stieg im Jahresvergleich um 18 %
- Zwei neue Märkte wurden eröffnet: Chile und Peru

> Notes: Die Zahlen stammen aus dem Abschluss des Quartals.

## Umsatz nach Region

\`\`\`chart bar
\`\`\`

| Region | Umsatz |
|---|---:|
| Iberien | 12,4 |
| Lateinamerika | 5,8 |
`;

const prepared = (markdown: string, format: string) => forPrint(readMarkdown(markdown).ir, formatPlugins.get(format)!).ir;

/** Every `lang` the package's text parts name, with the parts that name each. */
const langs = (bytes: Uint8Array, parts: RegExp): Map<string, string[]> => {
  const out = new Map<string, string[]>();
  for (const [name, data] of Object.entries(unzipSync(bytes))) {
    if (!parts.test(name)) continue;
    for (const m of strFromU8(data).matchAll(/<a:(?:rPr|endParaRPr|defRPr)\b[^>]*?\slang="([^"]+)"/g)) out.set(m[1]!, [...(out.get(m[1]!) ?? []), name]);
  }
  return out;
};

describe("a deck's language", () => {
  it("a German deck's slides, notes, layouts and chart say de-DE", async () => {
    const { bytes } = await pptxPlugin.render!(prepared(deck, "pptx"), defaultStyle("presentation"), { type: "presentation" });
    const found = langs(bytes, /^ppt\/.+\.xml$/);
    assert.deepEqual([...found.keys()], ["de-DE"], `every text is German: ${JSON.stringify(Object.fromEntries(found))}`);
    const parts = new Set(found.get("de-DE"));
    for (const kind of ["slides/slide", "notesSlides/notesSlide", "charts/chart"]) assert.ok([...parts].some((p) => p.startsWith(`ppt/${kind}`)), `a ${kind} part is tagged`);
  });

  it("a French deck on a template: our slides say fr-FR, and its quotes are French", async () => {
    const markdown = '# Revue trimestrielle\n\n## Où en sommes-nous\n\n- Le chiffre d\'affaires a progressé de 18 % sur un an\n- Deux nouveaux marchés : le Chili et le Pérou\n- Le client a dit "bravo"\n';
    const { bytes } = await pptxPlugin.render!(prepared(markdown, "pptx"), defaultStyle("presentation"), { type: "presentation", template: corpusFile("pptx", "python-pptx-test.pptx") });
    const found = langs(bytes, /^ppt\/slides\/slide\d+\.xml$/);
    assert.deepEqual([...found.keys()], ["fr-FR"]);
    const text = Object.entries(unzipSync(bytes)).filter(([n]) => /^ppt\/slides\//.test(n)).map(([, d]) => strFromU8(d)).join("");
    assert.match(text, /a dit «\u00A0bravo\u00A0»/);
  });

  it("an English deck keeps en-US", async () => {
    const { bytes } = await pptxPlugin.render!(prepared("# Review\n\n## Where we stand\n\n- Revenue grew by a fifth over the year\n- Two new markets opened in the south\n", "pptx"), defaultStyle("presentation"), { type: "presentation" });
    assert.deepEqual([...langs(bytes, /^ppt\/slides\/.+\.xml$/).keys()], ["en-US"]);
  });
});

describe("a workbook's charts", () => {
  it("an Italian workbook's chart says it-IT", async () => {
    const markdown = "# Vendite per regione\n\nLe vendite dell'anno sono cresciute in tutte le regioni, soprattutto nel sud del paese.\n\n```chart bar\n```\n\n| Regione | Vendite |\n|---|---:|\n| Nord | 12 |\n| Sud | 18 |\n";
    const { bytes } = await xlsxPlugin.render!(prepared(markdown, "xlsx"), defaultStyle("spreadsheet"), { type: "spreadsheet" });
    const found = langs(bytes, /^xl\/charts\/chart\d+\.xml$/);
    assert.deepEqual([...found.keys()], ["it-IT"]);
  });
});

describe("a slide that continues", () => {
  const long = (title: string, sentence: string) =>
    `# Deck\n\n## ${title}\n\n${Array.from({ length: 40 }, (_, i) => `- ${sentence} ${i + 1}`).join("\n")}\n`;
  const cases: Array<{ markdown: string; want: string }> = [
    { markdown: long("Many points", "Point number of the long list, with a few words"), want: "Many points (cont.)" },
    { markdown: long("Puntos", "El punto número de la lista larga, con unas palabras"), want: "Puntos (cont.)" },
    { markdown: long("Nombreux points", "Le point numéro de la longue liste, avec quelques mots"), want: "Nombreux points (suite)" },
    { markdown: long("Viele Punkte", "Der Punkt Nummer der langen Liste, mit ein paar Wörtern"), want: "Viele Punkte (Forts.)" },
    { markdown: long("Molti punti", "Il punto numero della lunga lista, con qualche parola"), want: "Molti punti (segue)" },
    { markdown: long("Veel punten", "Het punt nummer van de lange lijst, met een paar woorden"), want: "Veel punten (vervolg)" },
  ];
  for (const { markdown, want } of cases) {
    it(`is titled ${want}`, () => {
      const { deck } = mapDeck(prepared(markdown, "pptx"), defaultStyle("presentation"), { type: "presentation", images: new Map() });
      const titles = deck.slides.map((s) => s.title).filter((t) => t !== undefined && t !== "" && t !== "Deck");
      assert.ok(titles.length >= 3, titles.join(" / "));
      assert.deepEqual(titles.slice(1), titles.slice(1).map(() => want));
    });
  }
});
