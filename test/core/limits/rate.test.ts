import { after, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeRateLimiter, sweepRateHits } from "../../../core/limits/rate.ts";
import { openTestDatabase } from "../../support/store.ts";

const dir = await mkdtemp(join(tmpdir(), "quire-rate-"));
const db = await openTestDatabase(dir);
after(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

test("the sliding window allows the limit, then says how long to wait", async () => {
  const limiter = makeRateLimiter(db, 3);
  const t0 = 1_000_000;
  assert.equal(await limiter.take("org_a", t0), null);
  assert.equal(await limiter.take("org_a", t0 + 10_000), null);
  assert.equal(await limiter.take("org_a", t0 + 20_000), null);
  assert.equal(await limiter.take("org_a", t0 + 30_000), 30, "the oldest hit leaves the window at t0 + 60 s");
  assert.equal(await limiter.take("org_b", t0 + 30_000), null, "organizations are counted apart");
  assert.equal(await limiter.take("org_a", t0 + 60_001), null, "a minute later there is room again");
});

test("two limiters on one store count the same hits, as two instances would, and old hits are dropped", async () => {
  const one = makeRateLimiter(db, 4);
  const two = makeRateLimiter(db, 4);
  const t0 = 5_000_000;
  const taken = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? one : two).take("org_c", t0 + i)));
  assert.equal(taken.filter((t) => t === null).length, 4, "exactly the limit across both");
  assert.equal(await one.take("org_c", t0 + 120_000), null);
  assert.equal((await db("rate_hits").where({ key: "org:org_c" })).length, 1, "hits out of the window were dropped");
});

test("the sweep drops the hits of keys taken no more, and keeps those still in their window", async () => {
  const limiter = makeRateLimiter(db, 10);
  const t0 = 9_000_000;
  await limiter.take("org_quiet", t0);
  await limiter.take("org_busy", t0 + 50_000);
  await sweepRateHits(db, t0 + 60_000);
  assert.deepEqual((await db("rate_hits").whereIn("key", ["org:org_quiet", "org:org_busy"]).select("key")).map((r) => r.key), ["org:org_busy"]);
});
