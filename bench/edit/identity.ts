/**
 * Entry by entry, what an edited package kept of the original: the stored bytes (`storedBytes`,
 * core/ooxml/entry-proof.ts: local header, compressed data, data descriptor), and apart from them the compressed data
 * alone, which tells a re-zip that only stamped a new time in the headers from one that compressed the parts again.
 * Also the one-change edit of the corpus files (made by Word, PowerPoint, LibreOffice and others), ours against
 * re-zipping, since a file our own renderer wrote is compressed the way the re-zip compresses.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { EditCapability, EditResult } from "../../core/contracts/edit.ts";
import { storedBytes } from "../../core/ooxml/entry-proof.ts";
import { openPackage } from "../../core/ooxml/package.ts";
import { writePackage } from "../../core/ooxml/write.ts";
import { patchZip, zipLayout } from "../../core/ooxml/zip-patch.ts";
import { uniquePhrase } from "./plans.ts";

const sameBytes = (a: Uint8Array | null | undefined, b: Uint8Array | null | undefined) =>
  a != null && b != null && Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0;

export interface Identity {
  /** Entries of the original. */
  readonly entries: number;
  /** Entries of the original the edit wrote or removed (its changed parts). */
  readonly changed: number;
  /** Entries whose stored bytes are the original's, in our result and in the re-zipped one. */
  readonly ours: number;
  readonly naive: number;
  /** Entries of the re-zipped result whose compressed data is the original's (their headers may still differ). */
  readonly naiveData: number;
  /** Entries our edit did not change whose stored bytes moved: must be none. */
  readonly moved: readonly string[];
}

const dataOf = (zip: Uint8Array): Map<string, Buffer> =>
  new Map(zipLayout(zip).entries.map((e) => [e.entry.name, e.stored.subarray(e.dataStart, e.dataStart + e.entry.compressed)]));

export const identity = (original: Uint8Array, parts: EditResult["parts"], ours: Uint8Array, naive: Uint8Array): Identity => {
  const names = zipLayout(original).entries.map((e) => e.entry.name);
  const keys = new Set([...parts.keys()].map((k) => k.replace(/^\//, "").toLowerCase()));
  const data = dataOf(original);
  const naiveData = dataOf(naive);
  let kept = 0;
  let naiveKept = 0;
  let sameData = 0;
  let changed = 0;
  const moved: string[] = [];
  for (const name of names) {
    const touched = keys.has(name.toLowerCase());
    if (touched) changed++;
    const was = storedBytes(original, name);
    if (sameBytes(was, storedBytes(ours, name))) kept++;
    else if (!touched) moved.push(name);
    if (sameBytes(was, storedBytes(naive, name))) naiveKept++;
    if (sameBytes(data.get(name), naiveData.get(name))) sameData++;
  }
  return { entries: names.length, changed, ours: kept, naive: naiveKept, naiveData: sameData, moved };
};

export interface CorpusIdentity {
  readonly format: string;
  readonly files: number;
  /** Files with no block a one-change edit could take, or that the editor refuses. */
  readonly skipped: number;
  readonly entries: number;
  readonly changed: number;
  readonly ours: number;
  readonly naive: number;
  readonly naiveData: number;
  /** Files our way wrote wrongly: patchZip failed, or an entry the edit did not change moved. */
  readonly failed: readonly string[];
}

/** Every file of `dir` edited once (a phrase of its longest text block, or a word of it, replaced), ours against re-zipping the same parts. */
export const corpusIdentity = async (dir: string, format: "docx" | "pptx", editor: EditCapability): Promise<CorpusIdentity> => {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(`.${format}`)).sort();
  const total = { format, files: names.length, skipped: 0, entries: 0, changed: 0, ours: 0, naive: 0, naiveData: 0, failed: [] as string[] };
  for (const name of names) {
    const bytes = new Uint8Array(await readFile(join(dir, name)));
    let result: EditResult;
    try {
      const blocks = editor.read(bytes).blocks.filter((b) => b.kind !== "slide" && /\S/.test(b.text));
      const block = [...blocks].sort((a, b) => b.text.length - a.text.length)[0];
      if (!block) throw new Error("no text block to edit");
      const find = uniquePhrase(block.text);
      result = editor.apply(bytes, [{ op: "replace_text", block: block.id, find, replace: `${find} (checked)` }], { track: false, author: "Bench", date: "2026-03-01T09:00:00Z" });
      if (result.edits[0]?.outcome !== "applied") throw new Error(result.edits[0]?.reason ?? "not applied");
    } catch {
      // A file the editor refuses, or with no text a one-change edit can take, says nothing about identity.
      total.skipped++;
      continue;
    }
    let ours: Uint8Array;
    try {
      ours = patchZip(bytes, result.parts);
    } catch (error) {
      total.failed.push(`${name}: patchZip failed: ${(error as Error).message}`);
      continue;
    }
    const id = identity(bytes, result.parts, ours, writePackage(openPackage(bytes), result.parts));
    total.entries += id.entries;
    total.changed += id.changed;
    total.ours += id.ours;
    total.naive += id.naive;
    total.naiveData += id.naiveData;
    total.failed.push(...id.moved.map((m) => `${name}: ${m} was not changed by the edit but its stored bytes moved`));
  }
  return total;
};
