/**
 * Load shedding before the body (server/admission.ts): a request is let in while the files ahead of it can be read
 * within the wait and the bodies let in stay under the bound; otherwise `Overloaded` with a Retry-After in [1, 60].
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { makeAdmission } from "../../server/admission.ts";
import { Overloaded } from "../../core/errors.ts";

const MB = 1024 * 1024;

test("let in while ⌊ahead / threads⌋ × mean run time is within the wait; a release makes room", () => {
  const admission = makeAdmission(() => ({ threads: 2, meanRunMs: 1000 }), { waitMs: 3000, bytes: 1024 * MB });
  // 0..7 ahead wait 0, 0, 1, 1, 2, 2, 3, 3 reads of a second: all within 3 s.
  const tickets = Array.from({ length: 8 }, () => admission.admit(MB));
  assert.equal(admission.inFlight(), 8);
  assert.throws(
    () => admission.admit(MB),
    (error: unknown) => error instanceof Overloaded && error.retryAfterSeconds >= 1 && error.retryAfterSeconds <= 60,
  );
  tickets[0]!();
  tickets[0]!(); // twice is once
  assert.equal(admission.inFlight(), 7);
  admission.admit(MB);
  assert.equal(admission.inFlight(), 8);
});

test("bodies let in stay under the byte bound; a body of unknown length counts as the 20 MB limit; one alone always goes", () => {
  const admission = makeAdmission(() => ({ threads: 8, meanRunMs: 10 }), { waitMs: 60_000, bytes: 50 * MB });
  const first = admission.admit(undefined);
  admission.admit(20 * MB);
  assert.throws(() => admission.admit(20 * MB), Overloaded);
  admission.admit(5 * MB);
  first();
  admission.admit(20 * MB);
  const alone = makeAdmission(() => ({ threads: 1, meanRunMs: 10 }), { waitMs: 1000, bytes: MB });
  alone.admit(20 * MB);
});

test("a slow queue asks for a longer wait, never more than a minute", () => {
  let mean = 1000;
  const admission = makeAdmission(() => ({ threads: 1, meanRunMs: mean }), { waitMs: 1000, bytes: 1024 * MB });
  admission.admit(1);
  admission.admit(1);
  const retry = () => {
    try {
      admission.admit(1);
    } catch (error) {
      return (error as Overloaded).retryAfterSeconds;
    }
    return 0;
  };
  const short = retry();
  mean = 200_000;
  assert.ok(short >= 1 && short < 60);
  assert.equal(retry(), 60);
});
