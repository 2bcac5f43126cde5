/**
 * The free-text style reader and the per-type defaults. Each row: a style text, the fields of
 * `style_applied` it must change (from the report defaults), and what must stay unsupported.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { DocType } from "../../../core/ir/types.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { readStyle, splitClauses } from "../../../core/style/read.ts";
import type { StyleApplied } from "../../../core/style/types.ts";

const report = defaultStyle("report");

describe("defaultStyle", () => {
  const cases: Array<{ given: DocType; want: Partial<StyleApplied> }> = [
    { given: "report", want: { font: "Calibri", font_size: 11, page_numbers: true, orientation: "portrait" } },
    { given: "letter", want: { font: "Calibri", page_numbers: false } },
    { given: "contract", want: { font: "Times New Roman", align: { title: "center", headings: "left", body: "justify" }, page_numbers: true } },
    { given: "presentation", want: { orientation: "landscape" } },
  ];
  for (const { given, want } of cases) {
    it(given, () => {
      const style = defaultStyle(given);
      for (const [key, value] of Object.entries(want)) assert.deepEqual(style[key as keyof StyleApplied], value, key);
      for (const color of Object.values(style.colors)) assert.match(color, /^#[0-9A-F]{6}$/);
      assert.equal(style.header, undefined);
      assert.equal(style.footer, undefined);
    });
  }
  it("returns a fresh object each time", () => {
    const a = defaultStyle("report");
    a.colors.text = "#FF0000";
    assert.equal(defaultStyle("report").colors.text, "#1A1A1A");
  });
});

describe("splitClauses", () => {
  const cases: Array<{ given: string; want: string[] }> = [
    { given: "font Georgia, 12pt; double spacing. landscape", want: ["font Georgia", "12pt", "double spacing", "landscape"] },
    { given: "interlineado 1,5 y márgenes de 2.5 cm", want: ["interlineado 1,5", "márgenes de 2.5 cm"] },
    { given: 'header "ACME, Inc. and Sons" and footer', want: ['header "ACME, Inc. and Sons"', "footer"] },
    { given: "don't justify, brand", want: ["don't justify", "brand"] },
    { given: "  ,, ", want: [] },
  ];
  for (const { given, want } of cases) it(JSON.stringify(given), () => assert.deepEqual(splitClauses(given), want));
});

describe("readStyle", () => {
  const cases: Array<{ given: string; want: Partial<StyleApplied>; unsupported?: string[] }> = [
    // fonts
    { given: "font Georgia", want: { font: "Georgia" } },
    { given: "fuente Arial", want: { font: "Arial" } },
    { given: "times new roman", want: { font: "Times New Roman" } },
    { given: "fuente lora para el texto", want: { font: "Lora" } },
    { given: 'font "Open Sans"', want: { font: "Open Sans" } },
    { given: "serif", want: { font: "Times New Roman" } },
    // sizes
    { given: "12pt", want: { font_size: 12 } },
    { given: "tamaño 11", want: { font_size: 11 } },
    { given: "font size 10.5", want: { font_size: 10.5 } },
    { given: "fuente Arial 12 pt", want: { font: "Arial", font_size: 12 } },
    { given: "title 24pt", want: {}, unsupported: ["title 24pt"] },
    { given: "200pt", want: {}, unsupported: ["200pt"] },
    // line spacing
    { given: "double spacing", want: { line_spacing: 2 } },
    { given: "interlineado 1,5", want: { line_spacing: 1.5 } },
    { given: "interlineado sencillo", want: { line_spacing: 1 } },
    // colours
    { given: "blue headings", want: { colors: { ...report.colors, headings: "#1F4E9A" } } },
    { given: "títulos en rojo", want: { colors: { ...report.colors, headings: "#C00000" } } },
    { given: "título azul marino", want: { colors: { ...report.colors, title: "#1F3864" } } },
    { given: "text #333", want: { colors: { ...report.colors, text: "#333333" } } },
    { given: "accent #ff8800", want: { colors: { ...report.colors, accent: "#FF8800" } } },
    { given: "green", want: { colors: { ...report.colors, title: "#2E7D32", headings: "#2E7D32", accent: "#2E7D32" } } },
    // alignment
    { given: "justified", want: { align: { ...report.align, body: "justify" } } },
    { given: "justificado", want: { align: { ...report.align, body: "justify" } } },
    { given: "centered title", want: { align: { ...report.align, title: "center" } } },
    { given: "títulos centrados", want: { align: { ...report.align, headings: "center" } } },
    // margins
    { given: "margins 2 cm", want: { margins_cm: 2 } },
    { given: "márgenes de 25 mm", want: { margins_cm: 2.5 } },
    { given: "1 inch margins", want: { margins_cm: 2.54 } },
    { given: "narrow margins", want: { margins_cm: 1.27 } },
    { given: "margins 40 cm", want: {}, unsupported: ["margins 40 cm"] },
    // orientation
    { given: "landscape", want: { orientation: "landscape" } },
    { given: "horizontal", want: { orientation: "landscape" } },
    // toggles
    { given: "cover page", want: { cover_page: true } },
    { given: "con portada", want: { cover_page: true } },
    { given: "table of contents", want: { table_of_contents: true } },
    { given: "índice", want: { table_of_contents: true } },
    { given: "numbered pages", want: { page_numbers: true } },
    { given: "sin números de página", want: { page_numbers: false } },
    { given: "no page numbers", want: { page_numbers: false } },
    // header and footer
    { given: 'header "ACME Corp."', want: { header: "ACME Corp." } },
    { given: "encabezado: Informe interno", want: { header: "Informe interno" } },
    { given: "pie de página «Confidencial»", want: { footer: "Confidencial" } },
    { given: 'footer "Blue Team"', want: { footer: "Blue Team" } },
    // not understood
    { given: "professional look", want: {}, unsupported: ["professional look"] },
  ];
  for (const { given, want, unsupported = [] } of cases) {
    it(JSON.stringify(given), () => {
      const result = readStyle(given, report);
      assert.deepEqual(result.applied, { ...report, ...want });
      assert.deepEqual(result.unsupported, unsupported);
      assert.equal(result.understood, unsupported.length === 0 ? 1 : 0);
    });
  }

  it("reads a long mixed request clause by clause", () => {
    const given =
      "fuente Georgia, 12pt, interlineado 1,5, títulos en azul y título centrado, justificado, márgenes de 2 cm, horizontal, portada, índice, sin números de página, con purpurina";
    const result = readStyle(given, report);
    assert.deepEqual(result.applied, {
      ...report,
      font: "Georgia",
      font_size: 12,
      line_spacing: 1.5,
      colors: { ...report.colors, headings: "#1F4E9A" },
      align: { title: "center", headings: "left", body: "justify" },
      margins_cm: 2,
      orientation: "landscape",
      cover_page: true,
      table_of_contents: true,
      page_numbers: false,
    });
    assert.deepEqual(result.unsupported, ["con purpurina"]);
    assert.equal(result.understood, 11);
  });

  it("does not change its base", () => {
    const base = defaultStyle("report");
    readStyle("red text, 14pt", base);
    assert.deepEqual(base, defaultStyle("report"));
  });
});

describe("readStyle reads every way of writing a size, font, spacing or colour alike (issue 17)", () => {
  const navy = { ...report.colors, headings: "#1F3864" };
  const cases: Array<{ given: string[]; want: Partial<StyleApplied> }> = [
    { given: ["Arial 12", "12pt Arial", "Arial, 12 pt", "Arial 12 pt", "12-point Arial", "letra Arial de 12 puntos", "fuente Arial, tamaño 12", "font: Arial 12pt", "use Arial size 12 throughout"], want: { font: "Arial", font_size: 12 } },
    { given: ["tamaño 12", "12 puntos", "font size 12", "tamaño de letra: 12", "cuerpo 12"], want: { font_size: 12 } },
    { given: ["interlineado 1,5", "line spacing 1.5", "1.5 line spacing", "interlineado de 1,5 líneas", "espaciado 1.5"], want: { line_spacing: 1.5 } },
    { given: ["double spaced", "double spacing", "interlineado doble", "doble espacio"], want: { line_spacing: 2 } },
    { given: ["single-spaced", "interlineado sencillo"], want: { line_spacing: 1 } },
    { given: ["line height 1.5"], want: { line_spacing: 1.5 } },
    { given: ["Helvetica 10,5", "Helvetica 10.5 pt", "tipografía Helvetica tamaño 10,5"], want: { font: "Helvetica", font_size: 10.5 } },
    { given: ["headings in navy and body in dark grey", "títulos en azul marino y texto en gris oscuro"], want: { colors: { ...navy, text: "#404040" } } },
    { given: ["headings in navy", "navy headings", "títulos en azul marino", "títulos azul marino"], want: { colors: navy } },
    { given: ["#1F3A5F", "#1f3a5f"], want: { colors: { ...report.colors, title: "#1F3A5F", headings: "#1F3A5F", accent: "#1F3A5F" } } },
    { given: ["texto en gris oscuro", "body text in dark grey"], want: { colors: { ...report.colors, text: "#404040" } } },
  ];
  for (const { given, want } of cases) {
    for (const text of given) {
      it(JSON.stringify(text), () => {
        const result = readStyle(text, report);
        assert.deepEqual(result.applied, { ...report, ...want });
        assert.deepEqual(result.unsupported, []);
      });
    }
  }

  const partial: Array<{ given: string; want: Partial<StyleApplied>; unsupported: string[] }> = [
    { given: "Arial 12 bold", want: { font: "Arial", font_size: 12 }, unsupported: ["bold"] },
    { given: "corporate blue", want: { colors: { ...report.colors, title: "#1F4E9A", headings: "#1F4E9A", accent: "#1F4E9A" } }, unsupported: ["corporate"] },
    { given: "Georgia margins 40 cm", want: { font: "Georgia" }, unsupported: ["margins 40 cm"] },
    { given: "Arial for headings", want: {}, unsupported: ["Arial for headings"] },
    { given: "don't justify", want: {}, unsupported: ["don't justify"] },
  ];
  for (const { given, want, unsupported } of partial) {
    it(`lists what it did not apply: ${JSON.stringify(given)}`, () => {
      const result = readStyle(given, report);
      assert.deepEqual(result.applied, { ...report, ...want });
      assert.deepEqual(result.unsupported, unsupported);
    });
  }
});

describe("readStyle reads spacing multiples, Spanish headings and leaves no leftovers of what it applied", () => {
  // A base unlike every value asked for, so each row shows a change.
  const base: StyleApplied = { ...report, line_spacing: 1, colors: { title: "#000000", headings: "#000000", text: "#000000", accent: "#000000" }, align: { title: "center", headings: "center", body: "justify" } };
  const black = base.colors;
  const cases: Array<{ given: string[]; want: Partial<StyleApplied> }> = [
    {
      given: ["1.5x", "line spacing 1.5x", "150% line spacing", "interlineado 150%", "espacio y medio", "interlineado de espacio y medio", "one and a half spacing", "one-and-a-half line spacing"],
      want: { line_spacing: 1.5 },
    },
    { given: ["double spacing", "interlineado doble", "2x line spacing", "200% line spacing"], want: { line_spacing: 2 } },
    { given: ["interlineado múltiple 1,15", "line spacing multiple 1.15", "1,15x"], want: { line_spacing: 1.15 } },
    { given: ["titulares en rojo", "titulares rojos", "red headings"], want: { colors: { ...black, headings: "#C00000" } } },
    { given: ["titulares a la izquierda", "titulares alineados a la izquierda", "headings aligned left"], want: { align: { ...base.align, headings: "left" } } },
    { given: ["alineado a la izquierda", "texto alineado a la izquierda", "left aligned", "align left", "left alignment"], want: { align: { ...base.align, body: "left" } } },
    { given: ["headings in dark blue (#1F3864)", "headings in dark blue (#1f3864)", "#1F3864 (navy) headings"], want: { colors: { ...black, headings: "#1F3864" } } },
    { given: ["headings in dark blue (#112233)"], want: { colors: { ...black, headings: "#112233" } } },
  ];
  for (const { given, want } of cases) {
    for (const text of given) {
      it(JSON.stringify(text), () => {
        const result = readStyle(text, base);
        assert.deepEqual(result.applied, { ...base, ...want });
        assert.deepEqual(result.unsupported, []);
      });
    }
  }

  it("titulares colour the headings in a mixed request, the title keeps its own colour", () => {
    const result = readStyle("titulares en rojo, título en verde y espacio y medio", base);
    assert.deepEqual(result.applied.colors, { ...black, title: "#2E7D32", headings: "#C00000" });
    assert.equal(result.applied.line_spacing, 1.5);
    assert.deepEqual(result.unsupported, []);
  });
});

describe("readStyle in eight languages: a place belongs to the page numbers, a code is kept, nothing understood is listed (issue 30)", () => {
  // A base unlike every value asked for, so each row shows a change, and a justified body that "a la derecha" must not move.
  const base: StyleApplied = { ...report, font: "Georgia", font_size: 9, line_spacing: 2, margins_cm: 1, page_numbers: false, align: { title: "left", headings: "left", body: "justify" } };
  const headings = (hex: string) => ({ ...base.colors, headings: hex });
  const cases: Array<{ given: string; want: Partial<StyleApplied>; unsupported: string[] }> = [
    {
      given: "Arial 10, interlineado sencillo, márgenes de 3 cm, encabezado 'Borrador', numeración de páginas abajo a la derecha, títulos en azul corporativo #1F4E79, título centrado",
      want: { font: "Arial", font_size: 10, line_spacing: 1, margins_cm: 3, header: "Borrador", page_numbers: true, page_numbers_position: "bottom-right", colors: headings("#1F4E79"), align: { ...base.align, title: "center" } },
      unsupported: [],
    },
    {
      given: "Schriftart Arial 11 pt, Zeilenabstand 1,5, Ränder 2,5 cm, Kopfzeile 'Entwurf', Seitenzahlen unten rechts, Überschriften in Blau #1F4E79, Titel zentriert",
      want: { font: "Arial", font_size: 11, line_spacing: 1.5, margins_cm: 2.5, header: "Entwurf", page_numbers: true, page_numbers_position: "bottom-right", colors: headings("#1F4E79"), align: { ...base.align, title: "center" } },
      unsupported: [],
    },
    {
      given: "police Arial 11, interligne 1,5, marges de 2,5 cm, en-tête « Brouillon », numéros de page en bas à droite, titres en bleu #1F4E79, titre centré",
      want: { font: "Arial", font_size: 11, line_spacing: 1.5, margins_cm: 2.5, header: "Brouillon", page_numbers: true, page_numbers_position: "bottom-right", colors: headings("#1F4E79"), align: { ...base.align, title: "center" } },
      unsupported: [],
    },
    {
      given: "carattere Arial 11, interlinea 1,5, margini di 2,5 cm, intestazione 'Bozza', numeri di pagina in basso a destra, titoli in blu scuro, titolo centrato",
      want: { font: "Arial", font_size: 11, line_spacing: 1.5, margins_cm: 2.5, header: "Bozza", page_numbers: true, page_numbers_position: "bottom-right", colors: headings("#1F3864"), align: { ...base.align, title: "center" } },
      unsupported: [],
    },
    {
      given: "fonte Arial 11, espaçamento 1,5, margens de 2,5 cm, cabeçalho 'Rascunho', numeração de páginas no canto inferior direito, títulos em azul #1F4E79, título centralizado",
      want: { font: "Arial", font_size: 11, line_spacing: 1.5, margins_cm: 2.5, header: "Rascunho", page_numbers: true, page_numbers_position: "bottom-right", colors: headings("#1F4E79"), align: { ...base.align, title: "center" } },
      unsupported: [],
    },
    {
      given: "lettertype Arial 11, regelafstand 1,5, marges van 2,5 cm, koptekst 'Concept', paginanummers rechtsonder, koppen in donkerblauw, titel gecentreerd",
      want: { font: "Arial", font_size: 11, line_spacing: 1.5, margins_cm: 2.5, header: "Concept", page_numbers: true, page_numbers_position: "bottom-right", colors: headings("#1F3864"), align: { ...base.align, title: "center" } },
      unsupported: [],
    },
    {
      given: "lletra Arial 11, interlineat 1,5, marges de 2,5 cm, capçalera 'Esborrany', numeració de pàgines a baix a la dreta, títols en blau #1F4E79, títol centrat",
      want: { font: "Arial", font_size: 11, line_spacing: 1.5, margins_cm: 2.5, header: "Esborrany", page_numbers: true, page_numbers_position: "bottom-right", colors: headings("#1F4E79"), align: { ...base.align, title: "center" } },
      unsupported: [],
    },
  ];
  for (const { given, want, unsupported } of cases) {
    it(given, () => {
      const result = readStyle(given, base);
      assert.deepEqual(result.applied, { ...base, ...want });
      assert.deepEqual(result.unsupported, unsupported);
      assert.equal(result.understood, splitClauses(given).length);
    });
  }

  const settings: Array<{ given: string[]; want: Partial<StyleApplied> }> = [
    { given: ["Blocksatz", "texte justifié", "testo giustificato", "texto justificado", "tekst uitgevuld", "text justificat"], want: { align: { ...base.align, body: "justify" } } },
    { given: ["linksbündig", "texte aligné à gauche", "testo allineato a sinistra", "texto alinhado à esquerda", "tekst links uitgelijnd", "text alineat a l'esquerra"], want: { align: { ...base.align, body: "left" } } },
    { given: ["Überschriften zentriert", "titres centrés", "titoli centrati", "títulos centralizados", "koppen gecentreerd", "títols centrats"], want: { align: { ...base.align, headings: "center" } } },
    { given: ["Fußzeile 'Vertraulich'", "pied de page « Vertraulich »", "piè di pagina 'Vertraulich'", "rodapé 'Vertraulich'", "voettekst 'Vertraulich'", "peu de pàgina 'Vertraulich'", "Fußzeile „Vertraulich“"], want: { footer: "Vertraulich" } },
    { given: ["Seitenzahlen", "numéros de page", "numeri di pagina", "numeração de páginas", "paginanummers", "numeració de pàgines", "page numbers at the bottom, centred"], want: { page_numbers: true } },
    { given: ["Fließtext dunkelgrau", "texte en gris foncé", "testo grigio scuro", "texto cinza escuro", "tekst donkergrijs", "text gris fosc"], want: { colors: { ...base.colors, text: "#404040" } } },
    { given: ["Zeilenabstand doppelt", "interligne double", "interlinea doppia", "espaçamento duplo", "regelafstand dubbel", "interlineat doble", "zweizeilig"], want: { line_spacing: 2 } },
    { given: ["schmale Ränder", "marges étroites", "margini stretti", "margens estreitas", "smalle marges", "marges estrets"], want: { margins_cm: 1.27 } },
    { given: ["Schriftgröße 12", "taille 12 points", "dimensione 12 punti", "tamanho 12", "lettergrootte 12", "mida 12 punts"], want: { font_size: 12 } },
  ];
  for (const { given, want } of settings) {
    for (const text of given) {
      it(JSON.stringify(text), () => {
        const result = readStyle(text, base);
        assert.deepEqual(result.applied, { ...base, ...want });
        assert.deepEqual(result.unsupported, []);
      });
    }
  }

  it("reads a place in its own clause after the page numbers as theirs, not as the body's alignment", () => {
    const result = readStyle("numeración de páginas, abajo a la derecha", base);
    assert.deepEqual(result.applied, { ...base, page_numbers: true, page_numbers_position: "bottom-right" });
    assert.deepEqual(result.unsupported, []);
  });

  it("places the page numbers at the head or foot, left, centre or right; the foot's centre is said by saying nothing", () => {
    const cases: Array<[string, StyleApplied["page_numbers_position"]]> = [
      ["page numbers top right", "top-right"],
      ["page numbers in the header", "top-right"],
      ["page numbers at the bottom left", "bottom-left"],
      ["page numbers in the bottom corner", "bottom-right"],
      ["Seitenzahlen oben mittig", "top-center"],
      ["numéros de page en haut à gauche", "top-left"],
      ["numeración de páginas en la esquina superior derecha", "top-right"],
      ["paginanummers linksonder", "bottom-left"],
      ["page numbers at the bottom, centred", undefined],
    ];
    for (const [given, want] of cases) {
      const result = readStyle(given, { ...base, page_numbers_position: "top-left" });
      assert.equal(result.applied.page_numbers_position, want, given);
      assert.deepEqual(result.unsupported, [], given);
    }
  });

  it("keeps the caller's code when a colour name stands beside it", () => {
    for (const given of ["headings in blue #1F4E79", "títulos en azul corporativo #1f4e79", "Überschriften in Firmen-Blau #1F4E79"]) {
      const result = readStyle(given, base);
      assert.equal(result.applied.colors.headings, "#1F4E79", given);
      assert.deepEqual(result.unsupported, [], given);
    }
  });

  it("says no page numbers in each language, and 'no canto' is not a no", () => {
    for (const given of ["ohne Seitenzahlen", "sans numéros de page", "senza numeri di pagina", "sem numeração de páginas", "geen paginanummers", "sense numeració de pàgines"]) {
      assert.equal(readStyle(given, { ...base, page_numbers: true }).applied.page_numbers, false, given);
    }
    assert.equal(readStyle("numeração de páginas no canto inferior direito", base).applied.page_numbers, true);
  });
});
