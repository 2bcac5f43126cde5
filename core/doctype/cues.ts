/**
 * The words that mark a kind of document, in English and Spanish, shared by the type detector
 * (`detect.ts`) and the renderers that lay those documents out (a memo's To/From table, a
 * minutes' meeting header, a letter's salutation). One list, so what the detector counts as a
 * memo header is exactly what the Word renderer turns into one.
 *
 * Field lines ("To: …", "Para: …") are found in plain text where the Markdown reader has already
 * joined soft line breaks with spaces (core/markdown/inlines.ts), so a label is recognised at the
 * start of the text, after a line break, or after a space; labels must be capitalised or upper
 * case, which keeps "sent to: …" in a sentence from counting.
 */

/** A header field and the labels that introduce it, longest first where one starts another. */
export interface FieldLabel {
  key: string;
  labels: readonly string[];
}

export const memoFields: readonly FieldLabel[] = [
  { key: "to", labels: ["To", "Para", "Destinatario", "Destinatarios"] },
  { key: "from", labels: ["From", "De", "Remitente"] },
  { key: "cc", labels: ["CC", "Cc", "Copia", "Con copia a"] },
  { key: "date", labels: ["Date", "Fecha"] },
  { key: "subject", labels: ["Subject", "Re", "Asunto", "Referencia", "Ref"] },
];

export const minutesFields: readonly FieldLabel[] = [
  { key: "date", labels: ["Date", "Fecha"] },
  { key: "time", labels: ["Time", "Hora"] },
  { key: "location", labels: ["Location", "Venue", "Place", "Lugar", "Sede"] },
  { key: "chair", labels: ["Chaired by", "Chairperson", "Chair", "Preside", "Presidente", "Presidenta"] },
  {
    key: "attendees",
    labels: ["In attendance", "Attendees", "Attendance", "Present", "Participants", "Asistentes", "Asisten", "Participantes", "Presentes"],
  },
  { key: "apologies", labels: ["Apologies", "Absent", "Ausentes", "Excusan asistencia", "Excusan"] },
  {
    key: "secretary",
    labels: ["Minutes taken by", "Minute taker", "Minute-taker", "Minutes", "Note taker", "Note-taker", "Recorder", "Secretary", "Secretario de actas", "Secretaria de actas", "Secretario", "Secretaria", "Levanta acta", "Redacta el acta"],
  },
  { key: "guests", labels: ["Guests", "Also present", "In attendance by invitation", "Invitados", "Invitadas"] },
];

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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function labelPattern(fields: readonly FieldLabel[]): RegExp {
  const variants = fields
    .flatMap((field) => field.labels)
    .flatMap((label) => [label, label.toUpperCase(), label[0]!.toUpperCase() + label.slice(1)])
    .sort((a, b) => b.length - a.length);
  const alternatives = [...new Set(variants)].map(escape).join("|");
  // Lookbehind: start, whitespace or a placeholder for a non-text inline (U+FFFC).
  return new RegExp(`(?<=^|[\\s\\uFFFC])(${alternatives})[ \\t]*:`, "g");
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
    key: keyOf(fields, match[1]!),
    label: match[1]!,
    labelStart: match.index!,
    valueStart: match.index! + match[0].length,
    valueEnd: found[i + 1]?.index ?? text.length,
  }));
}

/** "MEMORANDUM", "Memo", "Memorándum", "Nota interna" standing alone (a title or first line). */
export const memoLabel = /^\s*(internal\s+)?(memorandum|memo|memor[aá]ndum|memorando|nota\s+interna)\s*[.:]?\s*$/i;

/**
 * A letter's opening: "Dear Ms Smith,", "Estimada Sra. López:", "To whom it may concern:". E-mail
 * greetings ("Hi all,", "Hola a todos,") are left out on purpose: they do not make a letter.
 */
export const salutation =
  /^\s*(dear|my dear|to whom it may concern|estimad[oa]s?|querid[oa]s?|distinguid[oa]s?|apreciad[oa]s?|muy\s+se[ñn]or(?:es)?(?:\s+m[ií]os?)?|muy\s+se[ñn]ora?(?:\s+m[ií]a)?|se[ñn]or(?:es|a|as)?)\b[^\n]{0,80}?[,:]/i;

/**
 * A letter's closing formula at the start of a text, with what follows it (a name when the
 * Markdown put the signature on the next line of the same paragraph).
 */
export const closing =
  /^\s*(yours\s+(sincerely|faithfully|truly)|sincerely(\s+yours)?|kind(est)?\s+regards|best\s+regards|warm\s+regards|best\s+wishes|regards|respectfully(\s+yours)?|cordially|atentamente|cordialmente|muy\s+atentamente|un\s+(cordial\s+)?saludo|saludos(\s+cordiales)?|reciba\s+un\s+(cordial\s+)?saludo|le\s+saluda\s+atentamente|sin\s+otro\s+particular[^,.]*)\s*[,.]?/i;
