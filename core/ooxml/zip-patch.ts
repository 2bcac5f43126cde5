/**
 * Rewriting a zip package so that only what changed moves. Each entry the caller does not change keeps its stored
 * bytes exactly (local header, compressed data, data descriptor), so a hash of them proves it untouched
 * (core/ooxml/entry-proof.ts); only the central directory's offsets move. Changed parts get a fresh local header and
 * freshly deflated data under their original name, flags and modification time; removed parts are dropped; new parts
 * come after the others. A writer that re-zips everything (core/ooxml/write.ts) changes every entry's bytes, which is
 * what this exists to avoid.
 *
 * Zip64 is refused, in the original and in the output: no Office package comes near 4 GB, and reading it would mean
 * following sizes this module cannot check against the package limits.
 */
import { crc32, inflateRawSync } from "node:zlib";
import { deflateSync } from "fflate";
import { zipDirectory, type ZipEntry } from "./package.ts";

export type ZipChanges = ReadonlyMap<string, Uint8Array | string | null>;

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DESCRIPTOR = 0x08074b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
const MAX32 = 0xffffffff;
const CONTENT_TYPES = "[Content_Types].xml";

/** Flags that describe how the old data was stored (encryption, compression option, data descriptor, strong encryption, masked header); new data has none of them. */
const DATA_FLAGS = 0x0001 | 0x0006 | 0x0008 | 0x0040 | 0x2000;
const UTF8_FLAG = 0x0800;

const encoder = new TextEncoder();
const view = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** One entry as it sits in a zip: its central directory record and the span of its stored bytes. */
export interface StoredEntry {
  readonly entry: ZipEntry;
  /** The whole central directory record (fixed part, name, extra fields, comment). */
  readonly record: Buffer;
  /** Local header, compressed data and, with flag bit 3, the data descriptor. */
  readonly stored: Buffer;
  /** Where the compressed data starts inside `stored`. */
  readonly dataStart: number;
}

export interface ZipLayout {
  readonly entries: readonly StoredEntry[];
  /** The end-of-central-directory record with the archive comment. */
  readonly end: Buffer;
}

/** The end record's offset: the last signature in the final 64 KB, as the package reader finds it. */
const endRecordAt = (b: Buffer): number => {
  for (let at = b.length - 22; at >= Math.max(0, b.length - 65_557); at--) if (b.readUInt32LE(at) === END) return at;
  return -1;
};

const hasZip64Extra = (extra: Buffer): boolean => {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) if (extra.readUInt16LE(at) === ZIP64_EXTRA) return true;
  return false;
};

/** The extra fields without a zip64 block, whose sizes would describe the old data. Malformed fields are kept as they are. */
const withoutZip64 = (extra: Buffer): Buffer => {
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 4 <= extra.length) {
    const next = at + 4 + extra.readUInt16LE(at + 2);
    if (next > extra.length) return extra;
    if (extra.readUInt16LE(at) !== ZIP64_EXTRA) kept.push(extra.subarray(at, next));
    at = next;
  }
  return at === extra.length ? Buffer.concat(kept) : extra;
};

/**
 * Reads a zip's layout: every central directory record and the stored bytes it points at, in directory order.
 * Refused as `openPackage` refuses (`PackageRefused`), and with an Error for zip64, split archives, or a data
 * descriptor that is not where the directory says the data ends.
 */
export const zipLayout = (zip: Uint8Array): ZipLayout => {
  const b = view(zip);
  const eocd = endRecordAt(b);
  if (eocd >= 0) {
    const zip64 =
      (eocd >= 20 && b.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) ||
      b.readUInt16LE(eocd + 8) === 0xffff ||
      b.readUInt16LE(eocd + 10) === 0xffff ||
      b.readUInt32LE(eocd + 12) === MAX32 ||
      b.readUInt32LE(eocd + 16) === MAX32;
    if (zip64) throw new Error("the zip uses zip64, which this writer does not handle");
    if (b.readUInt16LE(eocd + 4) !== 0 || b.readUInt16LE(eocd + 6) !== 0) throw new Error("the zip is split across disks");
  }
  // The package reader's checks (a zip at all, the limits, overlapping entries) come first.
  const { entries } = zipDirectory(zip);
  const end = b.subarray(eocd, eocd + 22 + b.readUInt16LE(eocd + 20));
  let at = b.readUInt32LE(eocd + 16);
  const out: StoredEntry[] = [];
  for (const entry of entries) {
    const record = b.subarray(at, at + 46 + b.readUInt16LE(at + 28) + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32));
    at += record.length;
    const extra = record.subarray(46 + record.readUInt16LE(28), 46 + record.readUInt16LE(28) + record.readUInt16LE(30));
    if (entry.compressed === MAX32 || entry.size === MAX32 || entry.offset === MAX32 || hasZip64Extra(extra)) {
      throw new Error(`the zip entry ${entry.name} uses zip64, which this writer does not handle`);
    }
    const local = entry.offset;
    if (local + 30 > b.length || b.readUInt32LE(local) !== LOCAL) throw new Error(`the zip entry ${entry.name} has no local header`);
    const dataStart = 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    let length = dataStart + entry.compressed;
    if (entry.flags & 0x0008) {
      // The descriptor's signature is optional; the CRC after it tells which form this writer used.
      const after = local + length;
      if (after + 16 <= b.length && b.readUInt32LE(after) === DESCRIPTOR && b.readUInt32LE(after + 4) === entry.crc) length += 16;
      else if (after + 12 <= b.length && b.readUInt32LE(after) === entry.crc) length += 12;
      else throw new Error(`the data descriptor of ${entry.name} is not where its data ends`);
    }
    if (local + length > b.length) throw new Error(`the zip entry ${entry.name} is cut short`);
    out.push({ entry, record, stored: b.subarray(local, local + length), dataStart });
  }
  return { entries: out, end };
};

/** The entry's data, inflated, or null when it cannot be read (another method, encrypted, damaged). */
const contentOf = (e: StoredEntry): Uint8Array | null => {
  if (e.entry.flags & 0x0001) return null;
  const raw = e.stored.subarray(e.dataStart, e.dataStart + e.entry.compressed);
  if (e.entry.method === 0) return raw;
  if (e.entry.method !== 8) return null;
  try {
    return inflateRawSync(raw, { maxOutputLength: Math.max(e.entry.size, 1) });
  } catch {
    return null;
  }
};

const sameContent = (e: StoredEntry, data: Uint8Array): boolean => {
  if (data.length !== e.entry.size || (crc32(data) >>> 0) !== e.entry.crc >>> 0) return false;
  const content = contentOf(e);
  return content !== null && Buffer.compare(view(content), view(data)) === 0;
};

interface Fresh {
  name: Buffer;
  flags: number;
  versionNeeded: number;
  time: number;
  date: number;
  localExtra: Buffer;
  /** The original record to take version made by, attributes, extra fields and comment from; null for a new part. */
  record: Buffer | null;
}

/** A new local header and data for `data`, and the central directory record to go with it (offset filled in later). */
const freshEntry = (data: Uint8Array, f: Fresh): { stored: Buffer; record: Buffer } => {
  const deflated = deflateSync(data, { level: 6 });
  const method = deflated.length < data.length ? 8 : 0;
  const body = method === 8 ? deflated : data;
  const crc = crc32(data) >>> 0;
  if (body.length >= MAX32 || data.length >= MAX32) throw new Error(`${f.name.toString("utf8")} would need zip64`);
  const versionNeeded = Math.max(f.versionNeeded, method === 8 ? 20 : 10);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(versionNeeded, 4);
  header.writeUInt16LE(f.flags, 6);
  header.writeUInt16LE(method, 8);
  header.writeUInt16LE(f.time, 10);
  header.writeUInt16LE(f.date, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(body.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(f.name.length, 26);
  header.writeUInt16LE(f.localExtra.length, 28);
  const stored = Buffer.concat([header, f.name, f.localExtra, body]);

  let tail: Buffer;
  const fixed = Buffer.alloc(46);
  if (f.record) {
    f.record.copy(fixed, 0, 0, 46);
    const nameEnd = 46 + f.record.readUInt16LE(28);
    const extra = withoutZip64(f.record.subarray(nameEnd, nameEnd + f.record.readUInt16LE(30)));
    const comment = f.record.subarray(nameEnd + f.record.readUInt16LE(30), f.record.length);
    fixed.writeUInt16LE(extra.length, 30);
    tail = Buffer.concat([f.name, extra, comment]);
  } else {
    // Made by MS-DOS-compatible 2.0, as LibreOffice records it; no attributes, which no OOXML reader needs.
    fixed.writeUInt16LE(20, 4);
    fixed.writeUInt16LE(0, 30);
    tail = f.name;
  }
  fixed.writeUInt32LE(CENTRAL, 0);
  fixed.writeUInt16LE(versionNeeded, 6);
  fixed.writeUInt16LE(f.flags, 8);
  fixed.writeUInt16LE(method, 10);
  if (!f.record) {
    // An original record keeps its own copy of the time, which need not be the local header's.
    fixed.writeUInt16LE(f.time, 12);
    fixed.writeUInt16LE(f.date, 14);
  }
  fixed.writeUInt32LE(crc, 16);
  fixed.writeUInt32LE(body.length, 20);
  fixed.writeUInt32LE(data.length, 24);
  fixed.writeUInt16LE(f.name.length, 28);
  return { stored, record: Buffer.concat([fixed, tail]) };
};

const asBytes = (data: Uint8Array | string): Uint8Array => (typeof data === "string" ? encoder.encode(data) : data);

/** A part name as a change key may spell it (with a leading slash, in another case), matched to the zip's own. */
const keyOf = (name: string) => name.replace(/^\//, "");
const foldOf = (name: string) => keyOf(name).toLowerCase();

/**
 * The original zip with `changes` applied: a part's new bytes (strings are UTF-8), or null to remove it. Names match
 * the zip's entries exactly, else ignoring a leading slash and ASCII case (part names are case-insensitive in OOXML),
 * and a changed part keeps the original's spelling. A change whose bytes equal the part's current content leaves the
 * entry as stored. New parts come after the others, in the order of `changes`, except a new `[Content_Types].xml`,
 * which goes first.
 */
export const patchZip = (original: Uint8Array, changes: ZipChanges): Uint8Array => {
  const layout = zipLayout(original);
  const byName = new Map<string, StoredEntry[]>();
  for (const e of layout.entries) {
    const list = byName.get(e.entry.name) ?? [];
    list.push(e);
    byName.set(e.entry.name, list);
  }
  const folded = new Map<string, string>();
  for (const e of layout.entries) if (!folded.has(foldOf(e.entry.name))) folded.set(foldOf(e.entry.name), e.entry.name);

  const targeted = new Map<string, Uint8Array | string | null>();
  const added: Array<[string, Uint8Array | string]> = [];
  const addedFolded = new Set<string>();
  for (const [key, data] of changes) {
    const name = byName.has(key) ? key : byName.has(keyOf(key)) ? keyOf(key) : folded.get(foldOf(key));
    if (name === undefined) {
      if (data === null) continue;
      if (addedFolded.has(foldOf(key))) throw new Error(`${key} is added twice`);
      addedFolded.add(foldOf(key));
      added.push([keyOf(key), data]);
      continue;
    }
    if (targeted.has(name)) throw new Error(`${name} is changed twice (as ${key})`);
    if (byName.get(name)!.length > 1) throw new Error(`${name} appears more than once in the zip; which one to change is unclear`);
    targeted.set(name, data);
  }

  const removed = [...targeted.values()].filter((data) => data === null).length;
  // The end record counts entries in 16 bits, and 0xFFFF already means zip64.
  if (layout.entries.length - removed + added.length > 0xfffe) throw new Error("the zip would need zip64 (more than 65,534 entries)");

  const pieces: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  const place = (stored: Buffer, record: Buffer) => {
    if (offset >= MAX32) throw new Error("the zip would need zip64 (over 4 GB)");
    const placed = Buffer.from(record);
    placed.writeUInt32LE(offset, 42);
    pieces.push(stored);
    records.push(placed);
    offset += stored.length;
  };
  const addNew = (name: string, data: Uint8Array | string) => {
    const nameBytes = Buffer.from(encoder.encode(name));
    const ascii = nameBytes.length === name.length;
    // 1980-01-01 00:00, the earliest DOS time: a new part has no time of its own worth recording, and a fixed one keeps output reproducible.
    const fresh = freshEntry(asBytes(data), { name: nameBytes, flags: ascii ? 0 : UTF8_FLAG, versionNeeded: 20, time: 0, date: 0x21, localExtra: Buffer.alloc(0), record: null });
    place(fresh.stored, fresh.record);
  };

  const newTypes = added.find(([n]) => n === CONTENT_TYPES);
  if (newTypes) addNew(...newTypes);
  for (const e of layout.entries) {
    const change = targeted.get(e.entry.name);
    if (change === null) continue;
    if (change === undefined || sameContent(e, asBytes(change))) {
      place(e.stored, e.record);
      continue;
    }
    const header = e.stored;
    const nameLength = header.readUInt16LE(26);
    const fresh = freshEntry(asBytes(change), {
      name: header.subarray(30, 30 + nameLength),
      flags: e.entry.flags & ~DATA_FLAGS,
      versionNeeded: header.readUInt16LE(4),
      time: header.readUInt16LE(10),
      date: header.readUInt16LE(12),
      localExtra: withoutZip64(header.subarray(30 + nameLength, e.dataStart)),
      record: e.record,
    });
    place(fresh.stored, fresh.record);
  }
  for (const [name, data] of added) if (name !== CONTENT_TYPES) addNew(name, data);

  const directory = Buffer.concat(records);
  if (records.length > 0xfffe || offset >= MAX32 || directory.length >= MAX32 || offset + directory.length >= MAX32) {
    throw new Error("the zip would need zip64 (too many entries or over 4 GB)");
  }
  const end = Buffer.from(layout.end);
  end.writeUInt16LE(records.length, 8);
  end.writeUInt16LE(records.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...pieces, directory, end]));
};
