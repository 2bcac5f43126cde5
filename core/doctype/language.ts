/**
 * A rough language guess, English or Spanish, from function words: enough to choose the words a
 * renderer adds itself ("Contents" or "Índice", "Subject" or "Asunto"). Deterministic; ties and
 * texts with no function words at all count as English.
 */
export type Language = "en" | "es";

const english = new Set([
  "the", "and", "of", "to", "is", "in", "for", "with", "that", "on", "this", "be", "are", "will", "we", "our", "your", "dear", "from",
  // Words of document headings, for texts made of little else.
  "report", "summary", "introduction", "contract", "agreement", "meeting", "minutes", "price", "scope", "appendix", "results", "text",
]);
const spanish = new Set([
  "el", "la", "los", "las", "de", "del", "que", "y", "en", "por", "para", "con", "una", "un", "es", "se", "al", "su", "sus", "estimado", "estimada",
  "informe", "resumen", "introducción", "contrato", "acuerdo", "reunión", "acta", "precio", "objeto", "anexo", "resultados", "texto", "cláusula",
]);

export function guessLanguage(text: string): Language {
  let en = 0;
  let es = 0;
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (english.has(word)) en++;
    if (spanish.has(word)) es++;
  }
  // Accented letters and ñ/¿/¡ are strong Spanish hints in short texts.
  es += (text.match(/[ñ¿¡áéíóú]/gi)?.length ?? 0) * 0.5;
  return es > en ? "es" : "en";
}
