/**
 * The cues of core/doctype/cues.ts in the eight languages: memo and minutes header lines read to their fields, the
 * language of a header's labels, letter openings and closings; and the short labels that are common words ("A",
 * "De", "Da", "Van") taken only where a label stands.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { closing, isSalutation, labelsLanguage, memoFields, memoLabel, minutesFields, splitFields } from "../../../core/doctype/cues.ts";
import type { Language } from "../../../core/doctype/language.ts";

const keys = (text: string, fields = memoFields) => splitFields(text, fields)?.map((m) => `${m.key}=${text.slice(m.valueStart, m.valueEnd).trim()}`) ?? null;

describe("memo header lines", () => {
  const cases: Array<{ given: string; want: string[] | null }> = [
    { given: "To: Board\nFrom: Legal\nDate: 3 March 2025\nSubject: Lease", want: ["to=Board", "from=Legal", "date=3 March 2025", "subject=Lease"] },
    { given: "Para: Dirección\nDe: Jurídico\nFecha: 3 de marzo\nAsunto: Arrendamiento", want: ["to=Dirección", "from=Jurídico", "date=3 de marzo", "subject=Arrendamiento"] },
    { given: "An: Geschäftsführung\nVon: Rechtsabteilung\nDatum: 3. März 2025\nBetreff: Mietvertrag", want: ["to=Geschäftsführung", "from=Rechtsabteilung", "date=3. März 2025", "subject=Mietvertrag"] },
    { given: "À : Direction\nDe : Juridique\nDate : 3 mars 2025\nObjet : Bail", want: ["to=Direction", "from=Juridique", "date=3 mars 2025", "subject=Bail"] },
    { given: "A: Direzione\nDa: Ufficio legale\nData: 3 marzo 2025\nOggetto: Locazione", want: ["to=Direzione", "from=Ufficio legale", "date=3 marzo 2025", "subject=Locazione"] },
    { given: "Para: Administração\nDe: Jurídico\nData: 3 de março de 2025\nAssunto: Arrendamento", want: ["to=Administração", "from=Jurídico", "date=3 de março de 2025", "subject=Arrendamento"] },
    { given: "Aan: Directie\nVan: Juridische zaken\nDatum: 3 maart 2025\nOnderwerp: Huur", want: ["to=Directie", "from=Juridische zaken", "date=3 maart 2025", "subject=Huur"] },
    { given: "A: Direcció\nDe: Assessoria\nData: 3 de març de 2025\nAssumpte: Arrendament", want: ["to=Direcció", "from=Assessoria", "date=3 de març de 2025", "subject=Arrendament"] },
    // Soft-wrapped lines joined by spaces: labels of two letters and more are still found after a space…
    { given: "Aan: Directie Van: Juridische zaken", want: ["to=Directie", "from=Juridische zaken"] },
    // …a one-letter label only at a line's start: "Piano A: costi" is one subject.
    { given: "Oggetto: Piano A: costi", want: ["subject=Piano A: costi"] },
    { given: "Da: Laura A: Mario", want: ["from=Laura A: Mario"] },
    // Lower case or without a colon, the words are prose.
    { given: "De acuerdo con lo previsto", want: null },
    { given: "van de dertig projecten: vijf", want: null },
    { given: "Van de dertig projecten zijn er vijf", want: null },
  ];
  for (const { given, want } of cases) it(JSON.stringify(given), () => assert.deepEqual(keys(given), want));
});

describe("minutes header lines", () => {
  const cases: Array<{ given: string; want: string[] }> = [
    { given: "Datum: 3. März 2025\nUhrzeit: 10:00\nOrt: Duisburg\nVorsitz: A. Weber\nProtokoll: B. Schmidt\nAnwesend: A. Weber, B. Schmidt\nEntschuldigt: D. Novak\nGäste: E. Fischer", want: ["date", "time", "location", "chair", "secretary", "attendees", "apologies", "guests"] },
    { given: "Date : 3 mars 2025\nHeure : 10 h\nLieu : Lyon\nPrésidence : Mme Dubois\nSecrétaire de séance : M. Morel\nPrésents : Mme Dubois, M. Morel\nExcusés : Mme Lefèvre\nInvités : M. Garnier", want: ["date", "time", "location", "chair", "secretary", "attendees", "apologies", "guests"] },
    { given: "Data: 3 marzo 2025\nOra: 10:00\nLuogo: Bologna\nPresiede: M. Bianchi\nSegretario: L. Rossi\nPresenti: M. Bianchi, L. Rossi\nAssenti giustificati: P. Neri\nInvitati: G. Verdi", want: ["date", "time", "location", "chair", "secretary", "attendees", "apologies", "guests"] },
    { given: "Data: 3 de março de 2025\nHora: 10h00\nLocal: Lisboa\nPresidente: A. Costa\nSecretária: M. Santos\nPresentes: A. Costa, M. Santos\nAusentes: R. Pereira\nConvidados: J. Silva", want: ["date", "time", "location", "chair", "secretary", "attendees", "apologies", "guests"] },
    { given: "Datum: 3 maart 2025\nTijd: 10.00 uur\nLocatie: Amsterdam\nVoorzitter: P. de Vries\nNotulist: K. Bakker\nAanwezig: P. de Vries, K. Bakker\nAfwezig met kennisgeving: L. Visser\nGasten: J. Jansen", want: ["date", "time", "location", "chair", "secretary", "attendees", "apologies", "guests"] },
    { given: "Data: 3 de març de 2025\nHora: 10.00 h\nLloc: Barcelona\nPresideix: M. Vila\nSecretària: N. Ferrer\nAssistents: M. Vila, N. Ferrer\nExcusen: R. Soler\nConvidats: J. Puig", want: ["date", "time", "location", "chair", "secretary", "attendees", "apologies", "guests"] },
  ];
  for (const { given, want } of cases) it(given.split("\n")[0]!, () => assert.deepEqual(splitFields(given, minutesFields)?.map((m) => m.key), want));
});

describe("the language of a header's labels", () => {
  const cases: Array<{ labels: string[]; fallback: Language; want: Language }> = [
    { labels: ["To", "From", "Subject"], fallback: "es", want: "en" },
    { labels: ["Para", "De", "Fecha"], fallback: "en", want: "es" },
    { labels: ["Para", "De", "Data"], fallback: "en", want: "pt" },
    { labels: ["A", "Da", "Cc", "Oggetto"], fallback: "en", want: "it" },
    { labels: ["A", "De", "Data"], fallback: "ca", want: "ca" },
    { labels: ["À", "De", "Objet"], fallback: "en", want: "fr" },
    { labels: ["AN", "VON"], fallback: "en", want: "de" },
    { labels: ["Aan", "Van"], fallback: "en", want: "nl" },
    // Labels every language writes leave the document's language.
    { labels: ["CC"], fallback: "fr", want: "fr" },
    { labels: [], fallback: "de", want: "de" },
  ];
  for (const { labels, fallback, want } of cases) it(`${labels.join("/") || "none"} → ${want}`, () => assert.equal(labelsLanguage(memoFields, labels, fallback), want));
});

describe("letter openings, closings and memo words", () => {
  const openings: Array<[string, boolean]> = [
    ["Dear Ms Smith,", true],
    ["Estimada Sra. López:", true],
    ["Sehr geehrte Damen und Herren,", true],
    ["Sehr geehrter Herr Dr. Weber,", true],
    ["Madame, Monsieur,", true],
    ["Madame,", true],
    ["Cher Maître,", true],
    ["Gentile dott.ssa Rossi,", true],
    ["Egregio Avvocato,", true],
    ["Egregi Signori,", true],
    ["Gentili clienti,", true],
    ["Exmos. Senhores,", true],
    ["Prezado Senhor,", true],
    ["Geachte heer Jansen,", true],
    ["Benvolguda senyora Vila,", true],
    // Prose and e-mail greetings are not openings.
    ["Monsieur Dupont a indiqué, lors de l'entretien, que les délais seraient tenus.", false],
    ["Hallo zusammen,", false],
    ["Bonjour à tous,", false],
    ["Hi all,", false],
  ];
  for (const [text, want] of openings) it(`${want ? "opening" : "not an opening"}: ${text}`, () => assert.equal(isSalutation(text), want));

  const closings: Array<[string, string | undefined]> = [
    ["Kind regards,\nJohn Smith", "Kind regards,"],
    ["Mit freundlichen Grüßen\nAnna Weber", "Mit freundlichen Grüßen"],
    ["Je vous prie d'agréer, Madame, Monsieur, l'expression de mes salutations distinguées.\nJean Morel", "Je vous prie d'agréer, Madame, Monsieur, l'expression de mes salutations distinguées."],
    ["Veuillez agréer, Madame, l'expression de nos salutations distinguées.", "Veuillez agréer, Madame, l'expression de nos salutations distinguées."],
    ["Cordialement,", "Cordialement,"],
    ["Distinti saluti", "Distinti saluti"],
    ["Cordiali saluti,", "Cordiali saluti,"],
    ["Com os melhores cumprimentos,", "Com os melhores cumprimentos,"],
    ["Met vriendelijke groet,", "Met vriendelijke groet,"],
    ["Atentament,", "Atentament,"],
    ["Regardless of the outcome", undefined],
    ["Salutiamo con favore la decisione.", undefined],
  ];
  for (const [text, want] of closings) it(`closing ${JSON.stringify(want)} in ${JSON.stringify(text.slice(0, 30))}`, () => assert.equal(closing.exec(text)?.[0], want));

  for (const [text, want] of [["MEMORANDUM", true], ["Note interne", true], ["PROMEMORIA", true], ["Aktennotiz", true], ["Memoràndum", true], ["Note", false]] as const) {
    it(`${text} ${want ? "is" : "is not"} a memo word`, () => assert.equal(memoLabel.test(text), want));
  }
});
