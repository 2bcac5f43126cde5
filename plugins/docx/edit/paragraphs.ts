/**
 * New paragraphs made after a neighbour: its paragraph properties (style, numbering, list level) and its first run's
 * formatting, without what must stay unique or belongs to the neighbour alone (a section break, revision marks,
 * paragraph ids); and what a removed paragraph leaves behind (the bookmark and comment marks whose other end lives
 * elsewhere).
 */
import type { Edit } from "../../../core/ooxml/splice.ts";
import { splice } from "../../../core/ooxml/splice.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { prefixOf, rPrOf, textMarkup, type ParaText } from "./runs.ts";
import { markParagraph, type Revisions } from "./track.ts";

const REVISION_MARKS = new Set(["ins", "del", "moveFrom", "moveTo", "rPrChange"]);

/** The neighbour's `w:pPr` without its section break and revision marks, with `mark` first in its mark's `w:rPr`. */
const cleanPPr = (xml: string, pPr: XEl | undefined, prefix: string, mark: string): string => {
  if (!pPr) return mark ? `<${prefix}pPr><${prefix}rPr>${mark}</${prefix}rPr></${prefix}pPr>` : "";
  let content = "";
  let hasRPr = false;
  for (const c of pPr.children) {
    if (c.local === "sectPr" || c.local === "pPrChange") continue;
    if (c.local === "rPr") {
      hasRPr = true;
      const kept = c.children.filter((k) => !REVISION_MARKS.has(k.local)).map((k) => xml.slice(k.start, k.end));
      content += `<${c.name}>${mark}${kept.join("")}</${c.name}>`;
    } else content += xml.slice(c.start, c.end);
  }
  if (!hasRPr && mark) content += `<${prefix}rPr>${mark}</${prefix}rPr>`;
  return `<${pPr.name}>${content}</${pPr.name}>`;
};

/** A run's `w:rPr` without its record of earlier formatting. */
const cleanRPr = (xml: string, run: XEl | undefined): string => {
  const rPr = run?.children.find((c) => c.local === "rPr");
  if (!rPr) return "";
  const change = rPr.children.find((c) => c.local === "rPrChange");
  return change ? xml.slice(rPr.start, change.start) + xml.slice(change.end, rPr.end) : rPrOf(xml, run);
};

/** The first run of a paragraph, through hyperlinks and other wrappers. */
const firstRun = (p: XEl): XEl | undefined => {
  const stack = [...p.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.local === "r") return n;
    if (n.local === "pPr" || n.local === "del" || n.local === "moveFrom") continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return undefined;
};

/** A new paragraph styled like `neighbour`, holding `text`; tracked as inserted when `rev` is given. */
export const newParagraph = (xml: string, neighbour: XEl, text: string, rev: Revisions | null): string => {
  const prefix = prefixOf(neighbour);
  const pPr = neighbour.children.find((c) => c.local === "pPr");
  const mark = rev ? `<${prefix}ins${rev.attrs(prefix)}/>` : "";
  const run = text === "" ? "" : `<${prefix}r>${cleanRPr(xml, firstRun(neighbour))}${textMarkup(prefix, text)}</${prefix}r>`;
  return `<${prefix}p>${cleanPPr(xml, pPr, prefix, mark)}${rev && run ? rev.ins(prefix, run) : run}</${prefix}p>`;
};

const RANGE_MARKS = new Set(["bookmarkStart", "bookmarkEnd", "commentRangeStart", "commentRangeEnd", "permStart", "permEnd"]);
const DRAWING_ID = /(<[\w.-]+:docPr\b[^>]*?\sid\s*=\s*")\d+"/g;
const NOTE_REFERENCES = new Set(["footnoteReference", "endnoteReference", "commentReference"]);

/** The bookmark, comment and permission marks inside a paragraph (outside its runs), in order. */
const rangeMarks = (p: XEl): XEl[] => {
  const out: XEl[] = [];
  const visit = (el: XEl) => {
    for (const c of el.children) {
      if (RANGE_MARKS.has(c.local)) out.push(c);
      else if (c.local !== "r" && c.local !== "pPr") visit(c);
    }
  };
  visit(p);
  return out;
};

/** The range marks of a paragraph whose partner (the other end, by id) lies outside it. */
const unpairedMarks = (p: XEl): XEl[] => {
  const marks = rangeMarks(p);
  const key = (m: XEl) => `${m.local.replace(/Start$|End$/, "")}#${m.attrs["id"] ?? ""}`;
  const ends = new Map<string, Set<string>>();
  for (const m of marks) {
    const k = key(m);
    if (!ends.has(k)) ends.set(k, new Set());
    ends.get(k)!.add(m.local.endsWith("Start") ? "start" : "end");
  }
  return marks.filter((m) => ends.get(key(m))!.size < 2);
};

/**
 * What a paragraph leaves in its place when it goes: the marks whose other end lives elsewhere, so no mark loses its
 * partner; and when it is deleted (not moved), its bookmarks too, so cross-references to them still find a target.
 */
export const leftBehind = (xml: string, p: XEl, deleted: boolean): string => {
  const unpaired = new Set(unpairedMarks(p));
  return rangeMarks(p)
    .filter((m) => unpaired.has(m) || (deleted && m.local.startsWith("bookmark")))
    .map((m) => xml.slice(m.start, m.end))
    .join("");
};

/** The paragraph without the marks `leftBehind` keeps in the old place (what moves). */
export const movable = (xml: string, p: XEl): string =>
  splice(
    xml.slice(0, p.end),
    unpairedMarks(p).map((m) => ({ start: m.start, end: m.end, text: "" })),
  ).slice(p.start);

/** Whether every field a paragraph begins also ends in it (a field may run over several paragraphs: a table of contents). */
export const fieldsClosed = (p: XEl): boolean => {
  let depth = 0;
  const stack = [p];
  const marks: string[] = [];
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (el.local === "fldChar") marks.push(el.attrs["fldCharType"] ?? "");
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
  }
  for (const type of marks) {
    if (type === "begin") depth++;
    else if (type === "end" && --depth < 0) return false;
  }
  return depth === 0;
};

/**
 * A copy of a paragraph inserted as a tracked change: every run inside `w:ins`, the paragraph mark inserted, and
 * what must stay unique left out (bookmarks, comment anchors, note references, paragraph ids, earlier deletions).
 */
export const paragraphCopy = (xml: string, para: ParaText, rev: Revisions): string => {
  const p = para.el;
  const prefix = prefixOf(p);
  if (p.openEnd === p.end) return `<${prefix}p><${prefix}pPr><${prefix}rPr><${prefix}ins${rev.attrs(prefix)}/></${prefix}rPr></${prefix}pPr></${prefix}p>`;
  const edits: Edit[] = [{ start: p.start, end: p.openEnd, text: xml.slice(p.start, p.openEnd).replace(/\s+[\w.-]+:(?:paraId|textId)\s*=\s*(?:"[^"]*"|'[^']*')/g, "") }];
  const counted = new Set(para.runs);
  const visit = (el: XEl) => {
    for (const c of el.children) {
      if (c.local === "pPr") continue;
      if (c.local === "r") {
        if (!counted.has(c) || c.children.some((k) => NOTE_REFERENCES.has(k.local))) edits.push({ start: c.start, end: c.end, text: "" });
        // A picture's drawing id must stay unique in the part: the copy's get fresh ones.
        else edits.push({ start: c.start, end: c.end, text: rev.ins(prefix, xml.slice(c.start, c.end).replace(DRAWING_ID, (_m, head: string) => `${head}${rev.ids.take()}"`)) });
      } else if (RANGE_MARKS.has(c.local) || c.local === "del" || c.local === "moveFrom" || c.local === "proofErr") edits.push({ start: c.start, end: c.end, text: "" });
      else visit(c);
    }
  };
  visit(p);
  edits.push(markParagraph(xml, p, `<${prefix}ins${rev.attrs(prefix)}/>`));
  // Earlier revision marks of the original's paragraph mark do not carry over to the copy.
  const mark = p.children.find((c) => c.local === "pPr")?.children.find((c) => c.local === "rPr");
  if (mark) for (const k of mark.children) if (REVISION_MARKS.has(k.local) && k.local !== "rPrChange") edits.push({ start: k.start, end: k.end, text: "" });
  const sect = p.children.find((c) => c.local === "pPr")?.children.find((c) => c.local === "sectPr");
  if (sect) edits.push({ start: sect.start, end: sect.end, text: "" });
  return splice(xml.slice(0, p.end), edits).slice(p.start);
};
