/**
 * A paragraph's pieces (model.ts) → IR inlines. Whitespace is what Word shows: runs of spaces, tabs and newlines are
 * one space, spaces at a paragraph's ends and around its line breaks are dropped, a link's edge spaces stay outside
 * it. A note reference sits against the word before it. Pictures are blocks in the IR, so in a paragraph they split
 * it (`segments` gives the runs between them), and so do display formulas; in a table cell a picture is its
 * description, as a cell holds inlines only. A formula in the text is a `$…$` span of its TeX.
 */
import type { Inline, LinkInline, Mark, TextInline } from "../../../core/ir/types.ts";
import type { Piece } from "./model.ts";
import { BOLD, CODE, ITALIC, STRIKE, SUB, SUP } from "./styles.ts";

/** Headings keep no bold (a heading is bold already) and show a line break as a space. */
export type Mode = "block" | "cell" | "heading";

export type ImagePiece = Extract<Piece, { k: "img" }>;

export type Segment =
  | { readonly kind: "inlines"; readonly inlines: Inline[] }
  | { readonly kind: "image"; readonly image: ImagePiece }
  /** A display formula (`m:oMathPara`): a block of its own. */
  | { readonly kind: "math"; readonly tex: string };

const marksOf = (m: number, mode: Mode): Mark[] => {
  const out: Mark[] = [];
  if (m & BOLD && mode !== "heading") out.push("bold");
  if (m & CODE) out.push("code");
  if (m & ITALIC) out.push("italic");
  if (m & STRIKE) out.push("strike");
  if (m & SUP) out.push("superscript");
  else if (m & SUB) out.push("subscript");
  return out;
};

export const text = (value: string, marks: Mark[] = []): TextInline => ({ type: "text", id: "", text: value, marks });
const sameMarks = (a: readonly Mark[], b: readonly Mark[]) => a.length === b.length && a.every((m, i) => m === b[i]);
const isCode = (inline: Inline | undefined): boolean => inline?.type === "text" && inline.marks.includes("code");
const isPlainText = (inline: Inline | undefined): inline is TextInline => inline?.type === "text" && !inline.marks.includes("code");

const endsWithSpace = (list: readonly Inline[]): boolean => {
  const last = list[list.length - 1];
  return last?.type === "lineBreak" || (last?.type === "text" && /\s/.test(last.text[last.text.length - 1] ?? ""));
};

/** Adds text to `list`, joining it to the run before when the marks are the same (or it is only spaces). */
const addText = (list: Inline[], value: string, marks: Mark[]): void => {
  const code = marks.includes("code");
  let t = code || !/[\t\r\n]| {2}/.test(value) ? value : value.replace(/[ \t\r\n]+/g, " ");
  if (!code && t.startsWith(" ") && endsWithSpace(list)) t = t.slice(1);
  if (t === "") return;
  const last = list[list.length - 1];
  if (last?.type === "text" && (sameMarks(last.marks, marks) || (!code && !isCode(last) && t.trim() === ""))) last.text += t;
  else list.push(text(t, marks));
};

/** A note reference goes against the word before it: spaces before it move after it. */
const addNote = (list: Inline[], footnoteId: string): void => {
  const last = list[list.length - 1];
  const space = isPlainText(last) ? (/[ \t]+$/.exec(last.text)?.[0] ?? "") : "";
  if (isPlainText(last) && space !== "") {
    last.text = last.text.slice(0, -space.length);
    if (last.text === "") list.pop();
  }
  list.push({ type: "footnoteRef", id: "", footnoteId });
  if (space !== "") list.push(text(space));
};

const visible = (list: readonly Inline[]): boolean => list.some((i) => i.type !== "text" || i.text.trim() !== "");

/** A finished link goes into `line`, its edge spaces outside it; a link showing nothing is just its spaces. */
const addLink = (line: Inline[], link: LinkInline): void => {
  const children = link.children;
  if (!visible(children)) {
    for (const c of children) if (c.type === "text") addText(line, c.text, c.marks);
    return;
  }
  const first = children[0];
  const lead = isPlainText(first) ? /^\s*/.exec(first.text)![0] : "";
  if (isPlainText(first)) first.text = first.text.slice(lead.length);
  const last = children[children.length - 1];
  const trail = isPlainText(last) ? /\s*$/.exec(last.text)![0] : "";
  if (isPlainText(last)) last.text = last.text.slice(0, last.text.length - trail.length);
  link.children = children.filter((c) => c.type !== "text" || c.text !== "");
  addText(line, lead, []);
  line.push(link);
  addText(line, trail, []);
};

/** Drops spaces at the ends of a line and around its line breaks, and empty lines. */
const tidy = (line: Inline[]): Inline[] => {
  const out: Inline[] = [];
  for (const inline of line) {
    if (inline.type === "lineBreak") {
      trimEnd(out);
      if (out.length > 0 && out[out.length - 1]!.type !== "lineBreak") out.push(inline);
      continue;
    }
    if (isPlainText(inline) && (out.length === 0 || out[out.length - 1]!.type === "lineBreak")) {
      inline.text = inline.text.replace(/^\s+/, "");
      if (inline.text === "") continue;
    }
    out.push(inline);
  }
  trimEnd(out);
  if (out[out.length - 1]?.type === "lineBreak") out.pop();
  return out;
};

const trimEnd = (list: Inline[]): void => {
  for (let last = list[list.length - 1]; isPlainText(last); last = list[list.length - 1]) {
    last.text = last.text.replace(/\s+$/, "");
    if (last.text !== "") return;
    list.pop();
  }
};

/** The pieces as runs of inlines and the pictures between them. */
export const segments = (pieces: readonly Piece[], mode: Mode): Segment[] => {
  const out: Segment[] = [];
  let line: Inline[] = [];
  let link: LinkInline | undefined;
  const closeLink = () => {
    if (link) addLink(line, link);
    link = undefined;
  };
  const endLine = () => {
    closeLink();
    const inlines = tidy(line);
    if (inlines.length > 0) out.push({ kind: "inlines", inlines });
    line = [];
  };
  // The piece before was a formula: another one right after it is kept apart by a space (`$a$ $b$`, not `$a$$b$`).
  let afterMath = false;
  for (const p of pieces) {
    if (p.k === "cs" || p.k === "ce") continue;
    const math = afterMath;
    afterMath = p.k === "math";
    if (p.k === "math" && p.display && mode === "block") {
      endLine();
      out.push({ kind: "math", tex: p.tex });
      continue;
    }
    if (p.k === "img" && mode !== "cell") {
      endLine();
      out.push({ kind: "image", image: p });
      continue;
    }
    const href = p.k === "t" || p.k === "br" || p.k === "img" ? p.link : undefined;
    if (href !== link?.href) {
      closeLink();
      if (href !== undefined) link = { type: "link", id: "", href, children: [] };
    }
    const into = link ? link.children : line;
    switch (p.k) {
      case "t":
        addText(into, p.text, marksOf(p.m, mode));
        break;
      case "br":
        if (mode === "heading") addText(into, " ", []);
        else into.push({ type: "lineBreak", id: "" });
        break;
      case "img":
        addText(into, p.alt, []);
        break;
      case "note":
        addNote(into, p.ref.footnoteId);
        break;
      case "math":
        // One `$…$` span a formula, written by the Markdown writer without escapes (core/markdown/escape.ts); a
        // display formula where only inlines can be (a cell, a heading) is one too.
        if (p.tex === "") break;
        if (math) addText(into, " ", []);
        addText(into, `$${p.tex}$`, []);
        break;
    }
  }
  endLine();
  return out;
};

/** The runs of inlines as one (a heading or a cell), pictures left out. */
export const joined = (segs: readonly Segment[]): Inline[] => {
  const runs: Inline[] = [];
  for (const s of segs) {
    if (s.kind !== "inlines") continue;
    if (runs.length > 0) addText(runs, " ", []);
    runs.push(...s.inlines);
  }
  return runs;
};

/** Plain text of pieces (quoting commented text). */
export const plainOf = (pieces: readonly Piece[]): string => {
  let s = "";
  for (const p of pieces) s += p.k === "t" ? p.text : p.k === "br" ? " " : p.k === "img" ? p.alt : p.k === "math" ? p.plain : "";
  return s;
};
