/**
 * Surgical edits of a part's text for the repairs: each edit replaces one exact range (an element, an attribute
 * value, an insertion point) found through the offset tree, so everything a repair does not touch stays
 * byte-identical. Also the finding constructor every check uses, so findings have one shape.
 */
import type { Severity } from "../../../core/diagnostics.ts";
import type { Finding } from "../../../core/contracts/review.ts";
import type { Part } from "./parts.ts";
import type { XNode } from "./xml.ts";

export interface Edit {
  readonly part: string;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export type Category = "structural" | "content" | "layout" | "security" | "data" | "style";

/** A finding; with `fix` it is fixable by that repair, without it it is reported only. */
export const finding = (code: string, severity: Severity, category: Category, message: string, fix?: string): Finding =>
  fix === undefined
    ? { code, severity, category, message, location: {}, fixable: false }
    : { code, severity, category, message, location: {}, fixable: true, fix };

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** Removes an element (start tag to end tag). */
export const removeNode = (part: Part, node: XNode): Edit => ({ part: part.name, start: node.start, end: node.end, text: "" });

/** Sets an attribute, by local name, in an element's start tag; adds it (with `prefixed` as written) when absent. */
export const setAttr = (part: Part, node: XNode, local: string, value: string, prefixed = local): Edit => {
  const tag = part.xml.slice(node.start, node.openEnd);
  // Never a namespace declaration: `xmlns:w="…"` is not the attribute `w:w`.
  const re = new RegExp(`(\\s(?!xmlns[:=])(?:[\\w.-]+:)?${local}\\s*=\\s*)(?:"[^"]*"|'[^']*')`);
  const m = re.exec(tag);
  if (m) {
    const start = node.start + m.index + m[1]!.length;
    return { part: part.name, start, end: start + m[0].length - m[1]!.length, text: `"${escapeAttr(value)}"` };
  }
  const close = tag.endsWith("/>") ? tag.length - 2 : tag.length - 1;
  const at = node.start + close;
  return { part: part.name, start: at, end: at, text: ` ${prefixed}="${escapeAttr(value)}"` };
};

/** Inserts markup as the last content of an element (turning `<x/>` into `<x>…</x>`). */
export const appendInside = (part: Part, node: XNode, markup: string): Edit => {
  if (node.closeStart === node.end && node.openEnd === node.end) {
    const tag = part.xml.slice(node.start, node.openEnd);
    return { part: part.name, start: node.start, end: node.end, text: `${tag.replace(/\s*\/>$/, ">")}${markup}</${node.name}>` };
  }
  return { part: part.name, start: node.closeStart, end: node.closeStart, text: markup };
};

/** The namespace prefix of an element as written (`w:` for `w:tc`, "" for none). */
export const prefixOf = (node: XNode): string => node.name.slice(0, node.name.length - node.local.length);

/** Applies edits to one part's text; overlapping edits are a programming error. */
export const applyEdits = (xml: string, edits: readonly Edit[]): string => {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const pieces: string[] = [];
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new Error(`overlapping edits at ${e.start}`);
    pieces.push(xml.slice(at, e.start), e.text);
    at = e.end;
  }
  pieces.push(xml.slice(at));
  return pieces.join("");
};
