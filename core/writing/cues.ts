/**
 * Words in a request that ask for what only the best level builds (interface, POST /documents rule 3: comments,
 * tracked changes, a template; rule 2: another file's design). The judge reads the request too, but a less sure judge
 * leaves a need unset, and a need it misses costs the caller what they asked for; so in create either the cue or the
 * judge is enough, and edit asks the same list. English and Spanish, plus German, French, Italian and Portuguese.
 *
 * A cue names the thing being asked for, not the word alone: "a report on customer comments" or "the template
 * of a purchase order" is a subject, "with comments in the margin" or "use our template" is a request.
 */

/** Accents dropped and lower case, so one pattern serves "comentários", "Änderungen" and "révisions". */
const plain = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

const TRACKED = new RegExp(
  [
    // English
    String.raw`tracked[\s-]+changes?`,
    // "track changes" is also a verb phrase ("how teams track changes"): only as the mode
    String.raw`(?:with|in|using|use|enable|turn\s+on|switch\s+on|show)\s+(?:the\s+)?track[\s-]+changes?`,
    String.raw`track[\s-]+changes?\s+(?:on|enabled|mode|turned\s+on)`,
    String.raw`(?:with|as|in|show|showing|mark(?:ed)?)\s+(?:the\s+)?revisions?`,
    String.raw`redlin(?:e|ed|ing)`,
    // Spanish
    String.raw`control\s+de\s+cambios`,
    String.raw`cambios\s+(?:controlados|marcados|rastreados)`,
    // German
    String.raw`anderungen\s+nachverfolg`,
    String.raw`nachverfolgte[nr]?\s+anderungen`,
    String.raw`anderungsverfolgung`,
    String.raw`(?:im\s+)?uberarbeitungsmodus`,
    // French
    String.raw`suivi\s+des\s+modifications`,
    String.raw`modifications\s+suivies`,
    String.raw`mode\s+revision`,
    // Italian
    String.raw`revisioni\s+(?:tracciate|visibili)`,
    String.raw`modifiche\s+(?:tracciate|revisionate|evidenziate)`,
    String.raw`(?:traccia|tracciamento\s+del)l?e?\s*modifiche`,
    // Portuguese
    String.raw`controlo?\s+de\s+alteracoes`,
    String.raw`alteracoes\s+(?:controladas|rastreadas|marcadas)`,
  ].join("|"),
);

const COMMENTS = new RegExp(
  [
    // English: "with comments", "add a comment", "comments in the margin", "margin notes", "comment on …"
    String.raw`\b(?:with|add|adds|adding|insert|inserting|leave|leaving|put|include|including|write|plus)\s+(?:\w+\s+){0,3}?comments?\b(?!\s+(?:from|by|of|made|received|about|left\s+by)\b)`,
    String.raw`\bcomments?\s+(?:in|on)\s+(?:the\s+)?margins?\b`,
    String.raw`\bmargin(?:al)?\s+(?:comments?|notes?)\b`,
    String.raw`\bcomment\s+(?:on|the|each|every)\b`,
    String.raw`\breview(?:er)?\s+comments?\b`,
    // Spanish
    String.raw`\b(?:con|anade|anadir|agrega|agregar|inserta|insertar|incluye|incluir|deja|dejar|pon|poner)\s+(?:\w+\s+){0,3}?comentarios?\b(?!\s+(?:de|del|sobre|recibidos)\b)`,
    String.raw`\bcomentarios?\s+(?:al|en\s+el)\s+margen\b`,
    String.raw`\bcomenta(?:r)?\s+(?:el|la|los|las|cada)\b`,
    // German
    String.raw`\b(?:mit|fuge|fugen|fugt|einfugen|hinzufugen)\s+(?:\w+\s+){0,3}?(?:kommentar(?:e|en)?|randbemerkung(?:en)?)\b(?!\s+(?:von|der|des|uber)\b)`,
    String.raw`\b(?:rand)?kommentare?\s+(?:am|an\s+den)\s+rand\b`,
    String.raw`\brandkommentar(?:e|en)?\b`,
    // French
    String.raw`\b(?:avec|ajoute[rz]?|ins[eé]re[rz]?|inclu(?:re|s|t)|laisse[rz]?|mets|mettre)\s+(?:\w+\s+){0,3}?commentaires?\b(?!\s+(?:de|des|du|sur|recus)\b)`,
    String.raw`\bcommentaires?\s+(?:en|dans\s+la)\s+marge\b`,
    String.raw`\bcommente[rz]?\s+(?:le|la|les|chaque)\b`,
    // Italian
    String.raw`\b(?:con|aggiungi|aggiungere|inserisci|inserire|includi|includere|lascia|lasciare|metti|mettere)\s+(?:\w+\s+){0,3}?commenti?\b(?!\s+(?:di|dei|degli|delle|da|dai|sul|sulla|ricevuti)\b)`,
    String.raw`\bcommenti?\s+(?:a|al|nel)\s+margine\b`,
    String.raw`\bcommenta(?:re)?\s+(?:il|lo|la|i|gli|le|ogni)\b`,
    // Portuguese
    String.raw`\b(?:com|adiciona|adicionar|acrescenta|acrescentar|insere|inserir|inclui|incluir|deixa|deixar|poe|por)\s+(?:\w+\s+){0,3}?comentarios?\b(?!\s+(?:de|dos|das|do|da|sobre|recebidos)\b)`,
    String.raw`\bcomentarios?\s+(?:na|a)\s+margem\b`,
  ].join("|"),
);

const TEMPLATE = new RegExp(
  [
    // English: "use our template", "based on the attached template", "fill in this template", "on our letterhead"
    String.raw`\b(?:use|using|uses|based\s+on|follow|following|fill(?:ing)?\s+(?:in|out))\s+(?:the|our|my|this|that|their|your|attached|given|company|corporate|house|official|\s)*template\b`,
    // after a mere preposition only a template that is someone's ("in our template", not "in template form")
    String.raw`\b(?:with|from|on|in|into)\s+(?:the\s+)?(?:our|my|this|their|your|attached|given|company|corporate|house|official)\s+(?:\w+\s+)?template\b`,
    String.raw`\bon\s+(?:our|the|my|company)\s+letterhead\b`,
    // Spanish
    String.raw`\b(?:usa|usar|usando|utiliza|utilizar|utilizando|con|segun|basad[oa]\s+en|sobre|rellena|rellenar|completa|completar)\s+(?:la|nuestra|mi|esta|esa|adjunta|corporativa|\s)*plantilla\b`,
    // German
    String.raw`\b(?:nutze|nutzen|verwende|verwenden|mit|auf|nach|gema(?:ss|ß)|basierend\s+auf)\s+(?:der|die|unserer|unsere|meiner|dieser|beigefugten|\s)*(?:vorlage|briefvorlage|dokumentvorlage)\b`,
    // French
    String.raw`\b(?:utilise[rz]?|avec|selon|sur|d'apres|a\s+partir\s+d[eu]|remplis|remplir)\s+(?:le|notre|mon|ce|du|\s)*(?:modele|gabarit)\s+(?:ci-joint|joint|fourni|de\s+l'entreprise|maison|officiel)\b`,
    String.raw`\b(?:notre|mon|le)\s+(?:modele|gabarit)\s+(?:ci-joint|joint|fourni|de\s+l'entreprise|maison|officiel)\b`,
    // Italian
    String.raw`\b(?:usa|usare|usando|utilizza|utilizzare|con|secondo|sul|basat[oa]\s+sul)\s+(?:il|nostro|mio|questo|\s)*(?:modello|template)\s+(?:allegato|fornito|aziendale|ufficiale)\b`,
    String.raw`\b(?:nostro|mio)\s+(?:modello|template)\b`,
    // Portuguese
    String.raw`\b(?:usa|usar|usando|utiliza|utilizar|com|segundo|conforme|baseado\s+no)\s+(?:o|nosso|meu|este|\s)*(?:modelo|template)\s+(?:anexo|em\s+anexo|fornecido|da\s+empresa|oficial)\b`,
    String.raw`\b(?:nosso|meu)\s+(?:modelo|template)\b`,
  ].join("|"),
);

const COPY_DESIGN = new RegExp(
  [
    // English: "the same design as", "copy the look of", "match the style of the attached", "like the attached deck"
    String.raw`\b(?:same|identical|matching)\s+(?:\w+\s+)?(?:design|look|layout|style|format(?:ting)?|branding|look\s+and\s+feel)\s+(?:as|like)\b`,
    String.raw`\b(?:copy|copying|reuse|reusing|match|matching|mirror|mimic|replicate)\s+(?:the\s+)?(?:design|look|layout|style|format(?:ting)?|branding|look\s+and\s+feel)\s+(?:of|from)\b`,
    String.raw`\b(?:looks?|styled|formatted|designed|laid\s+out)\s+(?:just\s+)?like\s+(?:the|our|my|this)\s+(?:attached|given|uploaded|previous|last|existing|old)\b`,
    // Spanish
    String.raw`\b(?:mismo|misma|igual)\s+(?:diseno|formato|estilo|aspecto|maquetacion)\s+(?:que|de)\b`,
    String.raw`\b(?:copia|copiar|copiando|reutiliza|reutilizar|imita|imitar|replica|replicar)\s+(?:el|la)\s+(?:diseno|formato|estilo|aspecto|maquetacion)\b`,
    // German
    String.raw`\b(?:gleiche[nsm]?|selbe[nsm]?|identische[nsm]?)\s+(?:design|layout|stil|format|aussehen|erscheinungsbild)\s+wie\b`,
    String.raw`\b(?:design|layout|stil|format|aussehen|erscheinungsbild)\s+(?:der|des|von)\s+(?:\w+\s+){0,2}?(?:ubernehmen|kopieren|nachbilden)\b`,
    // French
    String.raw`\b(?:meme|identique)\s+(?:design|mise\s+en\s+page|style|format|aspect|charte)\s+que\b`,
    String.raw`\b(?:copie[rz]?|reprend(?:re|s|z)|reproduis|reproduire|imite[rz]?)\s+(?:le|la)\s+(?:design|mise\s+en\s+page|style|format|aspect|charte)\b`,
    // Italian
    String.raw`\b(?:stesso|stessa|identico|identica)\s+(?:design|impaginazione|stile|formato|aspetto|layout)\s+(?:di|del|della|dello)\b`,
    String.raw`\b(?:copia|copiare|riprendi|riprendere|replica|replicare|imita|imitare)\s+(?:il|lo|la|l')\s*(?:design|impaginazione|stile|formato|aspetto|layout)\b`,
    // Portuguese
    String.raw`\b(?:mesmo|mesma|igual)\s+(?:design|layout|estilo|formato|aspecto|aparencia)\s+(?:que|de|do|da)\b`,
    String.raw`\b(?:copia|copiar|copiando|reutiliza|reutilizar|imita|imitar|replica|replicar)\s+(?:o|a)\s+(?:design|layout|estilo|formato|aspecto|aparencia)\b`,
  ].join("|"),
);

export interface Cues {
  readonly comments: boolean;
  readonly trackedChanges: boolean;
  readonly template: boolean;
  readonly copyDesign: boolean;
}

/** What the request's own words ask for of rule 2 and rule 3. */
export const cuesOf = (prompt: string): Cues => {
  const text = plain(prompt);
  return { comments: COMMENTS.test(text), trackedChanges: TRACKED.test(text), template: TEMPLATE.test(text), copyDesign: COPY_DESIGN.test(text) };
};

/** Requests that ask for tracked changes. */
export const asksTrackedChanges = (prompt: string): boolean => TRACKED.test(plain(prompt));

/** Requests that ask for tracked changes or comments, which need the best level (interface, rule 3). */
export const asksRevisions = (prompt: string): boolean => {
  const text = plain(prompt);
  return TRACKED.test(text) || COMMENTS.test(text);
};
