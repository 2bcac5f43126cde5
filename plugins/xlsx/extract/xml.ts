/**
 * Walking the `preserveOrder` trees of `core/ooxml/package.ts` by local name, for the xlsx and pptx readers. Tags are
 * matched without their prefix (`a:t` and `x:t` are both `t`): writers choose prefixes freely and Strict OOXML uses
 * other namespaces, so the local name is what identifies an element in context. Every part goes through `parseXml`
 * (validated, no DTD, no entities); attribute values are decoded here because the parser leaves entities alone.
 */
import type { Diagnostic } from "../../../core/diagnostics.ts";
import type { Package, XmlNode } from "../../../core/ooxml/package.ts";
import { attrsOf, childrenOf, decodeXmlText, PackageRefused, parseXml, tagOf, textOf } from "../../../core/ooxml/package.ts";

export type { XmlNode };

export const localName = (tag: string): string => tag.slice(tag.indexOf(":") + 1);
export const nameOf = (node: XmlNode): string => localName(tagOf(node));
export const isElement = (node: XmlNode): boolean => {
  const tag = tagOf(node);
  return tag !== "" && tag !== "#text" && tag !== "#comment" && !tag.startsWith("?");
};

/** Element children, with `mc:AlternateContent` replaced by the content of its Fallback (or else its first Choice). */
export const elements = (node: XmlNode): XmlNode[] => {
  const out: XmlNode[] = [];
  for (const child of childrenOf(node)) {
    if (!isElement(child)) continue;
    if (nameOf(child) === "AlternateContent") {
      const branches = childrenOf(child).filter(isElement);
      const chosen = branches.find((b) => nameOf(b) === "Fallback" && childrenOf(b).some(isElement)) ?? branches.find((b) => nameOf(b) === "Choice");
      if (chosen) out.push(...elements(chosen));
      continue;
    }
    out.push(child);
  }
  return out;
};

export const child = (node: XmlNode | undefined, name: string): XmlNode | undefined => (node ? elements(node).find((c) => nameOf(c) === name) : undefined);
export const kids = (node: XmlNode | undefined, name: string): XmlNode[] => (node ? elements(node).filter((c) => nameOf(c) === name) : []);
/** Follows a path of local names through first matches. */
export const path = (node: XmlNode | undefined, ...names: string[]): XmlNode | undefined => names.reduce<XmlNode | undefined>((at, name) => child(at, name), node);

/** Every descendant element named `name`, in document order (not descending into matches). */
export const descendants = (node: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] => {
  for (const c of elements(node)) {
    if (nameOf(c) === name) out.push(c);
    else descendants(c, name, out);
  }
  return out;
};

/** An attribute by local name, entity-decoded. */
export const attr = (node: XmlNode | undefined, name: string): string | undefined => {
  if (!node) return undefined;
  const attrs = attrsOf(node);
  const key = name in attrs ? name : Object.keys(attrs).find((k) => localName(k) === name);
  return key === undefined ? undefined : decodeXmlText(attrs[key]!);
};

/** A relationship attribute (`r:id`, `r:embed`, `r:dm`…): the namespaced one wins over a plain attribute of that name. */
export const relAttr = (node: XmlNode | undefined, name: string): string | undefined => {
  if (!node) return undefined;
  const key = Object.keys(attrsOf(node)).find((k) => k.includes(":") && localName(k) === name);
  return key === undefined ? attr(node, name) : decodeXmlText(attrsOf(node)[key]!);
};

export const flag = (node: XmlNode | undefined, name: string): boolean => {
  const value = attr(node, name);
  return value === "1" || value === "true" || value === "on";
};

/** The text directly inside an element (its text children, decoded). */
export const ownText = (node: XmlNode | undefined): string => (node ? childrenOf(node).map(textOf).join("") : "");

/** Reads and parses a part; null when the package does not hold it. Throws `PackageRefused` when it is not well-formed XML or declares a DTD. */
export const readPart = (pkg: Package, name: string): XmlNode | null => {
  const xml = pkg.text(name);
  if (xml === null) return null;
  return parseXml(xml, name).find(isElement) ?? null;
};

/** `readPart` for a part the document can be read without: a damaged one is left out with a warning. */
export const readOptional = (pkg: Package, name: string, what: string, diagnostics: Diagnostic[]): XmlNode | null => {
  try {
    return readPart(pkg, name);
  } catch (error) {
    if (!(error instanceof PackageRefused) || error.reason !== "xml_invalid") throw error;
    diagnostics.push({ code: "extract.part_unreadable", severity: "warning", category: "extract", message: `The ${what} (${name}) could not be read: ${error.message}` });
    return null;
  }
};
