/**
 * DrawingML text (`p:txBody`, `a:txBody`) as IR blocks: paragraphs with a bullet (their own or inherited, see
 * `placeholders.ts`) become list items nested by `a:pPr lvl`; other paragraphs are plain paragraphs. Runs keep bold,
 * italic and web links (`a:hlinkClick` to an external address); a line break (`a:br`) is a hard break. Fields
 * (`a:fld`, slide numbers, dates) show their cached text. Every block and item has the `a:p` it came from as source.
 */
import type { Block, Inline, ListBlock, Mark } from "../../../core/ir/types.ts";
import { safeUrl, sourceOf } from "../../../core/ooxml/ir.ts";
import type { Rels } from "../../../core/ooxml/rels.ts";
import { attr, child, elements, flag, kids, ownText, relAttr } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { bulletAt } from "./placeholders.ts";

interface Segment {
  text: string;
  bold: boolean;
  italic: boolean;
  link: string | null;
}

const segmentsOf = (p: XEl, rels: Rels | null): Segment[] => {
  const out: Segment[] = [];
  for (const run of elements(p)) {
    const name = run.local;
    if (name === "br") out.push({ text: "\n", bold: false, italic: false, link: null });
    else if (name === "r" || name === "fld") {
      const props = child(run, "rPr");
      const rel = rels?.get(relAttr(child(props, "hlinkClick"), "id") ?? "");
      out.push({
        text: kids(run, "t").map(ownText).join("").replace(/[\v\r]/g, "\n"),
        bold: flag(props, "b"),
        italic: flag(props, "i"),
        link: rel?.external ? safeUrl(rel.target) : null,
      });
    }
  }
  return out;
};

/** A paragraph's text without formatting (line breaks as spaces). */
export const plainText = (p: XEl): string =>
  segmentsOf(p, null)
    .map((s) => s.text)
    .join("")
    .replace(/\s+/g, " ")
    .trim();

const marksOf = (s: Segment): Mark[] => (s.bold ? (s.italic ? ["bold", "italic"] : ["bold"]) : s.italic ? ["italic"] : []);

/** A segment's text as text inlines, a line break between its lines. */
const lines = (s: Segment): Inline[] => {
  const out: Inline[] = [];
  s.text.split("\n").forEach((line, i) => {
    if (i > 0) out.push({ type: "lineBreak", id: "" });
    if (line) out.push({ type: "text", id: "", text: line, marks: marksOf(s) });
  });
  return out;
};

/**
 * Spaces at the start and end of each line are not text anyone sees, nor are line breaks at the paragraph's ends.
 * Works on the top-level inlines; a link counts as text.
 */
const trimLines = (inlines: Inline[]): Inline[] => {
  const out = [...inlines];
  for (let i = 0; i < out.length; i++) {
    const inline = out[i]!;
    if (inline.type !== "text") continue;
    const before = out[i - 1];
    const after = out[i + 1];
    let text = inline.text;
    if (!before || before.type === "lineBreak") text = text.trimStart();
    if (!after || after.type === "lineBreak") text = text.trimEnd();
    if (text === "") {
      out.splice(i, 1);
      // The inline before may now end a line.
      i = Math.max(-1, i - 2);
    } else out[i] = { ...inline, text };
  }
  while (out[0]?.type === "lineBreak") out.shift();
  while (out.at(-1)?.type === "lineBreak") out.pop();
  return out;
};

/** A paragraph's runs as IR inlines: marks, links (their line breaks as spaces) and hard line breaks. */
export const paragraphInlines = (p: XEl, rels: Rels | null): Inline[] => {
  const merged: Segment[] = [];
  for (const s of segmentsOf(p, rels)) {
    const last = merged.at(-1);
    if (last && last.bold === s.bold && last.italic === s.italic && last.link === s.link) last.text += s.text;
    else merged.push({ ...s });
  }
  const out: Inline[] = [];
  for (let i = 0; i < merged.length; ) {
    const link = merged[i]!.link;
    const group: Segment[] = [];
    for (; i < merged.length && merged[i]!.link === link; i++) group.push(merged[i]!);
    if (link && group.some((s) => s.text.trim())) {
      const children = group.filter((s) => s.text).map((s): Inline => ({ type: "text", id: "", text: s.text.replace(/\n/g, " "), marks: marksOf(s) }));
      out.push({ type: "link", id: "", href: link, children });
    } else out.push(...group.flatMap(lines));
  }
  return trimLines(out);
};

export interface TextOptions {
  readonly rels: Rels | null;
  /** The inherited list styles of the shape, nearest first. */
  readonly listStyles: readonly XEl[];
}

/**
 * The paragraphs of a text body as IR blocks. Consecutive bulleted paragraphs make one list: an item deeper than the
 * one before goes into a list inside it (one step, however many levels deeper), and an item switching between
 * bullets and numbers starts a list of its own in the same place.
 */
export const textBlocks = (body: XEl | undefined, options: TextOptions): Block[] => {
  const blocks: Block[] = [];
  // The paragraph level at each depth of nesting, and the open list there.
  let levels: number[] = [];
  let lists: ListBlock[] = [];
  for (const p of kids(body, "p")) {
    const inlines = paragraphInlines(p, options.rels);
    if (inlines.length === 0) continue;
    const source = sourceOf(p);
    const pPr = child(p, "pPr");
    const level = Math.min(8, Math.max(0, Number(attr(pPr, "lvl") ?? 0) || 0));
    const bullet = bulletAt(pPr, level, options.listStyles);
    const paragraph: Block = { type: "paragraph", id: "", source, inlines };
    if (bullet.kind === "none") {
      levels = [];
      lists = [];
      blocks.push(paragraph);
      continue;
    }
    // An item sits one step inside the nearest item of a lower level before it, whatever the levels between.
    while (levels.length && levels.at(-1)! > level) levels.pop();
    if (levels.at(-1) === level) levels.pop();
    const depth = levels.length;
    levels.push(level);
    lists.length = Math.min(lists.length, depth + 1);
    const ordered = bullet.kind === "number";
    let list = lists[depth];
    if (!list || list.ordered !== ordered) {
      list = { type: "list", id: "", source, ordered, start: bullet.kind === "number" ? bullet.start : 1, items: [] };
      (depth === 0 ? blocks : lists[depth - 1]!.items.at(-1)!.blocks).push(list);
      lists[depth] = list;
    }
    list.items.push({ id: "", source, blocks: [paragraph] });
    for (const holder of lists) holder.source = { ...holder.source!, end: source.end };
  }
  return blocks;
};
