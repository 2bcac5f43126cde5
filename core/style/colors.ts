/**
 * Colour words the style reader knows, in English and Spanish (folded: lower case, no accents),
 * and the `#RRGGBB` each stands for. The values are print-safe, mid-dark shades rather than pure
 * RGB primaries, so "red headings" reads as a document colour, not a warning.
 */

/** Folded names (with Spanish gender/number endings) → `#RRGGBB`. Longest names are tried first. */
export const colourNames: Array<[string, string]> = [
  ["navy blue|azul marino|dark blue|azul oscur[oa]s?|navy", "#1F3864"],
  ["light blue|sky blue|azul clar[oa]s?|celestes?", "#5B9BD5"],
  ["dark gr[ae]y|gris oscur[oa]s?", "#404040"],
  ["light gr[ae]y|gris clar[oa]s?", "#A6A6A6"],
  ["dark green|verde oscur[oa]s?", "#1B5E20"],
  ["dark red|burgundy|maroon|granates?|burdeos", "#7B1E1E"],
  ["black|negr[oa]s?", "#000000"],
  ["white|blanc[oa]s?", "#FFFFFF"],
  ["gr[ae]y|gris(es)?", "#808080"],
  ["red|roj[oa]s?", "#C00000"],
  ["orange|naranjas?", "#E36C09"],
  ["yellow|amarill[oa]s?", "#FFC000"],
  ["gold|dorad[oa]s?", "#BF9000"],
  ["green|verdes?", "#2E7D32"],
  ["teal|turquesas?", "#00807F"],
  ["blue|azul(es)?", "#1F4E9A"],
  ["purple|morad[oa]s?|purpuras?", "#7030A0"],
  ["violet|violetas?", "#8E44AD"],
  ["pink|rosas?|rosad[oa]s?", "#D81B60"],
  ["brown|marron(es)?|cafe", "#795548"],
];

export const colourPattern = new RegExp(`#([0-9a-f]{6}|[0-9a-f]{3})\\b|\\b(${colourNames.map(([n]) => n).join("|")})\\b`);

export function colourValue(match: RegExpExecArray): string {
  if (match[1]) {
    const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join("") : match[1];
    return `#${hex.toUpperCase()}`;
  }
  const name = match[2]!;
  for (const [names, hex] of colourNames) if (new RegExp(`^(${names})$`).test(name)) return hex;
  return "#000000";
}
