/**
 * Surgical edits of a part's XML text (the review rule: a repair changes the exact elements or attributes it
 * repairs and leaves every other byte as it was, never re-serialising a part). A repair decides what to change on
 * the parsed tree, then finds the same element in the text by its ordinal: the n-th element with that qualified name
 * in document order. The parsed tree and the text count the same elements (comments, CDATA and processing
 * instructions are skipped by both), so the n-th `p:cNvPr` of the tree is the n-th `<p:cNvPr` start tag of the text.
 */
import { childrenOf, tagOf, type XmlNode } from "../../../core/ooxml/package.ts";
import { isElement } from "../../xlsx/extract/xml.ts";

export interface StartTag {
  readonly qname: string;
  /** Offset of `<`. */
  readonly start: number;
  /** Offset just after the start tag's `>`. */
  readonly end: number;
  readonly selfClosing: boolean;
}

export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Where each element of a parsed part stands among the elements of its qualified name, in document order. */
export const ordinals = (root: XmlNode): Map<XmlNode, number> => {
  const counts = new Map<string, number>();
  const out = new Map<XmlNode, number>();
  const visit = (node: XmlNode) => {
    const tag = tagOf(node);
    const n = counts.get(tag) ?? 0;
    counts.set(tag, n + 1);
    out.set(node, n);
    for (const c of childrenOf(node)) if (isElement(c)) visit(c);
  };
  visit(root);
  return out;
};

const skipTo = (xml: string, from: number, marker: string): number => {
  const at = xml.indexOf(marker, from);
  return at < 0 ? xml.length : at + marker.length;
};

/** Every tag of the text, start and end, in order (`closing` for `</x>`). */
function* tags(xml: string, from = 0): Generator<StartTag & { closing: boolean }> {
  let i = from;
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    if (lt < 0) return;
    if (xml.startsWith("<!--", lt)) i = skipTo(xml, lt, "-->");
    else if (xml.startsWith("<![CDATA[", lt)) i = skipTo(xml, lt, "]]>");
    else if (xml.startsWith("<?", lt)) i = skipTo(xml, lt, "?>");
    else if (xml.startsWith("<!", lt)) i = skipTo(xml, lt, ">");
    else {
      const closing = xml[lt + 1] === "/";
      let j = lt + (closing ? 2 : 1);
      while (j < xml.length && !/[\s/>]/.test(xml[j]!)) j++;
      const qname = xml.slice(lt + (closing ? 2 : 1), j);
      // Attribute values may hold `>`: step over quoted text.
      let quote = "";
      for (; j < xml.length; j++) {
        const ch = xml[j]!;
        if (quote) {
          if (ch === quote) quote = "";
        } else if (ch === '"' || ch === "'") quote = ch;
        else if (ch === ">") break;
      }
      const end = Math.min(j + 1, xml.length);
      yield { qname, start: lt, end, selfClosing: !closing && xml[j - 1] === "/", closing };
      i = end;
    }
  }
}

// A repair locates many elements in the same text one after the other: the start tags are indexed once per text.
let indexed: { xml: string; byName: Map<string, StartTag[]> } | null = null;

/** The `ordinal`-th start tag named `qname` (0-based), or undefined. */
const findStartTag = (xml: string, qname: string, ordinal: number): StartTag | undefined => {
  if (indexed?.xml !== xml) {
    const byName = new Map<string, StartTag[]>();
    for (const tag of tags(xml)) {
      if (tag.closing) continue;
      const list = byName.get(tag.qname);
      if (list) list.push(tag);
      else byName.set(tag.qname, [tag]);
    }
    indexed = { xml, byName };
  }
  return indexed.byName.get(qname)?.[ordinal];
};

/** The end tag closing `open` (undefined for a self-closing tag). */
export const findEndTag = (xml: string, open: StartTag): { start: number; end: number } | undefined => {
  if (open.selfClosing) return undefined;
  let depth = 0;
  for (const tag of tags(xml, open.end)) {
    if (!tag.closing) {
      if (!tag.selfClosing) depth++;
    } else if (depth === 0) return { start: tag.start, end: tag.end };
    else depth--;
  }
  return undefined;
};

/** The start tag of a parsed element in the text of its part. */
export const locate = (xml: string, node: XmlNode, order: Map<XmlNode, number>): StartTag => {
  const ordinal = order.get(node);
  const tag = ordinal === undefined ? undefined : findStartTag(xml, tagOf(node), ordinal);
  if (!tag) throw new Error(`element ${tagOf(node)} #${ordinal} not found in the part text`);
  return tag;
};

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The start tag text with attribute `name` (qualified, as written) set to `value`, added when absent. */
const withAttribute = (tagText: string, name: string, value: string): string => {
  const pattern = new RegExp(`(\\s${name.replace(/[.:]/g, "\\$&")}\\s*=\\s*)("[^"]*"|'[^']*')`);
  if (pattern.test(tagText)) return tagText.replace(pattern, (_m, lead: string) => `${lead}"${escapeAttr(value)}"`);
  const close = tagText.endsWith("/>") ? tagText.length - 2 : tagText.length - 1;
  return `${tagText.slice(0, close).replace(/\s+$/, "")} ${name}="${escapeAttr(value)}"${tagText.slice(close)}`;
};

/** Applies non-overlapping edits to the text; insertions at one offset keep the order they are listed in. */
export const applyEdits = (xml: string, edits: readonly Edit[]): string => {
  const sorted = edits.map((e, i) => ({ e, i })).sort((a, b) => b.e.start - a.e.start || b.i - a.i);
  let out = xml;
  for (const { e } of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
};

/** An edit setting attributes on the start tag of `node`. */
export const attributeEdit = (xml: string, node: XmlNode, order: Map<XmlNode, number>, values: Record<string, string>): Edit => {
  const tag = locate(xml, node, order);
  let text = xml.slice(tag.start, tag.end);
  for (const [name, value] of Object.entries(values)) text = withAttribute(text, name, value);
  return { start: tag.start, end: tag.end, text };
};

const DRAWINGML = "http://schemas.openxmlformats.org/drawingml/2006/main";

/** The prefix the part binds to DrawingML (`a` almost always), or null when it binds none. */
const drawingPrefix = (xml: string): string | null => {
  const match = new RegExp(`xmlns:([A-Za-z_][\\w.-]*)\\s*=\\s*["']${DRAWINGML.replace(/[./]/g, "\\$&")}["']`).exec(xml);
  return match ? match[1]! : null;
};

/** `a:` for `a:bodyPr`, `""` for an unprefixed name. */
export const prefixOf = (qname: string): string => (qname.includes(":") ? qname.slice(0, qname.indexOf(":") + 1) : "");

/** The part's DrawingML prefix (`a:`), and the namespace declaration to add to new elements when it binds none. */
export const drawingPrefixFor = (xml: string): { prefix: string; declare: string } => {
  const prefix = drawingPrefix(xml);
  return prefix ? { prefix: `${prefix}:`, declare: "" } : { prefix: "a:", declare: ` xmlns:a="${DRAWINGML}"` };
};
