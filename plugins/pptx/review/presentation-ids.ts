/**
 * The ids of the presentation's lists, which PowerPoint checks on open (its repair dialog otherwise): slide ids
 * (`p:sldId/@id`) unique and within 256…2147483647; master and layout ids (`p:sldMasterId/@id` in the presentation,
 * `p:sldLayoutId/@id` in each master) unique across both lists and at least 2147483648.
 *
 * `pptx.renumber_slide_ids` gives each later duplicate and each out-of-range slide id a free id, and follows the
 * change in the section list (`p14:sectionLst`), which names slides by id: a duplicated id is only renumbered when
 * the sections name it once per slide holding it, so each reference can follow its slide. `pptx.renumber_master_ids`
 * does the same for master and layout ids, which nothing else refers to.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { attr, child, descendants, kids, relAttr } from "../../../core/ooxml/xml/query.ts";
import type { Finding } from "../../../core/contracts/review.ts";
import type { Deck } from "./deck.ts";
import { finding } from "./finding.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { attributeEdit } from "./surgery.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export const RENUMBER_SLIDE_IDS = "pptx.renumber_slide_ids";
export const RENUMBER_MASTER_IDS = "pptx.renumber_master_ids";

const SLIDE_MIN = 256;
const SLIDE_MAX = 2_147_483_647;
const MASTER_MIN = 2_147_483_648;
const MASTER_MAX = 4_294_967_295;

interface IdEntry {
  readonly node: XEl;
  readonly part: string;
  readonly id: string;
  readonly label: string;
}

interface Renumbering {
  readonly duplicates: string[];
  readonly invalid: string[];
  readonly changes: Array<{ entry: IdEntry; id: number }>;
}

/** Keeps the first holder of each valid id; every later duplicate and every invalid id gets the next free one. */
const renumber = (list: readonly IdEntry[], min: number, max: number): Renumbering => {
  const inRange = (id: string) => /^\d+$/.test(id) && Number(id) >= min && Number(id) <= max;
  const used = new Set<number>();
  const duplicates = new Set<string>();
  const invalid: string[] = [];
  const needing: IdEntry[] = [];
  for (const entry of list) {
    if (!inRange(entry.id)) {
      invalid.push(entry.id);
      needing.push(entry);
    } else if (used.has(Number(entry.id))) {
      duplicates.add(String(Number(entry.id)));
      needing.push(entry);
    } else used.add(Number(entry.id));
  }
  let next = Math.max(min - 1, ...used) + 1;
  const changes = needing.map((entry) => {
    if (next > max) next = min;
    while (used.has(next)) next++;
    used.add(next);
    return { entry, id: next++ };
  });
  return { duplicates: [...duplicates], invalid, changes };
};

const slideEntries = (deck: Deck): IdEntry[] =>
  deck.listed.map((s) => ({ node: s.sldId, part: deck.presentationPart, id: s.id ?? "", label: `slide ${s.number}` }));

/** `p14:sldId` references in the section list, by id, in document order. */
const sectionRefs = (deck: Deck): Map<string, XEl[]> => {
  const refs = new Map<string, XEl[]>();
  for (const list of descendants(deck.presentation ?? undefined, "sectionLst")) {
    for (const ref of descendants(list, "sldId")) {
      const id = attr(ref, "id") ?? "";
      refs.set(id, [...(refs.get(id) ?? []), ref]);
    }
  }
  return refs;
};

/** The section references each renumbered slide carries along, or null when they cannot be told apart. */
const followingRefs = (deck: Deck, plan: Renumbering): Map<IdEntry, XEl> | null => {
  const refs = sectionRefs(deck);
  const holders = new Map<string, IdEntry[]>();
  for (const entry of slideEntries(deck)) holders.set(entry.id, [...(holders.get(entry.id) ?? []), entry]);
  const out = new Map<IdEntry, XEl>();
  for (const { entry } of plan.changes) {
    const named = refs.get(entry.id) ?? [];
    if (named.length === 0) continue;
    const sharing = holders.get(entry.id)!;
    if (named.length !== sharing.length) return null;
    out.set(entry, named[sharing.findIndex((e) => e.node === entry.node)]!);
  }
  return out;
};

const slidePlan = (deck: Deck): Renumbering => renumber(slideEntries(deck), SLIDE_MIN, SLIDE_MAX);

const masterEntries = (deck: Deck): IdEntry[] => {
  const presentation = deck.presentation;
  if (!presentation) return [];
  const rels = deck.parts.rels(deck.presentationPart);
  const out: IdEntry[] = [];
  const masters = kids(child(presentation, "sldMasterIdLst"), "sldMasterId");
  masters.forEach((m, i) => out.push({ node: m, part: deck.presentationPart, id: attr(m, "id") ?? "", label: `master ${i + 1}` }));
  masters.forEach((m, i) => {
    const rel = rels.get(relAttr(m, "id") ?? "");
    const root = rel && !rel.external ? deck.parts.root(rel.target) : null;
    kids(child(root ?? undefined, "sldLayoutIdLst"), "sldLayoutId").forEach((l, j) =>
      out.push({ node: l, part: rel!.target, id: attr(l, "id") ?? "", label: `layout ${j + 1} of master ${i + 1}` }),
    );
  });
  return out;
};

export const checkPresentationIds = (deck: Deck): Finding[] => {
  const out: Finding[] = [];
  const slides = slidePlan(deck);
  const slideFix = slides.changes.length > 0 && followingRefs(deck, slides) !== null ? RENUMBER_SLIDE_IDS : undefined;
  const pagesOf = (ids: string[]) => deck.listed.filter((s) => ids.includes(s.id ?? "") || ids.includes(String(Number(s.id)))).map((s) => s.number);
  if (slides.duplicates.length > 0) {
    out.push(finding("presentation.duplicate_slide_id", "error", "structural", `Slides share an id in the slide list (${slides.duplicates.join(", ")}); PowerPoint offers to repair the file.`, pagesOf(slides.duplicates), slideFix));
  }
  if (slides.invalid.length > 0) {
    out.push(finding("presentation.slide_id_invalid", "error", "structural", `Slide ids must be whole numbers from 256 to 2147483647; the slide list holds ${slides.invalid.map((i) => `"${i}"`).join(", ")}. PowerPoint offers to repair the file.`, pagesOf(slides.invalid), slideFix));
  }
  const masters = renumber(masterEntries(deck), MASTER_MIN, MASTER_MAX);
  if (masters.duplicates.length > 0) {
    out.push(finding("presentation.master_id_conflict", "error", "structural", `Slide masters and layouts share ids (${masters.duplicates.join(", ")}); PowerPoint offers to repair the file.`, [], RENUMBER_MASTER_IDS));
  }
  if (masters.invalid.length > 0) {
    out.push(finding("presentation.master_id_invalid", "error", "structural", `Slide master and layout ids must be whole numbers of at least 2147483648; found ${masters.invalid.map((i) => `"${i}"`).join(", ")}. PowerPoint offers to repair the file.`, [], RENUMBER_MASTER_IDS));
  }
  return out;
};

const editParts = (pkg: Package, deck: Deck, targets: Array<{ part: string; node: XEl; id: number }>): Map<string, string> => {
  const byPart = new Map<string, Array<{ node: XEl; id: number }>>();
  for (const t of targets) byPart.set(t.part, [...(byPart.get(t.part) ?? []), t]);
  const changes = new Map<string, string>();
  for (const [part, list] of byPart) {
    const xml = pkg.text(part)!;
    const edits: Edit[] = list.map((t) => attributeEdit(xml, t.node, { id: String(t.id) }));
    changes.set(part, splice(xml, edits));
  }
  return changes;
};

export const renumberSlideIds = (pkg: Package, deck: Deck): Map<string, string> => {
  const plan = slidePlan(deck);
  const refs = followingRefs(deck, plan);
  if (plan.changes.length === 0 || refs === null) return new Map();
  const targets = plan.changes.flatMap(({ entry, id }) => {
    const ref = refs.get(entry);
    return [{ part: entry.part, node: entry.node, id }, ...(ref ? [{ part: deck.presentationPart, node: ref, id }] : [])];
  });
  return editParts(pkg, deck, targets);
};

export const renumberMasterIds = (pkg: Package, deck: Deck): Map<string, string> => {
  const plan = renumber(masterEntries(deck), MASTER_MIN, MASTER_MAX);
  return editParts(
    pkg,
    deck,
    plan.changes.map(({ entry, id }) => ({ part: entry.part, node: entry.node, id })),
  );
};

