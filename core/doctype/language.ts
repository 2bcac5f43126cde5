/**
 * The language a text is written in, among those Quire writes for (English, Spanish, Catalan, Portuguese, Italian,
 * French, German, Dutch): it chooses the words a renderer adds itself ("Contents" or "Índice"), the quotes and spacing
 * of typography.ts, and the language tag of the files (language-tag.ts). Deterministic.
 *
 * franc (trigram profiles, restricted to these eight) tells a paragraph's language reliably; franc reads at most
 * 2,048 characters, so prose (paragraphs and items of some length) is read first, before headings and table rows,
 * whose names and numbers say little. Where franc is not sure (a deck's short bullets, a workbook's labels: its
 * runner-up within 5 % of its choice) or the text is too short for it (under about 30 letters), the text's function
 * words decide when it has any; ties and texts with no such word count as English.
 */
import { francAll } from "franc";

export type Language = "en" | "es" | "ca" | "pt" | "it" | "fr" | "de" | "nl";

const iso3: Record<string, Language> = { eng: "en", spa: "es", cat: "ca", por: "pt", ita: "it", fra: "fr", deu: "de", nld: "nl" };
const only = Object.keys(iso3);

/** Words frequent in one language's short texts, headings and table labels (and rare as words of the others'). */
const words: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    "the and of to is in for with that on this be are will we our your dear from report summary introduction contract agreement meeting minutes price scope appendix results text sales revenue units quantity amount cost costs month year balance budget forecast margin profit".split(" "),
  ),
  es: new Set(
    "el la los las de del que y en por para con una un es se al su sus estimado estimada informe resumen introducción contrato acuerdo reunión acta precio objeto anexo resultados texto cláusula ventas ingresos unidades cantidad importe coste costes mes año presupuesto previsión margen beneficio".split(" "),
  ),
  ca: new Set("els les i amb per una és al seu seva dels informe resum contracte acord reunió preu annex resultats benvolgut benvolguda vendes ingressos unitats quantitat import costos any pressupost previsió benefici".split(" ")),
  pt: new Set("o os as e em um uma com não do da dos das ao relatório resumo contrato acordo reunião preço anexo resultados prezado prezada vendas receita unidades quantidade montante custo custos mês orçamento previsão margem lucro".split(" ")),
  it: new Set("il lo gli le e di del della che in per con una un è relazione sintesi contratto accordo riunione prezzo allegato risultati gentile vendite ricavi unità quantità importo costo costi mese anno previsione margine utile".split(" ")),
  fr: new Set("le la les et de du des que en pour avec une un est au aux rapport résumé contrat accord réunion prix annexe résultats madame monsieur ventes chiffre unités quantité montant coût coûts mois année prévision bénéfice".split(" ")),
  de: new Set("der die das und in für mit von zu ist ein eine den dem des bericht zusammenfassung vertrag vereinbarung sitzung preis anhang ergebnisse sehr geehrte umsatz einheiten menge betrag monat jahr prognose gewinn".split(" ")),
  nl: new Set("de het een en van in voor met op is dat zijn verslag samenvatting overeenkomst vergadering prijs bijlage resultaten geachte verkoop omzet eenheden aantal bedrag maand jaar begroting winst".split(" ")),
};

/** The language of a text (absent or undecided: English). */
export function guessLanguage(text: string): Language {
  // Labels without a sentence among them (a workbook's headers, "Sales plan 2026 / Region / Units / Price") mislead the
  // trigrams (French, for that one); their words say more.
  const sentence = text.split("\n").some((line) => (line.match(/\p{L}+/gu)?.length ?? 0) >= 6);
  const told = sentence ? undefined : byWords(text);
  if (told) return told;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const scores = letters >= 30 ? francAll(text, { only, minLength: 10 }) : [];
  const [first, second] = scores;
  const found = first ? iso3[first[0]] : undefined;
  if (found && (second === undefined || second[1] < 0.95)) return found;
  return byWords(text) ?? "en";
}

function byWords(text: string): Language | undefined {
  const score = new Map<Language, number>();
  const add = (language: Language, n: number) => score.set(language, (score.get(language) ?? 0) + n);
  for (const word of text.match(/\p{L}+/gu) ?? []) {
    const lower = word.toLowerCase();
    for (const [language, set] of Object.entries(words) as Array<[Language, ReadonlySet<string>]>) if (set.has(lower)) add(language, 1);
    // An accented lower-case word (también, información) hints at Spanish in a short text; a capitalised one is as
    // likely a name (Málaga, José) in an English text, so it says nothing. Letters only one language uses say more.
    if (word !== lower) continue;
    if (/[ñ]/.test(word) || /ción$|sión$/.test(word)) add("es", 1);
    else if (/[ãõ]|ção$/.test(word)) add("pt", 1);
    else if (/[äöüß]/.test(word)) add("de", 1);
    else if (/[èà]$|ò|ì/.test(word)) add("it", 0.5);
    else if (/[êâîôûëïç]|[éè]$/.test(word)) add("fr", 0.5);
    else if (/l·l/.test(word)) add("ca", 1);
    else if (/[áéíóú]/.test(word)) add("es", 0.5);
  }
  if (/[¿¡]/.test(text)) add("es", (text.match(/[¿¡]/g)?.length ?? 0) * 0.5);
  let best: Language | undefined;
  for (const [language, n] of score) if (best === undefined || n > score.get(best)! || (n === score.get(best) && language === "en")) best = language;
  return best;
}

/**
 * How many of a text's words are among `language`'s frequent words ("the", "der", "le", "de"…): how much of it is
 * prose in that language rather than names and numbers. A caller that acts on the guess where a wrong one costs
 * more than a label (reading `1,000` as one or a thousand) asks for these words too.
 */
export function languageWords(text: string, language: Language): number {
  // A letter run touching a digit is a code or a cell reference ("E2" of "=E2+D3"), not the Italian "e".
  return (text.toLowerCase().match(/(?<![\p{L}\p{N}])\p{L}+(?![\p{L}\p{N}])/gu) ?? []).filter((word) => words[language].has(word)).length;
}

/** A document's text as the guess reads it: prose first, then the rest (titles, headings, table rows). */
export function sampleText(units: ReadonlyArray<{ text: string; kind: string }>): string {
  const prose = units.filter((u) => (u.kind === "paragraph" || u.kind === "item") && u.text.length >= 40);
  const rest = units.filter((u) => !prose.includes(u));
  return [...prose, ...rest].map((u) => u.text).join("\n");
}
