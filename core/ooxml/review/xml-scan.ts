/**
 * A part's XML as the package checks and repairs see it: one tokenizer pass that checks well-formedness and yields
 * elements that remember where they sit in the text (start tag, end tag, whole element), so a repair can splice
 * exactly the bytes it changes and leave the rest of the part byte-identical. Nothing is expanded: a DTD or an entity
 * declaration is refused with `PackageRefused`, as `parseXml` refuses it.
 *
 * Also here: the characters XML 1.0 forbids (raw C0 controls but tab, CR and LF, U+FFFE/U+FFFF, and character
 * references to them), and the decoding of a part's bytes (UTF-8, or UTF-16 with its byte-order mark, as
 * customXml items often are).
 */
import { decodeXmlText, PackageRefused } from "../package.ts";

export class XmlDamaged extends Error {}

export interface XEl {
  /** The qualified name as written (`w:drawing`). */
  readonly name: string;
  /** The local name (`drawing`). */
  readonly local: string;
  /** Offset of `<`. */
  readonly start: number;
  /** The attribute text of the start tag, as written. */
  readonly rawAttrs: string;
  readonly parent: XEl | null;
  readonly children: XEl[];
  /** Offset just after the start tag's `>`. */
  openEnd: number;
  /** Offset of the end tag's `</` (equals `end` for an empty element). */
  closeStart: number;
  /** Offset just after the element. */
  end: number;
}

const TAG = /<(?:(\/?)([A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|!--[\s\S]*?-->|\?[\s\S]*?\?>|!\[CDATA\[[\s\S]*?\]\]>|!)/y;
const BAD_AMPERSAND = /&(?!(?:#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);)/;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const localOf = (qname: string): string => qname.slice(qname.indexOf(":") + 1);

/** Throws `PackageRefused` when the part declares a DTD or entities (the road to entity bombs). */
export const refuseDtd = (xml: string, part: string): void => {
  if (/<!DOCTYPE/i.test(xml.slice(0, 4096)) || /<!ENTITY/i.test(xml)) throw new PackageRefused(`${part} declares a DTD or entities`, "xml_dtd");
};

/**
 * Parses a part into its root element. Throws `XmlDamaged` for markup that is not well-formed (unbalanced tags, text
 * or a second element outside the root, a bare `&`, a duplicated attribute) and `PackageRefused` for a DTD.
 */
export const parseTree = (xml: string, part: string): XEl => scan(xml, part, true)!;

/** Checks that a part is well-formed without keeping a tree (the same checks as `parseTree`, less memory). */
export const checkWellFormed = (xml: string, part: string): void => {
  scan(xml, part, false);
};

const scan = (xml: string, part: string, build: boolean): XEl | null => {
  refuseDtd(xml, part);
  // Without a tree only the open names are kept, which is all well-formedness needs.
  const open: string[] = [];
  let current: XEl | null = null;
  let root: XEl | null = null;
  let rooted = false;
  let at = 0;
  const text = (from: number, to: number) => {
    const raw = xml.slice(from, to);
    if (open.length === 0) {
      if (raw.trim() !== "") throw new XmlDamaged(`text outside the root element near offset ${from}`);
    } else if (raw.includes("&") && BAD_AMPERSAND.test(raw)) throw new XmlDamaged(`a bare "&" or an undefined entity near offset ${from}`);
    if (raw.includes("]]>")) throw new XmlDamaged(`"]]>" in text near offset ${from}`);
  };
  while (at < xml.length) {
    const lt = xml.indexOf("<", at);
    if (lt < 0) {
      text(at, xml.length);
      break;
    }
    if (lt > at) text(at, lt);
    TAG.lastIndex = lt;
    const m = TAG.exec(xml);
    if (!m || m[0] === "<!") throw new XmlDamaged(`broken markup near offset ${lt}`);
    at = TAG.lastIndex;
    const name = m[2];
    if (name === undefined) continue;
    if (m[1] === "/") {
      const top = open.pop();
      if (top !== name) throw new XmlDamaged(`</${name}> closes ${top ? `<${top}>` : "nothing"} near offset ${lt}`);
      if (current) {
        current.closeStart = lt;
        current.end = at;
        current = current.parent;
      }
      continue;
    }
    if (open.length === 0 && rooted) throw new XmlDamaged(`a second root element <${name}> near offset ${lt}`);
    rooted = true;
    const rawAttrs = m[3] ?? "";
    if (rawAttrs.includes("&") && BAD_AMPERSAND.test(rawAttrs)) throw new XmlDamaged(`a bare "&" in an attribute of <${name}> near offset ${lt}`);
    if (rawAttrs.indexOf("=") !== rawAttrs.lastIndexOf("=") && hasDuplicateAttribute(rawAttrs)) throw new XmlDamaged(`<${name}> repeats an attribute near offset ${lt}`);
    const empty = m[4] === "/";
    if (!empty) open.push(name);
    if (!build) continue;
    const el: XEl = { name, local: localOf(name), start: lt, rawAttrs, parent: current, children: [], openEnd: at, closeStart: at, end: at };
    if (current === null) root = el;
    else current.children.push(el);
    if (!empty) current = el;
  }
  if (open.length > 0) throw new XmlDamaged(`the part ends inside <${open[open.length - 1]}>`);
  if (!rooted) throw new XmlDamaged("no root element");
  return root;
};

const hasDuplicateAttribute = (rawAttrs: string): boolean => {
  const seen = new Set<string>();
  for (const m of rawAttrs.matchAll(ATTRIBUTE)) {
    if (seen.has(m[1]!)) return true;
    seen.add(m[1]!);
  }
  return false;
};

/** The attributes of a start tag by qualified name, values decoded. */
export const attrsOf = (el: Pick<XEl, "rawAttrs">): Map<string, string> => {
  const out = new Map<string, string>();
  for (const m of el.rawAttrs.matchAll(ATTRIBUTE)) {
    const raw = m[2] ?? m[3] ?? "";
    out.set(m[1]!, raw.includes("&") ? decodeXmlText(raw) : raw);
  }
  return out;
};

/** Every element under `el` (itself included when it matches), in document order. */
export const findAll = (el: XEl, match: (e: XEl) => boolean): XEl[] => {
  // Iterative: a hostile part can nest elements deeper than the call stack goes.
  const out: XEl[] = [];
  const stack: XEl[] = [el];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (match(e)) out.push(e);
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i]!);
  }
  return out;
};

/** The nearest ancestor (or itself) that matches. */
export const closest = (el: XEl, match: (e: XEl) => boolean): XEl | null => {
  for (let e: XEl | null = el; e; e = e.parent) if (match(e)) return e;
  return null;
};

/** The prefixes a part binds to `uri` anywhere in it (`xmlns:r="…relationships"` → `r`). */
export const prefixesFor = (xml: string, uris: readonly string[]): Set<string> => {
  const out = new Set<string>();
  for (const m of xml.matchAll(/\sxmlns:([\w.\-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    if (uris.includes(m[2] ?? m[3] ?? "")) out.add(m[1]!);
  }
  return out;
};

/** A start tag (`<a:blip r:embed="rId1" r:link="rId2"/>`) without one of its attributes (by qualified name). */
export const withoutAttribute = (tag: string, qname: string): string => {
  const escaped = qname.replace(/[.\-]/g, "\\$&");
  return tag.replace(new RegExp(`\\s+${escaped}\\s*=\\s*(?:"[^"]*"|'[^']*')`), "");
};

/** Replaces text ranges (`[start, end, replacement]`, not overlapping) in one pass. */
export const splice = (xml: string, edits: ReadonlyArray<readonly [number, number, string]>): string => {
  if (edits.length === 0) return xml;
  const sorted = [...edits].sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  for (const [start, end, replacement] of sorted) {
    if (start < at) continue;
    out += xml.slice(at, start) + replacement;
    at = end;
  }
  return out + xml.slice(at);
};

/** Keeps only the outermost of nested ranges, so removing an element and one inside it splices once. */
export const outermost = <T extends { start: number; end: number }>(ranges: readonly T[]): T[] => {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: T[] = [];
  for (const r of sorted) if (out.length === 0 || r.start >= out[out.length - 1]!.end) out.push(r);
  return out;
};

// Characters XML 1.0 does not allow, raw or as character references.
const INVALID_RAW = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const INVALID_REF = /&#(?:[xX]0*(?:[0-8bBcCeEfF]|1[0-9a-fA-F]|[fF]{3}[eEfF])|0*(?:[0-8]|1[12]|1[4-9]|2[0-9]|3[01]|6553[45]));/g;

/** How many characters XML does not allow a part's text holds. */
export const countInvalidChars = (xml: string): number => (xml.match(INVALID_RAW)?.length ?? 0) + (xml.includes("&#") ? (xml.match(INVALID_REF)?.length ?? 0) : 0);

/** The text without the characters XML does not allow (and nothing else changed). */
export const stripInvalidChars = (xml: string): string => {
  const raw = xml.replace(INVALID_RAW, "");
  return raw.includes("&#") ? raw.replace(INVALID_REF, "") : raw;
};

export type Encoding = "utf-8" | "utf-16le" | "utf-16be";

/** A part's text, told by its byte-order mark; the BOM is not part of the text. */
export const decodePart = (bytes: Uint8Array): { text: string; encoding: Encoding; bom: boolean } => {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le", bom: true };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be", bom: true };
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { text: new TextDecoder("utf-8").decode(bom ? bytes.subarray(3) : bytes), encoding: "utf-8", bom };
};

/** The bytes of a part's text in the encoding it came in (with its BOM when it had one). */
export const encodePart = (text: string, encoding: Encoding, bom: boolean): Uint8Array => {
  if (encoding === "utf-8") {
    const body = new TextEncoder().encode(text);
    if (!bom) return body;
    const out = new Uint8Array(body.length + 3);
    out.set([0xef, 0xbb, 0xbf]);
    out.set(body, 3);
    return out;
  }
  const body = Buffer.from(text, "utf16le");
  if (encoding === "utf-16be") body.swap16();
  const out = new Uint8Array(body.length + 2);
  out.set(encoding === "utf-16le" ? [0xff, 0xfe] : [0xfe, 0xff]);
  out.set(body, 2);
  return out;
};
