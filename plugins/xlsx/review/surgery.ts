/**
 * Text surgery for the repairs: changing one attribute of one start tag, cutting out exact spans, and removing a
 * part together with its relationship and its content-type override. Everything outside the touched spans stays
 * byte for byte as it was.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { escapeXml } from "./scan.ts";
import type { Span } from "./workbook.ts";

const attrPattern = (name: string) => new RegExp(`(\\s)${name.replace(/[.:]/g, "\\$&")}\\s*=\\s*("[^"]*"|'[^']*')`);

/** The start tag with attribute `name` set to `value` (added before the tag's end when absent). */
export const setAttr = (tag: string, name: string, value: string): string => {
  const pattern = attrPattern(name);
  if (pattern.test(tag)) return tag.replace(pattern, (_m, space: string) => `${space}${name}="${escapeXml(value)}"`);
  return tag.replace(/\s*(\/?)>$/, (_m, slash: string) => ` ${name}="${escapeXml(value)}"${slash}>`);
};

export const removeAttr = (tag: string, name: string): string => tag.replace(new RegExp(`\\s+${name}\\s*=\\s*("[^"]*"|'[^']*')`), "");

export interface Edit extends Span {
  readonly text: string;
}

/** Applies non-overlapping edits to `xml` (in any order). */
export const applyEdits = (xml: string, edits: readonly Edit[]): string => {
  let out = xml;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
};

/** Where `.rels` of `part` is. */
export const relsPartOf = (part: string): string => {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * The changes that remove `part`: the part itself, the relationship `relId` in `owner`'s `.rels`, and the
 * part's `Override` in `[Content_Types].xml`.
 */
export const removePart = (pkg: Package, owner: string, relId: string, part: string): Map<string, string | null> => {
  const changes = new Map<string, string | null>([[part, null]]);
  const relsName = relsPartOf(owner);
  const rels = pkg.text(relsName);
  if (rels !== null) {
    const id = relId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const edited = rels.replace(new RegExp(`<(?:\\w+:)?Relationship\\b[^>]*\\sId\\s*=\\s*["']${id}["'][^>]*?(?:/>|>\\s*</(?:\\w+:)?Relationship>)`), "");
    if (edited !== rels) changes.set(relsName, edited);
  }
  const types = pkg.text("[Content_Types].xml");
  if (types !== null) {
    const name = `/${part}`.toLowerCase();
    const edited = types.replace(/<(?:\w+:)?Override\b[^>]*?(?:\/>|>\s*<\/(?:\w+:)?Override>)/g, (element) => {
      const m = /\sPartName\s*=\s*["']([^"']*)["']/.exec(element);
      return m && decoded(m[1]!).toLowerCase() === name ? "" : element;
    });
    if (edited !== types) changes.set("[Content_Types].xml", edited);
  }
  return changes;
};
