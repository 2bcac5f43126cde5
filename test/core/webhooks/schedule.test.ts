import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_MS } from "../../../core/webhooks/schedule.ts";

const S = 1000;
const M = 60 * S;
const H = 60 * M;

test("retries come 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h and 6 h after each failed attempt, then none", () => {
  const want = [5 * S, 30 * S, 2 * M, 10 * M, 30 * M, 1 * H, 3 * H, 6 * H];
  assert.deepEqual(RETRY_DELAYS_MS, want);
  assert.equal(MAX_ATTEMPTS, 9);
  const at = new Date("2026-01-01T00:00:00Z");
  want.forEach((gap, i) => assert.equal(nextAttemptAt(i + 1, at)!.getTime() - at.getTime(), gap, `after attempt ${i + 1}`));
  assert.equal(nextAttemptAt(9, at), null, "the 9th attempt is the last");
  assert.equal(nextAttemptAt(0, at), null);
  // About 10 hours in all, as the interface says.
  const total = want.reduce((a, b) => a + b, 0);
  assert.ok(total > 10 * H && total < 11 * H);
});

test("a scale shrinks every gap (tests only)", () => {
  const at = new Date(0);
  assert.equal(nextAttemptAt(1, at, 0.001)!.getTime(), 5);
  assert.equal(nextAttemptAt(8, at, 0.001)!.getTime(), 21_600);
});
