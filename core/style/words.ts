/**
 * The style reader's words, in English, Spanish, German, French, Italian, Portuguese, Dutch and Catalan, folded
 * as read.ts folds the caller's text (lower case, no accents, ß as s). A word the reader should know is added here;
 * read.ts holds only how clauses are read. Colour names are in colors.ts, font names in fonts.ts.
 *
 * Words shared by two languages with different meanings are left out where they would misread one of them:
 * Dutch "en" (and) is Spanish/French "in", so it does not split clauses; French "or" (gold) is English "or".
 */

/** Conjunctions that split clauses: and, y/e, und, et, e, i (Catalan). */
export const andWords = /^\s(and|y|e|und|et|i)\s/i;
/** After "and", the half of "one and a half" in each language: part of the number, no new clause. */
export const halfWords = /^(?:medi[oa]|a half|mezz[oa]|mei[oa]|mig|mitja|demie?)\b/i;

/**
 * Words that carry no request of their own once the clause was read ("headings in navy", "letra Arial de
 * 12 puntos", "Schriftart Arial 11 pt", "marges van 2,5 cm").
 */
export const filler = new Set([
  // English
  "a", "an", "the", "in", "on", "at", "of", "for", "with", "to", "is", "are", "be", "use", "using", "please", "set", "all",
  "throughout", "whole", "entire", "document", "text", "body", "color", "colour", "colors", "colours", "font", "size",
  "line", "lines", "spacing", "pt", "points", "page", "pages", "main", "primary", "as", "and", "or",
  // Spanish
  "el", "la", "los", "las", "lo", "un", "una", "de", "del", "al", "en", "para", "por", "con", "es", "sea", "usar", "usa",
  "utiliza", "utilizar", "favor", "todo", "toda", "todos", "todas", "documento", "texto", "cuerpo", "colores", "fuente",
  "letra", "tamano", "linea", "lineas", "puntos", "pagina", "paginas", "principal", "primario", "como", "y", "e", "o",
  // German
  "der", "die", "das", "den", "dem", "des", "ein", "eine", "einer", "im", "mit", "fur", "auf", "und", "oder", "von", "vom",
  "zu", "als", "alle", "ganze", "ganzen", "dokument", "farbe", "schrift", "punkt", "punkte", "seite", "seiten", "zeilen",
  "bitte",
  // French
  "le", "les", "l", "une", "des", "du", "d", "au", "aux", "avec", "pour", "et", "ou", "sur", "dans", "texte", "corps",
  "couleur", "taille", "lignes", "tout", "toute", "tous", "toutes",
  // Italian
  "il", "i", "gli", "di", "della", "dei", "delle", "dello", "alla", "per", "su", "testo", "corpo", "colore", "dimensione",
  "punti", "pagine", "righe", "tutto", "tutta",
  // Portuguese
  "os", "as", "um", "uma", "do", "da", "dos", "das", "em", "no", "na", "nos", "nas", "com", "cor", "tamanho", "pontos",
  "linhas",
  // Dutch
  "het", "een", "van", "met", "voor", "op", "tekst", "kleur", "grootte", "punten", "paginas", "regels",
  // Catalan
  "els", "amb", "cos", "mida", "punts", "pagines", "linies", "tot",
]);

export const negation =
  /\b(no|not|don'?t|without|sin|hide|omit|remove|quitar|ningun[oa]?|kein[em]?|ohne|nicht|sans|pas|aucune?|senza|nessun[oa]?|non|sem|nao|nenhuma?|geen|zonder|niet|sense)\b/;

// --- header, footer, page numbers ---------------------------------------------------------------------------

export const headerWord = /\b(header|encabezado|cabecera|kopfzeile|en-tete|entete|intestazione|cabecalho|koptekst|capcalera)\b/;
export const footerWord =
  /\b(footer|pie de pagina|pie|fus+zeile|pied de page|pie di pagina|rodape|voettekst|peu de pagina|peu)\b/;

export const pageNumbersWord = new RegExp(
  "\\b(" +
    [
      "page numbers?", "page numbering", "numbered pages", "number(?:ed)? the pages", "paginate[ds]?",
      "numeros? de pagina", "numeracion(?: de (?:las )?paginas)?", "paginas numeradas", "numerar (?:las )?paginas", "paginacion", "paginad[oa]s?",
      "seitenzahl(?:en)?", "seitennummer(?:n|ierung)?", "nummerierte seiten", "seiten nummerieren",
      "numeros? de pages?", "numerotation(?: des pages)?", "pages numerotees", "pagination",
      "numeri di pagina", "numero di pagina", "numerazione(?: delle pagine)?", "pagine numerate", "paginazione",
      "numeracao(?: de paginas| das paginas)?", "paginas numeradas", "paginacao",
      "paginanummers?", "paginanummering", "genummerde paginas", "nummering",
      "numeracio(?: de (?:les )?pagines)?", "numeros? de pagina", "pagines numerades", "paginacio",
    ].join("|") +
    ")\\b",
);

/**
 * Where page numbers go. Quire numbers pages at the foot, centred (plugins/docx/map.ts' page furniture), so "at the
 * bottom" or "centred" is met; a side or the top is a place `style_applied` cannot say, reported as one phrase.
 */
export const positionWord = new RegExp(
  "\\b(" +
    [
      // vertical
      "bottom", "top", "lower", "upper", "abajo", "arriba", "inferior", "superior", "unten", "oben", "bas", "haut",
      "basso", "alto", "baixo", "baix", "dalt", "onder", "onderaan", "boven", "bovenaan", "onderkant", "bovenkant",
      // horizontal
      "right", "left", "cent(?:er|re|ered|red)", "middle", "derecha", "izquierda", "centro", "centrad[oa]s?", "rechts",
      "links", "mitte", "mittig", "zentriert", "droite", "gauche", "centree?s?", "milieu", "destra", "sinistra",
      "centrat[oaie]", "direit[oa]", "esquerd[oa]", "centralizad[oa]s?", "dreta", "esquerra", "centrat(?:s|da|des)?",
      "midden", "gecentreerd", "rechtsonder", "linksonder", "rechtsboven", "linksboven", "middenonder",
      // corner
      "corner", "esquina", "ecke", "coin", "angolo", "canto", "hoek", "cantonada",
    ].join("|") +
    ")\\b",
  "g",
);
/** The position words of the page's head, its right, its left, and a corner (the foot's right, unless told). */
export const positionTop = /\b(top|upper|arriba|superior|oben|haut|alto|dalt|boven|bovenaan|bovenkant|rechtsboven|linksboven)\b/;
export const positionRight = /\b(right|derecha|rechts|droite|destra|direit[oa]|dreta|rechtsonder|rechtsboven)\b/;
export const positionLeft = /\b(left|izquierda|links|gauche|sinistra|esquerd[oa]|esquerra|linksonder|linksboven)\b/;
export const positionCorner = /\b(corner|esquina|ecke|coin|angolo|canto|hoek|cantonada)\b/;
/** Little words that lead into a position ("a la derecha", "no canto", "in basso", "à droite", "op de"). */
export const positionLead = new Set([
  "a", "al", "la", "l", "at", "on", "in", "the", "en", "el", "no", "na", "em", "au", "op", "aan", "de", "der", "die", "im",
  "am", "le", "il", "ao", "do",
]);

// --- other toggles and the page -----------------------------------------------------------------------------

export const tocWord =
  /\b(table of contents|contents page|toc|indice|tabla de contenidos?|sumario|inhaltsverzeichnis|table des matieres|sommaire|indice dei contenuti|sumario|inhoudsopgave|taula de continguts|sumari)\b/;
export const coverWord =
  /\b(cover page|cover|title page|portada|pagina de titulo|deckblatt|titelseite|titelblatt|page de (?:garde|couverture|titre)|couverture|copertina|frontespizio|capa|folha de rosto|voorblad|titelpagina|coberta)\b/;
export const landscapeWord = /\b(landscape|horizontal|apaisad[oa]|querformat|paysage|orizzontale|paisagem|liggend|horitzontal)\b/;
export const portraitWord = /\b(portrait|vertical|hochformat|verticale|retrato|staand)\b/;

export const marginWord = /\b(margins?|margen(?:es)?|marges?|margini|margine|margens|margem|(?:seiten)?rand(?:er)?|kantlijn(?:en)?)\b/;
export const marginUnit =
  /(\d+(?:[.,]\d+)?)\s*(cm|mm|in|inch(?:es)?|pulgadas?|"|centimetros?|centimeters?|centimetres?|centimetri|zentimeter|milimetros?|millimet(?:er|re)s?|millimetri)?(?![\w.])/;
/** Margins in words, in cm: Word's "Narrow" (1.27), "Normal" (2.5) and a wide 3.5. */
export const marginSizes: Array<[RegExp, number]> = [
  [/\b(narrow|estrech[oa]s|reducidos|schmale?n?|etroites?|strett[ie]|estreitas?|smalle?|estrets?)\b/, 1.27],
  [/\b(wide|amplios|anchos|breite?n?|larges|ampi|larghi|amplas|brede?|amples)\b/, 3.5],
  [/\b(normal(?:es)?|normale?n?|normali|normais|normaal|normals)\b/, 2.5],
];

// --- line spacing and size ------------------------------------------------------------------------------------

export const spacingKeyword = new RegExp(
  "\\b(" +
    [
      "line[- ]spacing", "line[- ]height", "spacing", "spaced", "space", "altura de linea", "interlineado", "interlineal",
      "interlinea", "espaciado", "espacio", "zeilenabstand", "interligne", "espacamento(?: entre linhas)?",
      "entrelinhas", "regelafstand", "interlineat", "(?:ein|zwei|anderthalb|eineinhalb)?zeilig",
    ].join("|") +
    ")\\b",
);
export const spacingNames: Array<[RegExp, number]> = [
  [/\b(single|sencillo|simple|einzeilig|einfach|singol[oa]|simples|enkel(?:voudig)?|senzill)\b/, 1],
  [/\b(double|doble|doppelt|zweizeilig|doppi[oa]|duplo|dubbel)\b/, 2],
];
/** One and a half lines in words: "espacio y medio", "one and a half", "anderthalbzeilig", "uno e mezzo". */
export const oneAndAHalf =
  /\b(?:one|1)[- ]and[- ]a[- ]half\b|\b(?:uno|una) y medi[oa]\b|\by medio\b|\b(?:anderthalb|eineinhalb)(?:zeilig)?\b|\buno e mezzo\b|\bum e meio\b|\bu i mig\b/;
export const spacingMultiple = /\b(multiple|multiplo|mehrfach|multiplo|meervoud)\b/;

export const sizeKeyword =
  "(?:font size|font-size|size|tamano(?: de (?:letra|fuente))?|cuerpo|schriftgrose|grose|schriftgrad|taille(?: de (?:la )?police)?|corps|dimensione(?: del carattere)?|corpo|tamanho(?: da fonte)?|lettergrootte|grootte|mida(?: de (?:la )?lletra)?)";
export const pointUnit = "(?:pt|pts|points?|puntos?|punkte?|punti|pontos|punten|punts)";

// --- targets of colours and alignment ---------------------------------------------------------------------------

// Singular "title" is the document title; plurals mean the section headings.
export const titleWord = /\b(title|titulo|titel|titre|titolo|titol)\b/;
export const headingsWord =
  /\b(headings?|headers|titles|titulos|titulares|subtitulos|encabezados|secciones|uberschriften?|zwischenuberschriften|titres|intertitres|titoli|titols|koppen|kopjes|titels)\b/;
export const accentWord = /\b(accents?|acentos?|links?|enlaces?|highlights?|destacados?|akzente?|akzentfarbe|liens|collegamenti|destaques?|accenten)\b/;
export const textWord = /\b(text|texte|body|texto|cuerpo|fliestext|corps|testo|corpo|tekst|cos)\b/;
/** "azul corporativo #1F4E79": with the code given, the house colour is that code. */
export const brandWord =
  /\b(corporate|brand|house|corporativ[oa]s?|institucional|de (?:la )?(?:empresa|marca)|firmen|unternehmens|hausfarbe|corporatif|corporative|de (?:l'?)?entreprise|aziendale|istituzionale|huisstijl|corporatiu|corporativa)\b/;

export const alignWords: Array<[RegExp, "left" | "center" | "right" | "justify"]> = [
  [/\b(justif(?:y|ied|ication|iee?s?)|justificad[oa]s?|justificacion|justificat(?:s|da|des)?|giustificat[oaie]|blocksatz|uitgevuld)\b/, "justify"],
  [/\b(cent(?:er|re|ered|red)|centrad[oa]s?|zentriert|mittig|centree?s?|centrat[oaie]|centrat(?:s|da|des)?|centralizad[oa]s?|gecentreerd|centro)\b/, "center"],
  [/\b(left|izquierda|linksbundig|links|gauche|sinistra|esquerda|esquerra)\b/, "left"],
  [/\b(right|derecha|rechtsbundig|rechts|droite|destra|direita|dreta)\b/, "right"],
];
export const alignVerb =
  /\b(align(?:ed|ment)?|alinead[oa]s?|alineacion|alinear|ausgerichtet|aligne(?:e|s|es)?|alignement|allineat[oaie]|allineamento|alinhad[oa]s?|alinhamento|uitgelijnd|alineat(?:s|da|des)?|alineacio)\b/;

// --- font family ----------------------------------------------------------------------------------------------

export const fontKeyword =
  /\b(font family|font|fuente|tipografia|typeface|tipo de letra|letra|schriftart|schrift|police(?: de caracteres)?|fonte|tipo di carattere|carattere|lettertype|tipus de lletra|lletra)\b\s*(?:family\s*)?(?:de\s+|di\s+|is\s+|:\s*|=\s*)?/;

/** Words that end a font name ("fuente Lora para el texto") or show it is no name ("font larger"). */
export const notName = new Set([
  "for", "para", "in", "en", "with", "con", "de", "del", "the", "el", "la", "on", "at", "throughout", "size", "tamano",
  "bigger", "larger", "smaller", "mas", "more", "grande", "pequena", "bold", "negrita", "fur", "im", "mit", "pour", "dans",
  "avec", "per", "di", "voor", "met", "van", "amb", "grose", "taille",
]);
