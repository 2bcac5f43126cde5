/**
 * Waiting for something a test cannot be told of (a row settled, a line in a log, a message received): `check` is
 * asked every 10 ms until it holds; past `timeoutMs` the test fails, naming `what` it waited for.
 */
import assert from "node:assert/strict";

export const waitUntil = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};
