/**
 * Where a document's request is kept. A small one sits in its row; one over SPILL_BYTES (a long Markdown, an inline
 * file in base64) goes to the blob store, and the row keeps a stub naming the blob and the file and document ids the
 * request refers to (the upload sweeper looks for those in the row). With SQLite every write runs on the thread that
 * answers HTTP, and a 9 MB row held it for about 400 ms (issue 11); a blob is written asynchronously.
 */
import type { BlobStoreShape } from "../services/blobs.ts";
import type { CreateRequest } from "./validate.ts";

export const SPILL_BYTES = 64 * 1024;

interface Spilled {
  readonly $blob: string;
  readonly refs: string[];
}

const keyOf = (documentId: string) => `requests/${documentId}.json`;

/** The text to store in the row's `request` column, after writing the blob when the request is large. */
export const storeRequest = async (blobs: BlobStoreShape, documentId: string, request: CreateRequest): Promise<string> => {
  const text = JSON.stringify(request);
  if (text.length <= SPILL_BYTES) return text;
  await blobs.put(keyOf(documentId), Buffer.from(text, "utf8"));
  const refs = [...new Set(text.match(/\b(?:file|doc)_[0-9A-HJKMNP-TV-Z]{26}\b/g) ?? [])];
  return JSON.stringify({ $blob: keyOf(documentId), refs } satisfies Spilled);
};

/** The request of a row, read back from its blob when it was spilled; null when the content was deleted. */
export const loadRequest = async (blobs: BlobStoreShape, stored: string | null | undefined): Promise<CreateRequest | null> => {
  if (!stored) return null;
  const value = JSON.parse(stored) as CreateRequest | Spilled;
  if (!("$blob" in value)) return value;
  return JSON.parse((await blobs.get(value.$blob)).toString("utf8")) as CreateRequest;
};

export const deleteRequest = (blobs: BlobStoreShape, documentId: string) => blobs.delete(keyOf(documentId));
