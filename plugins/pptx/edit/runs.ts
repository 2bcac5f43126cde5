/**
 * A DrawingML paragraph's text and the runs that hold it: each character of a block's text maps back to one run
 * (`a:r`, `a:fld`) or line break (`a:br`), so a replacement rewrites only the runs it touches and every other byte
 * of the paragraph stays as written. New text is escaped and written in runs carrying a neighbour's `a:rPr`.
 */
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { child, elements } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export interface Segment {
  readonly el: XEl;
  readonly kind: "r" | "fld" | "br";
  /** Where its text sits in the paragraph's text. */
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

export const segmentsOf = (p: XEl): Segment[] => {
  const out: Segment[] = [];
  let at = 0;
  for (const el of elements(p)) {
    const kind = el.local;
    if (kind !== "r" && kind !== "fld" && kind !== "br") continue;
    // A vertical tab is PowerPoint's soft return inside a run: shown as the line break it is, one character for one.
    const text = kind === "br" ? "\n" : (child(el, "t")?.text ?? "").replace(/[\v\r]/g, "\n");
    out.push({ el, kind, from: at, to: at + text.length, text });
    at += text.length;
  }
  return out;
};

export const paragraphText = (p: XEl): string =>
  segmentsOf(p)
    .map((s) => s.text)
    .join("");

export const escapeText = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** `a:` for `a:p`, "" for an unprefixed name. */
export const prefixOf = (name: string): string => {
  const colon = name.indexOf(":");
  return colon < 0 ? "" : name.slice(0, colon + 1);
};

/** An element's markup as written in `xml`, or "" when absent. */
export const rawOf = (xml: string, el: XEl | undefined): string => (el ? xml.slice(el.start, el.end) : "");

/** Runs holding `text` with `rPr` (raw markup, may be ""), a line break between its lines. */
export const runsXml = (text: string, rPr: string, pre: string): string =>
  text
    .split("\n")
    .map((line) => (line ? `<${pre}r>${rPr}<${pre}t>${escapeText(line)}</${pre}t></${pre}r>` : ""))
    .join(`<${pre}br>${rPr}</${pre}br>`);

/**
 * The `a:rPr` of the paragraph's first run or field, raw, without its links: new text looks like its neighbour's but
 * does not jump where the neighbour's text does.
 */
export const firstRunProps = (xml: string, p: XEl): string => {
  const first = segmentsOf(p).find((s) => s.kind !== "br");
  const props = child(first?.el, "rPr");
  if (!props) return "";
  const links = props.children.filter((c) => c.local.startsWith("hlink")).map((c) => ({ start: c.start - props.start, end: c.end - props.start, text: "" }));
  return splice(rawOf(xml, props), links);
};

/** A new paragraph like `p`: its `a:pPr`, its first run's `a:rPr`, its `a:endParaRPr`, holding `text`. */
export const paragraphLike = (xml: string, p: XEl, text: string): string => {
  const pre = prefixOf(p.name);
  return `<${p.name}>${rawOf(xml, child(p, "pPr"))}${runsXml(text, firstRunProps(xml, p), pre)}${rawOf(xml, child(p, "endParaRPr"))}</${p.name}>`;
};

/** `p` emptied: its paragraph and end-of-paragraph properties kept, so what is typed there later looks the same. */
export const emptiedParagraph = (xml: string, p: XEl): string => `<${p.name}>${rawOf(xml, child(p, "pPr"))}${rawOf(xml, child(p, "endParaRPr"))}</${p.name}>`;

/** The splices of an `a:t`'s content set to `text`. */
const setText = (t: XEl, text: string): Edit =>
  t.openEnd === t.end ? { start: t.start, end: t.end, text: `<${t.name}>${escapeText(text)}</${t.name}>` } : { start: t.openEnd, end: t.closeStart, text: escapeText(text) };

/**
 * The splices replacing `[from, to)` of the paragraph's text by `replace`. The first run or field touched keeps its
 * `a:rPr` and takes the text before the range and the replacement; the last one touched keeps the text after it;
 * whatever lies between is removed. A run whose new text holds a line break is rewritten as runs and breaks.
 */
export const replaceEdits = (xml: string, p: XEl, from: number, to: number, replace: string): Edit[] => {
  const segments = segmentsOf(p);
  const touched = segments.filter((s) => s.from < to && s.to > from);
  if (touched.length === 0) return [];
  const pre = prefixOf(touched[0]!.el.name);
  const edits: Edit[] = [];
  const carrierAt = touched.findIndex((s) => s.kind !== "br");
  if (carrierAt < 0) {
    // Only line breaks are replaced: the new text takes the paragraph's first run's look.
    edits.push({ start: touched[0]!.el.start, end: touched[0]!.el.start, text: runsXml(replace, firstRunProps(xml, p), pre) });
    for (const s of touched) edits.push({ start: s.el.start, end: s.el.end, text: "" });
    return edits;
  }
  const carrier = touched[carrierAt]!;
  const last = touched.length - 1;
  const text = (carrierAt === 0 ? carrier.text.slice(0, Math.max(0, from - carrier.from)) : "") + replace + (carrierAt === last ? carrier.text.slice(to - carrier.from) : "");
  touched.forEach((s, i) => {
    if (i === carrierAt) {
      const t = child(s.el, "t");
      if (t && !text.includes("\n") && s.kind === "r") edits.push(setText(t, text));
      else edits.push({ start: s.el.start, end: s.el.end, text: runsXml(text, rawOf(xml, child(s.el, "rPr")), pre) });
    } else if (i === last && s.kind !== "br" && to < s.to) {
      const t = child(s.el, "t")!;
      const rest = s.text.slice(to - s.from);
      if (rest.includes("\n") || s.kind === "fld") edits.push({ start: s.el.start, end: s.el.end, text: runsXml(rest, rawOf(xml, child(s.el, "rPr")), pre) });
      else edits.push(setText(t, rest));
    } else edits.push({ start: s.el.start, end: s.el.end, text: "" });
  });
  return edits;
};
