/**
 * Surgical edits of a part's text for the repairs: each edit replaces one exact range (an element, an attribute
 * value, an insertion point) found through the offset tree, so everything a repair does not touch stays
 * byte-identical. Also the finding constructor every check uses, so findings have one shape.
 */
import type { Severity } from "../../../core/diagnostics.ts";
import type { Finding } from "../../../core/contracts/review.ts";
import type { Edit as Splice } from "../../../core/ooxml/splice.ts";
import { escapeAttribute } from "../../../core/ooxml/xml/markup.ts";
import type { Part } from "./parts.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

/** A splice (core/ooxml/splice.ts) of one part. */
export interface Edit extends Splice {
  readonly part: string;
}

export type Category = "structural" | "content" | "layout" | "security" | "data" | "style";

/** A finding; with `fix` it is fixable by that repair, without it it is reported only. */
export const finding = (code: string, severity: Severity, category: Category, message: string, fix?: string): Finding =>
  fix === undefined
    ? { code, severity, category, message, location: {}, fixable: false }
    : { code, severity, category, message, location: {}, fixable: true, fix };

/** Removes an element (start tag to end tag). */
export const removeNode = (part: Part, node: XEl): Edit => ({ part: part.name, start: node.start, end: node.end, text: "" });

/** Sets an attribute, by local name, in an element's start tag; adds it (with `prefixed` as written) when absent. */
export const setAttr = (part: Part, node: XEl, local: string, value: string, prefixed = local): Edit => {
  const tag = part.xml.slice(node.start, node.openEnd);
  // Never a namespace declaration: `xmlns:w="…"` is not the attribute `w:w`.
  const re = new RegExp(`(\\s(?!xmlns[:=])(?:[\\w.-]+:)?${local}\\s*=\\s*)(?:"[^"]*"|'[^']*')`);
  const m = re.exec(tag);
  if (m) {
    const start = node.start + m.index + m[1]!.length;
    return { part: part.name, start, end: start + m[0].length - m[1]!.length, text: `"${escapeAttribute(value)}"` };
  }
  const close = tag.endsWith("/>") ? tag.length - 2 : tag.length - 1;
  const at = node.start + close;
  return { part: part.name, start: at, end: at, text: ` ${prefixed}="${escapeAttribute(value)}"` };
};

/** Inserts markup as the last content of an element (turning `<x/>` into `<x>…</x>`). */
export const appendInside = (part: Part, node: XEl, markup: string): Edit => {
  if (node.closeStart === node.end && node.openEnd === node.end) {
    const tag = part.xml.slice(node.start, node.openEnd);
    return { part: part.name, start: node.start, end: node.end, text: `${tag.replace(/\s*\/>$/, ">")}${markup}</${node.name}>` };
  }
  return { part: part.name, start: node.closeStart, end: node.closeStart, text: markup };
};

/** The namespace prefix of an element as written (`w:` for `w:tc`, "" for none). */
export const prefixOf = (node: XEl): string => node.name.slice(0, node.name.length - node.local.length);
