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
  for (const word of text.match(/\p{L}+/gu) ?? []) {
    const lower = word.toLowerCase();
    if (english.has(lower)) en++;
    if (spanish.has(lower)) es++;
    // An accented lower-case word (también, información) is a strong Spanish hint in a short text; a capitalised one
    // is as likely a name (Málaga, Córdoba, José) in an English text, so it says nothing.
    else if (word === lower && /[ñáéíóú]/.test(word)) es += 0.5;
  }
  es += (text.match(/[¿¡]/g)?.length ?? 0) * 0.5;
  return es > en ? "es" : "en";
}
