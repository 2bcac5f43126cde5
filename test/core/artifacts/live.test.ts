/**
 * The live bus: changes published in this process reach the artifact's listeners only; deletion ends them in every
 * bus; and writes made through another connection to the store (as another service process would make them) are
 * found by the poller, in order and once each, as is a deletion made there.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { announceGone, makeArtifactLive, type LiveEvent } from "../../../core/artifacts/live.ts";
import { putRecord } from "../../../core/artifacts/store.ts";
import { seedDocument } from "./support.ts";
import { openTestStore, type TestStore } from "../../support/store.ts";
import { waitUntil } from "../../support/wait.ts";

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.close());

/** Long enough for a loaded machine (3 s once was not); a change that never comes still fails the test. */
const until = (what: string, check: () => boolean) => waitUntil(what, check, 15_000);

test("a published change reaches the artifact's listeners, not others; unsubscribing stops it", async () => {
  const live = makeArtifactLive();
  const a: LiveEvent[] = [];
  const b: LiveEvent[] = [];
  const stopA = live.subscribe("doc_A", (e) => a.push(e));
  live.subscribe("doc_B", (e) => b.push(e));
  const change = { documentId: "doc_A", seq: 1, collection: "c", key: "k", data: "1", updated_at: "2030-01-01T00:00:00.000Z" };
  live.publish(change);
  assert.deepEqual(a, [{ type: "change", change }]);
  assert.deepEqual(b, []);
  assert.equal(live.listeners(), 2);
  stopA();
  live.publish({ ...change, seq: 2 });
  assert.equal(a.length, 1);
  assert.equal(live.listeners("doc_A"), 0);
  live.close();
});

test("a deletion ends the artifact's listeners in every bus of the process", () => {
  const one = makeArtifactLive();
  const two = makeArtifactLive();
  const heard: string[] = [];
  one.subscribe("doc_X", (e) => heard.push(`one:${e.type}`));
  two.subscribe("doc_X", (e) => heard.push(`two:${e.type}`));
  two.subscribe("doc_Y", (e) => heard.push(`y:${e.type}`));
  announceGone("doc_X");
  assert.deepEqual(heard, ["one:gone", "two:gone"]);
  one.close();
  two.close();
});

test("writes of another process are polled from the change log, in order, once each", async () => {
  const id = await seedDocument(store.db);
  const live = makeArtifactLive({ db: store.db, pollMs: 20 });
  const heard: number[] = [];
  live.subscribe(id, (e) => e.type === "change" && heard.push(e.change.seq));
  live.since(id, 0);
  // store.plain is a second connection to the same file: what another service process would write through.
  for (let i = 0; i < 5; i++) await putRecord(store.plain, id, "c", `k${i}`, i, new Date());
  await until("five polled changes", () => heard.length >= 5);
  // A write of this process is published at once and moves the poll cursor: it is not heard twice.
  live.publish(await putRecord(store.db, id, "c", "local", 1, new Date()));
  await putRecord(store.plain, id, "c", "k9", 9, new Date());
  await until("the seventh change", () => heard.length >= 7);
  await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(heard, [1, 2, 3, 4, 5, 6, 7]);
  live.close();
});

test("a deletion made by another process reaches the listeners through the poll", async () => {
  const id = await seedDocument(store.db);
  const live = makeArtifactLive({ db: store.db, pollMs: 20 });
  const heard: string[] = [];
  live.subscribe(id, (e) => heard.push(e.type));
  live.since(id, 0);
  await store.plain("documents").where({ id }).update({ content_deleted_at: new Date().toISOString() });
  await until("gone", () => heard.includes("gone"));
  live.close();
});
