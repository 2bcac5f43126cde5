/**
 * Broken list numbering: a paragraph (or a paragraph style) whose `w:numPr` names a `w:numId` that numbering.xml
 * does not define (or there is no numbering part), a `w:num` whose `w:abstractNumId` is missing, or a level
 * (`w:ilvl`) outside 0–8 or not defined by the list. Word shows such a paragraph without a number; LibreOffice
 * (checked with 7.x) shows none for a missing list but a plain "1." for a missing definition or level, so the PDF
 * and Word disagree. numId 0 means "no numbering" and is fine.
 *
 * The repair (`docx.numbering`) sets the dangling reference to numId 0: what Word shows, made explicit, so Word
 * and the PDF agree and nothing else moves. Pointing it at some other list would guess the author's intent. A
 * paragraph that only names a level of its style's list gets its own numId 0 when that level is missing; a style
 * whose list is missing is repaired in the style.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { finding, prefixOf, setAttr, appendInside, type Edit } from "./edit.ts";
import type { Model } from "./model.ts";
import type { Part } from "./parts.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export const FIX = "docx.numbering";

interface Lists {
  readonly present: boolean;
  /** numId → abstractNumId and the levels its overrides define. */
  readonly nums: Map<string, { abstract: string | undefined; levels: Set<number> }>;
  /** abstractNumId → defined levels, or null when it links to a numbering style (levels resolved elsewhere). */
  readonly abstracts: Map<string, Set<number> | null>;
}

const readLists = (part: Part | null): Lists => {
  const nums = new Map<string, { abstract: string | undefined; levels: Set<number> }>();
  const abstracts = new Map<string, Set<number> | null>();
  for (const a of part?.root.childrenNamed("abstractNum") ?? []) {
    const id = a.attrs["abstractNumId"];
    if (id === undefined || abstracts.has(id)) continue;
    const linked = a.child("numStyleLink") !== undefined;
    abstracts.set(id, linked ? null : new Set(a.childrenNamed("lvl").map((l) => Number(l.attrs["ilvl"] ?? "0"))));
  }
  for (const n of part?.root.childrenNamed("num") ?? []) {
    const id = n.attrs["numId"];
    if (id === undefined || nums.has(id)) continue;
    const levels = new Set(n.childrenNamed("lvlOverride").filter((o) => o.child("lvl")).map((o) => Number(o.attrs["ilvl"] ?? "0")));
    nums.set(id, { abstract: n.valOf("abstractNumId"), levels });
  }
  return { present: part !== null, nums, abstracts };
};

/** Why a reference is broken, or null when it is fine. */
const problem = (lists: Lists, numId: string, ilvl: number): string | null => {
  if (numId.trim() === "0") return null;
  if (!lists.present) return "the file has no numbering definitions";
  if (!/^\s*\d+\s*$/.test(numId)) return `numId "${numId}" is not a number`;
  const num = lists.nums.get(numId.trim());
  if (!num) return `list ${numId.trim()} is not defined`;
  if (num.abstract === undefined || !lists.abstracts.has(num.abstract)) return `list ${numId.trim()} points at a missing list definition`;
  if (!Number.isInteger(ilvl) || ilvl < 0 || ilvl > 8) return `level ${ilvl} is outside 0–8`;
  const levels = lists.abstracts.get(num.abstract);
  if (levels && !levels.has(ilvl) && !num.levels.has(ilvl)) return `level ${ilvl} is not defined by list ${numId.trim()}`;
  return null;
};

interface Broken {
  readonly part: Part;
  /** The numPr to repair. */
  readonly numPr: XEl;
  readonly numIdNode: XEl | undefined;
  readonly reason: string;
  readonly style: boolean;
}

const brokenReferences = (model: Model): Broken[] => {
  const lists = readLists(model.numbering);
  const styles = model.styles;
  const out: Broken[] = [];
  const styleNum = (styleId: string | undefined): { numId?: string; ilvl?: number } => {
    for (const s of styles.chain(styleId)) {
      const numPr = s.node.child("pPr")?.child("numPr");
      if (!numPr) continue;
      const numId = numPr.valOf("numId");
      const ilvl = numPr.valOf("ilvl");
      return { ...(numId !== undefined ? { numId } : {}), ...(ilvl !== undefined ? { ilvl: Number(ilvl) } : {}) };
    }
    return {};
  };
  for (const s of styles.byId.values()) {
    const numPr = s.node.child("pPr")?.child("numPr");
    const numIdNode = numPr?.child("numId");
    const numId = numIdNode?.attrs["val"];
    if (!numPr || numId === undefined || !styles.part) continue;
    const reason = problem(lists, numId, Number(numPr.valOf("ilvl") ?? "0"));
    if (reason) out.push({ part: styles.part, numPr, numIdNode, reason, style: true });
  }
  for (const story of model.stories) {
    for (const p of model.all(story, "p")) {
      const pPr = p.child("pPr");
      const numPr = pPr?.child("numPr");
      if (!numPr) continue;
      const numIdNode = numPr.child("numId");
      const ilvlText = numPr.valOf("ilvl");
      const inherited = styleNum(styles.paragraphStyle(pPr));
      const ilvl = ilvlText !== undefined ? Number(ilvlText) : (inherited.ilvl ?? 0);
      if (numIdNode) {
        const reason = problem(lists, numIdNode.attrs["val"] ?? "", ilvl);
        if (reason) out.push({ part: story, numPr, numIdNode, reason, style: false });
        continue;
      }
      // Only a level of its style's list: a broken list is repaired in the style; a missing level here.
      if (inherited.numId === undefined || problem(lists, inherited.numId, inherited.ilvl ?? 0)) continue;
      const reason = problem(lists, inherited.numId, ilvl);
      if (reason) out.push({ part: story, numPr, numIdNode: undefined, reason, style: false });
    }
  }
  return out;
};

export const checkNumbering = (model: Model): Finding[] => {
  const broken = brokenReferences(model);
  if (broken.length === 0) return [];
  const paragraphs = broken.filter((b) => !b.style).length;
  const styles = broken.length - paragraphs;
  const reasons = [...new Set(broken.map((b) => b.reason))].slice(0, 3).join("; ");
  const who = [paragraphs ? `${paragraphs} paragraph${paragraphs === 1 ? "" : "s"}` : "", styles ? `${styles} style${styles === 1 ? "" : "s"}` : ""].filter(Boolean).join(" and ");
  return [
    finding(
      "docx.numbering_broken",
      "warning",
      "structural",
      `${who} refer to list numbering that does not exist (${reasons}); Word shows no number there, while LibreOffice, which makes the PDF, may show a plain "1.". The repair marks them as not numbered, so both show the same.`,
      FIX,
    ),
  ];
};

export const fixNumbering = (model: Model): Edit[] =>
  brokenReferences(model).map((b) =>
    b.numIdNode
      ? setAttr(b.part, b.numIdNode, "val", "0", `${prefixOf(b.numIdNode)}val`)
      : appendInside(b.part, b.numPr, `<${prefixOf(b.numPr)}numId ${prefixOf(b.numPr)}val="0"/>`),
  );
