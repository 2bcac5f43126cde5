/**
 * A streaming XML scanner for the large parts of a workbook (worksheets, shared strings, styles, calcChain): the
 * review reads every cell, and building a tree of a 500 KB sheet with the validating parser costs ~150 ms where this
 * costs a few. It still refuses what `parseXml` refuses — a DTD or entity declaration (`xml_dtd`), and anything not
 * well-formed (`xml_invalid`): unbalanced or mismatched tags, broken attributes, a stray `<` or `&`, text outside
 * the root — so a damaged part is reported, not half-read. Events carry offsets into the text, which the repairs use
 * to cut exact substrings.
 *
 * Characters XML 1.0 does not allow (C0 controls other than tab, CR, LF, raw or as `&#x1;` references) are removed
 * by `cleanXml` before anything is scanned or parsed: the package-level review reports and repairs them, and a file
 * that has them must still be inspected.
 */
import { decodeXmlText, PackageRefused } from "../../../core/ooxml/package.ts";

export interface ScanHandler {
  /** A start tag (`selfClosing` for `<x/>`): its local name, raw attribute text, and its span `[start, end)`. */
  open?(name: string, attrs: string, start: number, end: number, selfClosing: boolean): void;
  close?(name: string, start: number, end: number): void;
  /** Character data, entity-decoded (CDATA sections included as they are). */
  text?(text: string): void;
}

const INVALID_CHARS =
  /[\x00-\x08\x0B\x0C\x0E-\x1F]|&#(?:x0*(?:[0-8bBcCeEfF]|1[0-9a-fA-F])|0*(?:[0-8]|1[1-2]|1[4-9]|2\d|3[01]));/g;

/** The text without the characters XML 1.0 forbids (raw C0 controls other than tab/CR/LF, and references to them). */
export const cleanXml = (xml: string): string => xml.replace(INVALID_CHARS, "");

/** Removes C0 controls (other than tab, CR, LF) from a value, e.g. one decoded from `_x0001_`. */
export const cleanText = (text: string): string => text.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, "");

const START = /<([A-Za-z_][\w.:-]*)((?:\s+[^\s=/<>"']+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
const END = /<\/([A-Za-z_][\w.:-]*)\s*>/y;
const BAD_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

export const localName = (qualified: string): string => qualified.slice(qualified.indexOf(":") + 1);

const invalid = (part: string, why: string, at: number) => new PackageRefused(`${part} is not well-formed XML: ${why} at offset ${at}`, "xml_invalid");

/** Scans `xml` (already cleaned), calling `handler` in document order. Throws `PackageRefused` as `parseXml` would. */
export const scanXml = (xml: string, part: string, handler: ScanHandler): void => {
  const stack: string[] = [];
  let rootSeen = false;
  let at = 0;
  const text = (raw: string, from: number) => {
    if (stack.length === 0) {
      if (raw.trim() !== "") throw invalid(part, "text outside the root element", from);
      return;
    }
    if (raw.includes("&")) {
      if (BAD_AMPERSAND.test(raw)) throw invalid(part, "an unescaped '&'", from);
      handler.text?.(decodeXmlText(raw));
    } else handler.text?.(raw);
  };
  while (at < xml.length) {
    const lt = xml.indexOf("<", at);
    if (lt < 0) {
      text(xml.slice(at), at);
      break;
    }
    if (lt > at) text(xml.slice(at, lt), at);
    const next = xml[lt + 1];
    if (next === "/") {
      END.lastIndex = lt;
      const m = END.exec(xml);
      if (!m) throw invalid(part, "a broken end tag", lt);
      const open = stack.pop();
      if (open !== m[1]) throw invalid(part, `</${m[1]}> closes <${open ?? "nothing"}>`, lt);
      at = lt + m[0].length;
      handler.close?.(localName(m[1]!), lt, at);
    } else if (next === "?") {
      const end = xml.indexOf("?>", lt + 2);
      if (end < 0) throw invalid(part, "an unterminated processing instruction", lt);
      at = end + 2;
    } else if (next === "!") {
      if (xml.startsWith("<!--", lt)) {
        const end = xml.indexOf("-->", lt + 4);
        if (end < 0) throw invalid(part, "an unterminated comment", lt);
        at = end + 3;
      } else if (xml.startsWith("<![CDATA[", lt)) {
        const end = xml.indexOf("]]>", lt + 9);
        if (end < 0 || stack.length === 0) throw invalid(part, "a broken CDATA section", lt);
        handler.text?.(xml.slice(lt + 9, end));
        at = end + 3;
      } else if (/^<!(?:DOCTYPE|ENTITY)/i.test(xml.slice(lt, lt + 9))) {
        throw new PackageRefused(`${part} declares a DTD or entities`, "xml_dtd");
      } else throw invalid(part, "a stray '<!'", lt);
    } else {
      START.lastIndex = lt;
      const m = START.exec(xml);
      if (!m) throw invalid(part, "a broken start tag", lt);
      if (stack.length === 0) {
        if (rootSeen) throw invalid(part, "a second root element", lt);
        rootSeen = true;
      }
      const attrs = m[2]!;
      if (attrs.includes("&") && BAD_AMPERSAND.test(attrs)) throw invalid(part, "an unescaped '&' in an attribute", lt);
      at = lt + m[0].length;
      const selfClosing = m[3] === "/";
      if (!selfClosing) stack.push(m[1]!);
      handler.open?.(localName(m[1]!), attrs, lt, at, selfClosing);
      if (selfClosing) handler.close?.(localName(m[1]!), at, at);
    }
  }
  if (stack.length > 0) throw invalid(part, `<${stack[stack.length - 1]}> is never closed`, xml.length);
  if (!rootSeen) throw invalid(part, "no root element", 0);
};

const ATTR = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The attributes of a start tag by local name, entity-decoded. */
export const attributes = (raw: string): Map<string, string> => {
  const out = new Map<string, string>();
  if (raw === "") return out;
  for (const m of raw.matchAll(ATTR)) {
    const value = m[2] ?? m[3] ?? "";
    out.set(localName(m[1]!), value.includes("&") ? decodeXmlText(value) : value);
  }
  return out;
};

/** One attribute of a start tag by local name (faster than `attributes` when one is wanted). */
const ONE_ATTR = new Map<string, RegExp>();
export const attribute = (raw: string, name: string): string | undefined => {
  let pattern = ONE_ATTR.get(name);
  if (!pattern) ONE_ATTR.set(name, (pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const m = pattern.exec(raw);
  if (!m) return undefined;
  const value = m[1] ?? m[2] ?? "";
  return value.includes("&") ? decodeXmlText(value) : value;
};

/** Escapes text for an XML attribute value or text node. */
export const escapeXml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&quot;"));
