/**
 * The proof that an edit moved nothing else: for every zip entry of the original and of the result, whether its stored
 * bytes (local header, compressed data and data descriptor, exactly as in the file) are the same in both, and their
 * SHA-256, so a caller holding the original can check each claim. Stored bytes rather than inflated content, because
 * "copied as stored" is the promise: re-compressing identical content would pass a content check and still change
 * the file.
 */
import { createHash } from "node:crypto";
import { zipLayout, type StoredEntry } from "./zip-patch.ts";

export type EntryStatus = "unchanged" | "changed" | "added" | "removed";

export interface EntryProof {
  name: string;
  unchanged: boolean;
  /** SHA-256 (hex) of the entry's stored bytes in the result; for a removed entry, in the original. */
  sha256: string;
  status: EntryStatus;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The entry's stored bytes (local header, compressed data, data descriptor), or null when the zip has no such entry. */
export const storedBytes = (zip: Uint8Array, name: string): Uint8Array | null => {
  const entries = zipLayout(zip).entries;
  const found = entries.find((e) => e.entry.name === name) ?? entries.find((e) => e.entry.name === name.replace(/^\//, ""));
  return found ? new Uint8Array(found.stored) : null;
};

/** Entries keyed by name and occurrence, so a zip that holds a name twice pairs its first with the first, and so on. */
const keyed = (entries: readonly StoredEntry[]): Map<string, StoredEntry> => {
  const seen = new Map<string, number>();
  const out = new Map<string, StoredEntry>();
  for (const e of entries) {
    const n = seen.get(e.entry.name) ?? 0;
    seen.set(e.entry.name, n + 1);
    out.set(`${n}\u0000${e.entry.name}`, e);
  }
  return out;
};

/**
 * One line per entry: the original's entries in their order (unchanged, changed or removed), then the entries only the
 * result has (added), in the result's order.
 */
export const entryProof = (original: Uint8Array, result: Uint8Array): EntryProof[] => {
  const before = keyed(zipLayout(original).entries);
  const after = keyed(zipLayout(result).entries);
  const proof: EntryProof[] = [];
  for (const [key, was] of before) {
    const now = after.get(key);
    if (!now) {
      proof.push({ name: was.entry.name, unchanged: false, sha256: sha256(was.stored), status: "removed" });
      continue;
    }
    const unchanged = Buffer.compare(was.stored, now.stored) === 0;
    proof.push({ name: was.entry.name, unchanged, sha256: sha256(now.stored), status: unchanged ? "unchanged" : "changed" });
  }
  for (const [key, now] of after) {
    if (!before.has(key)) proof.push({ name: now.entry.name, unchanged: false, sha256: sha256(now.stored), status: "added" });
  }
  return proof;
};
