/**
 * The change log: replay after a given sequence (all collections, one collection, up to a bound), where the log
 * stands (last sequence, oldest kept), and pruning after 24 hours moving the horizon.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { changesAfter, logHorizon, pruneChanges } from "../../../core/artifacts/changes.ts";
import { deleteRecord, putRecord } from "../../../core/artifacts/store.ts";
import { seedDocument } from "./support.ts";
import { openTestStore, type TestStore } from "../../support/store.ts";

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.close());

const HOUR = 3_600_000;
const T0 = Date.UTC(2030, 5, 1);

test("changes after a sequence, oldest first, of the artifact or of one collection, up to a bound", async () => {
  const id = await seedDocument(store.db);
  const other = await seedDocument(store.db);
  await putRecord(store.db, id, "votes", "alice", { choice: "a" }, new Date(T0)); // 1
  await putRecord(store.db, id, "notes", "n1", "hello", new Date(T0 + 1)); // 2
  await putRecord(store.db, id, "votes", "bob", { choice: "b" }, new Date(T0 + 2)); // 3
  await deleteRecord(store.db, id, "votes", "alice", new Date(T0 + 3)); // 4
  await putRecord(store.db, other, "votes", "zed", 1, new Date(T0 + 4));
  for (const db of [store.db, store.plain]) {
    assert.deepEqual((await changesAfter(db, id, 0)).map((c) => c.seq), [1, 2, 3, 4]);
    assert.deepEqual(
      (await changesAfter(db, id, 1, { collection: "votes" })).map((c) => [c.seq, c.key, c.data, c.updated_at]),
      [
        [3, "bob", '{"choice":"b"}', new Date(T0 + 2).toISOString()],
        [4, "alice", null, new Date(T0 + 3).toISOString()],
      ],
    );
    assert.deepEqual((await changesAfter(db, id, 0, { collection: "votes", upTo: 3 })).map((c) => c.seq), [1, 3]);
    assert.deepEqual(await changesAfter(db, id, 4), []);
    assert.deepEqual(await logHorizon(db, id), { lastSeq: 4, oldestKept: 1 });
  }
  assert.deepEqual(await logHorizon(store.db, await seedDocument(store.db)), { lastSeq: 0, oldestKept: 1 }, "an artifact never written");
});

test("changes are kept 24 hours: pruning moves the oldest kept sequence", async () => {
  const id = await seedDocument(store.db);
  await putRecord(store.db, id, "c", "a", 1, new Date(T0)); // 1
  await putRecord(store.db, id, "c", "b", 2, new Date(T0 + 2 * HOUR)); // 2
  await putRecord(store.db, id, "c", "c", 3, new Date(T0 + 30 * HOUR)); // 3
  assert.equal(await pruneChanges(store.db, new Date(T0 + 24 * HOUR)), 0, "exactly 24 hours old is still kept");
  assert.ok((await pruneChanges(store.db, new Date(T0 + 25 * HOUR))) >= 1);
  assert.deepEqual(await logHorizon(store.db, id), { lastSeq: 3, oldestKept: 2 });
  await pruneChanges(store.db, new Date(T0 + 60 * HOUR));
  assert.deepEqual(await logHorizon(store.db, id), { lastSeq: 3, oldestKept: 4 }, "none kept: the next one");
  assert.equal((await store.db("artifact_records").where({ document_id: id })).length, 3, "pruning the log keeps the records");
});
