/**
 * The worker pool (core/work/pool.ts) with real threads: answers and errors cross as their classes, a task past its
 * time or memory is stopped and the pool goes on with a new thread, a cancel stops the thread, a thread that grew
 * retires, and host calls reach this thread.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { threadId } from "node:worker_threads";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeWorkPool, TaskStopped } from "../../../core/work/pool.ts";
import { ProcessingFailure } from "../../../core/errors.ts";
import type { tasks } from "./fixture-tasks.ts";

const store = { dataDir: mkdtempSync(join(tmpdir(), "quire-pool-")) };
const pool = makeWorkPool<typeof tasks>({ minThreads: 1, maxThreads: 2, memoryMb: 64, store, tasks: new URL("./fixture-tasks.ts", import.meta.url) });
after(async () => {
  await pool.close();
  rmSync(store.dataDir, { recursive: true, force: true });
});

test("a task runs on another thread and its answer comes back", async () => {
  const answer = await pool.run("echo", { value: { a: [1, "x"] } }, { timeoutMs: 30_000 });
  assert.deepEqual(answer.value, { a: [1, "x"] });
  assert.notEqual(answer.threadId, threadId);
});

test("a tagged error crosses as its own class with its fields", async () => {
  await assert.rejects(pool.run("fail", {}, { timeoutMs: 30_000 }), (error: unknown) => {
    assert.ok(error instanceof ProcessingFailure);
    assert.equal(error.code, "content_empty");
    assert.equal(error.message, "nothing to show");
    return true;
  });
});

test("a task's own failure is never taken for a crash, whatever its words", async () => {
  const message = "Understanding the request: Unterminated string in JSON at position 3200";
  await assert.rejects(pool.run("fail", { message }, { timeoutMs: 30_000 }), (error: unknown) => error instanceof ProcessingFailure && error.message === message);
});

test("a task past its time is stopped, and the pool goes on", async () => {
  const started = Date.now();
  await assert.rejects(pool.run("spin", {}, { timeoutMs: 300 }), (error: unknown) => error instanceof TaskStopped && error.reason === "timeout" && error.message === "spin took longer than 0 s and was stopped");
  // Only catches a hang: terminating a spinning thread takes milliseconds.
  assert.ok(Date.now() - started < 10_000);
  assert.equal((await pool.run("echo", { value: 1 }, { timeoutMs: 30_000 })).value, 1);
});

test("a task's limit counts its work from when a thread starts it, not its wait in the queue", async () => {
  const single = makeWorkPool<typeof tasks>({ minThreads: 1, maxThreads: 1, memoryMb: 64, store, tasks: new URL("./fixture-tasks.ts", import.meta.url) });
  try {
    // One thread, four tasks of 600 ms under a limit of 1.5 s each: the last waits 1.8 s, then works 0.6 s.
    const runs = [0, 1, 2, 3].map(() => single.run("work", { ms: 600 }, { timeoutMs: 1_500 }));
    const outcomes = await Promise.allSettled(runs);
    assert.deepEqual(outcomes.map((o) => o.status), ["fulfilled", "fulfilled", "fulfilled", "fulfilled"], JSON.stringify(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "ok"))));
    // And one that waits, then works past its limit, is still stopped.
    const queued = single.run("work", { ms: 100 }, { timeoutMs: 5_000 });
    await assert.rejects(single.run("spin", {}, { timeoutMs: 300 }), (error: unknown) => error instanceof TaskStopped && error.reason === "timeout");
    await queued;
  } finally {
    await single.close();
  }
});

test("a cancel stops the task's thread and rejects with the caller's reason", async () => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error("canceled by the caller")), 200);
  await assert.rejects(pool.run("spin", {}, { timeoutMs: 60_000, signal: controller.signal }), /canceled by the caller/);
  assert.equal((await pool.run("echo", { value: 2 }, { timeoutMs: 30_000 })).value, 2);
});

test("a task past the thread's memory limit fails alone; the process and the pool live on", async () => {
  await assert.rejects(pool.run("grow", {}, { timeoutMs: 60_000 }), (error: unknown) => error instanceof TaskStopped && error.reason === "memory");
  assert.equal((await pool.run("echo", { value: 3 }, { timeoutMs: 30_000 })).value, 3);
});

test("a thread that grew past its bound retires: the next task runs on a new thread", async () => {
  const retiring = makeWorkPool<typeof tasks>({ minThreads: 1, maxThreads: 1, memoryMb: 64, retireHeapBytes: 0, store, tasks: new URL("./fixture-tasks.ts", import.meta.url) });
  try {
    const first = await retiring.run("echo", { value: 1 }, { timeoutMs: 30_000 });
    const second = await retiring.run("echo", { value: 2 }, { timeoutMs: 30_000 });
    assert.notEqual(first.threadId, second.threadId);
  } finally {
    await retiring.close();
  }
});

test("a task calls this thread's host handlers, and their errors come back", async () => {
  const host = { add: async ([a, b]: number[]) => a! + b!, refuse: async () => Promise.reject(new ProcessingFailure({ code: "file_not_found", message: "gone" })) };
  assert.deepEqual(await pool.run("host", { a: 2, b: 3 }, { timeoutMs: 30_000, host }), { sum: 5 });
  await assert.rejects(pool.run("hostFails", {}, { timeoutMs: 30_000, host }), (error: unknown) => error instanceof ProcessingFailure && error.code === "file_not_found");
});
