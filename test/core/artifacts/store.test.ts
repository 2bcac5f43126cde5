/**
 * The artifact store on a real SQLite store, through both ways in (the service's knex with its prepared-statement
 * reader, and knex alone, the path PostgreSQL takes): names, the 16 KB record limit, the 5,000-record limit, most
 * recent first, the change sequence, the owner's summaries and pages, writes refused once the content is deleted,
 * and deleteContent taking the data with it.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Knex } from "knex";
import { InputInvalid } from "../../../core/errors.ts";
import { ArtifactGone, RecordTooLarge, TooManyRecords } from "../../../core/artifacts/errors.ts";
import { MAX_RECORD_BYTES, MAX_RECORDS } from "../../../core/artifacts/names.ts";
import {
  deleteArtifactData,
  deleteRecord,
  getRecord,
  lastSeq,
  listCollections,
  listRecords,
  pageRecords,
  putRecord,
  recordText,
} from "../../../core/artifacts/store.ts";
import { changesAfter } from "../../../core/artifacts/changes.ts";
import { makeArtifactLive, type LiveEvent } from "../../../core/artifacts/live.ts";
import { deleteContent } from "../../../core/documents/content.ts";
import { localBlobStore } from "../../../core/services/blobs.ts";
import { fillRecords, seedDocument } from "./support.ts";
import { openTestStore, type TestStore } from "../../support/store.ts";

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.close());

const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));

for (const way of ["service knex with its reader", "knex alone"] as const) {
  describe(`through ${way}`, () => {
    const db = (): Knex => (way === "knex alone" ? store.plain : store.db);

    test("records come back as stored, most recent write first; a rewrite moves to the front", async () => {
      const id = await seedDocument(store.db);
      const values: Array<[string, unknown]> = [
        ["a", { title: "Hello", votes: 3, tags: ["x", "y"] }],
        ["b", "ñandú — ✓ 漢字"],
        ["c", 42.5],
        ["d", null],
        ["e", [1, { deep: { deeper: true } }]],
      ];
      for (const [i, [key, value]] of values.entries()) await putRecord(db(), id, "items", key, value, at(i));
      await putRecord(db(), id, "items", "a", { title: "Hello again" }, at(10));
      const list = await listRecords(db(), id, "items");
      assert.deepEqual(list.map((r) => r.key), ["a", "e", "d", "c", "b"]);
      assert.deepEqual(JSON.parse(list[0]!.data), { title: "Hello again" });
      assert.equal(list[0]!.updated_at, at(10).toISOString());
      for (const [key, value] of values.slice(1)) assert.deepEqual(JSON.parse((await getRecord(db(), id, "items", key))!.data), value);
      assert.equal(await getRecord(db(), id, "items", "zzz"), undefined);
      assert.deepEqual(await listRecords(db(), id, "other"), [], "an unknown collection is empty");
    });

    test("every change takes the artifact's next sequence number; artifacts count apart", async () => {
      const one = await seedDocument(store.db);
      const two = await seedDocument(store.db);
      assert.equal(await lastSeq(db(), one), 0);
      const c1 = await putRecord(db(), one, "c", "k1", 1, at(0));
      const c2 = await putRecord(db(), one, "c", "k1", 2, at(1));
      const d1 = await putRecord(db(), two, "c", "k1", 1, at(1));
      const c3 = await deleteRecord(db(), one, "c", "k1", at(2));
      assert.deepEqual([c1.seq, c2.seq, c3!.seq, d1.seq], [1, 2, 3, 1]);
      assert.equal(c3!.data, null);
      assert.equal(await deleteRecord(db(), one, "c", "k1", at(3)), null, "deleting what is absent changes nothing");
      assert.equal(await lastSeq(db(), one), 3);
      assert.deepEqual((await changesAfter(db(), one, 0)).map((c) => [c.seq, c.key, c.data]), [[1, "k1", "1"], [2, "k1", "2"], [3, "k1", null]]);
    });

    test("concurrent writes to one artifact take distinct, consecutive sequence numbers", async () => {
      const id = await seedDocument(store.db);
      const changes = await Promise.all(Array.from({ length: 40 }, (_, i) => putRecord(db(), id, "votes", `v${i % 10}`, { i }, at(i))));
      assert.deepEqual(changes.map((c) => c.seq).sort((a, b) => a - b), Array.from({ length: 40 }, (_, i) => i + 1));
      assert.equal((await listRecords(db(), id, "votes")).length, 10);
      assert.deepEqual(await listCollections(db(), id), [{ collection: "votes", records: 10 }]);
    });
  });
}

const NAMES: Array<{ given: string; valid: boolean }> = [
  { given: "a", valid: true },
  { given: "Sign-ups_2025.v1", valid: true },
  { given: "x".repeat(64), valid: true },
  { given: "x".repeat(65), valid: false },
  { given: "", valid: false },
  { given: "a/b", valid: false },
  { given: "a b", valid: false },
  { given: "años", valid: false },
  { given: "a:b", valid: false },
];

test("collection and key names: letters, digits, _ - . and at most 64 characters", async () => {
  const id = await seedDocument(store.db);
  for (const { given, valid } of NAMES) {
    for (const where of ["collection", "key"] as const) {
      const write = where === "collection" ? putRecord(store.db, id, given, "k", 1, at(0)) : putRecord(store.db, id, "c", given, 1, at(0));
      if (valid) await write;
      else {
        await assert.rejects(write, (e: unknown) => e instanceof InputInvalid && e.errors[0]!.path === `/${where}`, `${where} "${given}"`);
      }
    }
  }
  await assert.rejects(listRecords(store.db, id, "no/slash"), InputInvalid);
  await assert.rejects(getRecord(store.db, id, "ok", ""), InputInvalid);
});

test("a record may be 16,384 bytes of compact JSON, not one more (multi-byte characters count as bytes)", async () => {
  const id = await seedDocument(store.db);
  const exactly = "x".repeat(MAX_RECORD_BYTES - 2); // the quotes make 16,384
  assert.equal(Buffer.byteLength(recordText(exactly)), MAX_RECORD_BYTES);
  await putRecord(store.db, id, "c", "fits", exactly, at(0));
  await assert.rejects(putRecord(store.db, id, "c", "over", `${exactly}x`, at(0)), RecordTooLarge);
  const accents = "é".repeat((MAX_RECORD_BYTES - 2) / 2 + 1); // fewer characters than the limit, more bytes
  assert.ok(accents.length < MAX_RECORD_BYTES);
  await assert.rejects(putRecord(store.db, id, "c", "accents", accents, at(0)), RecordTooLarge);
  assert.equal(await getRecord(store.db, id, "c", "over"), undefined, "a refused record is not stored");
  assert.equal(await lastSeq(store.db, id), 1, "and takes no sequence number");
  assert.throws(() => recordText(undefined), InputInvalid);
});

test("an artifact holds 5,000 records: a new key is refused, a rewrite or a key freed by a delete is not", async () => {
  const id = await seedDocument(store.db);
  const side = (i: number) => (i % 2 ? "odd" : "even");
  await fillRecords(store.db, id, MAX_RECORDS - 10, side, at(0));
  for (let i = MAX_RECORDS - 10; i < MAX_RECORDS; i++) await putRecord(store.db, id, side(i), `k${i}`, i, at(0));
  await assert.rejects(putRecord(store.db, id, "new", "one-more", 1, at(1)), TooManyRecords);
  await putRecord(store.db, id, "even", "k0", "rewritten", at(2));
  await deleteRecord(store.db, id, "odd", "k1", at(3));
  await putRecord(store.db, id, "new", "one-more", 1, at(4));
  await assert.rejects(putRecord(store.db, id, "new", "two-more", 1, at(5)), TooManyRecords);
  assert.deepEqual(await listCollections(store.db, id), [
    { collection: "even", records: 2500 },
    { collection: "new", records: 1 },
    { collection: "odd", records: 2499 },
  ]);
  const other = await seedDocument(store.db);
  await putRecord(store.db, other, "c", "k", 1, at(0));
});

test("the owner's pages walk a collection most recent first without repeats or gaps", async () => {
  const id = await seedDocument(store.db);
  for (let i = 0; i < 23; i++) await putRecord(store.db, id, "rows", `r${String(i).padStart(2, "0")}`, { i }, at(i));
  const seen: string[] = [];
  let cursor: number | undefined;
  for (;;) {
    const page = await pageRecords(store.db, id, "rows", 10, cursor);
    seen.push(...page.records.map((r) => r.key));
    if (!page.hasMore) break;
    cursor = page.records[page.records.length - 1]!.seq;
  }
  assert.deepEqual(seen, Array.from({ length: 23 }, (_, i) => `r${String(22 - i).padStart(2, "0")}`));
  const exact = await pageRecords(store.db, id, "rows", 23);
  assert.equal(exact.hasMore, false, "a page that ends at the last record says there is no more");
});

test("writes are refused once the content is deleted; deleteContent deletes the data and ends live streams", async () => {
  const gone = await seedDocument(store.db, { contentDeletedAt: at(0).toISOString() });
  await assert.rejects(putRecord(store.db, gone, "c", "k", 1, at(1)), ArtifactGone);
  await assert.rejects(deleteRecord(store.db, gone, "c", "k", at(1)), ArtifactGone);
  await assert.rejects(putRecord(store.db, "doc_01J00000000000000000000000", "c", "k", 1, at(1)), ArtifactGone, "no such document");

  const id = await seedDocument(store.db);
  const keep = await seedDocument(store.db);
  await putRecord(store.db, id, "c", "k", 1, at(0));
  await putRecord(store.db, keep, "c", "k", 1, at(0));
  const live = makeArtifactLive();
  const heard: LiveEvent[] = [];
  live.subscribe(id, (e) => heard.push(e));
  await deleteContent(store.db, localBlobStore(join(store.dir, "blobs")), id, at(5));
  assert.deepEqual(heard, [{ type: "gone" }]);
  for (const table of ["artifact_records", "artifact_changes", "artifact_state"]) {
    assert.equal((await store.db(table).where({ document_id: id })).length, 0, `${table} of the deleted artifact`);
    assert.equal((await store.db(table).where({ document_id: keep })).length, 1, `${table} of another artifact`);
  }
  await assert.rejects(putRecord(store.db, id, "c", "k", 2, at(6)), ArtifactGone);
  await deleteArtifactData(store.db, id);
  live.close();
});
