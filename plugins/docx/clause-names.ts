/**
 * Headings that already carry their clause's name or number (issue 30, item 3): "Primera. Objeto", "PRIMERA.-",
 * "Cláusula tercera", "Clause 4 – Term", "Article 5", "Artículo 6", "Section 2.", "1. Definitions", "IV. Precio",
 * "§ 3 Laufzeit", "Deuxième : Prix". A contract whose author named its clauses is left as written: Word numbers on
 * top would read "3.1. Primera. Objeto" while the text refers to "la cláusula tercera".
 *
 * An ordinal word counts only when punctuation or the heading's end follows it ("Primera. Objeto", "Novena"),
 * so a heading such as "Primera vivienda" or "Second-hand goods" is still a plain title.
 */

/** Words that name a clause: "Cláusula 3", "Article premier", "Artikel 2", "Sección 4". */
const clauseWord =
  /^(cl[aá]usula|clause|cl[aà]usola|klausel|art[ií]culo|article|articolo|artigo|artikel|art\.|section|secci[oó]n|sezione|se[cç][aã]o|estipulaci[oó]n|paragraph|paragraphe|paragraf|apartado)\s+\S/i;

/** "1. Definitions", "2.3 Fees", "1 DEFINITIONS", "§ 3": not "2026 Outlook" (a year) nor "24/7 support". */
const number = /^(\d{1,3}(\.\d+)*[.)]?(\s|$|:)|§\s*\d)/;

/** I to XXXIX, then a full stop, a closing bracket, a colon or a dash: "IV. Precio", "II) Objet". */
const roman = /^(?=[IVX])(X{0,3})(IX|IV|V?I{0,3})(\s*([.):]|\.-|[–—])|\s+-)/;

const ordinalStems = [
  // Spanish (also the décimo- compounds and "tercer")
  "(d[eé]cim[oa]|vig[eé]sim[oa])?\\s?-?(primer|segund|tercer|cuart|quint|sext|s[eé]ptim|octav|noven)[oa]?",
  "(un|duo)?d[eé]cim[oa]", "vig[eé]sim[oa]", "[uú]nic[oa]",
  // English
  "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\\p{L}+teenth|twentieth",
  // French
  "premi[eè]re?|seconde?|\\p{L}+i[eè]me|unique",
  // German
  "(erst|zweit|dritt|viert|f[üu]nft|sechst|siebt|siebent|acht|neunt|zehnt|elft|zw[öo]lft)(e[nrs]?|ens)",
  // Italian
  "prim[oa]|second[oa]|terz[oa]|quart[oa]|quint[oa]|sest[oa]|settim[oa]|ottav[oa]|non[oa]|decim[oa]|\\p{L}+esim[oa]",
  // Portuguese
  "primeir[oa]|terceir[oa]|s[eé]tim[oa]|oitav[oa]",
];

const ordinal = new RegExp(`^(${ordinalStems.join("|")})(\\s*([.:)]|\\.-|[–—])|\\s+-|\\s*$)`, "iu");

/** Whether a heading's text names or numbers its clause itself. */
export function namesItsClause(heading: string): boolean {
  const text = heading.trim().replace(/^[*_]+/, "");
  return clauseWord.test(text) || number.test(text) || roman.test(text) || ordinal.test(text);
}
