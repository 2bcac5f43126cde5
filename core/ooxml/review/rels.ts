/**
 * Package relationships (OPC) for the checks and repairs: what a `.rels` says (each relationship with the offsets
 * of its element, so a repair removes exactly that element; paths are worked out by core/ooxml/rels.ts), and which
 * relationship Ids a part's markup names (`r:id`, `r:embed`, `r:link`, `r:dm`, VML `o:relid`…, whatever the prefix).
 */
import { decodeXmlText } from "../package.ts";
import { prefixesFor } from "../xml/markup.ts";
import { findAll, type XEl } from "../xml/tree.ts";

export interface Rel {
  readonly id: string;
  /** The full relationship type. */
  readonly type: string;
  /** Its last segment (`image`, `hyperlink`, `officeDocument`): the same in Transitional and Strict. */
  readonly kind: string;
  /** The target as written. */
  readonly target: string;
  readonly external: boolean;
  /** The element's offsets in the `.rels` text. */
  readonly start: number;
  readonly end: number;
}

/** The relationships of a parsed `.rels` part, in order; null when one lacks its Id, Type or Target. */
export const readRels = (root: XEl): Rel[] | null => {
  const out: Rel[] = [];
  for (const el of root.children) {
    if (el.local !== "Relationship") continue;
    const a = el.qualifiedAttrs;
    const id = a.get("Id");
    const type = a.get("Type");
    const target = a.get("Target");
    if (id === undefined || type === undefined || target === undefined) return null;
    out.push({ id, type, kind: type.slice(type.lastIndexOf("/") + 1), target, external: a.get("TargetMode") === "External", start: el.start, end: el.end });
  }
  return out;
};

export const RELATIONSHIP_NAMESPACES = [
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  "http://purl.oclc.org/ooxml/officeDocument/relationships",
];
const OFFICE_NAMESPACE = "urn:schemas-microsoft-com:office:office";

/** One attribute that names a relationship: its Id, the attribute as written, the element it sits on. */
export interface RelRef {
  readonly id: string;
  readonly attribute: string;
  readonly element: string;
  /** Offset of the element's `<`. */
  readonly at: number;
}

const escapeRegExp = (s: string) => s.replace(/[.\-]/g, "\\$&");

/**
 * Every attribute of a part's markup that names a relationship Id of the part's `.rels`. Found by the attribute's
 * own pattern (the part can be megabytes of drawing markup), kept only when it sits inside a tag.
 */
export const relRefs = (xml: string): RelRef[] => {
  const rel = [...prefixesFor(xml, RELATIONSHIP_NAMESPACES)].map((p) => `${escapeRegExp(p)}:[\\w.\\-]+`);
  const office = [...prefixesFor(xml, [OFFICE_NAMESPACE])].map((p) => `${escapeRegExp(p)}:relid`);
  const names = [...rel, ...office];
  if (names.length === 0) return [];
  const pattern = new RegExp(`\\s(${names.join("|")})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "g");
  const out: RelRef[] = [];
  for (const m of xml.matchAll(pattern)) {
    const raw = m[2] ?? m[3] ?? "";
    if (raw === "" || m[1]!.startsWith("xmlns:")) continue;
    const lt = xml.lastIndexOf("<", m.index);
    if (lt < 0 || xml.lastIndexOf(">", m.index) > lt) continue;
    const element = /^<([^\s/>]+)/.exec(xml.slice(lt, lt + 200))?.[1] ?? "";
    out.push({ id: raw.includes("&") ? decodeXmlText(raw) : raw, attribute: m[1]!, element, at: lt });
  }
  return out;
};

/** The elements under `root` with an attribute naming one of `ids`, with that attribute. */
export const elementsNaming = (text: string, root: XEl, ids: ReadonlySet<string>): Array<{ el: XEl; attribute: string; id: string }> => {
  const rel = prefixesFor(text, RELATIONSHIP_NAMESPACES);
  const office = prefixesFor(text, [OFFICE_NAMESPACE]);
  const out: Array<{ el: XEl; attribute: string; id: string }> = [];
  if (ids.size === 0 || (rel.size === 0 && office.size === 0)) return out;
  findAll(root, (el) => {
    if (!el.rawAttrs.includes(":")) return false;
    for (const [qname, value] of el.qualifiedAttrs) {
      if (!ids.has(value)) continue;
      const colon = qname.indexOf(":");
      const prefix = qname.slice(0, colon);
      if (colon > 0 && (rel.has(prefix) || (office.has(prefix) && qname.slice(colon + 1) === "relid"))) out.push({ el, attribute: qname, id: value });
    }
    return false;
  });
  return out;
};
