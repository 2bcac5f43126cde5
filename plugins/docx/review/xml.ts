/**
 * The review's view of an XML part: a tree that remembers where every element sits in the part's text, so a repair
 * can splice exactly the bytes of the element or attribute it changes and leave the rest of the part byte-identical.
 *
 * The tree is read by one pass of a tokenizer that never expands anything: a DTD or an entity declaration is refused
 * with `PackageRefused` (as `parseXml` in core/ooxml/package.ts refuses it), only the five predefined entities and
 * character references are decoded, and characters XML 1.0 does not allow (raw C0 controls, `&#x1;`) are dropped
 * from text and attribute values, so a file that has them still reads (the package check reports them). Offsets
 * stay those of the part as stored. Markup that is not well-formed throws `XmlDamaged`: the part is left out (the
 * package check, core/ooxml/review, reports it).
 *
 * Elements are matched by local name (`w:p` → `p`), so any prefix works: transitional `w:`, Strict, `ns0:`.
 */
import { decodeXmlText, PackageRefused } from "../../../core/ooxml/package.ts";

export class XmlDamaged extends Error {}

const NO_CHILDREN: XNode[] = [];

export class XNode {
  /** Its children elements, in document order (never mutated by readers). */
  children: XNode[] = NO_CHILDREN;
  /** The concatenated text directly inside it (decoded), "" when none. */
  text = "";
  /** Offset just after `>` of the start tag (equals `end` for an empty element). */
  openEnd = 0;
  /** Offset of `</` (equals `end` for an empty element). */
  closeStart = 0;
  /** Offset just after the element. */
  end = 0;
  private parsed: Record<string, string> | undefined;

  constructor(
    /** The qualified name as written (`w:p`). */
    readonly name: string,
    /** The local name (`p`). */
    readonly local: string,
    /** Offset of its `<`. */
    readonly start: number,
    readonly parent: XNode | null,
    /** The part's text and where this element's attributes are in it (read only when asked for). */
    private readonly source: string,
    private readonly attrStart: number,
    private readonly attrEnd: number,
  ) {}

  /**
   * Attributes by local name (`w:val` → `val`); the first of two with the same local name wins. Namespace
   * declarations are not attributes here (`xmlns:w` would otherwise shadow `w:w`).
   */
  get attrs(): Readonly<Record<string, string>> {
    if (this.parsed) return this.parsed;
    const out: Record<string, string> = {};
    if (this.attrEnd > this.attrStart) {
      for (const m of this.source.slice(this.attrStart, this.attrEnd).matchAll(ATTRIBUTE)) {
        const q = m[1]!;
        if (q.startsWith("xmlns")) continue;
        const colon = q.indexOf(":");
        const key = colon < 0 ? q : q.slice(colon + 1);
        if (!(key in out)) out[key] = cleanText(m[2] ?? m[3] ?? "");
      }
    }
    return (this.parsed = out);
  }

  /** The `val` attribute of the first child named `name` (`<w:pStyle w:val="Heading1"/>`). */
  valOf(name: string): string | undefined {
    return this.child(name)?.attrs["val"];
  }

  /** The first child named `name`, looking through markup-compatibility wrappers. */
  child(name: string): XNode | undefined {
    for (const c of kids(this)) if (c.local === name) return c;
    return undefined;
  }

  /** Every child named `name`, looking through markup-compatibility wrappers. */
  childrenNamed(name: string): XNode[] {
    return kids(this).filter((c) => c.local === name);
  }
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const BAD_ENTITY = /&(?!(?:#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);)/;
// Characters XML 1.0 forbids, raw or as references; the package check reports and removes them.
const INVALID_RAW = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const INVALID_REF = /&#(?:x0*(?:[0-8bBcCeEfF]|1[0-9a-fA-F])|0*(?:[0-8]|1[1-2]|1[4-9]|2[0-9]|3[01]));/g;

/** Text as a reader gets it: references decoded, characters XML does not allow dropped. */
export const cleanText = (raw: string): string => {
  let s = raw;
  if (s.includes("&")) s = decodeXmlText(s.replace(INVALID_REF, ""));
  return INVALID_RAW.test(s) ? s.replace(INVALID_RAW, "") : s;
};

/** Elements whose whitespace is content (`<w:t xml:space="preserve"> </w:t>`). */
const TEXT_ELEMENTS = new Set(["t", "delText", "instrText", "delInstrText"]);

const localOf = (qname: string): string => {
  const colon = qname.indexOf(":");
  return colon < 0 ? qname : qname.slice(colon + 1);
};

const SLASH = 47;
/** A start tag after its `<`: the name, then attributes (quoted values may hold `>`), then `>`. */
const START_TAG = /([^\s/>]+)[^>"'<]*(?:(?:"[^"]*"|'[^']*')[^>"'<]*)*>/y;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;

/**
 * Parses a part; throws `PackageRefused` for a DTD or entities, `XmlDamaged` for markup that is not well-formed
 * (unbalanced or unclosed tags, text or a second element outside the root, a bare `&`, an unterminated comment or
 * quoted value). Written as a hand scanner, not one regular expression per tag: templates carry styles parts of
 * half a megabyte, and every allocation saved there is time saved on each inspection.
 */
export const parseTree = (xml: string, part: string): XNode => {
  if (/<!DOCTYPE/i.test(xml.slice(0, 4096)) || /<!ENTITY/i.test(xml)) throw new PackageRefused(`${part} declares a DTD or entities`, "xml_dtd");
  const top = new XNode("#document", "#document", 0, null, xml, 0, 0);
  const open: XNode[] = [];
  let current = top;
  let root: XNode | null = null;
  const damaged = (what: string, at: number) => new XmlDamaged(`${part}: ${what} near offset ${at}`);
  const text = (from: number, to: number) => {
    if (current !== top && TEXT_ELEMENTS.has(current.local)) {
      const raw = xml.slice(from, to);
      if (raw.includes("&") && BAD_ENTITY.test(raw)) throw damaged('a bare "&" or an undefined entity', from);
      current.text += cleanText(raw);
      return;
    }
    let i = from;
    while (i < to && isSpace(xml.charCodeAt(i))) i++;
    if (i === to) return;
    if (current === top) throw damaged("text outside the root element", from);
    const raw = xml.slice(from, to);
    if (raw.includes("&") && BAD_ENTITY.test(raw)) throw damaged('a bare "&" or an undefined entity', from);
    current.text += cleanText(raw);
  };
  const len = xml.length;
  let at = 0;
  while (at < len) {
    const lt = xml.indexOf("<", at);
    if (lt < 0) {
      text(at, len);
      break;
    }
    if (lt > at) text(at, lt);
    const c = xml.charCodeAt(lt + 1);
    if (c === SLASH) {
      const gt = xml.indexOf(">", lt + 2);
      if (gt < 0) throw damaged("an unterminated end tag", lt);
      let nameEnd = gt;
      while (nameEnd > lt + 2 && isSpace(xml.charCodeAt(nameEnd - 1))) nameEnd--;
      if (current === top || nameEnd - (lt + 2) !== current.name.length || !xml.startsWith(current.name, lt + 2)) {
        throw damaged(`</${xml.slice(lt + 2, nameEnd)}> closes <${current.name}>`, lt);
      }
      current.closeStart = lt;
      current.end = gt + 1;
      current = open.pop() ?? top;
      at = gt + 1;
      continue;
    }
    if (c === 63) {
      const end = xml.indexOf("?>", lt + 2);
      if (end < 0) throw damaged("an unterminated processing instruction", lt);
      at = end + 2;
      continue;
    }
    if (c === 33) {
      if (xml.startsWith("<!--", lt)) {
        const end = xml.indexOf("-->", lt + 4);
        if (end < 0) throw damaged("an unterminated comment", lt);
        at = end + 3;
        continue;
      }
      if (xml.startsWith("<![CDATA[", lt)) {
        const end = xml.indexOf("]]>", lt + 9);
        if (end < 0 || current === top) throw damaged("a misplaced or unterminated CDATA section", lt);
        current.text += cleanText(xml.slice(lt + 9, end).replace(/&/g, "&amp;"));
        at = end + 3;
        continue;
      }
      throw damaged("a declaration", lt);
    }
    if (!isNameStart(c)) throw damaged('a "<" that starts no tag', lt);
    START_TAG.lastIndex = lt + 1;
    const m = START_TAG.exec(xml);
    if (!m) throw damaged("a start tag that is not well-formed", lt);
    const nameEnd = lt + 1 + m[1]!.length;
    const k = START_TAG.lastIndex - 1;
    const empty = xml.charCodeAt(k - 1) === SLASH && k - 1 >= nameEnd;
    const name = xml.slice(lt + 1, nameEnd);
    if (current === top && root) throw damaged("a second root element", lt);
    const node = new XNode(name, localOf(name), lt, current === top ? null : current, xml, nameEnd, empty ? k - 1 : k);
    if (current === top) root = node;
    else if (current.children === NO_CHILDREN) current.children = [node];
    else current.children.push(node);
    at = k + 1;
    node.openEnd = at;
    if (empty) {
      node.closeStart = at;
      node.end = at;
    } else {
      open.push(current);
      current = node;
    }
  }
  if (current !== top) throw new XmlDamaged(`${part} ends inside <${current.name}>`);
  if (!root) throw new XmlDamaged(`${part} has no root element`);
  return root;
};

/**
 * The children of a node as a consumer that understands markup compatibility sees them: an `mc:AlternateContent`
 * is replaced by the children of its first `Choice` (else its `Fallback`), as Word reads it.
 */
export const kids = (node: XNode): XNode[] => {
  let alternate = false;
  for (const c of node.children) {
    if (c.local === "AlternateContent") {
      alternate = true;
      break;
    }
  }
  if (!alternate) return node.children;
  const out: XNode[] = [];
  for (const c of node.children) {
    if (c.local !== "AlternateContent") out.push(c);
    else {
      const branch = c.children.find((k) => k.local === "Choice") ?? c.children.find((k) => k.local === "Fallback");
      if (branch) out.push(...kids(branch));
    }
  }
  return out;
};

/** Every element under `node` (not itself) in document order, through the chosen markup-compatibility branch. */
export const descendants = (node: XNode, out: XNode[] = []): XNode[] => {
  const stack: XNode[] = [...kids(node)].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n);
    const k = kids(n);
    for (let i = k.length - 1; i >= 0; i--) stack.push(k[i]!);
  }
  return out;
};

/** The nearest ancestor named `name`, or undefined. */
export const ancestor = (node: XNode, name: string): XNode | undefined => {
  for (let p = node.parent; p; p = p.parent) if (p.local === name) return p;
  return undefined;
};
