/**
 * The documents' store contract, part three (on SQLite, and on PostgreSQL through scripts/test-postgres.ts): content
 * deletion and the retention sweep. Deleting a document's content (now, or by the sweeper when its retention ends)
 * takes its files, request, report, events and outputs and keeps the row with its billing fields; the content reads
 * then answer `content_deleted`. The sweep deletes at the instant a retention ends and not before, drops events
 * after 7 days whatever the retention, frees Idempotency-Keys after 24 hours, and a second pass finds nothing to do.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { deleteContent, sweep } from "../../../core/documents/content.ts";
import { freshOutputs, getRow, reportOf } from "../../../core/documents/read.ts";
import { findDocument, listOutputs, loadWire, outputById, statusById, type DocumentRow } from "../../../core/documents/repo.ts";
import { cancel } from "../../../core/documents/lifecycle.ts";
import { createVersion } from "../../../core/documents/versions.ts";
import { createDocument } from "../../../core/documents/create.ts";
import { listEvents } from "../../../core/events/store.ts";
import { BODY, made, openDocStore, output, T0, tagged, type DocStore, type Tenant } from "./store-support.ts";

let s: DocStore;
let t: Tenant;
before(async () => {
  s = await openDocStore("documents-retention");
  t = await s.tenant();
});
after(() => s.close());

const MIN = 60_000;
const DAY = 86_400_000;
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A document finished now by a run that made a PDF and a preview. */
const finished = async (body: Record<string, unknown> = BODY) => {
  const row = await s.create(t, body);
  await s.run(row.id, async () => made([output("pdf", "Doc.pdf", { bytes: Buffer.from("%PDF-1.7\n%%EOF\n") }), output("preview", "p1.png", { page: 1, width: 10, height: 14 })], 1));
  return row;
};

/** Whether a document's content is gone, as every content read tells it; its row, status and charge are kept. */
const contentGone = async (row: DocumentRow) => {
  const read = (await findDocument(s.db, t.organizationId, row.id))!;
  assert.ok(read, "the row is kept");
  const gone = read.content_deleted_at !== null;
  assert.equal((await loadWire(s.db, read, s.deps.signer, s.clock.now())).content_deleted_at, read.content_deleted_at);
  if (gone) {
    await assert.rejects(freshOutputs(s.db, read, s.deps.signer, s.clock.now()), tagged("ContentDeleted"));
    if (read.status !== "queued" && read.status !== "running") await assert.rejects(reportOf(s.db, read), tagged("ContentDeleted"));
    assert.deepEqual(await listOutputs(s.db, row.id), []);
    assert.deepEqual(await listEvents(s.db, row.id), []);
  }
  return gone;
};

test("the sweep deletes content at the instant its retention ends, events after 7 days, keys after 24 hours; a second pass does nothing", async () => {
  s.clock.advance(3_600_000); // T0 + 1 h: everything below is created and finished now
  const none = await finished({ ...BODY, store: false }); // 15 minutes
  const oneDay = await finished({ ...BODY, retention: "1d" });
  const week = await finished({ ...BODY, retention: "7d" });
  const canceled = await s.create(t); // 30 days from its cancel
  await cancel(s.deps, canceled);
  const keyed = await createDocument(s.deps, t.principal, BODY, { dryRun: false, idempotencyKey: "sweep-key" });
  assert.equal(keyed.kind, "document");
  if (keyed.kind !== "document") return;
  await keyed.release();
  const queued = keyed.row; // never finishes: no expiry
  const all = [none, oneDay, week, canceled, queued];
  const gone = async () => (await Promise.all(all.map(contentGone))).map((g, i) => (g ? ["none", "1d", "7d", "canceled", "queued"][i] : null)).filter(Boolean);
  const counts = (r: Awaited<ReturnType<typeof sweep>>) => [r.contentDeleted, r.eventsDeleted, r.idempotencyKeysDeleted];
  const h1 = 3_600_000;

  assert.deepEqual(counts(await sweep(s.db, s.deps.blobs, at(h1 + 15 * MIN - 1))), [0, 0, 0], "a millisecond early");
  assert.deepEqual(await gone(), []);
  assert.deepEqual(counts(await sweep(s.db, s.deps.blobs, at(h1 + 15 * MIN))), [1, 0, 0]);
  assert.deepEqual(await gone(), ["none"]);
  assert.deepEqual(counts(await sweep(s.db, s.deps.blobs, at(h1 + DAY))), [1, 0, 1], "the 1-day content and the key of the day");
  assert.deepEqual(await gone(), ["none", "1d"]);
  // The key is free: another body under it is a new request, not a conflict.
  const reused = await createDocument(s.deps, t.principal, { ...BODY, name: "another body" }, { dryRun: false, idempotencyKey: "sweep-key" });
  assert.equal(reused.kind === "document" && !reused.replayed && reused.row.id !== queued.id, true);
  if (reused.kind === "document") await reused.release(), await cancel(s.deps, reused.row);
  const reusedRow = reused.kind === "document" ? reused.row : undefined;

  // Seven days after creation: the week's content, the events of the documents that keep theirs longer, the key reused.
  assert.deepEqual(counts(await sweep(s.db, s.deps.blobs, at(h1 + 7 * DAY))), [1, 3, 1]);
  assert.deepEqual(await gone(), ["none", "1d", "7d"]);
  for (const row of [canceled, queued, reusedRow!]) {
    assert.deepEqual(await listEvents(s.db, row.id), [], "events are kept 7 days");
    const read = (await findDocument(s.db, t.organizationId, row.id))!;
    assert.deepEqual([read.content_deleted_at, read.events_deleted_at], [null, at(h1 + 7 * DAY).toISOString()]);
  }
  assert.deepEqual(counts(await sweep(s.db, s.deps.blobs, at(h1 + 7 * DAY))), [0, 0, 0], "a second pass finds nothing");

  assert.deepEqual(counts(await sweep(s.db, s.deps.blobs, at(h1 + 30 * DAY))), [2, 0, 0], "the canceled ones, 30 days on");
  assert.deepEqual(await gone(), ["none", "1d", "7d", "canceled"]);
  assert.deepEqual(counts(await sweep(s.db, s.deps.blobs, at(h1 + 400 * DAY))), [0, 0, 0], "an unfinished document has no expiry");
  assert.equal(await statusById(s.db, queued.id), "queued");
  assert.deepEqual(
    await Promise.all(all.map(async (r) => (await getRow(s.db, t.principal, r.id)).status)),
    ["ready", "ready", "ready", "canceled", "queued"],
    "every row is kept, with its status",
  );
});

test("deleting content now takes the files, request, report, events and outputs, keeps the billing fields, and touches no other document", async () => {
  const row = await finished({ ...BODY, name: "to delete" });
  const other = await finished({ ...BODY, name: "to keep" });
  const outputs = await listOutputs(s.db, row.id);
  assert.equal(outputs.length, 2);
  const prior = (await findDocument(s.db, t.organizationId, row.id))!;
  s.clock.advance(MIN);
  const now = s.clock.now();
  await deleteContent(s.db, s.deps.blobs, row.id, now);

  assert.equal(await contentGone(row), true);
  const read = (await findDocument(s.plain, t.organizationId, row.id))!;
  assert.deepEqual([read.content_deleted_at, read.events_deleted_at], [now.toISOString(), now.toISOString()]);
  for (const field of ["status", "format", "pages", "charge_units", "charge_level", "completed_at", "expires_at", "name", "created_at"] as const) {
    assert.deepEqual(read[field], prior[field], field);
  }
  assert.equal(Boolean(read.charged), true);
  assert.deepEqual((await loadWire(s.db, read, s.deps.signer, now)).outputs, []);
  for (const o of outputs) {
    assert.equal(await outputById(s.db, o.id), undefined);
    assert.equal(await s.deps.blobs.size(o.blob_key), null, "its file is gone");
  }
  // No core function reads the request column back for the wire: looked at directly.
  assert.deepEqual(await s.db("documents").where({ id: row.id }).first("request", "report"), { request: null, report: null });
  await assert.rejects(createVersion(s.deps, t.principal, row.id, { file: { data: Buffer.from("%PDF-1.7\n").toString("base64"), filename: "v.pdf" } }), tagged("ContentDeleted"));

  assert.equal(await contentGone(other), false);
  const kept = await listOutputs(s.db, other.id);
  assert.equal(kept.length, 2);
  for (const o of kept) assert.notEqual(await s.deps.blobs.size(o.blob_key), null);
  assert.equal((await loadWire(s.db, (await findDocument(s.db, t.organizationId, other.id))!, s.deps.signer, now)).outputs!.length, 2);
  assert.equal((await listEvents(s.db, other.id)).at(-1)!.type, "document.ready");
});
