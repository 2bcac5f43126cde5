/**
 * The words that mark a kind of document, in the eight languages Quire writes for (English, Spanish, Catalan,
 * Portuguese, Italian, French, German, Dutch), shared by the type detector (`detect.ts`) and the renderers that lay
 * those documents out (a memo's To/From table, a minutes' meeting header, a letter's salutation). One list, so what
 * the detector counts as a memo header is exactly what the Word renderer turns into one.
 *
 * Field lines ("To: …", "Para: …", "Betreff: …") are found in plain text where the Markdown reader has already
 * joined soft line breaks with spaces (core/markdown/inlines.ts), so a label is recognised at the start of the text,
 * after a line break, or after a space; labels must be capitalised or upper case, and followed by a colon, which
 * keeps "sent to: …" in a sentence from counting. A label of one letter (Italian and Catalan "A:", French "À:") is
 * too easily part of a value ("Oggetto: Piano A: costi"), so it counts only at the start of the text or of a line.
 */

/** A header field and the labels that introduce it, by language (a label may serve several). */
export interface FieldLabel {
  key: string;
  labels: readonly string[];
  /** The languages each label is written in: the renderer adds its own words in the author's. */
  languages: Readonly<Record<string, readonly Language[]>>;
}

type ByLanguage = Partial<Record<Language, readonly string[]>>;

function field(key: string, byLanguage: ByLanguage): FieldLabel {
  const languages: Record<string, Language[]> = {};
  for (const [language, labels] of Object.entries(byLanguage) as Array<[Language, readonly string[]]>) {
    for (const label of labels) (languages[label.toLowerCase()] ??= []).push(language);
  }
  const labels = [...new Set(Object.values(byLanguage).flat())];
  return { key, labels, languages };
}

/** "CC:" is written so in every language's memos. */
const cc = ["CC", "Cc"];

export const memoFields: readonly FieldLabel[] = [
  field("to", {
    en: ["To"],
    es: ["Para", "Destinatario", "Destinatarios"],
    ca: ["A", "Per a", "Destinatari", "Destinataris"],
    pt: ["Para", "Destinatário", "Destinatários"],
    it: ["A", "Destinatario", "Destinatari"],
    fr: ["À", "A", "Destinataire", "Destinataires"],
    de: ["An", "Empfänger"],
    nl: ["Aan"],
  }),
  field("from", {
    en: ["From"],
    es: ["De", "Remitente"],
    ca: ["De", "Remitent"],
    pt: ["De", "Remetente"],
    it: ["Da", "Mittente"],
    fr: ["De", "Expéditeur"],
    de: ["Von", "Absender"],
    nl: ["Van", "Afzender"],
  }),
  field("cc", {
    en: cc,
    es: [...cc, "Copia", "Con copia a"],
    ca: [...cc, "Còpia", "Amb còpia a"],
    pt: [...cc, "Cópia", "Com cópia para"],
    it: [...cc, "Copia", "Per conoscenza"],
    fr: [...cc, "Copie", "Copie à"],
    de: [...cc, "Kopie", "Kopie an"],
    nl: [...cc, "Kopie", "Kopie aan"],
  }),
  field("date", { en: ["Date"], es: ["Fecha"], ca: ["Data"], pt: ["Data"], it: ["Data"], fr: ["Date"], de: ["Datum"], nl: ["Datum"] }),
  field("subject", {
    en: ["Subject", "Re", "Ref"],
    es: ["Asunto", "Referencia", "Ref"],
    ca: ["Assumpte", "Referència", "Ref"],
    pt: ["Assunto", "Referência", "Ref"],
    it: ["Oggetto", "Rif"],
    fr: ["Objet", "Réf"],
    de: ["Betreff", "Betr."],
    nl: ["Onderwerp", "Betreft"],
  }),
];

export const minutesFields: readonly FieldLabel[] = [
  field("date", { en: ["Date"], es: ["Fecha"], ca: ["Data"], pt: ["Data"], it: ["Data"], fr: ["Date"], de: ["Datum"], nl: ["Datum"] }),
  field("time", {
    en: ["Time"],
    es: ["Hora"],
    ca: ["Hora"],
    pt: ["Hora", "Horário"],
    it: ["Ora", "Orario"],
    fr: ["Heure", "Horaire"],
    de: ["Uhrzeit", "Zeit", "Beginn"],
    nl: ["Tijd", "Aanvang"],
  }),
  field("location", {
    en: ["Location", "Venue", "Place"],
    es: ["Lugar", "Sede"],
    ca: ["Lloc", "Seu"],
    pt: ["Local", "Sede"],
    it: ["Luogo", "Sede"],
    fr: ["Lieu"],
    de: ["Ort", "Sitzungsort"],
    nl: ["Locatie", "Plaats"],
  }),
  field("chair", {
    en: ["Chaired by", "Chairperson", "Chair"],
    es: ["Preside", "Presidente", "Presidenta"],
    ca: ["Presideix", "President", "Presidenta"],
    pt: ["Presidida por", "Preside", "Presidente"],
    it: ["Presiede", "Presidente", "Presidenza"],
    fr: ["Présidé par", "Présidée par", "Présidence", "Président", "Présidente"],
    de: ["Sitzungsleitung", "Vorsitzender", "Vorsitzende", "Vorsitz", "Leitung"],
    nl: ["Voorzitter"],
  }),
  field("attendees", {
    en: ["In attendance", "Attendees", "Attendance", "Present", "Participants"],
    es: ["Asistentes", "Asisten", "Participantes", "Presentes"],
    ca: ["Assistents", "Assisteixen", "Participants", "Presents"],
    pt: ["Presentes", "Participantes"],
    it: ["Presenti", "Partecipanti"],
    fr: ["Présents", "Présentes", "Participants"],
    de: ["Anwesende", "Anwesend", "Teilnehmende", "Teilnehmer"],
    nl: ["Aanwezigen", "Aanwezig", "Deelnemers"],
  }),
  field("apologies", {
    en: ["Apologies", "Absent"],
    es: ["Ausentes", "Excusan asistencia", "Excusan"],
    ca: ["Absents", "Excusen l'assistència", "Excusen"],
    pt: ["Ausentes", "Faltaram"],
    it: ["Assenti giustificati", "Assenti", "Giustificati"],
    fr: ["Excusés", "Excusées", "Absents"],
    de: ["Entschuldigt", "Abwesend"],
    nl: ["Afwezig met kennisgeving", "Afwezig", "Afmeldingen"],
  }),
  field("secretary", {
    en: ["Minutes taken by", "Minute taker", "Minute-taker", "Minutes", "Note taker", "Note-taker", "Recorder", "Secretary"],
    es: ["Secretario de actas", "Secretaria de actas", "Secretario", "Secretaria", "Levanta acta", "Redacta el acta"],
    ca: ["Secretari d'actes", "Secretari", "Secretària"],
    pt: ["Secretário", "Secretária"],
    it: ["Segretario", "Segretaria", "Verbalizzante"],
    fr: ["Secrétaire de séance", "Secrétaire"],
    de: ["Protokollführer", "Protokollführerin", "Protokollführung", "Protokoll", "Schriftführer", "Schriftführerin"],
    nl: ["Notulist", "Notulen", "Secretaris"],
  }),
  field("guests", {
    en: ["Guests", "Also present", "In attendance by invitation"],
    es: ["Invitados", "Invitadas"],
    ca: ["Convidats"],
    pt: ["Convidados"],
    it: ["Invitati", "Ospiti"],
    fr: ["Invités"],
    de: ["Gäste"],
    nl: ["Gasten", "Genodigden"],
  }),
];

/**
 * The language the author's field labels are written in: the one most of them belong to ("A", "Da", "Oggetto":
 * Italian), the document's own among equals, else the first in `order`. `fallback` when there are no labels.
 */
export function labelsLanguage(fields: readonly FieldLabel[], labels: readonly string[], fallback: Language): Language {
  if (labels.length === 0) return fallback;
  const votes = new Map<Language, number>();
  for (const label of labels) {
    const lower = label.toLowerCase();
    const field = fields.find((f) => f.languages[lower]);
    for (const language of field?.languages[lower] ?? []) votes.set(language, (votes.get(language) ?? 0) + 1);
  }
  const most = Math.max(0, ...votes.values());
  if (most === 0) return fallback;
  if (votes.get(fallback) === most) return fallback;
  return order.find((language) => votes.get(language) === most)!;
}

const order: readonly Language[] = ["en", "es", "ca", "pt", "it", "fr", "de", "nl"];

/** Where a field label was found in a text: `[labelStart, valueStart)` is the label with its colon. */
export interface FieldMatch {
  key: string;
  /** The label as written, without the colon ("To", "PARA"). */
  label: string;
  labelStart: number;
  valueStart: number;
  /** End of the value: the next label's start, or the end of the text. */
  valueEnd: number;
}

import type { Language } from "./language.ts";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function labelPattern(fields: readonly FieldLabel[]): RegExp {
  const variants = fields
    .flatMap((field) => field.labels)
    .flatMap((label) => [label, label.toUpperCase(), label[0]!.toUpperCase() + label.slice(1)])
    .sort((a, b) => b.length - a.length);
  const unique = [...new Set(variants)];
  const alternatives = (labels: string[]) => labels.map(escape).join("|");
  const long = unique.filter((label) => label.length > 1);
  const short = unique.filter((label) => label.length === 1);
  // Lookbehind: start, whitespace or a placeholder for a non-text inline (U+FFFC); a one-letter label only at the
  // start of the text or of a line.
  const anywhere = `(?<=^|[\\s\\uFFFC])(${alternatives(long)})`;
  const lineStart = short.length > 0 ? `|(?<=^[ \\t]*|\\n[ \\t]*)(${alternatives(short)})` : "";
  return new RegExp(`(?:${anywhere}${lineStart})[ \\t]*:`, "g");
}

const patterns = new WeakMap<readonly FieldLabel[], RegExp>();

function keyOf(fields: readonly FieldLabel[], label: string): string {
  const lower = label.toLowerCase();
  return fields.find((field) => field.labels.some((l) => l.toLowerCase() === lower))!.key;
}

/**
 * The fields a text is made of, or `null` when it does not start with a label (after leading
 * whitespace). A text that is only field lines ("To: A From: B Date: C") gives one match each.
 */
export function splitFields(text: string, fields: readonly FieldLabel[]): FieldMatch[] | null {
  let pattern = patterns.get(fields);
  if (!pattern) {
    pattern = labelPattern(fields);
    patterns.set(fields, pattern);
  }
  const found = [...text.matchAll(pattern)];
  const first = found[0];
  if (!first || text.slice(0, first.index).trim() !== "") return null;
  return found.map((match, i) => ({
    key: keyOf(fields, (match[1] ?? match[2])!),
    label: (match[1] ?? match[2])!,
    labelStart: match.index!,
    valueStart: match.index! + match[0].length,
    valueEnd: found[i + 1]?.index ?? text.length,
  }));
}

/**
 * The words that name a memo: "MEMORANDUM", "Memo", "Memorándum", "Nota interna", "Note interne", "Promemoria",
 * "Aktennotiz", "Interne memo"… (a pattern's source, to be anchored by its user). A bare "Note" is left out: it heads
 * English remarks as often as French memos.
 */
export const memoWords =
  String.raw`(?:internal\s+)?(?:memorandum|memo|memor[aáà]ndum|m[eé]morandum|memorando|m[eé]mo|nota\s+interna|note\s+interne|note\s+de\s+service|promemoria|aktennotiz|aktenvermerk|hausmitteilung|interne\s+mitteilung|interne\s+memo)`;

/** A memo word standing alone (a title or first line). */
export const memoLabel = new RegExp(String.raw`^\s*${memoWords}\s*[.:]?\s*$`, "i");

/** Words that open a letter, in any language; what follows them up to a comma or colon is the addressee. */
const salutationWords = [
  // English
  String.raw`dear|my\s+dear|to\s+whom\s+it\s+may\s+concern`,
  // Spanish
  String.raw`estimad[oa]s?|querid[oa]s?|distinguid[oa]s?|apreciad[oa]s?|muy\s+se[ñn]or(?:es)?(?:\s+m[ií]os?)?|muy\s+se[ñn]ora?(?:\s+m[ií]a)?|se[ñn]or(?:es|a|as)?`,
  // German
  String.raw`sehr\s+geehrte[rns]?|liebe[rs]?`,
  // Italian
  String.raw`gentil(?:e|i|issim[oaie])|egregi[oae]?|spett(?:abile|\.le)|illustr(?:e|issim[oa])|car[oaie]`,
  // Portuguese
  String.raw`ex\.?m[oa]s?\.?(?:\s+senhor(?:es|as?)?)?|prezad[oa]s?|car[oa]s|senhor(?:es|as?)?|ilustr[ií]ssim[oa]s?`,
  // Dutch
  String.raw`geachte|beste`,
  // Catalan
  String.raw`benvolgu(?:t|da|ts|des)|estimat(?:s|da|des)?|distingi(?:t|da|ts|des)|senyor(?:s|a|es)?`,
].join("|");
const salutationOpening = new RegExp(String.raw`^\s*(?:${salutationWords})(?![\p{L}])[^\n]{0,80}?[,:]`, "iu");

/**
 * French openings are also the words a sentence about someone starts with ("Monsieur Dupont a indiqué, …"): they
 * count when what follows their comma is the end of the line or a capital ("Madame, Monsieur,", "Cher Maître,⏎Nous").
 */
const frenchOpening = /^\s*(?:madame|monsieur|mesdames|messieurs|mademoiselle|ma[iî]tre|ch[eè]re?s?)(?![\p{L}])[^\n]{0,80}?,/iu;

/**
 * A letter's opening: "Dear Ms Smith,", "Estimada Sra. López:", "Sehr geehrte Damen und Herren,", "Madame,
 * Monsieur,", "Gentile dott.ssa Rossi,", "Exmos. Senhores,", "Geachte heer Jansen,", "Benvolguda senyora,". E-mail
 * greetings ("Hi all,", "Hola a todos,", "Hallo zusammen,", "Bonjour à tous,") are left out on purpose: they do not
 * make a letter.
 */
export function isSalutation(text: string): boolean {
  if (salutationOpening.test(text)) return true;
  const french = frenchOpening.exec(text);
  return french !== null && /^[ \t]*(?:$|\n|\p{Lu})/u.test(text.slice(french.index + french[0].length));
}

const closingWords = [
  // English
  String.raw`yours\s+(?:sincerely|faithfully|truly)|sincerely(?:\s+yours)?|kind(?:est)?\s+regards|best\s+regards|warm\s+regards|best\s+wishes|regards|respectfully(?:\s+yours)?|cordially`,
  // Spanish
  String.raw`atentamente|cordialmente|muy\s+atentamente|un\s+(?:cordial\s+)?saludo|saludos(?:\s+cordiales)?|reciba\s+un\s+(?:cordial\s+)?saludo|le\s+saluda\s+atentamente|sin\s+otro\s+particular[^,.]*`,
  // German
  String.raw`mit\s+freundlichen\s+gr[üu](?:ß|ss)en|mit\s+freundlichem\s+gru(?:ß|ss)|(?:freundliche|beste|viele|herzliche)\s+gr[üu](?:ß|ss)e|hochachtungsvoll`,
  // French: the whole formula, to its full stop ("Je vous prie d'agréer, Madame, l'expression de …").
  String.raw`(?:je|nous)\s+vous\s+pri(?:e|ons)\s+(?:d['’]agr[ée]er|de\s+(?:croire|recevoir))[^.\n]*|veuillez\s+(?:agr[ée]er|recevoir|croire)[^.\n]*|dans\s+l['’]attente[^.\n]*|(?:bien\s+)?cordialement|bien\s+[àa]\s+vous|(?:avec\s+)?(?:mes|nos)\s+(?:sinc[èe]res\s+|meilleures\s+)?salutations(?:\s+distingu[ée]es)?|sinc[èe]res\s+salutations|salutations\s+distingu[ée]es|respectueusement`,
  // Italian
  String.raw`distinti\s+saluti|cordiali\s+saluti|(?:con\s+i\s+)?migliori\s+saluti|(?:un\s+)?cordiale\s+saluto|(?:porgo|porgiamo|invio|inviamo)\s+(?:i\s+(?:miei|nostri)\s+)?(?:distinti|cordiali|migliori)\s+saluti|saluti(?:\s+cordiali)?|con\s+osservanza|in\s+attesa\s+di[^.\n]*`,
  // Portuguese
  String.raw`com\s+os\s+(?:melhores|meus|nossos)\s+(?:melhores\s+)?cumprimentos|(?:melhores\s+)?cumprimentos|atenciosamente|respeitosamente|sauda[çc][õo]es\s+cordiais`,
  // Dutch
  String.raw`met\s+vriendelijke\s+groet(?:en)?|vriendelijke\s+groet(?:en)?|met\s+(?:hartelijke|beste)\s+groet(?:en)?|hoogachtend|met\s+de\s+meeste\s+hoogachting`,
  // Catalan
  String.raw`atentament|(?:ben\s+)?cordialment|salutacions(?:\s+cordials)?|(?:una\s+)?salutaci[óo]\s+cordial|(?:rebeu\s+una\s+)?cordial\s+salutaci[óo]`,
].join("|");

/**
 * A letter's closing formula at the start of a text ("Kind regards,", "Mit freundlichen Grüßen", "Je vous prie
 * d'agréer …", "Distinti saluti", "Com os melhores cumprimentos", "Met vriendelijke groet", "Atentament"), with its
 * comma or full stop; what follows it (a name, when the Markdown put the signature on the next line) is not taken.
 */
export const closing = new RegExp(String.raw`^\s*(?:${closingWords})(?![\p{L}])[ \t]*[,.]?`, "iu");
