/**
 * Opening an OOXML package (docx, pptx, xlsx) safely, for every reader of uploaded files. Sizes come from the zip's
 * central directory and are checked before anything is inflated: a part over 64 MB, a package over 256 MB
 * uncompressed, more than 10,000 parts, a compression ratio over 200:1 on a large part, or entries whose stored data
 * overlap (the overlapping zip bomb, where many directory entries point at one compressed block) is refused as a zip
 * bomb. Inflation itself is capped at the declared size, so a lying header cannot inflate further. XML is parsed
 * without any DTD: a DOCTYPE or an entity declaration (the road to entity bombs and external entities) is refused.
 *
 * `verifyPackage` is the whole of that done at once, for uploads: every entry inflated, or for binary parts counted
 * (core/deflate/inflate-count.ts), each stopped at its declared size, and every XML part searched for a DTD, so what a
 * reader would refuse later is refused when the file arrives.
 */
import { inflateRawSync } from "node:zlib";
import { countInflated } from "../deflate/inflate-count.ts";

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
  refuseOverlaps(b, entries);
  return entries;
};

/**
 * Refuses entries whose stored data overlap: each entry's local header and data must sit apart from every other's.
 * The overlapping zip bomb (Fifield, 2019) points thousands of directory entries at one compressed block, so a small
 * file declares gigabytes while each entry alone looks honest; no zip writer shares data between entries. An entry
 * whose local header is missing is left to the readers, which report it as damaged.
 */
const refuseOverlaps = (b: Buffer, entries: readonly Entry[]): void => {
  const spans: Array<{ name: string; start: number; end: number }> = [];
  for (const e of entries) {
    // Zip64 sizes live in an extra field this reader does not follow; such an entry cannot be read anyway.
    if (e.compressed === 0xffffffff || e.offset + 30 > b.length || b.readUInt32LE(e.offset) !== 0x04034b50) continue;
    spans.push({ name: e.name, start: e.offset, end: e.offset + 30 + b.readUInt16LE(e.offset + 26) + b.readUInt16LE(e.offset + 28) + e.compressed });
  }
  spans.sort((x, y) => x.start - y.start);
  for (let i = 1; i < spans.length; i++) {
    const before = spans[i - 1]!;
    const span = spans[i]!;
    if (span.start < before.end) throw new PackageRefused(`the zip entries ${before.name} and ${span.name} share stored data (an overlapping zip bomb)`, "zip_bomb");
  }
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

/**
 * The one rule for a DTD in XML, what every reader of parts refuses (the tokenizer of core/ooxml/xml, so the
 * package review, the Word, PowerPoint and Excel readers, and the upload check below): `<!DOCTYPE` or `<!ENTITY`
 * anywhere in the text, in any case. A real DTD must come before the root element; elsewhere the markup can only
 * sit in a comment or CDATA, which no Office writer puts there, and refusing it too keeps one rule that upload and
 * use share.
 */
export const declaresDtd = (xml: string): boolean => {
  // Most parts have no `<!` at all (or only a few comments): looked for first, the pattern runs only where it can match.
  for (let at = xml.indexOf("<!"); at >= 0; at = xml.indexOf("<!", at + 2)) if (DTD_MARKUP.test(xml.slice(at, at + 9))) return true;
  return false;
};
const DTD_MARKUP = /^<!(?:DOCTYPE|ENTITY)/i;

/** Throws `PackageRefused` ("xml_dtd") when `declaresDtd` says the part declares a DTD or entities. */
export const refuseDtd = (xml: string, part: string): void => {
  if (declaresDtd(xml)) throw new PackageRefused(`${part} declares a DTD or entities`, "xml_dtd");
};

const upper = (byte: number) => (byte >= 0x61 && byte <= 0x7a ? byte - 0x20 : byte);
const wordAt = (b: Uint8Array, offset: number, word: string) => {
  for (let i = 0; i < word.length; i++) if (upper(b[offset + i] ?? 0) !== word.charCodeAt(i)) return false;
  return true;
};

/** `declaresDtd` on a part's bytes: UTF-8 searched as bytes, UTF-16 (told by its byte-order mark) decoded first. */
export const partDeclaresDtd = (bytes: Uint8Array): boolean => {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    const utf16 = Buffer.from(bytes.subarray(2));
    if (bytes[0] === 0xfe) utf16.swap16();
    return declaresDtd(utf16.toString("utf16le"));
  }
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = b.indexOf("<!"); i >= 0; i = b.indexOf("<!", i + 2)) if (wordAt(b, i + 2, "DOCTYPE") || wordAt(b, i + 2, "ENTITY")) return true;
  return false;
};

/** Parts that are XML by their name: the review's rule (core/ooxml/review/parts.ts), VML included. */
const XML_NAME = /\.(?:xml|rels|vml)$/i;
const XML_TYPE = /(?:\+xml|^application\/xml|^text\/xml)$/i;
const DECLARATION = /<(?:[\w.-]+:)?(Default|Override)\b([^>]*)>/g;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const partKeyOf = (name: string) => {
  const bare = name.replace(/^\//, "");
  try {
    return decodeURIComponent(bare).toLowerCase();
  } catch {
    return bare.toLowerCase();
  }
};

/**
 * Which parts are XML: by name, or by the XML content type `[Content_Types].xml` gives them (an SVG picture is
 * `image/svg+xml`). Read with a plain scan, so a damaged content types part only narrows the answer to the names.
 */
const xmlParts = (names: readonly string[], contentTypes: string | null): Set<string> => {
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  for (const m of (contentTypes ?? "").matchAll(DECLARATION)) {
    const attrs = new Map([...m[2]!.matchAll(ATTRIBUTE)].map((a) => [a[1]!, a[2] ?? a[3] ?? ""]));
    if (m[1] === "Default" && attrs.has("Extension")) defaults.set(attrs.get("Extension")!.toLowerCase(), attrs.get("ContentType") ?? "");
    if (m[1] === "Override" && attrs.has("PartName")) overrides.set(partKeyOf(attrs.get("PartName")!), attrs.get("ContentType") ?? "");
  }
  return new Set(
    names.filter((name) => {
      if (XML_NAME.test(name)) return true;
      const extension = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";
      const type = overrides.get(partKeyOf(name)) ?? defaults.get(extension);
      return type !== undefined && XML_TYPE.test(type);
    }),
  );
};

/**
 * Reads the whole package once and throws `PackageRefused` for what any reader would refuse while reading it: a zip
 * bomb (the directory checks of `openPackage`, and an entry inflating past its declared size, which is where a lying
 * directory shows) and a DTD in any XML part. Inflation never passes the declared sizes, so it is bounded by the
 * directory limits (256 MB at most, 64 MB at once). Damage (an entry that cannot be inflated, a CRC that does not
 * match, a size that falls short) is not refused here: the review reports and repairs it.
 */
export const verifyPackage = (bytes: Uint8Array): { parts: number; inflated: number } => {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readEntries(b);
  const oversized = (e: Entry) => new PackageRefused(`${e.name} inflates past the ${e.size} bytes its zip entry declares`, "zip_bomb");
  /** The entry's stored data, or null when it is a folder or cannot be read (damage, left to the readers). */
  const rawOf = (e: Entry): Buffer | null => {
    if (e.name.endsWith("/") || (e.flags & 1) !== 0 || e.compressed === 0xffffffff || (e.method !== 0 && e.method !== 8)) return null;
    if (e.offset + 30 > b.length || b.readUInt32LE(e.offset) !== 0x04034b50) return null;
    const start = e.offset + 30 + b.readUInt16LE(e.offset + 26) + b.readUInt16LE(e.offset + 28);
    return b.subarray(start, Math.min(b.length, start + e.compressed));
  };
  /** The entry's bytes (an XML part's, to be searched), or null when it cannot be read. */
  const dataOf = (e: Entry): Uint8Array | null => {
    const raw = rawOf(e);
    if (!raw || e.method === 0) return raw;
    try {
      return inflateRawSync(raw, { maxOutputLength: Math.max(e.size, 1) });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw oversized(e);
      return null;
    }
  };
  const typesEntry = entries.find((e) => partKeyOf(e.name) === "[content_types].xml");
  const types = typesEntry ? dataOf(typesEntry) : null;
  const xml = xmlParts(entries.map((e) => e.name), types ? Buffer.from(types).toString("utf8") : null);
  let parts = 0;
  let inflated = 0;
  for (const e of entries) {
    if (xml.has(e.name)) {
      // One part at a time, so no more than one part's data (64 MB at most) is held at once.
      const data = dataOf(e);
      if (!data) continue;
      if (partDeclaresDtd(data)) throw new PackageRefused(`${e.name} declares a DTD or entities`, "xml_dtd");
      parts++;
      inflated += data.length;
      continue;
    }
    // Pictures and other binary parts are only measured: counted, never made (core/deflate/inflate-count.ts).
    const raw = rawOf(e);
    if (!raw) continue;
    const count = e.method === 0 ? { bytes: raw.length, over: false } : countInflated(raw, Math.max(e.size, 1), false);
    if (count.over) throw oversized(e);
    parts++;
    inflated += count.bytes;
  }
  return { parts, inflated };
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
/** The five XML entities and character references; nothing a DTD could define. */
export const decodeXmlText = (text: string) =>
  text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_m, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : ENTITIES[e]!,
  );
