/**
 * Tells an office file or PDF by its bytes (the zip's content types for OOXML, read the way the upload check reads
 * them), never by its name, without the upload check's full verification: a hand-edited version is the caller's own
 * file. The kind names the format plugin that says what the file is.
 */
import { inflateRawSync } from "node:zlib";
import { mainKind, type FileKind } from "../files/kinds.ts";

/**
 * Reads one small entry of a zip through its central directory (local headers may leave sizes to a trailing data
 * descriptor, as streaming writers do). Inflation is capped so a crafted entry cannot balloon.
 */
const zipEntry = (bytes: Buffer, wanted: string): string | null => {
  const floor = Math.max(0, bytes.length - 65_557);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= floor; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  for (let i = 0; i < entries && at + 46 <= bytes.length && bytes.readUInt32LE(at) === 0x02014b50; i++) {
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    if (name === wanted) {
      if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return null;
      const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
      const data = bytes.subarray(start, start + compressed);
      try {
        return (method === 8 ? inflateRawSync(data, { maxOutputLength: 1 << 20 }) : data).toString("utf8");
      } catch {
        return null;
      }
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return null;
};

export const sniffFormat = (bytes: Buffer): FileKind | null => {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (bytes.length < 30 || bytes.readUInt32LE(0) !== 0x04034b50) return null;
  const types = zipEntry(bytes, "[Content_Types].xml");
  return types ? mainKind(types) : null;
};
