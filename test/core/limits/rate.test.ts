import { test } from "node:test";
import assert from "node:assert/strict";
import { makeRateLimiter } from "../../../core/limits/rate.ts";

test("the sliding window allows the limit, then says how long to wait", () => {
  const limiter = makeRateLimiter(3);
  const t0 = 1_000_000;
  assert.equal(limiter.take("org_a", t0), null);
  assert.equal(limiter.take("org_a", t0 + 10_000), null);
  assert.equal(limiter.take("org_a", t0 + 20_000), null);
  assert.equal(limiter.take("org_a", t0 + 30_000), 30, "the oldest hit leaves the window at t0 + 60 s");
  assert.equal(limiter.take("org_b", t0 + 30_000), null, "organizations are counted apart");
  assert.equal(limiter.take("org_a", t0 + 60_001), null, "a minute later there is room again");
});
