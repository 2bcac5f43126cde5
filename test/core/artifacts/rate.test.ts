/**
 * The per-artifact limits with an injected clock: the exact rolling window (the oldest admitted request leaving the
 * window makes room for exactly one), Retry-After in whole seconds, artifacts and reads/writes counted apart, the
 * interface's figures (1,200 reads, 120 writes a minute), and idle artifacts forgotten.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { makeArtifactRate, makeWindowLimiter } from "../../../core/artifacts/rate.ts";

const T0 = 1_900_000_000_000;

test("a rolling window: the limit within any 60 s, room again as each admitted request leaves it", () => {
  const limiter = makeWindowLimiter(3, 60_000);
  assert.equal(limiter.take("a", T0), null);
  assert.equal(limiter.take("a", T0 + 10_000), null);
  assert.equal(limiter.take("a", T0 + 20_000), null);
  assert.equal(limiter.take("a", T0 + 30_000), 30, "the first leaves the window at T0 + 60 s");
  assert.equal(limiter.take("a", T0 + 59_999), 1, "a refused request is not counted, and the wait rounds up");
  assert.equal(limiter.take("a", T0 + 60_000), null, "the first has left: room for one");
  assert.equal(limiter.take("a", T0 + 60_001), 10, "then full again until the second leaves at T0 + 70 s");
  assert.equal(limiter.take("a", T0 + 70_000), null);
  assert.equal(limiter.take("b", T0 + 70_000), null, "another artifact has its own window");
});

test("the interface's limits: 1,200 reads and 120 writes a minute per artifact, counted apart", () => {
  const rate = makeArtifactRate();
  for (let i = 0; i < 1_200; i++) assert.equal(rate.read("doc_A", T0 + i * 10), null, `read ${i + 1}`);
  assert.ok(rate.read("doc_A", T0 + 12_000)! > 0, "the 1,201st read within the minute is refused");
  for (let i = 0; i < 120; i++) assert.equal(rate.write("doc_A", T0 + 12_000), null, `write ${i + 1}`);
  assert.equal(rate.write("doc_A", T0 + 12_000), 60, "the 121st write waits the whole minute");
  assert.equal(rate.read("doc_B", T0 + 12_000), null, "other artifacts are not affected");
  assert.equal(rate.write("doc_B", T0 + 12_000), null);
  assert.equal(rate.write("doc_A", T0 + 72_000), null, "a minute later writes pass again");
  assert.equal(rate.read("doc_A", T0 + 60_000), null, "the first read left the window at T0 + 60 s");
});

test("artifacts idle for a whole window are forgotten", () => {
  const limiter = makeWindowLimiter(5, 60_000);
  for (let i = 0; i < 1_000; i++) limiter.take(`doc_${i}`, T0);
  assert.equal(limiter.size(), 1_000);
  for (let i = 0; i < 4_096; i++) limiter.take("busy", T0 + 61_000 + i);
  assert.equal(limiter.size(), 1, "only the artifact used in the last minute is kept");
});
