/**
 * The artifact budgets of a store shared by several instances (issue 18), on a throwaway PostgreSQL: two budgets on
 * one store (two instances) together admit the limit and not one more, and the minute slides exactly.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Knex } from "knex";
import { openDatabase } from "../../../core/store/db.ts";
import { makeSharedArtifactRate } from "../../../core/artifacts/shared-rate.ts";
import { postgresAvailable, startCluster, type Cluster } from "../../support/postgres.ts";

const skip = postgresAvailable() ? false : "PostgreSQL is not installed (Debian package postgresql)";
let cluster: Cluster | undefined;
let db: Knex;

describe("artifact budgets shared through PostgreSQL", { skip }, () => {
  before(async () => {
    cluster = await startCluster();
    db = await openDatabase({ dataDir: "/nonexistent", databaseUrl: await cluster.database() });
  });
  after(async () => {
    await db?.destroy();
    await cluster?.stop();
  });

  test("two instances' budgets together admit 120 writes a minute, and the 121st waits", async () => {
    const one = makeSharedArtifactRate(db);
    const two = makeSharedArtifactRate(db);
    const t0 = 1_800_000_000_000 + 5_000;
    const answers = await Promise.all(Array.from({ length: 130 }, (_, i) => (i % 2 ? one : two).write("doc_A", t0 + i)));
    assert.equal(answers.filter((a) => a === null).length, 120, "exactly the limit across both");
    assert.ok(answers.filter((a) => a !== null).every((a) => a! >= 1 && a! <= 60));
    assert.equal((await db("rate_hits").where({ key: "artifact-write:doc_A" })).length, 120, "refused takes leave no hit");
    assert.equal(await one.write("doc_B", t0 + 200), null, "other artifacts are not affected");
    assert.equal(await one.read("doc_A", t0 + 200), null, "reads have their own budget");
  });

  test("the minute slides: a hit leaves the window exactly a minute after it was admitted", async () => {
    const rate = makeSharedArtifactRate(db, { writesPerMinute: 10 });
    const start = 1_800_000_060_000;
    for (let i = 0; i < 10; i += 1) assert.equal(await rate.write("doc_C", start + i * 1_000), null);
    assert.equal(await rate.write("doc_C", start + 30_000), 30, "the first hit leaves at start + 60 s");
    assert.equal(await rate.write("doc_C", start + 60_001), null, "one slot came back");
    assert.notEqual(await rate.write("doc_C", start + 60_002), null, "and only one");
  });
});
