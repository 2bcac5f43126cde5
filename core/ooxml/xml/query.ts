/**
 * Finding things in a part's tree (tree.ts) by local name, as the xlsx and pptx readers and checks do. Tags are
 * matched without their prefix (`a:t` and `x:t` are both `t`): writers choose prefixes freely and Strict OOXML uses
 * other namespaces, so the local name is what identifies an element in context. Markup compatibility is read by its
 * `Fallback` (else the first `Choice`): the fallback is what every consumer can read, where Word's own reading (the
 * docx helpers of tree.ts) takes the first `Choice`.
 */
import type { Diagnostic } from "../../diagnostics.ts";
import { PackageRefused, type Package } from "../package.ts";
import { compatibleChildren, localName, readTree, type XEl } from "./tree.ts";

const fallbackFirst = (alternate: XEl) =>
  alternate.children.find((b) => b.local === "Fallback" && b.children.length > 0) ?? alternate.children.find((b) => b.local === "Choice");

/** Child elements, with `mc:AlternateContent` replaced by the content of its Fallback (or else its first Choice). */
export const elements = (el: XEl | undefined): XEl[] => compatibleChildren(el, fallbackFirst);

export const child = (el: XEl | undefined, name: string): XEl | undefined => (el ? elements(el).find((c) => c.local === name) : undefined);
export const kids = (el: XEl | undefined, name: string): XEl[] => (el ? elements(el).filter((c) => c.local === name) : []);
/** Follows a path of local names through first matches. */
export const path = (el: XEl | undefined, ...names: string[]): XEl | undefined => names.reduce<XEl | undefined>((at, name) => child(at, name), el);

/** Every descendant element named `name`, in document order (not descending into matches). */
export const descendants = (el: XEl | undefined, name: string, out: XEl[] = []): XEl[] => {
  if (!el) return out;
  for (const c of elements(el)) {
    if (c.local === name) out.push(c);
    else descendants(c, name, out);
  }
  return out;
};

/** An attribute by qualified name, else by local name (the first with that local name), decoded. */
export const attr = (el: XEl | undefined, name: string): string | undefined => {
  if (!el) return undefined;
  const attrs = el.qualifiedAttrs;
  const exact = attrs.get(name);
  if (exact !== undefined) return exact;
  for (const [key, value] of attrs) if (localName(key) === name) return value;
  return undefined;
};

/** A relationship attribute (`r:id`, `r:embed`, `r:dm`…): the namespaced one wins over a plain attribute of that name. */
export const relAttr = (el: XEl | undefined, name: string): string | undefined => {
  if (!el) return undefined;
  for (const [key, value] of el.qualifiedAttrs) if (key.includes(":") && localName(key) === name) return value;
  return attr(el, name);
};

export const flag = (el: XEl | undefined, name: string): boolean => {
  const value = attr(el, name);
  return value === "1" || value === "true" || value === "on";
};

/** The text directly inside an element (decoded). */
export const ownText = (el: XEl | undefined): string => el?.text ?? "";

/** Reads and parses a part; null when the package does not hold it. Throws `PackageRefused` when it is not well-formed XML or declares a DTD. */
export const readPart = (pkg: Package, name: string): XEl | null => {
  const xml = pkg.text(name);
  return xml === null ? null : readTree(xml, name);
};

/** `readPart` for a part the document can be read without: a damaged one is left out with a warning. */
export const readOptional = (pkg: Package, name: string, what: string, diagnostics: Diagnostic[]): XEl | null => {
  try {
    return readPart(pkg, name);
  } catch (error) {
    if (!(error instanceof PackageRefused) || error.reason !== "xml_invalid") throw error;
    diagnostics.push({ code: "extract.part_unreadable", severity: "warning", category: "extract", message: `The ${what} (${name}) could not be read: ${error.message}` });
    return null;
  }
};
