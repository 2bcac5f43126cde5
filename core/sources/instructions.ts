/**
 * Sources that try to instruct the AI (interface, checks: "Instructions inside sources"). Source text is material
 * to write from, never orders: a passage that addresses the model ("ignore the previous instructions", "you are now
 * …", "olvida las instrucciones anteriores", chat-template markers) is flagged `source.instructions` and the writer
 * is told to treat it as quoted data. Detected without a model, by patterns in English and Spanish; a model may
 * add to it later.
 */
export interface InstructionHit {
  readonly pattern: string;
  readonly excerpt: string;
}

const PATTERNS: Array<[string, RegExp]> = [
  ["ignore previous instructions", /\b(ignore|disregard|forget|override)\b[^.\n]{0,40}\b(previous|prior|above|earlier|all|any|your)\b[^.\n]{0,20}\b(instructions?|prompts?|rules|directions)\b/i],
  ["new instructions", /\b(new|updated|real|actual)\s+(instructions?|system\s+prompt)\s*[:\-]/i],
  ["role reassignment", /\byou\s+are\s+(now|no\s+longer)\b[^.\n]{0,60}|\bfrom\s+now\s+on,?\s+you\s+(will|must|are)\b/i],
  ["addresses the model", /\b(the|as\s+an?|dear)\s+(AI|language\s+model|LLM|assistant|chatbot)\b[^.\n]{0,30}\b(must|should|shall)\s+(now\s+)?(write|say|reply|respond|output|include|reveal|ignore)\b/i],
  ["system prompt", /\b(system\s+prompt|developer\s+message|jailbreak|prompt\s+injection)\b/i],
  ["chat template markers", /<\|(im_start|im_end|system|assistant|user)\|>|^\s*#{2,}\s*(instruction|system)\s*:?\s*$|^\s*(system|assistant)\s*:\s/im],
  ["do not tell the user", /\b(do\s+not|don't|never)\s+(tell|inform|mention\s+to)\s+the\s+user\b/i],
  ["ignora instrucciones", /\b(ignora|olvida|omite|descarta)\b[^.\n]{0,40}\b(instrucciones|indicaciones|reglas|[oó]rdenes)\b/i],
  ["nuevas instrucciones", /\bnuevas\s+(instrucciones|indicaciones)\s*[:\-]/i],
  ["reasigna el papel", /\b(ahora\s+eres|a\s+partir\s+de\s+ahora\s+(eres|debes|responder[aá]s))\b/i],
  ["se dirige al modelo", /\b(como\s+)?(IA|inteligencia\s+artificial|modelo\s+de\s+lenguaje|asistente)\b[^.\n]{0,30}\b(debes|deber[aá]s|tienes\s+que)\s+(escribir|decir|responder|incluir|revelar|ignorar)\b/i],
];

export const findInstructions = (text: string, limit = 5): InstructionHit[] => {
  const hits: InstructionHit[] = [];
  for (const [pattern, regex] of PATTERNS) {
    const m = regex.exec(text);
    if (!m) continue;
    const start = Math.max(0, m.index - 40);
    hits.push({ pattern, excerpt: text.slice(start, m.index + m[0].length + 40).replace(/\s+/g, " ").trim() });
    if (hits.length >= limit) break;
  }
  return hits;
};
