/**
 * Text ↔ runs: a paragraph's visible text (`w:t`, `w:tab` as a tab, `w:br`/`w:cr` as a newline, inserted runs
 * included, deleted and moved-away runs not) with, for each character, the run and element it comes from; and the
 * rewrite of only the runs a character range touches. Everything else of a touched run (pictures, field characters,
 * note references) is kept in a run of its own formatting, so fields stay balanced and notes keep their mark.
 */
import type { Edit } from "../../../core/ooxml/splice.ts";
import { kids, type XEl } from "../../../core/ooxml/xml/tree.ts";

/** One text-bearing element of a run and where its text sits in the block's text. */
export interface Segment {
  readonly run: XEl;
  readonly el: XEl;
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

export interface ParaText {
  readonly el: XEl;
  readonly text: string;
  /** Offsets relative to the paragraph's text. */
  readonly segments: readonly Segment[];
  /** Every run whose text counts, in order (those without text too: field characters, pictures). */
  readonly runs: readonly XEl[];
}

/** Inline wrappers whose runs are part of the paragraph's text. */
const WRAPPERS = new Set(["hyperlink", "smartTag", "customXml", "fldSimple", "ins", "moveTo", "dir", "bdo"]);

const runsOf = (nodes: readonly XEl[], out: XEl[]): XEl[] => {
  for (const n of nodes) {
    if (n.local === "r") out.push(n);
    else if (n.local === "sdt") runsOf(kids(n.child("sdtContent")), out);
    else if (WRAPPERS.has(n.local)) runsOf(kids(n), out);
  }
  return out;
};

/** The characters an element of a run stands for, or null when it is not text. */
const charsOf = (el: XEl): string | null => {
  switch (el.local) {
    case "t":
      return el.text;
    case "tab":
      return "\t";
    case "br":
    case "cr":
      return "\n";
    default:
      return null;
  }
};

export const paragraphText = (p: XEl): ParaText => {
  const runs = runsOf(kids(p), []);
  const segments: Segment[] = [];
  let at = 0;
  for (const run of runs) {
    for (const el of run.children) {
      const text = charsOf(el);
      if (text === null || text === "") continue;
      segments.push({ run, el, from: at, to: at + text.length, text });
      at += text.length;
    }
  }
  return { el: p, text: segments.map((s) => s.text).join(""), segments, runs };
};

/** Text escaped for element content. */
export const escapeText = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Run content for plain text: `w:t` pieces, tabs and breaks (`prefix` with its colon). */
export const textMarkup = (prefix: string, text: string, element = "t"): string =>
  text
    .split(/(\t|\r?\n)/)
    .filter((piece) => piece !== "")
    .map((piece) =>
      piece === "\t" ? `<${prefix}tab/>` : piece === "\n" || piece === "\r\n" ? `<${prefix}br/>` : `<${prefix}${element} xml:space="preserve">${escapeText(piece)}</${prefix}${element}>`,
    )
    .join("");

/** An element's markup with its name changed (`w:t` → `w:delText`), everything else as written. */
export const renamed = (xml: string, el: XEl, local: string): string => {
  const prefix = el.name.slice(0, el.name.length - el.local.length);
  const open = `<${prefix}${local}${xml.slice(el.start + 1 + el.name.length, el.openEnd)}`;
  if (el.openEnd === el.end) return open;
  return `${open}${xml.slice(el.openEnd, el.closeStart)}</${prefix}${local}>`;
};

export const prefixOf = (el: XEl): string => el.name.slice(0, el.name.length - el.local.length);

/** The run's `w:rPr` as written, or "". */
export const rPrOf = (xml: string, run: XEl | undefined): string => {
  const rPr = run?.children.find((c) => c.local === "rPr");
  return rPr ? xml.slice(rPr.start, rPr.end) : "";
};

export interface RangeRewrite {
  /** `[a, b)` in the coordinates of the segments given. */
  readonly a: number;
  readonly b: number;
  /** What becomes of the range's text: removed, tracked as deleted, or kept (a comment's anchor). */
  readonly mode: "remove" | "track" | "keep";
  /** Markup placed right after the range's part of the first touched run, given that run's `w:rPr`. */
  readonly replacement?: (rPr: string, prefix: string) => string;
  /** Markup placed just before the range, and just after it. */
  readonly startMark?: string;
  readonly endMark?: string;
  /** The attributes of a new `w:del` (a fresh id each call). */
  readonly revision: () => string;
}

type Zone = "before" | "inside" | "after";
interface Token {
  readonly cls: "plain" | "del" | "raw" | "drop";
  readonly zone: Zone;
  readonly xml: string;
}

/**
 * The splices that rewrite the runs `[a, b)` touches (one edit per rewritten run, over the run's element). In
 * "keep" mode only the runs holding the range's ends are rewritten, to split them where the marks go.
 */
export const rewriteRange = (xml: string, segments: readonly Segment[], spec: RangeRewrite): Edit[] => {
  const { a, b } = spec;
  const touched: XEl[] = [];
  for (const s of segments) if (s.from < b && s.to > a && !touched.includes(s.run)) touched.push(s.run);
  if (touched.length === 0) return [];
  const first = touched[0]!;
  const last = touched[touched.length - 1]!;
  const edits: Edit[] = [];
  for (const run of touched) {
    if (spec.mode === "keep" && run !== first && run !== last) continue;
    edits.push({ start: run.start, end: run.end, text: rewriteRun(xml, run, segments, spec, run === first, run === last) });
  }
  return edits;
};

const rewriteRun = (xml: string, run: XEl, segments: readonly Segment[], spec: RangeRewrite, isFirst: boolean, isLast: boolean): string => {
  const { a, b } = spec;
  const prefix = prefixOf(run);
  const own = segments.filter((s) => s.run === run);
  const bySource = new Map(own.map((s) => [s.el, s]));
  const inside: Token["cls"] = spec.mode === "remove" ? "drop" : spec.mode === "track" ? "del" : "plain";
  const tokens: Token[] = [];
  let cursor = own[0]?.from ?? a;
  const textPart = (text: string, zone: Zone): Token => {
    const cls = zone === "inside" ? inside : "plain";
    return { cls, zone, xml: textMarkup(prefix, text, cls === "del" ? "delText" : "t") };
  };
  for (const el of run.children) {
    if (el.local === "rPr") continue;
    const seg = bySource.get(el);
    if (!seg) {
      const zone: Zone = cursor <= a ? "before" : cursor >= b ? "after" : "inside";
      // What is not text is never dropped: a field character or a note reference removed would break the document.
      tokens.push({ cls: "plain", zone, xml: xml.slice(el.start, el.end) });
      continue;
    }
    cursor = seg.to;
    const zoneOf = (from: number, to: number): Zone => (to <= a ? "before" : from >= b ? "after" : "inside");
    if (seg.to <= a || seg.from >= b || (seg.from >= a && seg.to <= b)) {
      const zone = zoneOf(seg.from, seg.to);
      const cls = zone === "inside" ? inside : "plain";
      tokens.push({ cls, zone, xml: cls === "del" && el.local === "t" ? renamed(xml, el, "delText") : xml.slice(el.start, el.end) });
      continue;
    }
    // A `w:t` the range cuts: its pieces written anew, each escaped.
    const cuts = [seg.from, Math.max(seg.from, a), Math.min(seg.to, b), seg.to];
    const zones: Zone[] = ["before", "inside", "after"];
    for (let i = 0; i < 3; i++) {
      const text = seg.text.slice(cuts[i]! - seg.from, cuts[i + 1]! - seg.from);
      if (text !== "") tokens.push(textPart(text, zones[i]!));
    }
  }
  const firstInside = tokens.findIndex((t) => t.zone !== "before");
  const afterStart = tokens.findIndex((t) => t.zone === "after");
  const insideEnd = afterStart < 0 ? tokens.length : afterStart;
  const rPr = rPrOf(xml, run);
  // Marks and the replacement, placed by position; inserted from the back so the indexes hold.
  if (isLast && spec.endMark) tokens.splice(insideEnd, 0, { cls: "raw", zone: "inside", xml: spec.endMark });
  if (isFirst && spec.replacement) tokens.splice(insideEnd, 0, { cls: "raw", zone: "inside", xml: spec.replacement(rPr, prefix) });
  if (isFirst && spec.startMark) tokens.splice(firstInside < 0 ? tokens.length : firstInside, 0, { cls: "raw", zone: "inside", xml: spec.startMark });

  const openTag = xml.slice(run.start, run.openEnd);
  const close = `</${run.name}>`;
  let out = "";
  let group: Token["cls"] | null = null;
  const end = () => {
    if (group === "plain") out += close;
    else if (group === "del") out += `${close}</${prefix}del>`;
    group = null;
  };
  for (const t of tokens) {
    if (t.cls === "drop") continue;
    if (t.cls === "raw") {
      end();
      out += t.xml;
      continue;
    }
    if (group !== t.cls) {
      end();
      out += t.cls === "del" ? `<${prefix}del${spec.revision()}>${openTag}${rPr}` : `${openTag}${rPr}`;
      group = t.cls;
    }
    out += t.xml;
  }
  end();
  return out;
};
