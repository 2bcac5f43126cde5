/**
 * The package as the checks and repairs see it: the parts (directory entries left out), found by name the way
 * Office finds them (OPC part names are case-insensitive and percent-encoded), each read at most once. A part that
 * cannot be read (a damaged entry) reads as absent here; the zip check reports it. XML parts are decoded (UTF-8 or
 * UTF-16), the characters XML does not allow are dropped before parsing (the XML check reports them), and the parse
 * is kept, or why it failed.
 */
import type { Finding } from "../../contracts/review.ts";
import { openPackage, PackageRefused, type Package } from "../package.ts";
import { stripInvalidChars } from "../chars.ts";
import { decodePart, type Encoding } from "../xml/encoding.ts";
import { checkWellFormed, parseTree, XmlDamaged, type XEl } from "../xml/tree.ts";

export class XmlPart {
  /** The text the tree is parsed from: `text` without the characters XML does not allow. */
  readonly clean: string;
  /** Why the part is not well-formed, or null. */
  readonly damage: string | null;
  private root: XEl | null | undefined;

  constructor(
    readonly name: string,
    /** The text as stored (invalid characters included), without its byte-order mark. */
    readonly text: string,
    readonly encoding: Encoding,
    readonly bom: boolean,
  ) {
    this.clean = stripInvalidChars(text);
    let damage: string | null = null;
    try {
      checkWellFormed(this.clean, name);
    } catch (error) {
      if (!(error instanceof XmlDamaged)) throw error;
      damage = error.message;
    }
    this.damage = damage;
  }

  /** The root element (built when first asked for), or null when the part is not well-formed. */
  get tree(): XEl | null {
    if (this.root === undefined) this.root = this.damage ? null : parseTree(this.clean, this.name);
    return this.root;
  }
}

const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The key two names of one part share: no leading slash, percent-decoded, lower case. */
export const partKey = (name: string): string => safeDecode(name.replace(/^\//, "")).toLowerCase();

export const extensionOf = (name: string): string => {
  const base = name.slice(name.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot < 0 ? "" : base.slice(dot + 1).toLowerCase();
};

/** Parts that are XML by their name; others are XML when their content type says so. */
export const XML_EXTENSIONS = new Set(["xml", "rels", "vml"]);

/** VML is read by Office's lenient legacy parser (Excel writes `<br>` in it): never held to well-formedness. */
export const isVml = (name: string): boolean => extensionOf(name) === "vml";

export class PackageView {
  readonly pkg: Package;
  /** Part names as stored, directory entries left out. */
  readonly names: readonly string[];
  private readonly byKey = new Map<string, string>();
  private readonly xmlCache = new Map<string, XmlPart | null>();

  constructor(readonly bytes: Uint8Array) {
    this.pkg = openPackage(bytes);
    this.names = this.pkg.names.filter((n) => !n.endsWith("/"));
    for (const name of this.names) if (!this.byKey.has(partKey(name))) this.byKey.set(partKey(name), name);
  }

  /** The stored name of a part, matched as Office matches it, or null. */
  find(name: string): string | null {
    return this.byKey.get(partKey(name)) ?? null;
  }

  /** A part's bytes, or null when absent or unreadable (a damaged entry; a zip bomb is still refused). */
  read(name: string): Uint8Array | null {
    const stored = this.find(name);
    if (stored === null) return null;
    try {
      return this.pkg.bytes(stored);
    } catch (error) {
      if (error instanceof PackageRefused && error.reason !== "zip_bomb") return null;
      throw error;
    }
  }

  /** A part read as XML (throws `PackageRefused` for a DTD), or null when absent or unreadable. */
  xml(name: string): XmlPart | null {
    const stored = this.find(name);
    if (stored === null) return null;
    if (this.xmlCache.has(stored)) return this.xmlCache.get(stored)!;
    const bytes = this.read(stored);
    let part: XmlPart | null = null;
    if (bytes) {
      const { text, encoding, bom } = decodePart(bytes);
      part = new XmlPart(stored, text, encoding, bom);
    }
    this.xmlCache.set(stored, part);
    return part;
  }
}

/** A structural finding of the package checks; locations stay empty, messages name the part. */
export const finding = (code: string, severity: Finding["severity"], message: string, fix?: string): Finding =>
  fix
    ? { code, severity, category: "structural", message, location: {}, fixable: true, fix }
    : { code, severity, category: "structural", message, location: {}, fixable: false };
