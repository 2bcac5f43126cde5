/**
 * The worker-thread pools where caller files and Markdown are parsed (DESIGN.md, "Heavy work"; issue 11): the thread
 * that answers HTTP only moves bytes. Built on piscina (queueing, abort by terminating the thread, `resourceLimits`),
 * with what the service adds:
 *
 * - a time limit per task: a task that overruns is stopped by terminating its thread, and piscina starts a new one;
 * - a memory limit per thread (`resourceLimits`): a thread past it dies and its task fails, the process lives on;
 * - retirement: WebAssembly memory (mupdf) and V8's heap never shrink, so a thread that grew past a bound while
 *   working marks itself in a shared flag table before answering; the balancer never gives it another task and it
 *   exits, taking the memory with it (a bomb's gigabyte is not kept);
 * - calls back to this thread's engines through the task's MessagePort (core/work/host.ts).
 */
import { Piscina } from "piscina";
import { MessageChannel } from "node:worker_threads";
import { availableParallelism } from "node:os";
import { serveHost, type HostHandlers } from "./host.ts";
import { deserializeError, type Envelope } from "./protocol.ts";
import type { HostClient } from "./host.ts";

/** A module's table of tasks: each takes its input (cloned) and, when the caller gave host handlers, a client. */
export type TaskTable = Record<string, (input: any, host?: HostClient) => Promise<unknown>>;

/** Slots of the shared retirement flags, indexed by thread id modulo this. */
export const RETIRE_SLOTS = 4096;

/** How a task ended when it did not answer: past its time, past its memory, or its thread died. */
export class TaskStopped extends Error {
  constructor(
    readonly reason: "timeout" | "memory" | "crashed",
    /** What happened, without the task's name ("took longer than 30 s"), for callers' own messages. */
    readonly detail: string,
    task: string,
  ) {
    super(`${task} ${detail}`);
  }
}

export interface PoolOptions {
  readonly minThreads?: number;
  readonly maxThreads?: number;
  /** V8 old-generation limit of each thread, in MB. */
  readonly memoryMb: number;
  /** Past these, a thread retires after its task (bytes). */
  readonly retireHeapBytes?: number;
  readonly retireWasmBytes?: number;
  /** Where the task modules find the store and blobs (cloned into each thread). */
  readonly store: { readonly dataDir: string; readonly databaseUrl?: string };
  /** The module whose `tasks` export the threads run (server/work/tasks.ts in the service; tests give their own). */
  readonly tasks: URL;
  /**
   * A built module whose default export is the threads' handler with its tasks (dist/thread.mjs when the service runs
   * built); without it each thread starts through entry.mjs, which loads `tasks` through the TypeScript loader.
   */
  readonly thread?: URL;
}

export interface RunOptions {
  readonly timeoutMs: number;
  /** The caller's cancel: the task's thread is stopped and the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  readonly host?: HostHandlers;
}

/** How busy a pool is: its threads, and how long its tasks have taken of late (from a thread's start to the answer). */
export interface PoolLoad {
  readonly threads: number;
  readonly meanRunMs: number;
}

export interface WorkPool<T extends TaskTable> {
  readonly load: () => PoolLoad;
  readonly run: <K extends keyof T & string>(task: K, input: Parameters<T[K]>[0], options: RunOptions) => Promise<Awaited<ReturnType<T[K]>>>;
  readonly close: () => Promise<void>;
}

export interface WorkerData {
  readonly retireFlags: SharedArrayBuffer;
  readonly retireHeapBytes: number;
  readonly retireWasmBytes: number;
  readonly store: PoolOptions["store"];
  readonly tasks: string;
}

type PiscinaWorker = { readonly id: number; readonly currentUsage: number; readonly isRunningAbortableTask: boolean };

export const makeWorkPool = <T extends TaskTable>(options: PoolOptions): WorkPool<T> => {
  const retireFlags = new SharedArrayBuffer(RETIRE_SLOTS * 4);
  const flags = new Int32Array(retireFlags);
  const retiring = (worker: PiscinaWorker) => Atomics.load(flags, worker.id % RETIRE_SLOTS) === 1;
  const maxThreads = options.maxThreads ?? availableParallelism();
  const workerData: WorkerData = {
    retireFlags,
    retireHeapBytes: options.retireHeapBytes ?? 512 * 1024 * 1024,
    retireWasmBytes: options.retireWasmBytes ?? 256 * 1024 * 1024,
    store: options.store,
    tasks: options.tasks.href,
  };
  const pool = new Piscina({
    filename: (options.thread ?? new URL("./entry.mjs", import.meta.url)).href,
    minThreads: Math.min(options.minThreads ?? 1, maxThreads),
    maxThreads,
    idleTimeout: 60_000,
    // The threads keep open handles between tasks (the store's connection), so they must never be paused.
    atomics: "disabled",
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    workerData,
    // One task per thread; a thread that asked to retire gets none (it is about to exit).
    loadBalancer: (_task: unknown, workers: PiscinaWorker[]) =>
      (workers.find((worker) => worker.currentUsage === 0 && !worker.isRunningAbortableTask && !retiring(worker)) ?? null) as never,
  } as ConstructorParameters<typeof Piscina>[0]);
  // A thread that dies between tasks is replaced by piscina; its error is not any task's.
  pool.on("error", () => undefined);

  // A moving mean of the tasks' run times; a guess of half a second until the first has run.
  let meanRunMs = 500;
  const ran = (ms: number) => {
    meanRunMs += 0.2 * (ms - meanRunMs);
  };

  const run: WorkPool<T>["run"] = async (task, input, runOptions) => {
    const { signal, timeoutMs, host } = runOptions;
    signal?.throwIfAborted();
    const stop = new AbortController();
    // The limit counts the task's work, from the moment a thread starts it (the thread says so on the task's port),
    // not its wait in the queue: on a busy instance a valid file was refused as if checking it had taken 30 s.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let startedAt = 0;
    const started = () => {
      startedAt ||= performance.now();
      timer ??= setTimeout(() => stop.abort(new TaskStopped("timeout", `took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`, task)), timeoutMs);
    };
    const onCancel = () => stop.abort(signal!.reason);
    signal?.addEventListener("abort", onCancel, { once: true });
    const channel = new MessageChannel();
    channel.port1.on("message", (message: { started?: boolean }) => {
      if (message?.started === true) started();
    });
    if (host) serveHost(channel.port1, host, stop.signal);
    else stop.signal.addEventListener("abort", () => channel.port1.close(), { once: true });
    // The task's own failure, kept apart from a thread's crash: its words may say anything ("Unterminated string").
    let failed: Error | undefined;
    try {
      const envelope: Envelope<never> = await pool.run({ task, input, port: channel.port2 }, { signal: stop.signal, transferList: [channel.port2 as never] });
      if (!envelope.ok) throw (failed = deserializeError(envelope.error));
      return envelope.value;
    } catch (error) {
      if (stop.signal.aborted) throw stop.signal.reason;
      if (error === failed) throw error;
      const code = (error as { code?: string })?.code;
      if (code === "ERR_WORKER_OUT_OF_MEMORY") throw new TaskStopped("memory", `ran out of memory (${options.memoryMb} MB) and was stopped`, task);
      if (error instanceof Error && /worker exited|terminated/i.test(error.message)) throw new TaskStopped("crashed", `stopped unexpectedly: ${error.message}`, task);
      throw error;
    } finally {
      if (startedAt > 0) ran(performance.now() - startedAt);
      if (timer) clearTimeout(timer);
      signal?.removeEventListener("abort", onCancel);
      // Ends host calls still running for this task and closes the port.
      if (!stop.signal.aborted) stop.abort(new Error("task ended"));
    }
  };

  return {
    load: () => ({ threads: maxThreads, meanRunMs }),
    run,
    close: () => pool.destroy(),
  };
};
