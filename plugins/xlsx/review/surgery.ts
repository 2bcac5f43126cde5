/**
 * Text surgery for the repairs: removing a part together with its relationship and its content-type override
 * (attributes of one start tag are set with core/ooxml/xml/markup.ts). Everything outside the touched spans stays
 * byte for byte as it was.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { relsPartOf } from "../../../core/ooxml/rels.ts";

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
