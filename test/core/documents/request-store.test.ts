/**
 * Where a document's request is kept (core/documents/request-store.ts): a small one in the row as it is; a large
 * one in the blob store, its row keeping a stub with the ids it names; both read back the same.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localBlobStore } from "../../../core/services/blobs.ts";
import { deleteRequest, loadRequest, SPILL_BYTES, storeRequest } from "../../../core/documents/request-store.ts";
import type { CreateRequest } from "../../../core/documents/validate.ts";

const dir = mkdtempSync(join(tmpdir(), "quire-requests-"));
const blobs = localBlobStore(dir);
after(() => rmSync(dir, { recursive: true, force: true }));
const FILE = "file_01JXYZ0000000000000000000A";
const DOC = "doc_01JXYZ0000000000000000000B";

test("a small request stays in the row and reads back", async () => {
  const request: CreateRequest = { format: "docx", content: { markdown: "# Short" } };
  const stored = await storeRequest(blobs, "doc_small", request);
  assert.deepEqual(JSON.parse(stored), request);
  assert.deepEqual(await loadRequest(blobs, stored), request);
});

test("a large request goes to a blob; the row keeps the ids it names; deleting removes the blob", async () => {
  const request = { format: "docx", content: { markdown: "x".repeat(SPILL_BYTES * 4) }, sources: [FILE, DOC] } as CreateRequest;
  const stored = await storeRequest(blobs, "doc_large", request);
  assert.ok(stored.length < 1000);
  assert.ok(stored.includes(FILE) && stored.includes(DOC), "the upload sweeper finds the ids in the row");
  assert.deepEqual(await loadRequest(blobs, stored), request);
  await deleteRequest(blobs, "doc_large");
  await assert.rejects(loadRequest(blobs, stored));
});

test("a row whose content was deleted has no request", async () => {
  assert.equal(await loadRequest(blobs, null), null);
});
