/**
 * Opening an OOXML package (docx, pptx, xlsx) safely, for every reader of uploaded files. Sizes come from the zip's
 * central directory and are checked before anything is inflated: a part over 64 MB, a package over 256 MB
 * uncompressed, more than 10,000 parts or a compression ratio over 200:1 on a large part is refused as a zip bomb.
 * Inflation itself is capped at the declared size, so a lying header cannot inflate further. XML is parsed without
 * any DTD: a DOCTYPE (the road to entity bombs and external entities) is refused.
 */
import { inflateRawSync } from "node:zlib";
import { XMLParser } from "fast-xml-parser";

export class PackageRefused extends Error {
  constructor(
    message: string,
    readonly reason: "not_zip" | "truncated" | "zip_bomb" | "xml_dtd" | "xml_invalid" | "missing_part" | "encrypted",
  ) {
    super(message);
  }
}

export const LIMITS = { partBytes: 64 * 1024 * 1024, totalBytes: 256 * 1024 * 1024, parts: 10_000, ratio: 200 };

/** One entry of the zip's central directory, as stored. */
export interface ZipEntry {
  name: string;
  method: number;
  /** The general-purpose flags: bit 0 encrypted, bit 3 sizes and CRC in a data descriptor after the data. */
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  /** Offset of the entry's local header. */
  offset: number;
}
type Entry = ZipEntry;

export interface Package {
  readonly names: readonly string[];
  readonly has: (name: string) => boolean;
  /** The part's bytes, or null when absent. */
  readonly bytes: (name: string) => Uint8Array | null;
  /** The part as text (UTF-8), or null when absent. */
  readonly text: (name: string) => string | null;
}

/** The offset of the end-of-central-directory record (the last one in the final 64 KB), or -1. */
const endRecord = (b: Buffer): number => {
  for (let at = b.length - 22; at >= Math.max(0, b.length - 65_557); at--) {
    if (b.readUInt32LE(at) === 0x06054b50) return at;
  }
  return -1;
};

const readEntries = (b: Buffer): Entry[] => {
  if (b.length < 22 || b.readUInt32LE(0) !== 0x04034b50) {
    // An OLE compound file at the start is how Office stores password-protected OOXML.
    if (b.length >= 8 && b.readUInt32BE(0) === 0xd0cf11e0 && b.readUInt32BE(4) === 0xa1b11ae1) {
      throw new PackageRefused("the file is password-protected or an old binary Office file", "encrypted");
    }
    throw new PackageRefused("not a zip package", "not_zip");
  }
  const eocd = endRecord(b);
  if (eocd < 0) throw new PackageRefused("the zip has no central directory (truncated?)", "truncated");
  const count = b.readUInt16LE(eocd + 10);
  if (count > LIMITS.parts) throw new PackageRefused(`the package has ${count} parts`, "zip_bomb");
  const entries: Entry[] = [];
  let at = b.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== 0x02014b50) throw new PackageRefused("the zip directory is damaged", "truncated");
    const nameLength = b.readUInt16LE(at + 28);
    const entry: Entry = {
      method: b.readUInt16LE(at + 10),
      flags: b.readUInt16LE(at + 8),
      crc: b.readUInt32LE(at + 16),
      compressed: b.readUInt32LE(at + 20),
      size: b.readUInt32LE(at + 24),
      name: b.subarray(at + 46, at + 46 + nameLength).toString("utf8"),
      offset: b.readUInt32LE(at + 42),
    };
    if (entry.size > LIMITS.partBytes) throw new PackageRefused(`${entry.name} would inflate to ${entry.size} bytes`, "zip_bomb");
    if (entry.size > 1_000_000 && entry.compressed > 0 && entry.size / entry.compressed > LIMITS.ratio) {
      throw new PackageRefused(`${entry.name} is compressed ${Math.round(entry.size / entry.compressed)}:1`, "zip_bomb");
    }
    total += entry.size;
    if (total > LIMITS.totalBytes) throw new PackageRefused(`the package would inflate to over ${LIMITS.totalBytes} bytes`, "zip_bomb");
    entries.push(entry);
    at += 46 + nameLength + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
  }
  return entries;
};

/**
 * The central directory as stored, for the package checks (core/ooxml/review): every entry, duplicates included, and
 * where the zip ends (after the end record and its comment; bytes past it are data after the end). Refused exactly
 * as `openPackage` refuses (not a zip, no directory, a zip bomb).
 */
export const zipDirectory = (bytes: Uint8Array): { entries: ZipEntry[]; end: number } => {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readEntries(b);
  const eocd = endRecord(b);
  return { entries, end: eocd + 22 + b.readUInt16LE(eocd + 20) };
};

export const openPackage = (bytes: Uint8Array): Package => {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = new Map(readEntries(b).map((e) => [e.name.replace(/^\//, ""), e]));
  const cache = new Map<string, Uint8Array>();
  const bytesOf = (name: string): Uint8Array | null => {
    const key = name.replace(/^\//, "");
    const entry = entries.get(key) ?? [...entries.values()].find((e) => e.name.toLowerCase() === key.toLowerCase());
    if (!entry) return null;
    const hit = cache.get(entry.name);
    if (hit) return hit;
    const local = entry.offset;
    if (local + 30 > b.length || b.readUInt32LE(local) !== 0x04034b50) throw new PackageRefused(`${entry.name} is damaged`, "truncated");
    const start = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    if (start + entry.compressed > b.length) throw new PackageRefused(`${entry.name} is cut short`, "truncated");
    const raw = b.subarray(start, start + entry.compressed);
    let data: Uint8Array;
    try {
      data = entry.method === 0 ? raw : inflateRawSync(raw, { maxOutputLength: Math.max(entry.size, 1) });
    } catch (error) {
      throw new PackageRefused(`${entry.name} cannot be inflated: ${(error as Error).message}`, (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? "zip_bomb" : "truncated");
    }
    cache.set(entry.name, data);
    return data;
  };
  return {
    names: [...entries.keys()],
    has: (name) => entries.has(name.replace(/^\//, "")),
    bytes: bytesOf,
    text: (name) => {
      const data = bytesOf(name);
      return data ? Buffer.from(data).toString("utf8").replace(/^\uFEFF/, "") : null;
    },
  };
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  preserveOrder: true,
  processEntities: false,
  htmlEntities: false,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
});

/** One XML node in document order: `{ tag: [...children], ":@": attributes }` or `{ "#text": "…" }`. */
export type XmlNode = Record<string, unknown>;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
/** The five XML entities and character references; nothing a DTD could define. */
export const decodeXmlText = (text: string) =>
  text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_m, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : ENTITIES[e]!,
  );

export const parseXml = (xml: string, part = "xml"): XmlNode[] => {
  if (/<!DOCTYPE/i.test(xml.slice(0, 4096)) || /<!ENTITY/i.test(xml)) throw new PackageRefused(`${part} declares a DTD or entities`, "xml_dtd");
  try {
    // `true` validates first: a broken part is an error to report, not a half-read tree.
    const result = parser.parse(xml, true) as XmlNode[] | { err: { msg: string } };
    if (!Array.isArray(result)) throw new Error(result.err.msg);
    return result;
  } catch (error) {
    throw new PackageRefused(`${part} is not well-formed XML: ${(error as Error).message}`, "xml_invalid");
  }
};

/** Helpers to walk `preserveOrder` trees. */
export const tagOf = (node: XmlNode): string => Object.keys(node).find((k) => k !== ":@") ?? "";
export const childrenOf = (node: XmlNode): XmlNode[] => (node[tagOf(node)] as XmlNode[] | undefined) ?? [];
export const attrsOf = (node: XmlNode): Record<string, string> => (node[":@"] as Record<string, string> | undefined) ?? {};
export const textOf = (node: XmlNode): string => (typeof node["#text"] === "string" ? decodeXmlText(node["#text"] as string) : "");
