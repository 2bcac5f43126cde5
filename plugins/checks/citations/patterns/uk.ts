/**
 * United Kingdom citations: neutral citations ("[2020] uksc 1", "[2019] ewca civ 123", "[2018] ewhc 456 (ch)"),
 * the law reports ("[1932] ac 562", "[2005] 1 wlr 1"), Acts of Parliament ("companies act 2006") and their sections
 * ("s. 994 companies act 2006", whether written "section 994 of the Companies Act 2006" or "Companies Act 2006,
 * s 994"). Court and report abbreviations are matched in their capitals only: "[2020] annual report" is no citation.
 */
import type { CitationPattern } from "./types.ts";
import { ACT_NAME, END, START, actName, group, plainNumber } from "./shared.ts";

const COURTS = [
  String.raw`UKSC`,
  String.raw`UKPC`,
  String.raw`UKHL`,
  String.raw`EWCA\s(?:Civ|Crim)`,
  String.raw`EWHC`,
  String.raw`EWCOP`,
  String.raw`EWFC`,
  String.raw`UKUT`,
  String.raw`UKFTT`,
  String.raw`UKEAT`,
  String.raw`UKIPTrib`,
  String.raw`CSIH`,
  String.raw`CSOH`,
  String.raw`HCJAC`,
  String.raw`NICA`,
  String.raw`NIQB`,
  String.raw`NIKB`,
  String.raw`EAT`,
  String.raw`CAT`,
].join("|");

const DIVISIONS = "Admin|Ch|Comm|Fam|QB|KB|TCC|Pat|IPEC|Costs|AAC|IAC|LC|TC|GRC|IPT|Admlty|SCCO";

const REPORTS = String.raw`AC|QB|KB|Ch|Fam|WLR|All\sER|Lloyd's\sRep|ICR|IRLR|BCLC|BCC|Cr\sApp\sR|EGLR|HLR|FSR|RPC|EMLR`;

const ACT = String.raw`${ACT_NAME}\s(?<y>1[2-9]\d\d|20\d\d)${END}`;
const SECTION = String.raw`(?<s>\d{1,4}[A-Z]{0,2})(?:\(\d{1,3}[A-Za-z]?\)){0,3}(?:\([a-z]{1,4}\))?`;

const actKey = (m: RegExpExecArray): string | null => {
  const name = actName(group(m, "name"));
  return name ? `${name} act ${group(m, "y")}` : null;
};

const sectionKey = (m: RegExpExecArray): string | null => {
  const act = actKey(m);
  return act ? `s. ${group(m, "s").toLowerCase()} ${act}` : null;
};

export const ukPatterns: readonly CitationPattern[] = [
  {
    id: "uk.neutral",
    description: "A neutral citation: [2020] UKSC 1, [2019] EWCA Civ 123, [2018] EWHC 456 (Ch).",
    source: String.raw`\[(?<y>\d{4})\]\s(?<court>${COURTS})\s(?<n>\d{1,5})(?:\s?\((?<division>${DIVISIONS})\))?${END}`,
    flags: "",
    canonical: (m) => {
      const division = group(m, "division");
      return `[${group(m, "y")}] ${group(m, "court").replace(/\s+/g, " ").toLowerCase()} ${plainNumber(group(m, "n"))}${division ? ` (${division.toLowerCase()})` : ""}`;
    },
  },
  {
    id: "uk.law-report",
    description: "A case in the law reports: [1932] AC 562, [2005] 1 WLR 1, [1998] 1 All ER 481.",
    source: String.raw`\[(?<y>\d{4})\]\s(?:(?<volume>\d{1,2})\s)?(?<report>${REPORTS})\s(?<page>\d{1,5})${END}`,
    flags: "",
    canonical: (m) => {
      const volume = group(m, "volume");
      return `[${group(m, "y")}] ${volume ? `${plainNumber(volume)} ` : ""}${group(m, "report").replace(/\s+/g, " ").toLowerCase()} ${plainNumber(group(m, "page"))}`;
    },
  },
  {
    id: "uk.section",
    description: "A section of an Act: section 994 of the Companies Act 2006, s. 994 Companies Act 2006.",
    source: String.raw`${START}(?:[Ss]ections?|[Ss]s?\.|[Ss])\s?${SECTION}\s(?:of\s(?:the\s)?)?${ACT}`,
    flags: "",
    canonical: sectionKey,
    also: (m) => [actKey(m)].filter((k): k is string => k !== null),
  },
  {
    id: "uk.act-section",
    description: "An Act followed by its section: Companies Act 2006, s 994.",
    source: String.raw`${START}${ACT_NAME}\s(?<y>1[2-9]\d\d|20\d\d),?\s(?:[Ss]ection|[Ss]s?\.|[Ss])\s?${SECTION}${END}`,
    flags: "",
    canonical: sectionKey,
    also: (m) => [actKey(m)].filter((k): k is string => k !== null),
  },
  {
    id: "uk.act",
    description: "An Act of Parliament by its short title: Companies Act 2006, Sale of Goods Act 1979.",
    source: `${START}${ACT}`,
    flags: "",
    canonical: actKey,
  },
];
