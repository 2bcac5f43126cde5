/**
 * Colour words the style reader knows, in English, Spanish, German, French, Italian, Portuguese, Dutch and Catalan
 * (folded: lower case, no accents, ß as s), and the `#RRGGBB` each stands for. The values are print-safe, mid-dark
 * shades rather than pure RGB primaries, so "red headings" reads as a document colour, not a warning.
 */

/**
 * Folded names (with gender, number and German/Dutch inflection endings) → `#RRGGBB`. Rows with two-word names come
 * first, so "bleu marine" is navy before "bleu" is blue.
 */
export const colourNames: Array<[string, string]> = [
  [
    "navy blue|azul marino|dark blue|azul oscur[oa]s?|navy|dunkelblaue?[nrs]?|marineblaue?[nrs]?|bleue?s? (?:marine|fonce(?:e|s|es)?)|blu (?:scuro|navy|marino)|azul (?:marinho|escuro)|donkerblauwe?|marineblauwe?|blau (?:mari|fosc)",
    "#1F3864",
  ],
  ["light blue|sky blue|azul clar[oa]s?|celestes?|hellblaue?[nrs]?|bleue?s? clair(?:e|s|es)?|azzurr[oaie]|blu chiaro|azul claro|lichtblauwe?|blau clar", "#5B9BD5"],
  ["dark gr[ae]y|gris oscur[oa]s?|dunkelgraue?[nrs]?|gris fonce|grigio scuro|cinza escuro|donkergrij(?:s|ze)|gris fosc", "#404040"],
  ["light gr[ae]y|gris clar[oa]s?|hellgraue?[nrs]?|gris clair|grigio chiaro|cinza claro|lichtgrij(?:s|ze)|gris clar", "#A6A6A6"],
  ["dark green|verde oscur[oa]s?|dunkelgrune?[nrs]?|vert fonce|verde scuro|verde escuro|donkergroene?|verd fosc", "#1B5E20"],
  ["dark red|burgundy|maroon|granates?|burdeos|dunkelrote?[nrs]?|bordeaux(?:rot)?|bordo|bordeauxrood|grana", "#7B1E1E"],
  ["black|negr[oa]s?|schwarze?[nrs]?|noire?s?|ner[oaie]|pret[oa]s?|zwarte?|negr(?:e|es)", "#000000"],
  ["white|blanc[oa]s?|weise?[nrs]?|blanche?s?|bianc[oa]|bianch[ie]|branc[oa]s?|witte?|blanc(?:s|ques)?", "#FFFFFF"],
  ["gr[ae]y|gris(?:es)?|graue?[nrs]?|grise?s?|grigi[oae]?|cinzas?|grijs|grijze|gris(?:a|os)", "#808080"],
  ["red|roj[oa]s?|rote?[nrs]?|rouges?|ross[oaie]|vermelh[oa]s?|rood|rode|vermell(?:a|s|es)?", "#C00000"],
  ["orange|naranjas?|oranges?|arancion[ei]|laranjas?|oranje|taronges?|taronja", "#E36C09"],
  ["yellow|amarill[oa]s?|gelbe?[nrs]?|jaunes?|giall[oaie]|amarel[oa]s?|geel|gele|groc|groga", "#FFC000"],
  ["gold|dorad[oa]s?|goldene?[nrs]?|doree?s?|oro|dourad[oa]s?|goud|gouden|daurad[oa]s?|daurat", "#BF9000"],
  ["green|verdes?|grune?[nrs]?|verte?s?|verdi|groene?|verd(?:a|s|es)?", "#2E7D32"],
  ["teal|turquesas?|turkis|petrol|turquoise|turchese|verde-azulado|turkoois", "#00807F"],
  ["blue|azul(?:es)?|blaue?[nrs]?|bleue?s?|blu|blauwe?|blau(?:s|a|es)?|blava|blaves", "#1F4E9A"],
  ["purple|morad[oa]s?|purpuras?|lila|pourpre|porpora|roxo|roxa|paarse?|morat|morada", "#7030A0"],
  ["violet|violetas?|violette?s?|viola|violeta", "#8E44AD"],
  ["pink|rosas?|rosad[oa]s?|rosa|roses?|roze", "#D81B60"],
  ["brown|marron(?:es)?|cafe|braune?[nrs]?|marrons?|marrone|marrom|bruine?|marro", "#795548"],
];

export const hexPattern = /#([0-9a-f]{6}|[0-9a-f]{3})\b/;
export const colourNamePattern = new RegExp(`\\b(${colourNames.map(([n]) => n).join("|")})\\b`);

/** `#1f4e79` → `#1F4E79`, `#abc` → `#AABBCC`: the caller's code, only spelled the spec's way. */
export function hexValue(digits: string): string {
  const hex = digits.length === 3 ? [...digits].map((c) => c + c).join("") : digits;
  return `#${hex.toUpperCase()}`;
}

export function namedValue(name: string): string {
  for (const [names, hex] of colourNames) if (new RegExp(`^(?:${names})$`).test(name)) return hex;
  return "#000000";
}
