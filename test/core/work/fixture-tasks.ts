/** Tasks for the pool's tests (test/core/work/pool.test.ts): each shows one way a task can end. */
import { threadId } from "node:worker_threads";
import { ProcessingFailure } from "../../../core/errors.ts";
import type { HostClient } from "../../../core/work/host.ts";

const kept: unknown[] = [];

export const tasks = {
  echo: async (input: { value: unknown }) => ({ value: input.value, threadId }),
  /** Busy for `ms` without yielding: a thread's worth of work. */
  work: async (input: { ms: number }) => {
    const until = Date.now() + input.ms;
    while (Date.now() < until);
    return { threadId };
  },
  fail: async (input: { message?: string }) => {
    throw new ProcessingFailure({ code: "content_empty", message: input.message ?? "nothing to show" });
  },
  spin: async (_input: unknown) => {
    for (;;);
  },
  grow: async (_input: unknown) => {
    for (;;) kept.push(new Array(1_000_000).fill(kept.length));
  },
  host: async (input: { a: number; b: number }, host?: HostClient) => ({ sum: await host!.call<number>("add", input.a, input.b) }),
  hostFails: async (_input: unknown, host?: HostClient) => host!.call("refuse"),
};
