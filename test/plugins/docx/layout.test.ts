/**
 * The blocks each document type opens with in the Word output: a memo's MEMORANDUM heading and
 * To/From/Date/Subject table, a minutes' meeting header table, a letter's left-aligned address,
 * date and signature blocks, a contract's clause numbers. Checked in document.xml by content.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import type { DocType } from "../../../core/ir/types.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import type { StyleApplied } from "../../../core/style/types.ts";
import { docxPlugin } from "../../../plugins/docx/index.ts";

async function documentXml(markdown: string, type: DocType, style: Partial<StyleApplied> = {}): Promise<string> {
  const { ir } = readMarkdown(markdown);
  const { bytes } = await docxPlugin.render!(ir, { ...defaultStyle(type), ...style }, { type });
  return strFromU8(unzipSync(bytes)["word/document.xml"]!);
}

const unescape = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
const textOf = (xml: string) => unescape([...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(""));

/** Body paragraphs outside tables, in order. */
function paragraphs(doc: string): Array<{ style: string | undefined; text: string; xml: string }> {
  const body = doc.replace(/<w:tbl>.*?<\/w:tbl>/gs, "");
  return [...body.matchAll(/<w:p[ >].*?<\/w:p>/gs)].map(([p]) => ({ style: /<w:pStyle w:val="([^"]+)"/.exec(p)?.[1], text: textOf(p), xml: p }));
}

/** Each table's rows as arrays of cell texts. */
function tables(doc: string): string[][][] {
  return [...doc.matchAll(/<w:tbl>.*?<\/w:tbl>/gs)].map(([t]) =>
    [...t.matchAll(/<w:tr>.*?<\/w:tr>/gs)].map(([r]) => [...r.matchAll(/<w:tc>.*?<\/w:tc>/gs)].map(([c]) => textOf(c))),
  );
}

const count = (doc: string, text: string) => doc.split(`>${text}<`).length - 1;

describe("memo", () => {
  const cases: Array<{ name: string; given: string; heading: string; rows: string[][]; title?: string }> = [
    {
      name: "MEMORANDUM line and bold field lines in one paragraph",
      given: `MEMORANDUM

**To:** All staff
**From:** Operations
**Date:** 2 March 2026
**Subject:** Office closure on Friday

---

The office will be closed on Friday.`,
      heading: "MEMORANDUM",
      rows: [
        ["To:", "All staff"],
        ["From:", "Operations"],
        ["Date:", "2 March 2026"],
        ["Subject:", "Office closure on Friday"],
      ],
    },
    {
      name: "title 'Memo', fields as separate paragraphs",
      given: `# Memo

To: Finance team

From: CFO

Subject: Q1 budget freeze

No new purchase orders above $5,000.`,
      heading: "MEMO",
      rows: [
        ["To:", "Finance team"],
        ["From:", "CFO"],
        ["Subject:", "Q1 budget freeze"],
      ],
    },
    {
      name: "Spanish fields in a list; the title becomes the subject",
      given: `# Cambio de horario

- **Para:** Todo el personal
- **De:** Dirección
- **Fecha:** 3 de marzo de 2026

A partir del lunes, el horario será de 9:00 a 15:00.`,
      heading: "MEMORÁNDUM",
      rows: [
        ["Para:", "Todo el personal"],
        ["De:", "Dirección"],
        ["Fecha:", "3 de marzo de 2026"],
        ["Asunto:", "Cambio de horario"],
      ],
    },
    {
      name: "'Internal Memo: subject' title with upper-case labels and hard breaks",
      given: `# Internal Memo: Travel policy

TO: Sales department  
FROM: Human Resources  
DATE: 2026-02-15

Economy class is mandatory.`,
      heading: "INTERNAL MEMO",
      rows: [
        ["TO:", "Sales department"],
        ["FROM:", "Human Resources"],
        ["DATE:", "2026-02-15"],
        ["SUBJECT:", "Travel policy"],
      ],
    },
    {
      name: "the author's own label table is taken over, not doubled",
      given: `# Nota interna

| Para: | Compras |
|---|---|
| De: | Gerencia |
| Asunto: | Proveedores |

Solo proveedores homologados.`,
      heading: "NOTA INTERNA",
      rows: [
        ["Para:", "Compras"],
        ["De:", "Gerencia"],
        ["Asunto:", "Proveedores"],
      ],
    },
  ];
  for (const { name, given, heading, rows } of cases) {
    it(name, async () => {
      const doc = await documentXml(given, "memo");
      const paras = paragraphs(doc);
      const first = paras[0]!;
      assert.equal(first.style, "MemoHeading");
      assert.equal(first.text, heading);
      const [header, ...others] = tables(doc);
      assert.deepEqual(header, rows);
      assert.equal(others.length, 0, "one header table, the author's lines are not repeated");
      for (const [, value] of rows) assert.equal(count(doc, value!.replace(/&/g, "&amp;")), 1, `${value} once`);
      assert.ok(!paras.some((p) => p.style === "Title"), "the memo label or subject is not repeated as a title");
      assert.ok(!paras.some((p) => /^(To|From|Para|De|TO|FROM):/.test(p.text)), "no field line left in the body");
    });
  }

  it("keeps values' formatting and gaps", async () => {
    const doc = await documentXml("MEMORANDUM\n\n**To:** [the team](https://example.com/team)\n\n**From:** [DATO]\n\nBody.", "memo");
    const table = /<w:tbl>.*?<\/w:tbl>/s.exec(doc)![0];
    assert.match(table, /<w:hyperlink [^>]*r:id=/);
    assert.match(table, /<w:rStyle w:val="GapMarker"\/>/);
  });

  it("without field lines it still opens with the label, and keeps a title that is not a memo word as the subject", async () => {
    const doc = await documentXml("# Parking\n\nThe car park closes at 20:00.", "memo");
    assert.equal(paragraphs(doc)[0]!.text, "MEMORANDUM");
    assert.deepEqual(tables(doc), [[["Subject:", "Parking"]]]);
  });

  it("a title beside a Subject line stays as the title, above the label", async () => {
    const doc = await documentXml("# ACME Corp\n\nTo: Staff\n\nSubject: Holidays\n\nText.", "memo");
    const paras = paragraphs(doc);
    assert.deepEqual(paras.slice(0, 2).map((p) => [p.style, p.text]), [["Title", "ACME Corp"], ["MemoHeading", "MEMORANDUM"]]);
  });

  // The heading and the Subject row the renderer adds are in the language of the author's labels, else the text's.
  const languages: Array<{ given: string; heading: string; rows: string[][] }> = [
    {
      given: "# Kündigung Lager Duisburg\n\nAn: Geschäftsführung\nVon: Rechtsabteilung\nDatum: 3. März 2025\n\nDer Vermieter hat gekündigt.",
      heading: "MEMORANDUM",
      rows: [["An:", "Geschäftsführung"], ["Von:", "Rechtsabteilung"], ["Datum:", "3. März 2025"], ["Betreff:", "Kündigung Lager Duisburg"]],
    },
    {
      given: "# Résiliation du bail\n\nÀ : Direction générale\nDe : Service juridique\n\nLe bailleur a notifié la résiliation.",
      heading: "NOTE INTERNE",
      rows: [["À:", "Direction générale"], ["De:", "Service juridique"], ["Objet:", "Résiliation du bail"]],
    },
    {
      given: "# Disdetta del contratto\n\nA: Direzione generale\nDa: Ufficio legale\n\nIl locatore ha comunicato la disdetta.",
      heading: "PROMEMORIA",
      rows: [["A:", "Direzione generale"], ["Da:", "Ufficio legale"], ["Oggetto:", "Disdetta del contratto"]],
    },
    {
      given: "# Denúncia do contrato\n\nPara: Administração\nDe: Departamento Jurídico\nData: 3 de março de 2025\n\nO senhorio comunicou a denúncia.",
      heading: "MEMORANDO",
      rows: [["Para:", "Administração"], ["De:", "Departamento Jurídico"], ["Data:", "3 de março de 2025"], ["Assunto:", "Denúncia do contrato"]],
    },
    {
      given: "# Opzegging huurovereenkomst\n\nAan: Directie\nVan: Juridische zaken\n\nDe verhuurder heeft opgezegd.",
      heading: "MEMO",
      rows: [["Aan:", "Directie"], ["Van:", "Juridische zaken"], ["Onderwerp:", "Opzegging huurovereenkomst"]],
    },
    {
      given: "# Resolució del contracte\n\nA: Direcció general\nDe: Assessoria jurídica\nData: 3 de març de 2025\n\nL'arrendador ha comunicat la resolució del contracte.",
      heading: "MEMORÀNDUM",
      rows: [["A:", "Direcció general"], ["De:", "Assessoria jurídica"], ["Data:", "3 de març de 2025"], ["Assumpte:", "Resolució del contracte"]],
    },
    {
      given: "# Kündigung des Mietvertrags\n\nDer Vermieter hat den Mietvertrag fristgerecht zum 30. September gekündigt; wir suchen einen neuen Standort.",
      heading: "MEMORANDUM",
      rows: [["Betreff:", "Kündigung des Mietvertrags"]],
    },
    {
      given: "# Résiliation du bail\n\nLe bailleur a notifié la résiliation du bail pour le 30 septembre; nous cherchons un nouveau site.",
      heading: "NOTE INTERNE",
      rows: [["Objet:", "Résiliation du bail"]],
    },
  ];
  for (const { given, heading, rows } of languages) {
    it(`adds ${heading} and ${rows.at(-1)![0]} in ${rows.length > 1 ? "the language of the author's labels" : "the text's language"}`, async () => {
      const doc = await documentXml(given, "memo");
      assert.equal(paragraphs(doc)[0]!.text, heading);
      assert.deepEqual(tables(doc), [rows]);
    });
  }

  it("other types leave field lines alone", async () => {
    const doc = await documentXml("To: All staff\n\nFrom: Operations\n\nText.", "report");
    assert.equal(tables(doc).length, 0);
    assert.ok(!doc.includes("MemoHeading\""));
  });
});

describe("minutes", () => {
  it("lays the meeting header lines out as a table under the title", async () => {
    const doc = await documentXml(
      `# Minutes of the Board Meeting

Date: 5 March 2026
Location: Room 4
Attendees: A. Smith (chair), B. Jones, C. Lee
Apologies: D. Brown

## Agenda

1. Budget 2026`,
      "minutes",
    );
    const paras = paragraphs(doc);
    assert.deepEqual([paras[0]!.style, paras[0]!.text], ["Title", "Minutes of the Board Meeting"]);
    assert.deepEqual(tables(doc)[0], [
      ["Date:", "5 March 2026"],
      ["Location:", "Room 4"],
      ["Attendees:", "A. Smith (chair), B. Jones, C. Lee"],
      ["Apologies:", "D. Brown"],
    ]);
    assert.equal(count(doc, "Room 4"), 1);
    assert.ok(doc.indexOf(">Minutes of the Board Meeting<") < doc.indexOf("<w:tbl>"));
    assert.ok(doc.indexOf("</w:tbl>") < doc.indexOf(">Agenda<"));
  });

  it("Spanish header lines as separate paragraphs", async () => {
    const doc = await documentXml("# Acta de la reunión\n\nFecha: 5 de marzo de 2026\n\nLugar: Sala de juntas\n\nAsistentes: Ana, Luis\n\n## Orden del día", "minutes");
    assert.deepEqual(tables(doc)[0], [
      ["Fecha:", "5 de marzo de 2026"],
      ["Lugar:", "Sala de juntas"],
      ["Asistentes:", "Ana, Luis"],
    ]);
  });

  it("every Label: value line is a row of its own: a minute-taker is not merged into the chair (issue 17, item 6)", async () => {
    const doc = await documentXml(
      "# Minutes\n\nDate: 12 February 2026\nTime: 10:00–12:00\nPlace: Room 3\nChair: Laura Bennett\nMinute-taker: Tom Reyes\nAttendees: Laura Bennett, Tom Reyes\nApologies: Daniel Cho\nQuorum: Yes\n\n## Agenda",
      "minutes",
    );
    assert.deepEqual(tables(doc)[0], [
      ["Date:", "12 February 2026"],
      ["Time:", "10:00–12:00"],
      ["Place:", "Room 3"],
      ["Chair:", "Laura Bennett"],
      ["Minute-taker:", "Tom Reyes"],
      ["Attendees:", "Laura Bennett, Tom Reyes"],
      ["Apologies:", "Daniel Cho"],
      ["Quorum:", "Yes"],
    ]);
  });

  it("a Label: value paragraph under the known header lines joins the table; a body paragraph after it does not", async () => {
    const doc = await documentXml(
      "# Minutes\n\nDate: 12 February 2026\nChair: Laura Bennett\nAttendees: Laura Bennett, Tom Reyes\n\nQuorum: Yes\nNext meeting: 5 March 2026\n\nSummary: The board reviewed the budget for 2026 and the hiring plan, and agreed to meet again in March to approve both.\n\n## Agenda",
      "minutes",
    );
    assert.deepEqual(tables(doc)[0], [
      ["Date:", "12 February 2026"],
      ["Chair:", "Laura Bennett"],
      ["Attendees:", "Laura Bennett, Tom Reyes"],
      ["Quorum:", "Yes"],
      ["Next meeting:", "5 March 2026"],
    ]);
    assert.equal(tables(doc).length, 1);
    assert.match(doc, /Summary: The board reviewed/);
  });

  it("an unknown Label: value paragraph alone makes no header", async () => {
    const doc = await documentXml("# Minutes\n\nQuorum: Yes\n\nVenue: Room 3\n\n## Agenda", "minutes");
    assert.equal(tables(doc).length, 0);
  });

  it("Spanish header lines in one paragraph, each its own row", async () => {
    const doc = await documentXml(
      "# Acta\n\nFecha: 5 de marzo de 2026\nHora: 17:30\nLugar: Sala de juntas\nPreside: Ana Gil\nSecretaria de actas: Marta Ruiz\nAsistentes: Ana Gil, Luis Paz, Marta Ruiz\nExcusan asistencia: Pedro Sanz\nInvitados: Julia Mora (auditora)\n\n## Orden del día",
      "minutes",
    );
    assert.deepEqual(
      tables(doc)[0]!.map((row) => row[0]),
      ["Fecha:", "Hora:", "Lugar:", "Preside:", "Secretaria de actas:", "Asistentes:", "Excusan asistencia:", "Invitados:"],
    );
  });

  it("one line alone is not a header table", async () => {
    const doc = await documentXml("# Minutes\n\nDate: 5 March 2026\n\n## Agenda", "minutes");
    assert.equal(tables(doc).length, 0);
    assert.equal(count(doc, "Date: 5 March 2026"), 1);
  });
});

describe("letter", () => {
  const letter = `María López García  
Calle Mayor 15  
28013 Madrid

Madrid, 4 de marzo de 2026

Estimados señores:

Me dirijo a ustedes para reclamar el importe cobrado dos veces en la factura de febrero.

Les ruego que procedan a la devolución.

Atentamente,

María López`;

  it("keeps the address, date, salutation, closing and signature left when the body is justified", async () => {
    const doc = await documentXml(letter, "letter", { align: { title: "left", headings: "left", body: "justify" } });
    const paras = paragraphs(doc);
    const left = (text: string) => paras.find((p) => p.text.startsWith(text))!.xml.includes('<w:jc w:val="left"/>');
    for (const text of ["María López García", "Madrid, 4 de marzo", "Estimados señores:", "Atentamente,", "María López"]) assert.ok(left(text), `${text} left`);
    for (const text of ["Me dirijo", "Les ruego"]) assert.ok(!left(text), `${text} follows the body alignment`);
  });

  it("has no page numbers and no header table", async () => {
    const doc = await documentXml(letter, "letter");
    assert.equal(tables(doc).length, 0);
    assert.doesNotMatch(doc, /<w:footerReference/);
  });
});

describe("contract clauses", () => {
  it("clauses written as level-2 headings are numbered from the first level (1., 1.1., 2.)", async () => {
    const doc = await documentXml("# Contrato\n\n## Objeto\n\n### Alcance\n\n## Precio", "contract");
    const levels = paragraphs(doc)
      .filter((p) => p.style?.startsWith("Heading"))
      .map((p) => [p.text, /<w:ilvl w:val="(\d)"/.exec(p.xml)?.[1]]);
    assert.deepEqual(levels, [
      ["Objeto", "0"],
      ["Alcance", "1"],
      ["Precio", "0"],
    ]);
  });
});
