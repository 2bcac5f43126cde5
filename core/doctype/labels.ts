/**
 * The words Quire writes itself, in each language it writes for: a Word table of contents' title, the memo heading
 * and Subject row the Word renderer adds, the workbook's own sheet and column names, a slide's "(cont.)", and the
 * facts check's gap labels ("[DATO: Betrag]"). One table, so a German document gets German words from every
 * renderer, and a word is changed in one place.
 *
 * The words are the ones a lawyer, analyst or consultant of the country uses: "Inhalt" as German Word titles its
 * table of contents, "Table des matières", "Objet" for a French memo's subject, "Betreff" for a German one. Chosen by
 * the document's language tag (`ir.language`, language-tag.ts); Brazilian Portuguese differs from European
 * Portuguese in a few of them ("porcentagem", "valor").
 */
import type { ChartWords } from "../ir/chart.ts";
import type { Language } from "./language.ts";
import { primaryLanguage } from "./language-tag.ts";

export interface QuireWords {
  /** The title above a table of contents. */
  contents: string;
  /** A memo's heading when the author wrote none (the renderer sets it in capitals). */
  memorandum: string;
  /** The label of a memo's subject row made from its title. */
  subject: string;
  /** The workbook sheet holding the document's text. */
  notes: string;
  /** A workbook sheet named after no heading: "Table 3". */
  table: (n: number) => string;
  /** The columns of a workbook's assumptions sheet and the name of a picture's cell. */
  assumption: string;
  value: string;
  name: string;
  image: string;
  /** After the title of a slide a long text continues on. */
  continued: string;
  /** What a gap left by the facts check stands for: `[DATO: amount]`. */
  gap: { amount: string; percent: string; number: string; date: string };
  /** A chart's description for screen readers ("Balkendiagramm "Umsatz": 2024 und 2025 nach Region.") and an unnamed series. */
  chart: ChartWords;
}

const words: Record<Language, QuireWords> = {
  en: {
    contents: "Contents",
    memorandum: "Memorandum",
    subject: "Subject",
    notes: "Notes",
    table: (n) => `Table ${n}`,
    assumption: "Assumption",
    value: "Value",
    name: "Name",
    image: "Image",
    continued: "(cont.)",
    gap: { amount: "amount", percent: "percentage", number: "figure", date: "date" },
    chart: { bar: "Bar chart", line: "Line chart", pie: "Pie chart", and: "and", by: "by", series: "Series" },
  },
  es: {
    contents: "Índice",
    memorandum: "Memorándum",
    subject: "Asunto",
    notes: "Notas",
    table: (n) => `Tabla ${n}`,
    assumption: "Supuesto",
    value: "Valor",
    name: "Nombre",
    image: "Imagen",
    continued: "(cont.)",
    gap: { amount: "importe", percent: "porcentaje", number: "cifra", date: "fecha" },
    chart: { bar: "Gráfico de barras", line: "Gráfico de líneas", pie: "Gráfico circular", and: "y", by: "por", series: "Serie" },
  },
  ca: {
    contents: "Índex",
    memorandum: "Memoràndum",
    subject: "Assumpte",
    notes: "Notes",
    table: (n) => `Taula ${n}`,
    assumption: "Hipòtesi",
    value: "Valor",
    name: "Nom",
    image: "Imatge",
    continued: "(cont.)",
    gap: { amount: "import", percent: "percentatge", number: "xifra", date: "data" },
    chart: { bar: "Gràfic de barres", line: "Gràfic de línies", pie: "Gràfic circular", and: "i", by: "per", series: "Sèrie" },
  },
  pt: {
    contents: "Índice",
    memorandum: "Memorando",
    subject: "Assunto",
    notes: "Notas",
    table: (n) => `Tabela ${n}`,
    assumption: "Pressuposto",
    value: "Valor",
    name: "Nome",
    image: "Imagem",
    continued: "(cont.)",
    gap: { amount: "montante", percent: "percentagem", number: "número", date: "data" },
    chart: { bar: "Gráfico de barras", line: "Gráfico de linhas", pie: "Gráfico circular", and: "e", by: "por", series: "Série" },
  },
  it: {
    contents: "Indice",
    memorandum: "Promemoria",
    subject: "Oggetto",
    notes: "Note",
    table: (n) => `Tabella ${n}`,
    assumption: "Ipotesi",
    value: "Valore",
    name: "Nome",
    image: "Immagine",
    continued: "(segue)",
    gap: { amount: "importo", percent: "percentuale", number: "cifra", date: "data" },
    chart: { bar: "Grafico a barre", line: "Grafico a linee", pie: "Grafico a torta", and: "e", by: "per", series: "Serie" },
  },
  fr: {
    contents: "Table des matières",
    memorandum: "Note interne",
    subject: "Objet",
    notes: "Notes",
    table: (n) => `Tableau ${n}`,
    assumption: "Hypothèse",
    value: "Valeur",
    name: "Nom",
    image: "Image",
    continued: "(suite)",
    gap: { amount: "montant", percent: "pourcentage", number: "chiffre", date: "date" },
    chart: { bar: "Graphique en barres", line: "Graphique en courbes", pie: "Graphique en secteurs", and: "et", by: "par", series: "Série" },
  },
  de: {
    contents: "Inhalt",
    memorandum: "Memorandum",
    subject: "Betreff",
    notes: "Anmerkungen",
    table: (n) => `Tabelle ${n}`,
    assumption: "Annahme",
    value: "Wert",
    name: "Name",
    image: "Bild",
    continued: "(Forts.)",
    gap: { amount: "Betrag", percent: "Prozentsatz", number: "Zahl", date: "Datum" },
    chart: { bar: "Balkendiagramm", line: "Liniendiagramm", pie: "Kreisdiagramm", and: "und", by: "nach", series: "Reihe" },
  },
  nl: {
    contents: "Inhoud",
    memorandum: "Memo",
    subject: "Onderwerp",
    notes: "Notities",
    table: (n) => `Tabel ${n}`,
    assumption: "Aanname",
    value: "Waarde",
    name: "Naam",
    image: "Afbeelding",
    continued: "(vervolg)",
    gap: { amount: "bedrag", percent: "percentage", number: "getal", date: "datum" },
    chart: { bar: "Staafdiagram", line: "Lijndiagram", pie: "Cirkeldiagram", and: "en", by: "per", series: "Reeks" },
  },
};

const brazilian: Partial<QuireWords> = { assumption: "Premissa", gap: { amount: "valor", percent: "porcentagem", number: "número", date: "data" } };

/** The words for a language tag (`de-DE`, `pt-BR`) or a bare language (`fr`); a language Quire does not write: English. */
export function quireWords(tag: string | undefined): QuireWords {
  const language = primaryLanguage(tag);
  const base = words[language];
  return language === "pt" && /-BR$/i.test(tag ?? "") ? { ...base, ...brazilian } : base;
}
