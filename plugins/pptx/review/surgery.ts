/**
 * Surgical edits of a part's XML text (the review rule: a repair changes the exact elements or attributes it
 * repairs and leaves every other byte as it was, never re-serialising a part). A repair decides what to change on
 * the parsed tree, whose elements know their offsets in the part's text (core/ooxml/xml/tree.ts), and splices there.
 */
import type { Edit } from "../../../core/ooxml/splice.ts";
import { withAttribute } from "../../../core/ooxml/xml/markup.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export interface StartTag {
  readonly qname: string;
  /** Offset of `<`. */
  readonly start: number;
  /** Offset just after the start tag's `>`. */
  readonly end: number;
  readonly selfClosing: boolean;
}

/** The start tag of a parsed element in the text of its part (the tree keeps its offsets). */
export const locate = (node: XEl): StartTag => ({ qname: node.name, start: node.start, end: node.openEnd, selfClosing: node.openEnd === node.end });

/** An edit setting attributes on the start tag of `node`. */
export const attributeEdit = (xml: string, node: XEl, values: Record<string, string>): Edit => {
  const tag = locate(node);
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
