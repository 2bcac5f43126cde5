/**
 * What a worker thread does with a task (core/work/pool.ts; entry.mjs starts it): runs the named task of its table
 * (server/work/tasks.ts in the service), answers with an envelope (errors as data, core/work/protocol.ts), and retires when the task
 * left it holding too much memory.
 */
import { wasmBytes } from "./wasm-memory.ts";
import { threadId, workerData, type MessagePort } from "node:worker_threads";
import { getHeapStatistics } from "node:v8";
import { hostClient } from "./host.ts";
import { serializeError, type Envelope } from "./protocol.ts";
import { RETIRE_SLOTS, type TaskTable, type WorkerData } from "./pool.ts";

const data = workerData as WorkerData;
const flags = new Int32Array(data.retireFlags);
// A slot is reused by a later thread id; it starts clear.
Atomics.store(flags, threadId % RETIRE_SLOTS, 0);

const retireIfBloated = () => {
  // The heap V8 holds from the system (what the process's memory shows), not what is live: after a large task it
  // stays committed for a long time.
  const heap = getHeapStatistics().total_heap_size;
  if (heap <= data.retireHeapBytes && wasmBytes() <= data.retireWasmBytes) return;
  // Set before the answer is sent, so the balancer never hands this thread another task; then leave.
  Atomics.store(flags, threadId % RETIRE_SLOTS, 1);
  setTimeout(() => process.exit(0), 50);
};

export const makeHandler = (tasks: TaskTable) => async ({ task, input, port }: { task: string; input: unknown; port?: MessagePort }): Promise<Envelope<unknown>> => {
  // The pool's time limit starts now, not when the task was queued.
  port?.postMessage({ started: true });
  const host = port ? hostClient(port) : undefined;
  try {
    const run = tasks[task];
    if (!run) throw new Error(`no task ${task}`);
    return { ok: true, value: await run(input, host) };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  } finally {
    host?.close();
    retireIfBloated();
  }
};
