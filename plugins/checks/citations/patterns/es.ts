/**
 * Spanish citations: numbered norms (Ley, Ley Orgánica, Real Decreto and its legislative and urgent kinds,
 * decrees, ministerial orders), judgments by their Roj-style numbers (STS, STC, SAN, STSJ…) or in words, ECLI:ES,
 * and articles of a code or a numbered norm ("artículo 1544 del Código Civil" ≡ "art. 1544 CC" ≡ "Art. 1.544 C.C.").
 *
 * Keys: "ley 39/2015", "lo 3/2018", "rd 1/1995" (a Real Decreto), "rdleg 2/2015" (legislativo) and "rdl 8/2020"
 * (Real Decreto-ley) are kept apart because each kind is numbered in its own series; "sts 1234/2019",
 * "ecli:es:ts:2019:1234"; "art. 1544 cc", "art. 54 et", "art. 21 ley 39/2015". An article's key is its number
 * (with bis, ter…) and its law: apartados and letters are dropped, as the same article is the same authority.
 */
import type { CitationPattern } from "./types.ts";
import { END, NUMBER_SIGN, START, fullYear, group, literals, plainNumber, squash } from "./shared.ts";

const NORM_FORMS = [
  String.raw`Ley\s+Org[áa]nica`,
  String.raw`L\.\s?O\.`,
  "LO",
  String.raw`Real\s+Decreto\s*-\s*ley`,
  String.raw`Real\s+Decreto\s+ley`,
  String.raw`Real\s+Decreto\s+Legislativo`,
  String.raw`Real\s+Decreto`,
  String.raw`R\.\s?D\.\s?-?\s?ley`,
  String.raw`RD\s?-\s?ley`,
  "RDL",
  String.raw`R\.\s?D\.\s?Leg(?:islativo|\.)?`,
  String.raw`RD\s?Leg(?:islativo|\.)?`,
  String.raw`R\.\s?D\.`,
  "RD",
  String.raw`Decreto\s*-\s*ley`,
  String.raw`Decreto\s+Legislativo`,
  "Decreto",
  "Ley",
].join("|");

/** A numbered norm: its form, number and year (also used inside an article reference). */
const NORM = String.raw`(?<nform>${NORM_FORMS})\s+${NUMBER_SIGN}?(?<nn>\d{1,4})\/(?<ny>\d{4}|\d{2})(?![\p{N}\/])`;

const KINDS: Record<string, string> = {
  leyorganica: "lo",
  lo: "lo",
  realdecretoley: "rdl",
  rdley: "rdl",
  rdl: "rdl",
  realdecretolegislativo: "rdleg",
  rdleg: "rdleg",
  rdlegislativo: "rdleg",
  realdecreto: "rd",
  rd: "rd",
  decretoley: "decreto-ley",
  decretolegislativo: "decreto legislativo",
  decreto: "decreto",
  ley: "ley",
};

/** "Real Decreto Legislativo 2/2015" → "rdleg 2/2015"; null for an abbreviation not in capitals ("lo 3/2018"). */
const normKey = (match: RegExpExecArray): string | null => {
  const form = group(match, "nform");
  const squeezed = form.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f.\s-]/g, "");
  const kind = KINDS[squeezed];
  const year = fullYear(group(match, "ny"));
  if (!kind || !year) return null;
  const abbreviated = !/^(?:ley|real|decreto)/i.test(form);
  if (abbreviated && !/^[LR]\.?\s?[OD]/.test(form)) return null;
  return `${kind} ${plainNumber(group(match, "nn"))}/${year}`;
};

/** Codes and laws cited by name or abbreviation in an article reference, with their key. */
const NAMED_LAWS: ReadonlyArray<{ key: string; names: string; abbreviations: readonly string[] }> = [
  { key: "cc", names: String.raw`C[óo]digo\s+Civil`, abbreviations: ["CC", "C.C.", "C. C.", "Cc"] },
  { key: "et", names: String.raw`Estatuto\s+de\s+los\s+Trabajadores`, abbreviations: ["ET", "E.T."] },
  { key: "ce", names: String.raw`Constituci[óo]n(?:\s+Espa[ñn]ola)?`, abbreviations: ["CE", "C.E."] },
  { key: "cp", names: String.raw`C[óo]digo\s+Penal`, abbreviations: ["CP", "C.P."] },
  { key: "ccom", names: String.raw`C[óo]digo\s+de\s+Comercio`, abbreviations: ["CCom", "C. de C.", "C.Com."] },
  { key: "lec", names: String.raw`Ley\s+de\s+Enjuiciamiento\s+Civil`, abbreviations: ["LEC"] },
  { key: "lecrim", names: String.raw`Ley\s+de\s+Enjuiciamiento\s+Criminal`, abbreviations: ["LECrim", "LECRIM"] },
  { key: "lgt", names: String.raw`Ley\s+General\s+Tributaria`, abbreviations: ["LGT"] },
  { key: "lsc", names: String.raw`Ley\s+de\s+Sociedades\s+de\s+Capital`, abbreviations: ["LSC"] },
  { key: "lgss", names: String.raw`Ley\s+General\s+de\s+la\s+Seguridad\s+Social`, abbreviations: ["LGSS"] },
  { key: "lrjs", names: String.raw`Ley\s+Reguladora\s+de\s+la\s+Jurisdicci[óo]n\s+Social`, abbreviations: ["LRJS"] },
  { key: "lau", names: String.raw`Ley\s+de\s+Arrendamientos\s+Urbanos`, abbreviations: ["LAU"] },
  { key: "lo 3/2018", names: String.raw`Ley\s+Org[áa]nica\s+de\s+Protecci[óo]n\s+de\s+Datos(?:\s+Personales)?(?:\s+y\s+garant[íi]a\s+de\s+los\s+derechos\s+digitales)?`, abbreviations: ["LOPDGDD"] },
];

const NAMED = NAMED_LAWS.map((law, i) => `(?<law${i}>${law.names})|(?<abbr${i}>${literals(law.abbreviations)})`).join("|");

/** "1.544" is one thousand five hundred and forty-four (the Código Civil's spelling), "54.2" is apartado 2 of 54. */
const ARTICLE_NUMBER = String.raw`(?<num>\d{1,2}\.\d{3}(?!\d)|\d{1,4})(?<sfx>\s(?:bis|ter|quater|quinquies|sexies))?`;
/** Apartados and letters after the number, dropped from the key: "54.2.d)", "6(1)(f)". */
const ARTICLE_PARTS = String.raw`(?:(?:\.\d{1,3}){1,3}(?:\.?\s?[a-zñ]\))?|(?:\(\d{1,3}\)){1,3}(?:\([a-z]\))?|\s?[a-z]\))?`;
const OF = String.raw`\s*,?\s*(?:(?:del|de\s+la|de\s+los|de)\s+)?`;

const articleLaw = (match: RegExpExecArray): string | null => {
  if (group(match, "nform")) return normKey(match);
  for (const [i, law] of NAMED_LAWS.entries()) {
    if (group(match, `law${i}`)) return law.key;
    const abbreviation = group(match, `abbr${i}`);
    if (abbreviation) return law.abbreviations.includes(abbreviation.replace(/\s+/g, " ")) ? law.key : null;
  }
  return null;
};

const articleNumber = (match: RegExpExecArray): string => {
  const suffix = group(match, "sfx").trim().toLowerCase();
  return plainNumber(group(match, "num").replace(".", "")) + (suffix ? ` ${suffix}` : "");
};

const COURTS = ["STS", "STC", "SAN", "STSJ", "SAP", "SJS", "SJM", "ATS", "ATC", "AAN"];
const REGIONAL = new Set(["STSJ", "SAP", "SJS", "SJM"]);
const REGION = String.raw`(?:\s+(?:de\s+)?(?<region>\p{Lu}[\p{L}-]{2,20}(?:\s\p{Lu}[\p{L}-]{2,20})?))?`;

/** The court letters of an ECLI:ES and the Roj prefix of the same judgment. */
const ECLI_COURTS: Record<string, string> = { ts: "sts", tc: "stc", an: "san" };

export const esPatterns: readonly CitationPattern[] = [
  {
    id: "es.norm",
    description: "A numbered Spanish norm: Ley, Ley Orgánica, Real Decreto (-ley, Legislativo), Decreto, with number/year.",
    source: `${START}${NORM}`,
    canonical: normKey,
  },
  {
    id: "es.orden",
    description: "A ministerial order: Orden ESS/1234/2015.",
    source: String.raw`${START}Orden\s+(?<dept>[A-Z]{2,5})\/(?<n>\d{1,5})\/(?<y>\d{4})${END}`,
    canonical: (m) => {
      const dept = group(m, "dept");
      const year = fullYear(group(m, "y"));
      return dept === dept.toUpperCase() && year ? `orden ${dept.toLowerCase()}/${plainNumber(group(m, "n"))}/${year}` : null;
    },
  },
  {
    id: "es.judgment",
    description: "A judgment or order by its court's initials and number/year: STS 1234/2019, STC 31/2010, STSJ Madrid 456/2019.",
    source: String.raw`${START}(?:Roj:?\s*)?(?<court>${COURTS.join("|")})${REGION}\s+${NUMBER_SIGN}?(?<n>\d{1,5})\/(?<y>\d{4})(?![\p{N}\/])`,
    canonical: (m) => {
      const court = group(m, "court");
      const year = fullYear(group(m, "y"));
      if (!COURTS.includes(court) || !year) return null;
      const region = group(m, "region");
      if (region && !REGIONAL.has(court)) return null;
      return `${court.toLowerCase()}${region ? ` ${squash(region)}` : ""} ${plainNumber(group(m, "n"))}/${year}`;
    },
    also: (m) => {
      const court = Object.entries(ECLI_COURTS).find(([, roj]) => roj === group(m, "court").toLowerCase())?.[0];
      return court ? [`ecli:es:${court}:${group(m, "y")}:${plainNumber(group(m, "n"))}`] : [];
    },
  },
  {
    id: "es.judgment-words",
    description: "A judgment in words: Sentencia del Tribunal Supremo 1234/2019, sentencia 31/2010 del Tribunal Constitucional.",
    source: String.raw`${START}Sentencia\s+(?:(?:del\s+Tribunal\s+(?<court1>Supremo|Constitucional)|de\s+la\s+Audiencia\s+(?<an1>Nacional))\s+(?:\([^()\n]{1,40}\)\s+)?${NUMBER_SIGN}?(?<n1>\d{1,5})\/(?<y1>\d{4})|${NUMBER_SIGN}?(?<n2>\d{1,5})\/(?<y2>\d{4}),?\s+(?:de\s+\d{1,2}\s+de\s+\p{L}{4,10}(?:\s+de\s+\d{4})?,?\s+)?(?:del\s+Tribunal\s+(?<court2>Supremo|Constitucional)|de\s+la\s+Audiencia\s+(?<an2>Nacional)))${END}`,
    canonical: (m) => {
      const court = (group(m, "court1") || group(m, "court2")).toLowerCase();
      const prefix = court.startsWith("s") ? "sts" : court.startsWith("c") ? "stc" : group(m, "an1") || group(m, "an2") ? "san" : null;
      const year = fullYear(group(m, "y1") || group(m, "y2"));
      return prefix && year ? `${prefix} ${plainNumber(group(m, "n1") || group(m, "n2"))}/${year}` : null;
    },
    also: (_m, key) => {
      const [prefix, numbers] = key.split(" ");
      const court = Object.entries(ECLI_COURTS).find(([, roj]) => roj === prefix)?.[0];
      const [n, y] = (numbers ?? "").split("/");
      return court ? [`ecli:es:${court}:${y}:${n}`] : [];
    },
  },
  {
    id: "es.ecli",
    description: "A Spanish European Case Law Identifier: ECLI:ES:TS:2019:1234.",
    source: String.raw`${START}ECLI:ES:(?<court>[A-Z]{2,6}):(?<y>\d{4}):(?<n>[0-9A-Z]{1,12}(?:\.[0-9A-Z]{1,12}){0,2})`,
    canonical: (m) => `ecli:es:${group(m, "court").toLowerCase()}:${group(m, "y")}:${group(m, "n").toLowerCase()}`,
    also: (m) => {
      const roj = ECLI_COURTS[group(m, "court").toLowerCase()];
      const n = group(m, "n");
      return roj && /^\d+$/.test(n) ? [`${roj} ${plainNumber(n)}/${group(m, "y")}`] : [];
    },
  },
  {
    id: "es.article",
    description: "An article of a Spanish code or numbered norm: artículo 1544 del Código Civil, art. 54.2 ET, art. 21 de la Ley 39/2015.",
    source: String.raw`${START}(?:art[íi]culos?|arts?\.|art)\s?${ARTICLE_NUMBER}${ARTICLE_PARTS}${OF}(?:${NAMED}|${NORM})${END}`,
    canonical: (m) => {
      const law = articleLaw(m);
      return law ? `art. ${articleNumber(m)} ${law}` : null;
    },
    also: (m) => {
      const law = articleLaw(m);
      return law && law.includes(" ") ? [law] : [];
    },
  },
];
