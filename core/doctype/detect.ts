/**
 * The kind of document (`type` of the Document resource, service-interface.md "Document") for
 * content mode, where no model reads the request: deduced from the structure and the words of the
 * IR alone, in English, Spanish, Catalan, Portuguese, Italian, French, German and Dutch (the word lists below and
 * cues.ts; the examples in the table are English and Spanish). "When in doubt it chooses `report`" (service-interface.md, "What
 * the service does"), so `report` is the default and every other type must earn it.
 *
 * How. Each signal of `signals` below tests one feature of the document and, when it holds, adds
 * its weight to its type's score. `report` starts with a base score. The winner is the type with
 * the highest score, except that it falls back to `report` when
 *   - the best non-report score is below `minScore` (too little evidence), or
 *   - the two best non-report types are within `margin` of each other (ambiguous).
 * `confidence` is the softmax share of the chosen type over all scores (temperature 2): about 0.3
 * for a plain text with no signal at all, above 0.8 for a letter with salutation, closing and
 * signature. Deterministic: no randomness, no model, same IR → same answer.
 *
 * `artifact` is never returned: a web page is a format the caller asks for, not something the
 * words of a text reveal.
 *
 * Signal table (type · id · weight · what it tests):
 *
 * | type         | id                         | weight | holds when |
 * |--------------|----------------------------|-------:|------------|
 * | report       | report.default             | 2      | always (the fallback type) |
 * | report       | report.title               | 1.5    | the title names a report, study, analysis, review / informe, estudio, análisis, memoria |
 * | report       | report.section             | 1      | one heading is a report section (Summary, Introduction, Findings, Conclusions / Resumen, Introducción, Conclusiones…) |
 * | report       | report.sections            | 2      | two or more such headings |
 * | report       | report.prose               | 1      | three or more long paragraphs (≥ 25 words) |
 * | letter       | letter.salutation          | 3      | an opening "Dear …," / "Estimado/a …:" / "To whom it may concern" / "Sehr geehrte …," / "Madame, Monsieur," near the top |
 * | letter       | letter.closing             | 3      | a closing "Sincerely," / "Kind regards," / "Atentamente," / "Un saludo" / "Mit freundlichen Grüßen" / "Je vous prie d'agréer …" near the end |
 * | letter       | letter.signature           | 0.5    | a short line (a name) after the closing, or in the closing paragraph |
 * | letter       | letter.date_line           | 1      | a short line with a date before the salutation ("Madrid, 1 de marzo de 2026", "Lyon, le 3 mars 2025"); needs a salutation or closing |
 * | letter       | letter.address_block       | 1      | a short line with a street or postal code before the salutation; needs a salutation or closing |
 * | contract     | contract.title             | 3      | the title names an agreement, contract, lease, terms / contrato, convenio, acuerdo |
 * | contract     | contract.parties           | 2      | "the Parties", "either party" / "las partes", "ambas partes" |
 * | contract     | contract.recitals          | 2      | WHEREAS, RECITALS, "by and between" / REUNIDOS, EXPONEN, MANIFIESTAN, ACUERDAN |
 * | contract     | contract.clause            | 1.5    | one "Clause 1" / "Article 2" / "Cláusula primera" / "Artículo 3" / "§ 4" heading or line |
 * | contract     | contract.clauses           | 3      | two or more of them |
 * | contract     | contract.witness           | 3      | "IN WITNESS WHEREOF" / "en prueba de conformidad", "firman el presente" |
 * | contract     | contract.signature_lines   | 1      | "______" lines, "Signed:", "By:", "Fdo.:", "for and on behalf of" |
 * | contract     | contract.legal_terms       | 1      | two of: hereinafter, governing law, jurisdiction, confidentiality, termination / en adelante, ley aplicable, jurisdicción, fuero… |
 * | contract     | contract.obligations       | 1      | three or more "shall" / "se obliga", "se compromete", "deberá" |
 * | memo         | memo.label                 | 3      | the title or a first line is MEMORANDUM, Memo, Memorándum, Nota interna, Note interne, Promemoria, Aktennotiz |
 * | memo         | memo.fields                | 4      | three or more of To/From/Date/Subject/CC (Para/De/Fecha/Asunto/Copia) lines at the top |
 * | memo         | memo.some_fields           | 1.5    | two of them, one being To or From |
 * | minutes      | minutes.title              | 3      | the title or a heading says Minutes, Minutes of…, … minutes / Acta, Acta de… / Protokoll, Procès-verbal, Verbale, Ata, Notulen |
 * | minutes      | minutes.attendees          | 2      | an Attendees/Present/Apologies (Asistentes/Ausentes) heading or line |
 * | minutes      | minutes.agenda             | 2      | an Agenda (Orden del día) heading or line |
 * | minutes      | minutes.actions            | 2      | an Action items/Decisions/Next meeting (Acuerdos/Acciones/Próxima reunión) heading or line |
 * | minutes      | minutes.meeting            | 1      | "meeting"/"reunión"/"sesión" at the top, or "called to order", "se levanta la sesión", quorum |
 * | presentation | presentation.bullets       | 3      | six or more short bullets (≤ 14 words), three times the long paragraphs |
 * | presentation | presentation.sections      | 2      | four or more headings, ≤ 40 words per heading, at least as many bullets as headings |
 * | presentation | presentation.terse         | 1      | no long paragraph at all, six or more bullets |
 * | presentation | presentation.slide_words   | 1      | a heading like Slide, Q&A, Questions, Thank you, Key takeaways / Diapositiva, Preguntas, Gracias |
 * | spreadsheet  | spreadsheet.numeric_tables | 2      | six or more table body cells, 40 % or more of them numbers |
 * | spreadsheet  | spreadsheet.tables_dominate| 3      | six or more body cells, table words at least twice the words outside tables |
 * | spreadsheet  | spreadsheet.many_rows      | 1      | ten or more table body rows |
 */
import { plainText } from "../ir/text.ts";
import type { DocType, Inline, IRDocument } from "../ir/types.ts";
import { visitBlocks } from "../ir/visit.ts";
import { readDates } from "../dates/read.ts";
import { closing, isSalutation, memoFields, memoLabel, memoWords, minutesFields, splitFields } from "./cues.ts";

export interface DetectedType {
  type: DocType;
  /** 0..1: the chosen type's share of the evidence. */
  confidence: number;
  /** Ids of the signals that held, in table order (e.g. `letter.salutation`). */
  signals: string[];
}

/** The types content mode can end up with (all but `artifact`), in tie-break order. */
export const detectableTypes = ["report", "letter", "contract", "memo", "minutes", "presentation", "spreadsheet"] as const;
export type DetectableType = (typeof detectableTypes)[number];

export const minScore = 4;
export const margin = 1;
const temperature = 2;

// ---------------------------------------------------------------------------------------------
// Features: what the signals look at, computed once per document.

interface Unit {
  kind: "title" | "heading" | "paragraph" | "item" | "cell";
  text: string;
}

export interface Features {
  title: string;
  headings: string[];
  /** Paragraphs, headings and list items in reading order (table cells left out), title first. */
  lines: Unit[];
  /** Paragraph units only (outside lists and tables). */
  paragraphs: string[];
  items: string[];
  allText: string;
  tables: number;
  bodyRows: number;
  bodyCells: number;
  numericCells: number;
  proseWords: number;
  itemWords: number;
  tableWords: number;
}

const words = (text: string): number => text.match(/[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu)?.length ?? 0;

/** Plain text with hard line breaks kept as "\n". */
const text = (inlines: Inline[]): string => plainText(inlines, { lineBreak: "\n" });

const numeric = (cell: string): boolean => {
  const stripped = cell.replace(/[\s\p{Sc}%()+]|\b(EUR|USD|GBP|CHF|MXN)\b/gu, "");
  return /^-?\d[\d.,]*$/.test(stripped) || /^-?[.,]\d+$/.test(stripped);
};

export function features(ir: IRDocument): Features {
  const units: Unit[] = [];
  const f = { tables: 0, bodyRows: 0, bodyCells: 0, numericCells: 0, tableWords: 0 };
  if (ir.title) units.push({ kind: "title", text: ir.title });
  // The body only, and a chart's table is not counted among its tables.
  visitBlocks(ir.blocks, (block, { parents }) => {
    switch (block.type) {
      case "heading":
        units.push({ kind: "heading", text: text(block.inlines) });
        break;
      case "paragraph":
        units.push({ kind: parents.some((p) => p.type === "list") ? "item" : "paragraph", text: text(block.inlines) });
        break;
      case "table":
        f.tables++;
        f.bodyRows += block.rows.length;
        for (const row of [...block.header, ...block.rows]) {
          for (const cell of row.cells) {
            const value = text(cell.inlines).trim();
            f.tableWords += words(value);
            if (block.rows.includes(row)) {
              f.bodyCells++;
              if (numeric(value)) f.numericCells++;
            }
          }
        }
        break;
      case "chart":
        return "skip";
    }
  });
  const paragraphs = units.filter((u) => u.kind === "paragraph").map((u) => u.text);
  const items = units.filter((u) => u.kind === "item").map((u) => u.text);
  return {
    title: ir.title ?? "",
    headings: units.filter((u) => u.kind === "heading").map((u) => u.text),
    lines: units,
    paragraphs,
    items,
    allText: units.map((u) => u.text).join("\n"),
    ...f,
    proseWords: paragraphs.reduce((n, p) => n + words(p), 0),
    itemWords: items.reduce((n, p) => n + words(p), 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Cues used by several signals.

/** A date in any of the eight languages ("Lyon, le 3 mars 2025", "Berlin, 3. März 2025", "March 3, 2025"): the one date reader. */
const hasDate = (text: string) => readDates(text, { partial: true }).length > 0;
const addressLike =
  /\b(street|st\.|avenue|ave\.|road|rd\.|lane|boulevard|blvd|suite|floor|calle|c\/|avda\.?|avenida|plaza|pza\.|paseo|p[ºo]\s|piso|planta|n[º°]\s*\d|\d{5}(-\d{4})?|[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2})\b/i;
/**
 * Street words and postcodes of the other six languages: "Hauptstraße 5" and "Keizersgracht 12" (a compound, so the
 * word may end a longer one), "14, rue des Tanneurs", "Via Roma 3", "Rua Augusta", "Carrer de Mallorca" (at a line's
 * start or after a number or comma: "sent via email" is no address), "1012 AB", "1100-148".
 */
const addressLikeMore =
  /(?:stra(?:ß|ss)e|str\.|platz|allee|gasse|straat|laan|plein|gracht|kade|singel)(?![\p{L}])|(?:^|[,\d])[ \t]*(?:rue|quai|chemin|all[ée]e|place|cours|via|viale|piazza|corso|largo|rua|travessa|pra[çc]a|carrer|avinguda|passeig|pla[çc]a|ronda)[ \t]+\p{L}/imu;
/** Dutch and Portuguese postcodes, in capitals as written: "1012 AB" (not "2025 en"), "1100-148". */
const postcodeMore = /(?<![\p{N}])(?:\d{4}\s?[A-Z]{2}|\d{4}-\d{3})(?![\p{L}\p{N}])/u;
const hasAddress = (text: string) => addressLike.test(text) || addressLikeMore.test(text) || postcodeMore.test(text);

const shortLine = (s: string, max: number) => words(s) > 0 && words(s) <= max;

/** Index in `lines` of the salutation, or -1. Only the first dozen lines count: it opens a letter. */
function salutationAt(f: Features): number {
  return f.lines.findIndex((u, i) => i < 12 && u.kind !== "heading" && u.kind !== "title" && isSalutation(u.text) && words(u.text) <= 40);
}

function closingAt(f: Features): number {
  for (let i = f.lines.length - 1; i >= Math.max(0, f.lines.length - 6); i--) {
    const u = f.lines[i]!;
    if (u.kind !== "heading" && closing.test(u.text) && words(u.text) <= 25) return i;
  }
  return -1;
}

/**
 * The lines before the salutation, or the first five when there is only a closing: a letter's
 * header. None without salutation or closing: a date near the top of any text proves nothing.
 */
function letterHead(f: Features): Unit[] {
  const at = salutationAt(f);
  if (at < 0 && closingAt(f) < 0) return [];
  return f.lines.slice(0, at >= 0 ? at : 5).filter((u) => u.kind !== "title");
}

function memoFieldKeys(f: Features): Set<string> {
  const keys = new Set<string>();
  for (const u of f.lines.slice(0, 10)) {
    for (const m of splitFields(u.text, memoFields) ?? []) keys.add(m.key);
  }
  return keys;
}

const titleOrFirstHeading = (f: Features) => f.title || f.headings[0] || "";
const labelLines = (f: Features) => f.lines.filter((u) => u.kind === "heading" || u.kind === "paragraph" || u.kind === "item").map((u) => u.text);
const anyStarts = (f: Features, pattern: RegExp) => labelLines(f).some((t) => pattern.test(t));
const countMatches = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g"))?.length ?? 0;

/** A word list's alternation closed by a Unicode word end (`\b` ends words at "é" or "ç", not after them). */
const wordsOf = (...lists: string[]) => String.raw`(?:${lists.join("|")})(?![\p{L}\p{N}])`;
/** A Unicode-aware case-insensitive pattern of words, found anywhere (`\b` before them means start or a non-letter). */
const anyWord = (...lists: string[]) => new RegExp(String.raw`(?<![\p{L}\p{N}])${wordsOf(...lists)}`, "iu");

const reportSection = new RegExp(
  String.raw`^\s*(\d+(\.\d+)*\.?\s+)?` +
    wordsOf(
      "executive summary|summary|abstract|introduction|background|scope|methodology|method|findings|results|analysis|discussion|conclusions?|recommendations?|objectives?",
      "resumen( ejecutivo)?|introducci[oó]n|antecedentes|alcance|metodolog[ií]a|hallazgos|resultados|an[aá]lisis|discusi[oó]n|conclusi[oó]n(es)?|recomendaciones|objetivos?",
      "zusammenfassung|management summary|einleitung|hintergrund|ausgangslage|methodik|methode|ergebnisse|analyse|diskussion|fazit|schlussfolgerungen?|empfehlungen?|zielsetzung|ausblick",
      "synth[èe]se|r[ée]sum[ée]|introduction|contexte|m[ée]thodologie|m[ée]thode|r[ée]sultats|constats|analyse|discussion|conclusions?|recommandations?|objectifs?|perspectives",
      "sintesi|sommario|introduzione|contesto|premessa|metodologia|metodo|risultati|analisi|discussione|conclusioni|raccomandazioni|obiettivi",
      "sum[áa]rio( executivo)?|resumo|introdu[çc][ãa]o|contexto|metodologia|m[ée]todo|resultados|constata[çc][õo]es|an[áa]lise|discuss[ãa]o|conclus[õo]es|conclus[ãa]o|recomenda[çc][õo]es|obje(c)?tivos",
      "samenvatting|inleiding|achtergrond|methode|methodologie|werkwijze|resultaten|bevindingen|analyse|discussie|conclusies?|aanbevelingen|doelstellingen",
      "resum( executiu)?|introducci[óo]|antecedents|abast|metodologia|resultats|an[àa]lisi|conclusions?|recomanacions|objectius",
    ),
  "iu",
);
/** "Clause 1", "Cláusula primera", "Article premier", "Artikel 2", "Articolo 3", "Artigo 4.º", "§ 5". */
const clauseLine = new RegExp(
  String.raw`^\s*(?:§\s*\d+|(?:clause|article|art\.|cl[aáà]usula|art[ií]culo|artikel|klausel|articolo|clausola|artigo)\s+` +
    wordsOf(
      String.raw`\d+(?:er|re|\.?º|\.?°)?|[ivxlc]+`,
      "primer[ao]?|segund[ao]|tercer[ao]?|cuart[ao]|quint[ao]|sext[ao]|s[eé]ptim[ao]|octav[ao]|noven[ao]|d[eé]cim[ao]|first|second|third|fourth|fifth|one|two|three",
      "premier|premi[èe]re|primo|secondo|terzo|primeir[ao]|terceir[ao]|quart[ao]|erste[rs]?|zweite[rs]?|eerste|tweede|derde|segon(a)?",
    ) +
    ")",
  "iu",
);
const shortItem = (s: string) => shortLine(s, 14);
const longParagraph = (s: string) => words(s) >= 25;

// Word lists of the signals, in English, Spanish, German, French, Italian, Portuguese, Dutch and Catalan. German
// compounds end in the word that names them (Jahresbericht, Mietvertrag, Sitzungsprotokoll), so those words are
// also found at the end of a longer one.

const reportTitle = new RegExp(
  String.raw`(?<![\p{L}\p{N}])` +
    wordsOf(
      "report|study|analysis|review|assessment|evaluation|white paper",
      "informe|estudio|an[aá]lisis|memoria|evaluaci[oó]n|diagn[oó]stico|auditor[ií]a",
      "studie|analyse|gutachten|auswertung|bewertung|pr[üu]fung",
      "rapport|[ée]tude|analyse|[ée]valuation|diagnostic|audit|bilan",
      "relazione|rapporto|studio|analisi|valutazione|perizia",
      "relat[óo]rio|estudo|an[áa]lise|avalia[çc][ãa]o|parecer|auditoria",
      "verslag|rapportage|onderzoek|analyse|evaluatie|advies",
      "estudi|an[àa]lisi|avaluaci[óo]|diagn[òo]stic|auditoria|mem[òo]ria",
    ) +
    String.raw`|bericht(?![\p{L}])`,
  "iu",
);
const contractTitle = new RegExp(
  String.raw`(?<![\p{L}\p{N}])` +
    wordsOf(
      "agreement|contract|terms and conditions|terms of service|lease|non-disclosure|nda",
      String.raw`contrato|convenio|acuerdo\s+(de|marco)|t[eé]rminos y condiciones|condiciones generales|arrendamiento`,
      "vereinbarung|allgemeine gesch[äa]ftsbedingungen|agb",
      String.raw`contrat|convention\s+(de|d['’]|entre)|accord[- ]cadre|protocole d['’]accord|conditions g[ée]n[ée]rales|bail|pacte d['’]associ[ée]s`,
      String.raw`contratto|accordo\s+(di|quadro)|condizioni generali|convenzione|locazione`,
      String.raw`acordo\s+(de|quadro)|condi[çc][õo]es gerais|contrato-promessa`,
      "overeenkomst|algemene voorwaarden|contract",
      String.raw`contracte|conveni|acord\s+(de|marc)|condicions generals|arrendament`,
    ) +
    String.raw`|(?:vertrag|vereinbarung|overeenkomst)(?![\p{L}])`,
  "iu",
);
const contractParties = anyWord(
  "the parties|both parties|each party|either party",
  "las partes|ambas partes|cada una de las partes|cualquiera de las partes",
  "die parteien|beide parteien|jede partei|vertragsparteien|vertragspartner",
  "les parties|les deux parties|chaque partie|chacune des parties",
  "le parti contraenti|entrambe le parti|ciascuna parte|ciascuna delle parti|tra le parti",
  "as partes|ambas as partes|cada uma das partes",
  "de partijen|beide partijen|elke partij|iedere partij",
  "les parts|ambdues parts|cadascuna de les parts",
);
/** Recitals and the words a contract's body opens with, written in lower case too. */
const recitals = anyWord(
  "pr[äa]ambel|vorbemerkungen?|wird folgendes vereinbart|wird folgender vertrag geschlossen|schlie[ßs]en folgenden vertrag",
  String.raw`pr[ée]ambule|entre les soussign[ée]s|il a [ée]t[ée] convenu ce qui suit|il est convenu ce qui suit|[ée]tant pr[ée]alablement expos[ée]`,
  String.raw`premesso che|tutto ci[òo] premesso|si conviene e si stipula|si conviene quanto segue`,
  "considerando que|acordam o seguinte|[ée] celebrado o presente contrato|primeiro outorgante|segundo outorgante",
  "overwegende dat|komen als volgt overeen|komen het volgende overeen|ondergetekenden",
  String.raw`d['’]una part|de l['’]altra part|acorden el seg[üu]ent`,
);
const witness = anyWord(
  String.raw`zum zeichen (ihres|des) einverst[äa]ndnisses|gelesen,? genehmigt,? unterschrieben`,
  String.raw`fait [àa] [^.\n]{1,40} en (deux|trois|\d+) exemplaires|fait en (deux|trois|\d+) exemplaires( originaux)?|lu et approuv[ée]`,
  String.raw`letto,? confermato e sottoscritto|in fede di che|redatto in (due|tre|duplice|triplice)`,
  String.raw`e por estarem (assim )?(justos|de acordo)|feito em (duplicado|dois exemplares)|assinam o presente`,
  String.raw`aldus overeengekomen( en)?( getekend| ondertekend)?|in tweevoud (opgemaakt|ondertekend)`,
  String.raw`en prova de conformitat|signen el present|per duplicat`,
);
const legalTerms: readonly RegExp[] = [
  anyWord("im folgenden|nachfolgend"),
  anyWord("anwendbares recht|gerichtsstand"),
  anyWord("vertraulichkeit|geheimhaltung"),
  anyWord("k[üu]ndigung|haftung"),
  anyWord("ci-apr[èe]s"),
  anyWord("droit applicable|tribunal comp[ée]tent|juridiction"),
  anyWord("confidentialit[ée]|r[ée]siliation"),
  anyWord("di seguito|legge applicabile|foro competente"),
  anyWord("riservatezza|recesso|risoluzione del contratto"),
  anyWord("doravante|lei aplic[áa]vel|foro competente"),
  anyWord("confidencialidade|rescis[ãa]o|resolu[çc][ãa]o do contrato"),
  anyWord("hierna|toepasselijk recht|bevoegde rechter"),
  anyWord("geheimhouding|ontbinding|opzegging"),
  anyWord(String.raw`d['’]ara endavant|en endavant|llei aplicable|jurisdicci[óo]`),
  anyWord("confidencialitat|resoluci[óo] del contracte"),
];
const obligations = new RegExp(
  String.raw`(?<![\p{L}])` +
    wordsOf(
      "shall",
      "se obliga|se compromete|deber[aá]",
      "verpflichtet sich|verpflichten sich|ist verpflichtet|sind verpflichtet",
      String.raw`s['’]engage [àa]|s['’]engagent [àa]|s['’]oblige [àa]|est tenu[e]? de|sera tenu[e]? de`,
      "si impegna|si impegnano|si obbliga|si obbligano|[èe] tenut[oa]",
      "obriga-se|obrigam-se|compromete-se|comprometem-se|fica obrigad[oa]|dever[áa]",
      "verplicht zich|verplichten zich|verbindt zich|is gehouden",
      String.raw`s['’]obliga|es compromet|haur[àa] de`,
    ),
  "giu",
);
const memoTitle = new RegExp(String.raw`^\s*${memoWords}(?![\p{L}])`, "iu");
const minutesTitle = new RegExp(
  [
    String.raw`^\s*(sitzungs|ergebnis|besprechungs|verlaufs)?protokoll(?![\p{L}])`,
    String.raw`protokoll\s+(der|des|[üu]ber|zur|vom)(?![\p{L}])`,
    String.raw`^\s*niederschrift(?![\p{L}])`,
    String.raw`^\s*proc[èe]s[- ]verbal(?![\p{L}])`,
    String.raw`compte[- ]rendu\s+de\s+(la\s+)?r[ée]union`,
    String.raw`^\s*verbale(?![\p{L}])`,
    String.raw`verbale\s+(di|della|del|dell['’])`,
    String.raw`^\s*atas?(?![\p{L}])`,
    String.raw`(?<![\p{L}])ata\s+(da|de|do|n[.º°])(?![\p{L}])`,
    String.raw`^\s*notulen(?![\p{L}])`,
    String.raw`(?<![\p{L}])notulen\s+(van|der)(?![\p{L}])`,
  ].join("|"),
  "iu",
);
const attendeesLine = new RegExp(
  String.raw`^\s*` +
    wordsOf(
      "attendees|attendance|present|participants|in attendance|apologies|absent",
      "asistentes|asisten|participantes|ausentes|excusan",
      "anwesende?|teilnehmer(innen)?|teilnehmende|entschuldigt|abwesend",
      "pr[ée]sent(e)?s|participants|excus[ée](e)?s|absent(e)?s",
      "presenti|partecipanti|assenti|giustificati",
      "presentes|participantes|ausentes",
      "aanwezig(en)?|deelnemers|afwezig|afmeldingen",
      "assistents|assisteixen|presents|absents|excusen",
    ),
  "iu",
);
const agendaLine = new RegExp(
  String.raw`^\s*` + wordsOf("agenda", "orden del d[ií]a", "tagesordnung", "ordre du jour", "ordine del giorno", "ordem do dia|ordem de trabalhos", "ordre del dia"),
  "iu",
);
const actionsLine = new RegExp(
  String.raw`^\s*` +
    wordsOf(
      "action items?|action points|actions|decisions( taken)?|resolutions|next meeting",
      "acuerdos( adoptados)?|acciones|tareas|decisiones|pr[oó]xima reuni[oó]n|ruegos y preguntas",
      "beschl[üu]sse|beschluss|ma[ßs]nahmen|aufgaben|n[äa]chste sitzung|n[äa]chster termin|verschiedenes",
      "d[ée]cisions|relev[ée] de d[ée]cisions|actions [àa] mener|prochaine r[ée]union|questions diverses",
      "decisioni|delibere|deliberazioni|azioni|prossima riunione|varie ed eventuali",
      "delibera[çc][õo]es|decis[õo]es|a[çc][õo]es|pr[óo]xima reuni[ãa]o|assuntos diversos",
      "besluiten|actiepunten|actielijst|volgende vergadering|rondvraag",
      "acords( adoptats)?|accions|decisions|propera reuni[óo]|precs i preguntes",
    ),
  "iu",
);
/** "Vorstandssitzung", "Gesellschafterversammlung": a German meeting word may end a compound. */
const meetingWord = new RegExp(`${anyWord(
  "meeting",
  "reuni[oó]n|junta|sesi[oó]n",
  "r[ée]union|s[ée]ance|assembl[ée]e",
  "riunione|seduta|assemblea",
  "reuni[ãa]o|sess[ãa]o|assembleia",
  "vergadering|bijeenkomst",
  "reuni[óo]|sessi[óo]",
).source}|(?:sitzung|besprechung|versammlung)(?![\p{L}])`, "iu");
const meetingPhrase = anyWord(
  "called to order|meeting (was )?(closed|adjourned)|se levanta la sesi[oó]n|se abre la sesi[oó]n|qu[oó]rum",
  "beschlussf[äa]hig(keit)?|die sitzung wird (er[öo]ffnet|geschlossen)",
  "la s[ée]ance est (ouverte|lev[ée]e)",
  "la seduta [èe] (aperta|tolta)|dichiara aperta la seduta",
  "[ée] (aberta|encerrada) a sess[ãa]o|a sess[ãa]o foi (aberta|encerrada)",
  "de vergadering wordt (geopend|gesloten)|opent de vergadering|sluit de vergadering",
  "s['’]aixeca la sessi[óo]|s['’]obre la sessi[óo]",
);
const slideWords = anyWord(
  String.raw`slide|q\s*&\s*a|questions\??|thank you|key takeaways`,
  "diapositiva|preguntas|gracias|ideas clave",
  "folie|fragen|vielen dank|danke",
  "diapositive|merci|points cl[ée]s",
  "domande|grazie|punti chiave",
  "perguntas|obrigad[oa]",
  "vragen|bedankt|dank u",
  "preguntes|gr[àa]cies",
);

// ---------------------------------------------------------------------------------------------
// The signal table (documented at the top of this file).

export interface Signal {
  id: string;
  type: DetectableType;
  weight: number;
  test: (f: Features) => boolean;
}

export const signals: readonly Signal[] = [
  { id: "report.default", type: "report", weight: 2, test: () => true },
  {
    id: "report.title",
    type: "report",
    weight: 1.5,
    test: (f) => reportTitle.test(f.title),
  },
  { id: "report.section", type: "report", weight: 1, test: (f) => f.headings.filter((h) => reportSection.test(h)).length === 1 },
  { id: "report.sections", type: "report", weight: 2, test: (f) => f.headings.filter((h) => reportSection.test(h)).length >= 2 },
  { id: "report.prose", type: "report", weight: 1, test: (f) => f.paragraphs.filter(longParagraph).length >= 3 },

  { id: "letter.salutation", type: "letter", weight: 3, test: (f) => salutationAt(f) >= 0 },
  { id: "letter.closing", type: "letter", weight: 3, test: (f) => closingAt(f) >= 0 },
  {
    id: "letter.signature",
    type: "letter",
    weight: 0.5,
    test: (f) => {
      const at = closingAt(f);
      if (at < 0) return false;
      const rest = f.lines[at]!.text.replace(closing, "").trim();
      const next = f.lines[at + 1];
      return shortLine(rest, 10) || (next !== undefined && shortLine(next.text, 10));
    },
  },
  { id: "letter.date_line", type: "letter", weight: 1, test: (f) => letterHead(f).some((u) => shortLine(u.text, 12) && hasDate(u.text)) },
  { id: "letter.address_block", type: "letter", weight: 1, test: (f) => letterHead(f).some((u) => shortLine(u.text, 25) && hasAddress(u.text)) },

  {
    id: "contract.title",
    type: "contract",
    weight: 3,
    test: (f) => contractTitle.test(titleOrFirstHeading(f)),
  },
  {
    id: "contract.parties",
    type: "contract",
    weight: 2,
    test: (f) => contractParties.test(f.allText),
  },
  {
    id: "contract.recitals",
    type: "contract",
    weight: 2,
    test: (f) =>
      /\b(WHEREAS|RECITALS|NOW,? THEREFORE|REUNIDOS|INTERVIENEN|EXPONEN|MANIFIESTAN|ACUERDAN|ESTIPULACIONES|REUNITS|EXPOSEN|MANIFESTEN|ACORDEN|PREMESSO|CONSIDERANDO|OUTORGANTES)\b|\bWhereas,|\bby and between\b|\bde una parte\b/.test(f.allText) ||
      recitals.test(f.allText),
  },
  { id: "contract.clause", type: "contract", weight: 1.5, test: (f) => labelLines(f).filter((t) => clauseLine.test(t)).length === 1 },
  { id: "contract.clauses", type: "contract", weight: 3, test: (f) => labelLines(f).filter((t) => clauseLine.test(t)).length >= 2 },
  {
    id: "contract.witness",
    type: "contract",
    weight: 3,
    test: (f) =>
      /in witness whereof|as of the date first (written|above)|executed this agreement|y en prueba de (su )?conformidad|en prueba de conformidad|firman el presente|firman por duplicado|firman este contrato/i.test(
        f.allText,
      ) || witness.test(f.allText),
  },
  {
    id: "contract.signature_lines",
    type: "contract",
    weight: 1,
    test: (f) =>
      /_{5,}/.test(f.allText) ||
      anyStarts(f, /^\s*(signed|signature|by|firma(do)?|fdo\.?|por la parte|unterschrift|gezeichnet|sign[ée]|signature|firmato|assinatura|assinado|handtekening|getekend|signatura|signat)\s*:/iu) ||
      /for and on behalf of|en nombre y representaci[oó]n de|pour le compte de|im namen und (im )?auftrag|f[üu]r und im namen|per conto di|em nome e representa[çc][ãa]o de|namens en voor rekening van|en nom i representaci[óo] de/iu.test(f.allText),
  },
  {
    id: "contract.legal_terms",
    type: "contract",
    weight: 1,
    test: (f) =>
      [
        /\bhereinafter\b/i,
        /\bgoverning law\b/i,
        /\bjurisdiction\b/i,
        /\bconfidentiality\b/i,
        /\btermination\b/i,
        /\bindemnif/i,
        /\ben adelante\b/i,
        /\bley aplicable\b/i,
        /\bjurisdicci[oó]n\b/i,
        /\bfuero\b/i,
        /\bconfidencialidad\b/i,
        /\bresoluci[oó]n del contrato\b/i,
        ...legalTerms,
      ].filter((p) => p.test(f.allText)).length >= 2,
  },
  {
    id: "contract.obligations",
    type: "contract",
    weight: 1,
    test: (f) => countMatches(f.allText, obligations) >= 3,
  },

  {
    id: "memo.label",
    type: "memo",
    weight: 3,
    test: (f) => memoTitle.test(f.title) || f.lines.slice(0, 3).some((u) => memoLabel.test(u.text)),
  },
  { id: "memo.fields", type: "memo", weight: 4, test: (f) => memoFieldKeys(f).size >= 3 },
  {
    id: "memo.some_fields",
    type: "memo",
    weight: 1.5,
    test: (f) => {
      const keys = memoFieldKeys(f);
      return keys.size === 2 && (keys.has("to") || keys.has("from"));
    },
  },

  {
    id: "minutes.title",
    type: "minutes",
    weight: 3,
    test: (f) =>
      [f.title, ...f.headings].some((t) => /^\s*(meeting\s+)?minutes\b|\bminutes\s+of\b|\bmeeting\s+minutes\b|\bminutes\s*$|^\s*actas?\b|\bacta\s+(de|del|n[º°.])/i.test(t) || minutesTitle.test(t)),
  },
  {
    id: "minutes.attendees",
    type: "minutes",
    weight: 2,
    test: (f) =>
      anyStarts(f, attendeesLine) ||
      f.lines.slice(0, 10).some((u) => (splitFields(u.text, minutesFields) ?? []).some((m) => m.key === "attendees")),
  },
  { id: "minutes.agenda", type: "minutes", weight: 2, test: (f) => anyStarts(f, agendaLine) },
  {
    id: "minutes.actions",
    type: "minutes",
    weight: 2,
    test: (f) => anyStarts(f, actionsLine),
  },
  {
    id: "minutes.meeting",
    type: "minutes",
    weight: 1,
    test: (f) => f.lines.slice(0, 5).some((u) => meetingWord.test(u.text)) || meetingPhrase.test(f.allText),
  },

  {
    id: "presentation.bullets",
    type: "presentation",
    weight: 3,
    test: (f) => {
      const short = f.items.filter(shortItem).length;
      return short >= 6 && short >= 3 * Math.max(1, f.paragraphs.filter(longParagraph).length);
    },
  },
  {
    id: "presentation.sections",
    type: "presentation",
    weight: 2,
    test: (f) =>
      f.headings.length >= 4 &&
      (f.proseWords + f.itemWords + f.tableWords) / f.headings.length <= 40 &&
      f.items.length >= f.headings.length,
  },
  { id: "presentation.terse", type: "presentation", weight: 1, test: (f) => f.items.length >= 6 && !f.paragraphs.some(longParagraph) },
  {
    id: "presentation.slide_words",
    type: "presentation",
    weight: 1,
    test: (f) => f.headings.some((h) => slideWords.test(h)),
  },

  {
    id: "spreadsheet.numeric_tables",
    type: "spreadsheet",
    weight: 2,
    test: (f) => f.bodyCells >= 6 && f.numericCells / f.bodyCells >= 0.4,
  },
  {
    id: "spreadsheet.tables_dominate",
    type: "spreadsheet",
    weight: 3,
    test: (f) => f.bodyCells >= 6 && f.tableWords >= 2 * (f.proseWords + f.itemWords),
  },
  { id: "spreadsheet.many_rows", type: "spreadsheet", weight: 1, test: (f) => f.bodyRows >= 10 },
];

// ---------------------------------------------------------------------------------------------

/** Every detectable type's score, and the signals that held, for one document. */
export function score(ir: IRDocument): { scores: Record<DetectableType, number>; fired: string[] } {
  const f = features(ir);
  const scores = Object.fromEntries(detectableTypes.map((t) => [t, 0])) as Record<DetectableType, number>;
  const fired: string[] = [];
  for (const signal of signals) {
    if (signal.test(f)) {
      scores[signal.type] += signal.weight;
      fired.push(signal.id);
    }
  }
  return { scores, fired };
}

export function detectType(ir: IRDocument): DetectedType {
  const { scores, fired } = score(ir);
  // Stable sort: equal scores keep the order of `detectableTypes`.
  const ranked = detectableTypes.filter((t) => t !== "report").sort((a, b) => scores[b] - scores[a]);
  const [best, second] = [ranked[0]!, ranked[1]!];
  const wins = scores[best] >= minScore && scores[best] > scores.report && scores[best] - scores[second] >= margin;
  const type: DetectableType = wins ? best : "report";
  const exp = detectableTypes.map((t) => Math.exp(scores[t] / temperature));
  const total = exp.reduce((a, b) => a + b, 0);
  const confidence = Math.round((Math.exp(scores[type] / temperature) / total) * 100) / 100;
  return { type, confidence, signals: fired };
}
