/**
 * The checklists as data (one file a sector under sectors/, one a document type under general/) and the lookup from
 * the sector the judge named to its checklist. The judge names sectors in free words ("legal", "Law", "jurídico",
 * "public sector"), so matching is by aliases, with case, accents and separators folded; a sector no checklist claims
 * gets none, never a near guess, and the document is held to the general checklist of its type instead (interface,
 * quality levels: `standard` and `best` promise quality checks for every document, not only a known sector's).
 */
import type { DocType } from "../../../core/ir/types.ts";
import { legal } from "./sectors/legal.ts";
import { finance } from "./sectors/finance.ts";
import { healthcare } from "./sectors/healthcare.ts";
import { employment } from "./sectors/employment.ts";
import { realEstate } from "./sectors/real-estate.ts";
import { publicAdministration } from "./sectors/public-administration.ts";
import { software } from "./sectors/software.ts";
import { education } from "./sectors/education.ts";
import { salesMarketing } from "./sectors/sales-marketing.ts";
import { report } from "./general/report.ts";
import { letter } from "./general/letter.ts";
import { contract } from "./general/contract.ts";
import { memo } from "./general/memo.ts";
import { minutes } from "./general/minutes.ts";
import { presentation } from "./general/presentation.ts";
import { spreadsheet } from "./general/spreadsheet.ts";
import { artifact } from "./general/artifact.ts";

export interface ChecklistPoint {
  /** Stable within its checklist: the judge answers by it. */
  readonly id: string;
  /** What a good document of the sector does, as the report names the point. */
  readonly text: string;
  /** The yes/no question the judge answers, with a quote from the text as evidence. */
  readonly test: string;
  /** The document types the point applies to; absent, all of them. */
  readonly types?: ReadonlyArray<DocType>;
}

export interface Checklist {
  readonly id: string;
  /** How the judge may name the sector: English lower case and Spanish. */
  readonly names: ReadonlyArray<string>;
  /** Short writing rules for the writer's prompt, one a line. */
  readonly guide: string;
  readonly points: ReadonlyArray<ChecklistPoint>;
  /** Set on a general checklist: the document type it holds every such document to. Absent on a sector's. */
  readonly general?: DocType;
}

export const checklists: ReadonlyArray<Checklist> = [legal, finance, healthcare, employment, realEstate, publicAdministration, software, education, salesMarketing];

/** The general checklist of each document type, for a document no sector checklist claims. */
export const generalChecklists: Readonly<Record<DocType, Checklist>> = { report, letter, contract, memo, minutes, presentation, spreadsheet, artifact };

/** Lower case, no accents, words apart by one space ("Real-Estate", "real_estate", "REAL ESTATE" are one name). */
export const foldName = (name: string): string =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const byName = new Map<string, Checklist>();
for (const list of checklists) for (const name of [list.id, ...list.names]) byName.set(foldName(name), list);

/**
 * The checklist of `sector`: an alias as the whole name, else the longest alias found as whole words inside it
 * ("corporate law" → legal, "commercial real estate" → real estate); undefined for no sector or an unknown one.
 */
export const checklistFor = (sector: string | null | undefined): Checklist | undefined => {
  if (!sector) return undefined;
  const folded = foldName(sector);
  if (folded === "") return undefined;
  const exact = byName.get(folded);
  if (exact) return exact;
  const padded = ` ${folded} `;
  let best: { list: Checklist; length: number } | undefined;
  for (const [name, list] of byName) {
    if (padded.includes(` ${name} `) && name.length > (best?.length ?? 0)) best = { list, length: name.length };
  }
  return best?.list;
};

/** The checklist a document is held to: its sector's when one matches, else the general one of its type. */
export const checklistOf = (sector: string | null | undefined, type: DocType): Checklist => checklistFor(sector) ?? generalChecklists[type];

/** The points of `list` that apply to a document of `type`. */
export const pointsFor = (list: Checklist, type: DocType): ChecklistPoint[] => list.points.filter((p) => !p.types || p.types.includes(type));
