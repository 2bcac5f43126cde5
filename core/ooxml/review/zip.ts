/**
 * Zip integrity, below the parts: an entry whose data does not match its CRC-32 (or its declared size), two entries
 * with one name (OPC names are case-insensitive), a local header that disagrees with the central directory, an
 * entry that cannot be read at all, and bytes after the end of the zip. Office treats the first four as a corrupt
 * file; data after the end is tolerated by most readers but is how polyglot files hide a second format.
 *
 * The repair `package.rebuild_zip` rewrites every part, as read, into a clean zip. It is offered only when every
 * entry can be read and every duplicated name holds the same bytes, so no choice between two versions of a part is
 * made on the reader's behalf.
 */
import { inflateRawSync, crc32 } from "node:zlib";
import type { Finding } from "../../contracts/review.ts";
import { PackageRefused, zipDirectory, type ZipEntry } from "../package.ts";
import { writePackage } from "../write.ts";
import { finding, partKey, type PackageView } from "./parts.ts";

export const FIX_REBUILD_ZIP = "package.rebuild_zip";

type Read = { data: Uint8Array } | { unreadable: string };

const readEntry = (b: Buffer, e: ZipEntry): Read & { header?: string } => {
  if (e.offset + 30 > b.length || b.readUInt32LE(e.offset) !== 0x04034b50) return { unreadable: "its local header is missing" };
  const nameLength = b.readUInt16LE(e.offset + 26);
  const start = e.offset + 30 + nameLength + b.readUInt16LE(e.offset + 28);
  const flags = b.readUInt16LE(e.offset + 6);
  const disagreements: string[] = [];
  if (b.subarray(e.offset + 30, e.offset + 30 + nameLength).toString("utf8") !== e.name) disagreements.push("name");
  if (b.readUInt16LE(e.offset + 8) !== e.method) disagreements.push("compression method");
  // With bit 3 set the CRC and sizes follow the data; a zip64 entry keeps them in an extra field.
  if ((flags & 8) === 0 && e.size !== 0xffffffff && e.compressed !== 0xffffffff) {
    if (b.readUInt32LE(e.offset + 14) !== e.crc) disagreements.push("CRC-32");
    if (b.readUInt32LE(e.offset + 18) !== e.compressed || b.readUInt32LE(e.offset + 22) !== e.size) disagreements.push("sizes");
  }
  const header = disagreements.length > 0 ? disagreements.join(", ") : undefined;
  if ((e.flags & 1) !== 0) return { unreadable: "it is encrypted", header };
  if (start + e.compressed > b.length) return { unreadable: "its data is cut short", header };
  const raw = b.subarray(start, start + e.compressed);
  if (e.method === 0) return { data: raw, header };
  if (e.method !== 8) return { unreadable: `it uses compression method ${e.method}, which Office does not read`, header };
  try {
    return { data: inflateRawSync(raw, { maxOutputLength: Math.max(e.size, 1) }), header };
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new PackageRefused(`${e.name} inflates past its declared size`, "zip_bomb");
    return { unreadable: `its data cannot be inflated (${(error as Error).message})`, header };
  }
};

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);

export const checkZip = (bytes: Uint8Array): Finding[] => {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { entries, end } = zipDirectory(bytes);
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(partKey(e.name), (counts.get(partKey(e.name)) ?? 0) + 1);
  const duplicated = new Map<string, Array<{ name: string; data: Uint8Array | null }>>();
  const damaged: Array<(fix?: string) => Finding> = [];
  let readable = true;
  for (const e of entries) {
    const read = readEntry(b, e);
    if (read.header) {
      const what = read.header;
      damaged.push((fix) => finding("package.zip_local_header_mismatch", "error", `${e.name}: its local header disagrees with the zip's central directory (${what}); Office reports the file as corrupt.`, fix));
    }
    if ("unreadable" in read) {
      readable = false;
      const why = read.unreadable;
      damaged.push(() => finding("package.zip_entry_unreadable", "error", `${e.name} cannot be read: ${why}. The part is lost; Office reports the file as corrupt.`));
    } else if (read.data.length !== e.size || crc32(read.data) >>> 0 !== e.crc >>> 0) {
      damaged.push((fix) => finding("package.zip_crc_mismatch", "error", `${e.name}: its data does not match the CRC-32 or size recorded in the zip (damaged, or edited without updating the zip); Office reports the file as corrupt.`, fix));
    }
    const key = partKey(e.name);
    if ((counts.get(key) ?? 0) > 1) {
      const group = duplicated.get(key) ?? [];
      group.push({ name: e.name, data: "data" in read ? read.data : null });
      duplicated.set(key, group);
    }
  }
  const conflicting = [...duplicated.values()].filter((g) => g.some((x) => x.data === null || !sameBytes(x.data, g[0]!.data ?? new Uint8Array())));
  const fix = readable && conflicting.length === 0 ? FIX_REBUILD_ZIP : undefined;
  const findings = damaged.map((make) => make(fix));
  for (const group of duplicated.values()) {
    const differ = conflicting.includes(group);
    findings.push(
      finding(
        "package.zip_duplicate_entry",
        "error",
        `The zip holds ${group.length} entries named ${[...new Set(group.map((g) => g.name))].join(" / ")}${differ ? ", with different contents (which one is the part cannot be told)" : ", with the same contents"}; Office reports the file as corrupt.`,
        differ ? undefined : fix,
      ),
    );
  }
  if (end < bytes.length) {
    findings.push(finding("package.zip_trailing_data", "warning", `${bytes.length - end} bytes follow the end of the zip: not part of the document (a second file may be hidden there).`, fix));
  }
  return findings;
};

/** Every part, as read, in a clean zip; the first of names that differ only in case is kept. */
export const rebuildZip = (view: PackageView): Uint8Array => {
  const changes = new Map<string, null>();
  const seen = new Set<string>();
  for (const name of view.pkg.names) {
    const key = partKey(name);
    if (seen.has(key)) changes.set(name, null);
    seen.add(key);
  }
  return writePackage(view.pkg, changes);
};
