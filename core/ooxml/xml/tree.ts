/**
 * A part as a tree of elements that remember which part they come from and where they sit in its text (offsets of
 * the start tag, the content and the end), built on the one tokenizer (tokenizer.ts): checks find what to change on
 * the tree and splice exactly those bytes (core/ooxml/splice.ts), and a reader can point back at the source range
 * of what it read.
 *
 * Elements are matched by local name (`w:p` → `p`), so any prefix works: Transitional `w:`, Strict, `ns0:`. Text
 * and attribute values are decoded (the five predefined entities and character references only) with the
 * characters XML 1.0 does not allow dropped (core/ooxml/chars.ts), so a file holding them still reads; offsets stay
 * those of the part as stored.
 */
import { dropInvalidChars, stripInvalidChars } from "../chars.ts";
import { decodeXmlText } from "../package.ts";
import { refusedAsInvalid, tokenize, XmlDamaged, type TokenizeOptions } from "./tokenizer.ts";

export { XmlDamaged };

const NO_CHILDREN: XEl[] = [];
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export class XEl {
  /** Its child elements, in document order (never mutated by readers). */
  children: XEl[] = NO_CHILDREN;
  /** The text directly inside it (decoded), "" when none; whitespace-only runs count only in text elements (`w:t`…). */
  text = "";
  /** Offset just after the start tag's `>` (where its content starts; equals `end` for an empty element). */
  openEnd = 0;
  /** Offset of its end tag's `</` (where its content ends; equals `end` for an empty element). */
  closeStart = 0;
  /** Offset just after the element. */
  end = 0;
  private parsed: Record<string, string> | undefined;
  private qualified: Map<string, string> | undefined;

  constructor(
    /** The qualified name as written (`w:p`). */
    readonly name: string,
    /** The local name (`p`). */
    readonly local: string,
    /** Offset of its `<`. */
    readonly start: number,
    readonly parent: XEl | null,
    /** The part it was read from (`word/document.xml`): with the offsets, the source range of what a reader read. */
    readonly part: string,
    /** The part's text, and where this element's attributes are in it (read only when asked for). */
    private readonly source: string,
    private readonly attrStart: number,
    private readonly attrEnd: number,
  ) {}

  /** The attribute text of the start tag, as written. */
  get rawAttrs(): string {
    return this.attrEnd > this.attrStart ? this.source.slice(this.attrStart, this.attrEnd) : "";
  }

  /**
   * Attributes by local name (`w:val` → `val`); the first of two with the same local name wins. Namespace
   * declarations are not attributes here (`xmlns:w` would otherwise shadow `w:w`).
   */
  get attrs(): Readonly<Record<string, string>> {
    if (this.parsed) return this.parsed;
    const out: Record<string, string> = {};
    if (this.attrEnd > this.attrStart) {
      for (const m of this.rawAttrs.matchAll(ATTRIBUTE)) {
        const q = m[1]!;
        if (q.startsWith("xmlns")) continue;
        const key = localName(q);
        if (!(key in out)) out[key] = cleanText(m[2] ?? m[3] ?? "");
      }
    }
    return (this.parsed = out);
  }

  /** Attributes by qualified name as written (`r:id`, `xmlns:w`, namespace declarations included), values decoded. */
  get qualifiedAttrs(): ReadonlyMap<string, string> {
    if (this.qualified) return this.qualified;
    const out = new Map<string, string>();
    if (this.attrEnd > this.attrStart) for (const m of this.rawAttrs.matchAll(ATTRIBUTE)) if (!out.has(m[1]!)) out.set(m[1]!, cleanText(m[2] ?? m[3] ?? ""));
    return (this.qualified = out);
  }

  /** The `val` attribute of the first child named `name` (`<w:pStyle w:val="Heading1"/>`). */
  valOf(name: string): string | undefined {
    return this.child(name)?.attrs["val"];
  }

  /** The first child named `name`, looking through markup-compatibility wrappers. */
  child(name: string): XEl | undefined {
    for (const c of kids(this)) if (c.local === name) return c;
    return undefined;
  }

  /** Every child named `name`, looking through markup-compatibility wrappers. */
  childrenNamed(name: string): XEl[] {
    return kids(this).filter((c) => c.local === name);
  }
}

/** The local name of a qualified one (`w:p` → `p`). */
export const localName = (qname: string): string => {
  const colon = qname.indexOf(":");
  return colon < 0 ? qname : qname.slice(colon + 1);
};

/** Text as a reader gets it: references decoded, characters XML does not allow dropped. */
export const cleanText = (raw: string): string => dropInvalidChars(raw.includes("&") ? decodeXmlText(stripInvalidChars(raw)) : raw);

/** Elements whose whitespace is content (`<w:t xml:space="preserve"> </w:t>`). */
const TEXT_ELEMENTS = new Set(["t", "delText", "instrText", "delInstrText"]);

const isBlank = (xml: string, from: number, to: number): boolean => {
  for (let i = from; i < to; i++) {
    const c = xml.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false;
  }
  return true;
};

/**
 * Parses a part into its root element. Throws `PackageRefused` for a DTD or entities and `XmlDamaged` for markup
 * that is not well-formed (see `tokenize`).
 */
export const parseTree = (xml: string, part: string, options: TreeOptions = {}): XEl => parse(xml, part, options)[0]!;

/**
 * The elements side by side in `[from, to)` of a part (the rows of a sheet, read in batches), with offsets in the
 * whole text; throws as `readTree` does.
 */
export const readFragment = (xml: string, part: string, from: number, to: number): XEl[] => {
  try {
    return parse(xml, part, { from, to, many: true });
  } catch (error) {
    throw refusedAsInvalid(error, part);
  }
};

/** Which part of the text to read: a range holding one element, or the whole part with a range left unread. */
export type TreeOptions = Pick<TokenizeOptions, "from" | "to" | "skip">;

const parse = (xml: string, part: string, options: TokenizeOptions): XEl[] => {
  let current: XEl | null = null;
  const roots: XEl[] = [];
  tokenize(xml, part, {
    open(name, start, attrEnd, openEnd, empty) {
      const el = new XEl(name, localName(name), start, current, part, xml, start + 1 + name.length, attrEnd);
      el.openEnd = openEnd;
      if (current === null) roots.push(el);
      else if (current.children === NO_CHILDREN) current.children = [el];
      else current.children.push(el);
      if (empty) {
        el.closeStart = openEnd;
        el.end = openEnd;
      } else current = el;
    },
    close(start, end) {
      current!.closeStart = start;
      current!.end = end;
      current = current!.parent;
    },
    text(from, to) {
      if (!TEXT_ELEMENTS.has(current!.local) && isBlank(xml, from, to)) return;
      current!.text += cleanText(xml.slice(from, to));
    },
    cdata(from, to) {
      current!.text += dropInvalidChars(xml.slice(from, to));
    },
  }, options);
  return roots;
};

/** `parseTree` for readers: a part that is not well-formed throws `PackageRefused` ("xml_invalid") naming the part. */
export const readTree = (xml: string, part: string, options: TreeOptions = {}): XEl => {
  try {
    return parseTree(xml, part, options);
  } catch (error) {
    throw refusedAsInvalid(error, part);
  }
};

const NO_OP = () => {};
const CHECK_ONLY = { open: NO_OP, close: NO_OP, text: NO_OP, cdata: NO_OP };

/**
 * Checks that a part is well-formed as Office sees it, without keeping a tree: the checks of `parseTree`, and an
 * attribute repeated in a start tag refused too.
 */
export const checkWellFormed = (xml: string, part: string): void => tokenize(xml, part, CHECK_ONLY, { strict: true });

/**
 * The children of an element with each `mc:AlternateContent` replaced by the children of the branch `choose` picks
 * (readers differ: Word reads the first `Choice`, a reader that wants the plainest markup reads the `Fallback`).
 */
export const compatibleChildren = (el: XEl | undefined, choose: (alternate: XEl) => XEl | undefined): XEl[] => {
  if (!el) return NO_CHILDREN;
  let alternate = false;
  for (const c of el.children) {
    if (c.local === "AlternateContent") {
      alternate = true;
      break;
    }
  }
  if (!alternate) return el.children;
  const out: XEl[] = [];
  for (const c of el.children) {
    if (c.local !== "AlternateContent") out.push(c);
    else {
      const branch = choose(c);
      if (branch) out.push(...compatibleChildren(branch, choose));
    }
  }
  return out;
};

const firstChoice = (alternate: XEl) => alternate.children.find((k) => k.local === "Choice") ?? alternate.children.find((k) => k.local === "Fallback");

/** The children of an element as Word sees them: an `mc:AlternateContent` read through its first `Choice` (else its `Fallback`). */
export const kids = (el: XEl | undefined): XEl[] => compatibleChildren(el, firstChoice);

/** Every element under `el` (not itself) in document order, through the chosen markup-compatibility branch. */
export const descendants = (el: XEl, out: XEl[] = []): XEl[] => {
  // Iterative: a hostile part can nest elements deeper than the call stack goes.
  const stack: XEl[] = [...kids(el)].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n);
    const k = kids(n);
    for (let i = k.length - 1; i >= 0; i--) stack.push(k[i]!);
  }
  return out;
};

/** Every element under `el` (itself included when it matches) that matches, in document order, every branch included. */
export const findAll = (el: XEl, match: (e: XEl) => boolean): XEl[] => {
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

/** The first child named `name` (through markup-compatibility wrappers), or undefined. */
export const child = (el: XEl | undefined, name: string): XEl | undefined => el?.child(name);

/** Every child named `name`, through markup-compatibility wrappers. */
export const childrenNamed = (el: XEl | undefined, name: string): XEl[] => (el ? el.childrenNamed(name) : []);

/** The `val` attribute of a named child (`<w:pStyle w:val="Heading1"/>`). */
export const valOf = (el: XEl | undefined, name: string): string | undefined => el?.valOf(name);

/** An on/off property (ST_OnOff): present and not `0`/`false`/`off`/`none`. */
export const isOn = (el: XEl | undefined): boolean => {
  if (!el) return false;
  const v = el.attrs["val"];
  return v === undefined || !(v === "0" || v === "false" || v === "off" || v === "none");
};

/** Every descendant named `name`, in document order, through markup-compatibility wrappers, not looking inside a match. */
export const findNamed = (el: XEl, name: string, out: XEl[] = []): XEl[] => {
  for (const c of kids(el)) {
    if (c.local === name) out.push(c);
    else findNamed(c, name, out);
  }
  return out;
};

/** The concatenated text of every `t` and `v` descendant (DrawingML, SmartArt, math, chart titles and values). */
export const plainText = (el: XEl | undefined): string => {
  if (!el) return "";
  let s = el.local === "t" || el.local === "v" ? el.text : "";
  for (const c of kids(el)) s += plainText(c);
  return s;
};

/** The nearest ancestor named `name` (not itself), or undefined. */
export const ancestor = (el: XEl, name: string): XEl | undefined => {
  for (let p = el.parent; p; p = p.parent) if (p.local === name) return p;
  return undefined;
};
