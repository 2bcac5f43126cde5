/**
 * European Union citations, in Spanish, English or French wording: regulations ("reglamento (ue) 2016/679",
 * "reglamento (ce) 593/2008"), directives ("directiva 2019/1152", "directiva 93/13": a directive's year/number is
 * unique, so the EEC/EC/EU suffix is left out of the key), CELEX numbers ("celex 32016r0679"), cases of the Court of
 * Justice and the General Court ("c-131/12", "t-201/04"), ECLIs of the Union and of member states other than Spain
 * (es.ts has those), and articles of these acts or of the Treaties ("art. 6 reglamento (ue) 2016/679",
 * "art. 267 tfue"; the GDPR/RGPD by name is Regulation 2016/679).
 */
import type { CitationPattern } from "./types.ts";
import { END, NUMBER_SIGN, START, group, plainNumber } from "./shared.ts";

const ORGS: Record<string, string> = { ue: "ue", eu: "ue", ce: "ce", ec: "ce", cee: "cee", eec: "cee", euratom: "euratom" };
const ORG = "UE|EU|CE|EC|CEE|EEC|Euratom";

/** A regulation: `(UE) 2016/679`, `(CE) n.º 593/2008`, `(EU) No 1215/2012`, with or without the parentheses. */
const REGULATION = String.raw`(?:Reglamento|Regulation|R[èe]glement)\s?(?:\((?<rorg>${ORG})\)|(?<rorg2>${ORG}))?\s?${NUMBER_SIGN}?(?<ra>\d{1,4})\/(?<rb>\d{1,4})(?![\p{N}\/])`;
const DIRECTIVE = String.raw`(?:Directiva|Directive)\s?(?:\((?:${ORG})\)\s?)?${NUMBER_SIGN}?(?<da>\d{2,4})\/(?<db>\d{1,4})(?:\/(?:${ORG}))?(?![\p{N}\/])`;

const isYear = (text: string) => text.length === 4 && Number(text) >= 1950 && Number(text) <= 2099;

/** Before 2015 the number came first ("593/2008"), since then the year ("2016/679"); one of them must be a year. */
const regulationKey = (match: RegExpExecArray): string | null => {
  const a = group(match, "ra");
  const b = group(match, "rb");
  const written = (group(match, "rorg") || group(match, "rorg2")).toLowerCase();
  // Named by its issuer it may carry a two-digit year ("(CEE) n.º 1408/71"); unnamed, one side must be a year.
  if (!written && !isYear(a) && !isYear(b)) return null;
  // Unwritten, the issuer follows from the year: the Union since December 2009, the Community before.
  const year = isYear(a) && Number(a) >= 2015 ? Number(a) : Number(b);
  const org = written ? ORGS[written] : year >= 2010 ? "ue" : year >= 1993 ? "ce" : "cee";
  return `reglamento (${org}) ${plainNumber(a)}/${plainNumber(b)}`;
};

const directiveKey = (match: RegExpExecArray): string | null => {
  const year = group(match, "da");
  return year.length === 3 ? null : `directiva ${year}/${plainNumber(group(match, "db"))}`;
};

const TREATIES: ReadonlyArray<{ key: string; source: string }> = [
  { key: "tfue", source: String.raw`TFUE|TFEU|Tratado\s+de\s+Funcionamiento\s+de\s+la\s+Uni[óo]n\s+Europea|Treaty\s+on\s+the\s+Functioning\s+of\s+the\s+European\s+Union` },
  { key: "tue", source: String.raw`TUE|TEU|Tratado\s+de\s+la\s+Uni[óo]n\s+Europea|Treaty\s+on\s+European\s+Union` },
  { key: "cdfue", source: String.raw`Carta\s+de\s+los\s+Derechos\s+Fundamentales(?:\s+de\s+la\s+Uni[óo]n\s+Europea)?|Charter\s+of\s+Fundamental\s+Rights(?:\s+of\s+the\s+European\s+Union)?|CDFUE` },
  { key: "reglamento (ue) 2016/679", source: String.raw`GDPR|RGPD|Reglamento\s+General\s+de\s+Protecci[óo]n\s+de\s+Datos|General\s+Data\s+Protection\s+Regulation` },
];
const ABBREVIATED_TREATIES = new Set(["TFUE", "TFEU", "TUE", "TEU", "CDFUE", "GDPR", "RGPD"]);

const ACT = TREATIES.map((t, i) => `(?<t${i}>${t.source})`).join("|");

const articleLaw = (match: RegExpExecArray): string | null => {
  if (group(match, "ra")) return regulationKey(match);
  if (group(match, "da")) return directiveKey(match);
  for (const [i, treaty] of TREATIES.entries()) {
    const written = group(match, `t${i}`);
    if (!written) continue;
    // Short names only in capitals: "tue" is a Spanish word.
    if (written.length <= 5 && !ABBREVIATED_TREATIES.has(written)) return null;
    return treaty.key;
  }
  return null;
};

export const euPatterns: readonly CitationPattern[] = [
  {
    id: "eu.regulation",
    description: "An EU regulation: Reglamento (UE) 2016/679, Regulation (EC) No 593/2008.",
    source: `${START}${REGULATION}`,
    canonical: regulationKey,
  },
  {
    id: "eu.directive",
    description: "An EU directive: Directiva (UE) 2019/1152, Council Directive 93/13/EEC.",
    source: `${START}${DIRECTIVE}`,
    canonical: directiveKey,
  },
  {
    id: "eu.celex",
    description: "A CELEX number, labelled (CELEX: 32016R0679) or bare for a regulation, directive or decision (32019L1152).",
    source: String.raw`${START}(?:CELEX(?:\s?(?:number|n[.º°]{1,2}|no\.?))?\s?:?\s?(?<labelled>[0-9CE]\d{4}[A-Z]{1,2}\d{4}(?:\(\d{2}\))?)|(?<bare>3(?:19[5-9]\d|20\d\d)[RLD]\d{4}))${END}`,
    canonical: (m) => `celex ${(group(m, "labelled") || group(m, "bare")).toLowerCase()}`,
  },
  {
    id: "eu.case",
    description: "A case of the Court of Justice (C-131/12) or the General Court (T-201/04), with or without 'Case'/'asunto'.",
    source: String.raw`${START}(?:(?:Cases?|asuntos?|affaires?)\s)?(?<court>[CT])\s?[-‑–]\s?(?<n>\d{1,4})\/(?<y>\d{2})(?![\p{N}\/])(?:\s?P${END})?`,
    flags: "",
    canonical: (m) => `${group(m, "court").toLowerCase()}-${plainNumber(group(m, "n"))}/${group(m, "y")}`,
  },
  {
    id: "eu.ecli",
    description: "A European Case Law Identifier of the Union or of a member state other than Spain: ECLI:EU:C:2014:317.",
    source: String.raw`${START}ECLI:(?!ES:)(?<country>[A-Z]{2}):(?<court>[A-Z0-9]{1,7}):(?<y>\d{4}):(?<n>[0-9A-Z]{1,25}(?:\.[0-9A-Z]{1,25}){0,3})`,
    flags: "",
    canonical: (m) => `ecli:${group(m, "country")}:${group(m, "court")}:${group(m, "y")}:${group(m, "n")}`.toLowerCase(),
  },
  {
    id: "eu.article",
    description: "An article of an EU act or Treaty: Article 6(1)(f) GDPR, artículo 267 del TFUE, Article 5 of Directive 2019/1152.",
    source: String.raw`${START}(?:Articles?|Art\.|art[íi]culos?|arts?\.)\s?(?<num>\d{1,3})(?:(?:\(\d{1,3}\)){1,3}(?:\([a-z]\))?|(?:\.\d{1,3}){1,3}(?:\.?\s?[a-z]\))?)?\s?,?\s(?:(?:of\s+the|of|del|de\s+la|de)\s+)?(?:${ACT}|${REGULATION}|${DIRECTIVE})${END}`,
    canonical: (m) => {
      const law = articleLaw(m);
      return law ? `art. ${plainNumber(group(m, "num"))} ${law}` : null;
    },
    also: (m) => {
      const law = articleLaw(m);
      return law && law.includes(" ") ? [law] : [];
    },
  },
];
