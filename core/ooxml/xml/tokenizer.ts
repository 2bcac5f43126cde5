/**
 * The one XML tokenizer of the OOXML readers, checks and repairs: a single hand-written pass over a part's text that
 * checks well-formedness and tells its handler where every start tag, end tag and run of text sits (offsets into the
 * text), so the tree (tree.ts) and the streaming walk (walk.ts) built on it can splice exactly the bytes a change
 * touches. Nothing is expanded: a DTD or an entity declaration is refused with `PackageRefused` ("xml_dtd"), the
 * rule of core/ooxml/package.ts; markup that is not well-formed throws `XmlDamaged`.
 *
 * Written as a scanner that jumps from `<` to `<` (one sticky expression reads a start tag, checks that search forward
 * are shared): templates carry styles parts of half a megabyte and sheets run to tens of megabytes, and every pass
 * and allocation saved here is saved on each read.
 */
import { PackageRefused, refuseDtd } from "../package.ts";

/** The part is not well-formed XML (the message says what and where). */
export class XmlDamaged extends Error {}

/** What a reader throws for a part that is not well-formed: `PackageRefused` ("xml_invalid"), naming the part. */
export const refusedAsInvalid = (error: unknown, part: string): unknown =>
  error instanceof XmlDamaged ? new PackageRefused(`${part} is not well-formed XML: ${error.message}`, "xml_invalid") : error;

export interface TokenHandler {
  /**
   * A start tag: its qualified name, the offset of `<`, where its attribute text ends (it starts right after the
   * name), the offset just after `>`, and whether it is empty (`<x/>`; no `close` follows).
   */
  open(name: string, start: number, attrEnd: number, openEnd: number, empty: boolean): void;
  /** An end tag: the offset of `</` and just after `>`. */
  close(start: number, end: number): void;
  /** Character data inside the root element, raw (references not decoded; `&` checked), whitespace included. */
  text(from: number, to: number): void;
  /** The content of a CDATA section (taken as is). */
  cdata(from: number, to: number): void;
}

// A start tag after its `<`: the name, the attributes (quoted values, no `<` in them), then `>` or `/>`.
const START_TAG = /([^\s/>"'=<]+)(?:\s+[^\s/>"'=<]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*\s*(\/?)>/y;
const BAD_ENTITY = /&(?!(?:#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);)/;
const SLASH = 47;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;
/** Ends a name: white space, `/`, `>`, `=`, a quote, `<`. */
const endsName = (c: number) => isSpace(c) || c === SLASH || c === 62 || c === 61 || c === 34 || c === 39 || c === 60;

/**
 * Whether a (well-formed) attribute list `[from, to)` names an attribute twice: names compared as written, which is
 * all well-formedness asks (no namespace resolution). `names` is scratch space for their bounds.
 */
const repeatsAttribute = (xml: string, from: number, to: number, names: number[]): boolean => {
  let count = 0;
  let i = from;
  while (i < to) {
    while (i < to && isSpace(xml.charCodeAt(i))) i++;
    if (i >= to) break;
    const start = i;
    while (!endsName(xml.charCodeAt(i))) i++;
    const length = i - start;
    for (let k = 0; k < count; k++) {
      const s = names[k * 2]!;
      if (names[k * 2 + 1]! !== length) continue;
      let same = true;
      for (let j = 0; j < length && same; j++) same = xml.charCodeAt(s + j) === xml.charCodeAt(start + j);
      if (same) return true;
    }
    names[count * 2] = start;
    names[count * 2 + 1] = length;
    count++;
    // Past `=` to the quote, then past the value (the start tag is known to be well-formed).
    while (xml.charCodeAt(i) !== 34 && xml.charCodeAt(i) !== 39) i++;
    i = xml.indexOf(xml[i]!, i + 1) + 1;
  }
  return false;
};

export interface TokenizeOptions {
  /** Read only `[from, to)` of the text (offsets stay those of the whole text). */
  readonly from?: number;
  readonly to?: number;
  /** The range may hold several elements side by side (the rows of a sheet) instead of one root. */
  readonly many?: boolean;
  /**
   * A range left unread, starting where a start tag ends and ending where its end tag starts (a sheet's rows, read
   * apart in batches): the element reads as empty, and everything else keeps the offsets of the whole text.
   */
  readonly skip?: { readonly from: number; readonly to: number };
  /**
   * Also refuse an attribute repeated in a start tag, as Office does. The package check asks for it; readers do
   * not need it, and it costs a third of the time on attribute-heavy parts.
   */
  readonly strict?: boolean;
}

/**
 * Tokenizes a part (or a range of it, see `TokenizeOptions`), calling `handler` in document order. Throws
 * `PackageRefused` for a DTD or entities, `XmlDamaged` for what is not well-formed: unbalanced or unclosed tags,
 * text or a second element outside the root, a bare `&` (in text or an attribute), an attribute without a quoted
 * value, `<` in a value, `]]>` in text, an unterminated comment, CDATA section or processing instruction (and, when
 * strict, a repeated attribute).
 */
export const tokenize = (xml: string, part: string, handler: TokenHandler, options: TokenizeOptions = {}): void => {
  const { from = 0, to = xml.length, many = false } = options;
  const skipFrom = options.skip?.from ?? -1;
  const names: number[] = [];
  refuseDtd(from === 0 && to === xml.length ? xml : xml.slice(from, to), part);
  const open: string[] = [];
  let rooted = false;
  const damaged = (what: string, at: number) => new XmlDamaged(`${what} near offset ${at}`);
  // The next `&` and `]]>` at or after a point, found once and reused while the scan moves forward: searching from
  // each text run or attribute would run far past it when the rest of the part has none.
  let amp = -1;
  let cdataEnd = -1;
  const ampFrom = (p: number) => {
    if (amp !== Infinity && amp < p) {
      const found = xml.indexOf("&", p);
      amp = found < 0 ? Infinity : found;
    }
    return amp;
  };
  const cdataEndFrom = (p: number) => {
    if (cdataEnd !== Infinity && cdataEnd < p) {
      const found = xml.indexOf("]]>", p);
      cdataEnd = found < 0 ? Infinity : found;
    }
    return cdataEnd;
  };
  const text = (a: number, b: number) => {
    if (open.length === 0) {
      for (let i = a; i < b; i++) if (!isSpace(xml.charCodeAt(i))) throw damaged("text outside the root element", a);
      return;
    }
    if (ampFrom(a) < b && BAD_ENTITY.test(xml.slice(a, b))) throw damaged('a bare "&" or an undefined entity', a);
    if (cdataEndFrom(a) + 3 <= b) throw damaged('"]]>" in text', a);
    handler.text(a, b);
  };
  const len = to;
  let at = from;
  while (at < len) {
    if (at === skipFrom) at = options.skip!.to;
    let lt = xml.indexOf("<", at);
    if (lt >= len) lt = -1;
    if (lt < 0) {
      text(at, len);
      break;
    }
    if (lt > at) text(at, lt);
    const c = xml.charCodeAt(lt + 1);
    if (c === SLASH) {
      const gt = xml.indexOf(">", lt + 2);
      if (gt < 0 || gt >= len) throw damaged("an unterminated end tag", lt);
      let nameEnd = gt;
      while (nameEnd > lt + 2 && isSpace(xml.charCodeAt(nameEnd - 1))) nameEnd--;
      const top = open.pop();
      if (top === undefined || nameEnd - (lt + 2) !== top.length || !xml.startsWith(top, lt + 2)) {
        throw damaged(`</${xml.slice(lt + 2, nameEnd)}> closes ${top === undefined ? "nothing" : `<${top}>`}`, lt);
      }
      at = gt + 1;
      handler.close(lt, at);
      continue;
    }
    if (c === 63) {
      const end = xml.indexOf("?>", lt + 2);
      if (end < 0 || end + 2 > len) throw damaged("an unterminated processing instruction", lt);
      at = end + 2;
      continue;
    }
    if (c === 33) {
      if (xml.startsWith("<!--", lt)) {
        const end = xml.indexOf("-->", lt + 4);
        if (end < 0 || end + 3 > len) throw damaged("an unterminated comment", lt);
        at = end + 3;
        continue;
      }
      if (xml.startsWith("<![CDATA[", lt)) {
        const end = xml.indexOf("]]>", lt + 9);
        if (end < 0 || end + 3 > len || open.length === 0) throw damaged("a misplaced or unterminated CDATA section", lt);
        handler.cdata(lt + 9, end);
        at = end + 3;
        continue;
      }
      throw damaged("a declaration", lt);
    }
    if (!isNameStart(c)) throw damaged('a "<" that starts no tag', lt);
    // The name, then attributes `name = "value"` (or single quotes) separated by white space, no `<` in a value.
    START_TAG.lastIndex = lt + 1;
    const m = START_TAG.exec(xml);
    if (!m || START_TAG.lastIndex > len) throw damaged("a start tag that is not well-formed", lt);
    const name = m[1]!;
    const tagEnd = START_TAG.lastIndex;
    const i = tagEnd - (m[2] ? 2 : 1);
    const attrsStart = lt + 1 + name.length;
    if (i > attrsStart) {
      if (ampFrom(attrsStart) < i && BAD_ENTITY.test(xml.slice(attrsStart, i))) throw damaged(`a bare "&" in an attribute of <${name}>`, lt);
      if (options.strict && repeatsAttribute(xml, attrsStart, i, names)) throw damaged(`<${name}> repeats an attribute`, lt);
    }
    const empty = m[2] === "/";
    const attrEnd = i;
    at = tagEnd;
    if (open.length === 0) {
      if (rooted && !many) throw damaged("a second root element", lt);
      rooted = true;
    }
    if (!empty) open.push(name);
    handler.open(name, lt, attrEnd, at, empty);
  }
  if (open.length > 0) throw new XmlDamaged(`the part ends inside <${open[open.length - 1]}>`);
  if (!rooted) throw new XmlDamaged("no root element");
};
