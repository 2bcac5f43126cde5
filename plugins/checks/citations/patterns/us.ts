/**
 * United States citations: the Code ("42 u.s.c. § 1983"), the Code of Federal Regulations ("29 c.f.r. § 1910.1200",
 * "40 c.f.r. part 60"), case reporters ("410 u.s. 113", "141 s.ct. 1163", "500 f.supp.2d 123": spaces dropped
 * from the reporter so "F. Supp. 2d" and "F.Supp.2d" meet), public laws, the Statutes at Large, the Constitution
 * and named Acts ("civil rights act of 1964"). Reporters and Acts are matched in their capitals only: "f.3d" in a
 * product code or a lower-case "act of" is not a citation.
 */
import type { CitationPattern } from "./types.ts";
import { ACT_NAME, END, START, actName, group, plainNumber } from "./shared.ts";

/** Reporters with a series; first-series "F.", "A.", "P.", "So." alone are too common in ordinary text. */
const REPORTERS = [
  String.raw`U\.\s?S\.`,
  String.raw`S\.\s?Ct\.`,
  String.raw`L\.\s?Ed\.(?:\s?2d)?`,
  String.raw`F\.\s?(?:2d|3d|4th)`,
  String.raw`F\.\s?Supp\.(?:\s?(?:2d|3d))?`,
  String.raw`F\.\s?App'x`,
  String.raw`A\.\s?(?:2d|3d)`,
  String.raw`P\.\s?(?:2d|3d)`,
  String.raw`N\.\s?E\.(?:\s?(?:2d|3d))?`,
  String.raw`N\.\s?W\.(?:\s?2d)?`,
  String.raw`S\.\s?E\.(?:\s?2d)?`,
  String.raw`S\.\s?W\.(?:\s?(?:2d|3d))?`,
  String.raw`So\.\s?(?:2d|3d)`,
  String.raw`Cal\.\s?Rptr\.(?:\s?(?:2d|3d))?`,
  String.raw`N\.\s?Y\.\s?S\.(?:\s?(?:2d|3d))?`,
  String.raw`B\.\s?R\.`,
].join("|");

const SECTION_SIGN = String.raw`(?:§{1,2}|[Ss]ec(?:tion|s?\.)|[Ss]ections?)`;

export const usPatterns: readonly CitationPattern[] = [
  {
    id: "us.usc",
    description: "A section of the United States Code: 42 U.S.C. § 1983, 42 USC 1983, 15 U.S.C.A. § 78j(b).",
    source: String.raw`${START}(?<title>\d{1,2})\s(?<code>U\.\s?S\.\s?C\.(?:\s?A\.)?|USCA?)\s?(?:${SECTION_SIGN}\s?)?(?<s>\d{1,5}[a-z]{0,2}(?:-\d{1,3})?)(?:\([a-zA-Z0-9]{1,4}\)){0,4}${END}`,
    flags: "",
    canonical: (m) => {
      const title = Number(group(m, "title"));
      return title >= 1 && title <= 54 ? `${title} u.s.c. § ${group(m, "s")}` : null;
    },
  },
  {
    id: "us.cfr",
    description: "A section or part of the Code of Federal Regulations: 29 C.F.R. § 1910.1200, 40 CFR Part 60.",
    source: String.raw`${START}(?<title>\d{1,2})\s(?:C\.\s?F\.\s?R\.|CFR)\s?(?:(?<part>[Pp]arts?)\s?|${SECTION_SIGN}\s?)?(?<s>\d{1,4}(?:\.\d{1,5})?)(?:\([a-zA-Z0-9]{1,4}\)){0,4}${END}`,
    flags: "",
    canonical: (m) => {
      const title = Number(group(m, "title"));
      const section = group(m, "s");
      if (title < 1 || title > 50) return null;
      return group(m, "part") || !section.includes(".") ? `${title} c.f.r. part ${section}` : `${title} c.f.r. § ${section}`;
    },
  },
  {
    id: "us.reporter",
    description: "A case in a reporter, volume and first page: 410 U.S. 113, 123 F.3d 456, 141 S. Ct. 1163, 500 F. Supp. 2d 123.",
    source: String.raw`${START}(?<volume>\d{1,4})\s(?<reporter>${REPORTERS})\s(?<page>\d{1,5})${END}`,
    flags: "",
    canonical: (m) => {
      const reporter = group(m, "reporter").replace(/\s+/g, "").toLowerCase();
      const volume = plainNumber(group(m, "volume"));
      // The United States Reports are below volume 700; "2020 U.S. 45" is a year and a count.
      if (reporter === "u.s." && Number(volume) > 700) return null;
      return `${volume} ${reporter} ${plainNumber(group(m, "page"))}`;
    },
  },
  {
    id: "us.public-law",
    description: "A public law: Pub. L. No. 111-148, Public Law 111-148.",
    source: String.raw`${START}(?:Pub\.\s?L\.|Public\s+Law|P\.\s?L\.)\s?(?:No\.\s?)?(?<congress>\d{1,3})[-–](?<n>\d{1,3})${END}`,
    flags: "",
    canonical: (m) => `pub. l. ${plainNumber(group(m, "congress"))}-${plainNumber(group(m, "n"))}`,
  },
  {
    id: "us.statutes",
    description: "The Statutes at Large: 124 Stat. 119.",
    source: String.raw`${START}(?<volume>\d{1,3})\sStat\.\s(?<page>\d{1,5})${END}`,
    flags: "",
    canonical: (m) => `${plainNumber(group(m, "volume"))} stat. ${plainNumber(group(m, "page"))}`,
  },
  {
    id: "us.constitution",
    description: "The Constitution: U.S. Const. art. I, § 8; U.S. Const. amend. XIV.",
    source: String.raw`${START}U\.\s?S\.\s?Const\.\s?(?:(?<art>art\.\s?[IVX]{1,4})|(?<amend>amend\.\s?[IVXL]{1,6}))${END}`,
    flags: "",
    canonical: (m) => `u.s. const. ${(group(m, "art") || group(m, "amend")).replace(/\s+/g, "").replace(".", ". ").toLowerCase()}`,
  },
  {
    id: "us.act",
    description: "A named Act with its year: the Civil Rights Act of 1964.",
    source: String.raw`${START}${ACT_NAME}\sof\s(?<y>1[789]\d\d|20\d\d)${END}`,
    flags: "",
    canonical: (m) => {
      const name = actName(group(m, "name"));
      return name ? `${name} act of ${group(m, "y")}` : null;
    },
  },
];
