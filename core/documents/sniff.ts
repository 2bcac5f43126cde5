/** Tells an office file or PDF by its bytes (the zip's content types for OOXML), never by its name. */
import { inflateRawSync } from "node:zlib";

export type OfficeFormat = "docx" | "pptx" | "xlsx" | "pdf";

export const MEDIA_TYPES: Record<OfficeFormat, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

/** Reads one entry of a zip by its local headers; enough to find `[Content_Types].xml` near the start. */
const zipEntry = (bytes: Buffer, wanted: string): string | null => {
  let at = 0;
  while (at + 30 <= bytes.length && bytes.readUInt32LE(at) === 0x04034b50) {
    const method = bytes.readUInt16LE(at + 8);
    const compressed = bytes.readUInt32LE(at + 18);
    const nameLength = bytes.readUInt16LE(at + 26);
    const extraLength = bytes.readUInt16LE(at + 28);
    const name = bytes.subarray(at + 30, at + 30 + nameLength).toString("utf8");
    const start = at + 30 + nameLength + extraLength;
    if (name === wanted) {
      const data = bytes.subarray(start, start + compressed);
      try {
        // Content types are small; the cap keeps a crafted entry from inflating without bound.
        return (method === 8 ? inflateRawSync(data, { maxOutputLength: 1 << 20 }) : data).toString("utf8");
      } catch {
        return null;
      }
    }
    if (compressed === 0) return null; // sizes in a data descriptor: give up rather than scan
    at = start + compressed;
  }
  return null;
};

export const sniffFormat = (bytes: Buffer): OfficeFormat | null => {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (bytes.length < 30 || bytes.readUInt32LE(0) !== 0x04034b50) return null;
  const types = zipEntry(bytes, "[Content_Types].xml");
  if (!types) return null;
  if (types.includes("wordprocessingml.document.main")) return "docx";
  if (types.includes("presentationml.presentation.main")) return "pptx";
  if (types.includes("spreadsheetml.sheet.main")) return "xlsx";
  return null;
};
