/**
 * A document's language as the files name it (BCP 47, `de-DE`, `en-GB`): Word's `w:lang`, a deck's and a chart's
 * `lang`, and through Word the PDF's `/Lang`, which a screen reader and a spelling checker follow. A language the
 * request names (a prompt's understanding) wins over the text's; the region comes from the text when the name has
 * none: British or American English from their spellings (colour, organisation, centre) and marks (a pound sign, GBP, plc, the law of England and Wales; USD, Inc., LLC), Brazilian or
 * European Portuguese likewise; the others take the country where a document in them is most often written for.
 */
import { textUnits } from "../ir/units.ts";
import type { IRDocument } from "../ir/types.ts";
import type { Language } from "./language.ts";
import { guessLanguage, sampleText } from "./language.ts";

const regions: Record<string, string> = { es: "ES", ca: "ES", fr: "FR", de: "DE", it: "IT", nl: "NL", pt: "PT", en: "US" };

const british =
  /\b(?:colour|favour|honour|labour|behaviour|neighbour|harbour|rumour|flavour|\w+isation|organis(?:e|es|ed|ing)|recognis(?:e|es|ed|ing)|realis(?:e|es|ed|ing)|prioritis(?:e|es|ed|ing)|analys(?:e|es|ed|ing)|centre|metre|litre|theatre|programme|catalogue|travelled|travelling|modelled|cancelled|licence|defence|offence|cheque|whilst|fulfil|enrol|judgement|aluminium|tyre|grey)s?\b/gi;
const american =
  /\b(?:color|favor|honor|labor|behavior|neighbor|harbor|rumor|flavor|\w+ization|organiz(?:e|es|ed|ing)|recogniz(?:e|es|ed|ing)|realiz(?:e|es|ed|ing)|prioritiz(?:e|es|ed|ing)|analyz(?:e|es|ed|ing)|center|liter|theater|catalog|traveled|traveling|modeled|canceled|defense|offense|fulfill|enroll|judgment|aluminum|tire|gray)s?\b/gi;
const brazilian = /\b(?:econômic\w*|gênero|ônibus|equipe|registro|usuários?|arquivos?|tela|você|vocês|fato|contato|time|planejamento)\b/gi;
const european = /\b(?:económic\w*|género|autocarro|equipa|registo|utilizador(?:es)?|ficheiros?|ecrã|facto|contacto|planeamento)\b/gi;

/** What only a British text names: its money, its companies and its law (a contract has few spellings to go by). */
const ukMarks = /£|\bGBP\b|\bplc\b|\bEngland and Wales\b|\bCompanies House\b|\bHMRC\b|\bpence\b/g;
const usMarks = /\bUSD\b|\bUS\$|\bInc\.|\bLLC\b|\bState of [A-Z][a-z]+|\bIRS\b/g;

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/** The region a text's spellings point to, for languages written differently in two countries. */
function regionOf(language: string, text: string): string | undefined {
  if (language === "en") return count(text, british) + 2 * count(text, ukMarks) > count(text, american) + count(text, usMarks) ? "GB" : "US";
  if (language === "pt") return count(text, brazilian) > count(text, european) ? "BR" : "PT";
  return regions[language];
}

/** The tag for `text`; `named` (`de`, `en-GB`, `pt-BR`) wins over the text's language, and its region over the text's. */
export function languageTag(text: string, named?: string): string {
  const given = /^([a-z]{2,3})(?:-([A-Za-z]{2}|\d{3}))?$/i.exec(named?.trim() ?? "");
  if (given?.[2]) return `${given[1]!.toLowerCase()}-${given[2].toUpperCase()}`;
  const language = given ? given[1]!.toLowerCase() : guessLanguage(text);
  const region = regionOf(language, text);
  return region ? `${language}-${region}` : language;
}

/** The document's tag: the one decided when it was prepared for print (core/compile/printed.ts), or its text's. */
export function languageOf(ir: IRDocument): string {
  return ir.language ?? languageTag(sampleText(textUnits(ir)));
}

const known: ReadonlySet<string> = new Set<Language>(["en", "es", "ca", "pt", "it", "fr", "de", "nl"]);

/** The language of a tag among those Quire writes for (`de-DE` → `de`, `pt-BR` → `pt`); any other, or none: English. */
export function primaryLanguage(tag: string | undefined): Language {
  const primary = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0]!;
  return known.has(primary) ? (primary as Language) : "en";
}
