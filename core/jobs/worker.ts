/**
 * The worker pool in the service's process: `concurrency` loops that claim jobs from the store and run them.
 * A wake-up on the bus starts work at once; a slow poll catches jobs queued by another process. Each running job
 * is an Effect program run with its own AbortController: a cancel interrupts the program mid-render. A stop claims
 * nothing more, gives the running jobs a grace period to finish, then interrupts the rest and hands them back.
 */
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Cause from "effect/Cause";
import type { Knex } from "knex";
import type { BusShape } from "../events/bus.ts";
import { claim, complete } from "./queue.ts";

export interface WorkerPool {
  /** Aborts the job of a document if it runs in this process. */
  readonly abort: (documentId: string, reason: string) => void;
  readonly running: () => number;
  /** Claims no more; waits up to `graceMs` for the running jobs, then cuts the rest short and hands them back. */
  readonly stop: (graceMs?: number) => Promise<void>;
}

export interface WorkerOptions {
  readonly db: Knex;
  readonly bus: BusShape;
  readonly owner: string;
  /** The Clock service's time, which a claim is stamped with. */
  readonly now: () => Date;
  readonly concurrency: number;
  readonly pollMs?: number;
  readonly run: (documentId: string, attempts: number) => Effect.Effect<void>;
  readonly onError: (documentId: string, error: unknown) => void;
  /** A job the stop cut short, for another instance (or the next start) to take (core/jobs/recover.ts). */
  readonly handBack: (documentId: string) => Promise<void>;
}

export const startWorkers = (opts: WorkerOptions): WorkerPool => {
  const controllers = new Map<string, AbortController>();
  let stopping = false;
  /** Set when the grace period ran out: the jobs interrupted from then on are handed back, not done. */
  let cutShort = false;
  const waiters = new Set<() => void>();
  const unsubscribe = opts.bus.onWake(() => {
    for (const w of waiters) w();
    waiters.clear();
  });
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
    });

  const loop = async () => {
    while (!stopping) {
      let job: Awaited<ReturnType<typeof claim>> = null;
      try {
        job = await claim(opts.db, opts.owner, opts.now());
      } catch (error) {
        opts.onError("(claim)", error);
      }
      if (!job) {
        await sleep(opts.pollMs ?? 1000);
        continue;
      }
      const controller = new AbortController();
      controllers.set(job.documentId, controller);
      try {
        const exit = await Effect.runPromiseExit(opts.run(job.documentId, job.attempts), { signal: controller.signal });
        // An interruption is a cancel or the service stopping, which the program has already handled.
        if (Exit.isFailure(exit) && !Exit.isInterrupted(exit)) throw Cause.squash(exit.cause);
      } catch (error) {
        opts.onError(job.documentId, error);
      } finally {
        controllers.delete(job.documentId);
        const { documentId } = job;
        await (cutShort ? opts.handBack(documentId) : complete(opts.db, documentId, opts.owner)).catch((error) => opts.onError(documentId, error));
      }
    }
  };
  const loops = Array.from({ length: opts.concurrency }, loop);
  return {
    abort: (documentId, reason) => controllers.get(documentId)?.abort(new Error(reason)),
    running: () => controllers.size,
    stop: async (graceMs = 0) => {
      stopping = true;
      unsubscribe();
      for (const w of waiters) w();
      const finished = Promise.allSettled(loops);
      let timer: NodeJS.Timeout | undefined;
      const graceOver = await Promise.race([finished.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs)))]);
      clearTimeout(timer);
      if (graceOver) {
        cutShort = true;
        for (const c of controllers.values()) c.abort(new Error("the service is stopping"));
      }
      await finished;
    },
  };
};
