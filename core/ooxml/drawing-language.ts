/**
 * The language of DrawingML text (decks, charts): `lang` on its run properties (`a:rPr`, `a:endParaRPr`,
 * `a:defRPr`), which PowerPoint's spelling checker and a screen reader follow. pptxgenjs and our own parts write
 * `en-US`; a document in another language says its own (core/doctype/language-tag.ts).
 */
const enUS = /(<a:(?:rPr|endParaRPr|defRPr)\b[^>]*?\s)lang="en-US"/g;

export const withLanguage = (xml: string, tag: string): string => (tag === "en-US" ? xml : xml.replace(enUS, `$1lang="${tag}"`));
