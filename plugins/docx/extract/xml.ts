/**
 * The reader's view of an XML part: every part goes through the safe parser of core/ooxml/package.ts (no DTD, no
 * entities), then becomes a small tree matched by local name only, so any namespace prefix works (transitional
 * `w:`, Strict OOXML, `ns0:`…). Markup compatibility is resolved while converting: an `mc:AlternateContent` is
 * replaced by its first `Choice` (else its `Fallback`), so text boxes and pictures stored twice are read once.
 */
import { decodeXmlText, PackageRefused, parseXml, tagOf, type XmlNode } from "../../../core/ooxml/package.ts";

export interface El {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly (El | string)[];
}

const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const localNames = new Map<string, string>();
const local = (qname: string): string => {
  let name = localNames.get(qname);
  if (name === undefined) {
    const colon = qname.indexOf(":");
    name = colon < 0 ? qname : qname.slice(colon + 1);
    localNames.set(qname, name);
  }
  return name;
};

/** Elements whose whitespace-only text is content (`<w:t xml:space="preserve"> </w:t>`). */
const TEXT_ELEMENTS = new Set(["t", "instrText", "delText", "delInstrText"]);

const convert = (nodes: readonly XmlNode[], parent: string, out: (El | string)[]): void => {
  for (const node of nodes) {
    const text = node["#text"];
    if (text !== undefined) {
      const s = typeof text === "string" ? text : String(text);
      if (s.trim() === "" && !TEXT_ELEMENTS.has(parent)) continue;
      out.push(s.includes("&") ? decodeXmlText(s) : s);
      continue;
    }
    const tag = tagOf(node);
    if (tag === "" || tag[0] === "?" || tag[0] === "#") continue;
    const name = local(tag);
    const kids = (node[tag] as XmlNode[] | undefined) ?? [];
    if (name === "AlternateContent") {
      const branch =
        kids.find((k) => local(tagOf(k)) === "Choice") ?? kids.find((k) => local(tagOf(k)) === "Fallback");
      if (branch) convert((branch[tagOf(branch)] as XmlNode[] | undefined) ?? [], parent, out);
      continue;
    }
    const rawAttrs = node[":@"] as Record<string, string> | undefined;
    let attrs = NO_ATTRS;
    if (rawAttrs) {
      attrs = {};
      for (const key in rawAttrs) {
        const value = String(rawAttrs[key]);
        attrs[local(key)] = value.includes("&") ? decodeXmlText(value) : value;
      }
    }
    const children: (El | string)[] = [];
    if (kids.length > 0) convert(kids, name, children);
    out.push({ name, attrs, children });
  }
};

/** Parses a part (throws `PackageRefused` for a DTD or malformed XML) and returns its root element. */
export const parsePart = (xml: string, partName: string): El | null => {
  const out: (El | string)[] = [];
  convert(parseXml(xml, partName), "", out);
  return (out.find((n) => typeof n !== "string") as El | undefined) ?? null;
};

/**
 * The elements `name` of a flat part (styles, numbering definitions), keyed by the attribute `idAttr`, each parsed
 * (by the same safe parser) only when asked for: a template's styles part can hold thousands of styles (450 KB
 * seen) while a document uses a handful, and parsing it whole would cost more than reading the document. The
 * part is refused for a DTD exactly as a whole parse would be.
 */
export const lazyElements = (
  xml: string,
  part: string,
  name: string,
  idAttr: string,
  /** Told about an element that is not well-formed; the element then reads as absent. */
  malformed: (error: unknown) => void,
): Map<string, () => El | null> => {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) throw new PackageRefused(`${part} declares a DTD or entities`, "xml_dtd");
  const out = new Map<string, () => El | null>();
  const element = new RegExp(`<((?:[\\w.-]+:)?)${name}\\b((?:[^>"']|"[^"]*"|'[^']*')*?)(?:/>|>[\\s\\S]*?</\\1${name}\\s*>)`, "g");
  const id = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${idAttr}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
  for (const m of xml.matchAll(element)) {
    const found = id.exec(m[2]!);
    if (!found) continue;
    const key = decodeXmlText(found[1] ?? found[2] ?? "");
    if (out.has(key)) continue;
    const snippet = m[0];
    let parsed: El | null | undefined;
    out.set(key, () => {
      if (parsed !== undefined) return parsed;
      try {
        parsed = parsePart(snippet, part);
      } catch (error) {
        if (!(error instanceof PackageRefused) || error.reason !== "xml_invalid") throw error;
        malformed(error);
        parsed = null;
      }
      return parsed;
    });
  }
  return out;
};

export const isEl = (n: El | string): n is El => typeof n !== "string";

export const child = (el: El | undefined, name: string): El | undefined => {
  if (!el) return undefined;
  for (const c of el.children) if (typeof c !== "string" && c.name === name) return c;
  return undefined;
};

export const childrenNamed = (el: El | undefined, name: string): El[] => {
  const out: El[] = [];
  if (el) for (const c of el.children) if (typeof c !== "string" && c.name === name) out.push(c);
  return out;
};

/** The `val` attribute of a named child (`<w:pStyle w:val="Heading1"/>`). */
export const valOf = (el: El | undefined, name: string): string | undefined => child(el, name)?.attrs["val"];

/** An on/off property: present and not `0`/`false`/`off`/`none`. */
export const isOn = (el: El | undefined): boolean => {
  if (!el) return false;
  const v = el.attrs["val"];
  return v === undefined || !(v === "0" || v === "false" || v === "off" || v === "none");
};

/** All descendants named `name`, in document order, not looking inside a match. */
export const findAll = (el: El, name: string, out: El[] = []): El[] => {
  for (const c of el.children) {
    if (typeof c === "string") continue;
    if (c.name === name) out.push(c);
    else findAll(c, name, out);
  }
  return out;
};

/** The concatenated text of every `t` descendant (DrawingML, SmartArt, chart titles). */
export const plainText = (el: El): string => {
  let s = "";
  const walk = (e: El) => {
    for (const c of e.children) {
      if (typeof c === "string") {
        if (e.name === "t" || e.name === "v") s += c;
      } else walk(c);
    }
  };
  walk(el);
  return s;
};

export const textContent = (el: El): string => {
  let s = "";
  for (const c of el.children) s += typeof c === "string" ? c : textContent(c);
  return s;
};
