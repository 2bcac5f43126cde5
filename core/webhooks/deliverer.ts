/**
 * The deliverer: a loop in the service's process that leases due rows of the outbox in batches and sends them
 * concurrently, at most `concurrency` at once and at most `perEndpoint` to one endpoint, so a receiver that never
 * answers (20 s per attempt) holds only its own few slots and never delays the others. Document processing only
 * writes outbox rows and calls `notify()`; it never waits for a delivery.
 *
 * It wakes at once on `notify()` (a new row, from the final transition), 2 ms after a slot frees up (so one claim
 * serves the attempts that finished meanwhile), and otherwise at the next due time (a retry, or a lease left by a
 * dead process running out), or after `pollMs` at the latest (rows another process wrote). Delivered attempts are
 * recorded in one statement per turn of the event loop. Every time it reasons about comes from `now()`, so a test
 * can drive the retry schedule with a fake clock and `runOnce()` / `idle()`.
 */
import { setMaxListeners } from "node:events";
import type { Knex } from "knex";
import { claimDue, nextDueAt, releaseLeases, settle, settleDelivered, type Claimed, type DeliveryState } from "./outbox.ts";
import { CUT_SHORT, makeSender, type Sender } from "./send.ts";
import { REPLY_TIMEOUT_MS } from "./schedule.ts";

/** How long a freed slot waits for others before the loop claims again. */
const GATHER_MS = 2;

export interface DelivererOptions {
  readonly db: Knex;
  /** This process's name in the leases. */
  readonly owner: string;
  readonly now: () => Date;
  readonly allowPrivate: boolean;
  /** Attempts in flight at once, all endpoints together. */
  readonly concurrency: number;
  /** Attempts in flight at once to one endpoint. */
  readonly perEndpoint: number;
  readonly timeoutMs?: number;
  /** Shrinks the retry schedule; 1 in production. */
  readonly retryScale?: number;
  /** Longest sleep when nothing is due (catches rows written by another process). */
  readonly pollMs?: number;
  readonly batchSize?: number;
  readonly log: (message: string, error?: unknown) => void;
  /** Told of every settled attempt (benchmarks, tests). */
  readonly onSettled?: (claimed: Claimed, state: DeliveryState | null) => void;
}

export interface Deliverer {
  /** New rows were written: look now. */
  readonly notify: () => void;
  readonly start: () => void;
  /** Leases what is due now and starts sending it; resolves with how many attempts were started. */
  readonly runOnce: () => Promise<number>;
  /** Resolves when no attempt is in flight. */
  readonly idle: () => Promise<void>;
  readonly inFlight: () => number;
  /** Stops the loop, cuts attempts in flight short and hands their rows back (due at once, not counted). */
  readonly stop: () => Promise<void>;
}

export const makeDeliverer = (opts: DelivererOptions): Deliverer => {
  const timeoutMs = opts.timeoutMs ?? REPLY_TIMEOUT_MS;
  const pollMs = opts.pollMs ?? 1000;
  const batchSize = opts.batchSize ?? 100;
  // A lease outlives the attempt's own time limit (20 s → 30 s), so only a process that died (or hung) loses it.
  const leaseMs = timeoutMs + Math.max(1000, Math.round(timeoutMs / 2));
  // Idle connections kept per host: enough for every slot, since many endpoints may share one host.
  const sender: Sender = makeSender({ allowPrivate: opts.allowPrivate, timeoutMs, freeSocketsPerHost: opts.concurrency });
  const perEndpoint = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const abort = new AbortController();
  // Every attempt in flight listens for shutdown on this one signal.
  setMaxListeners(0, abort.signal);
  let stopping = false;
  let running: Promise<void> | null = null;

  let pendingWake = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    pendingWake = true;
    wake?.();
  };
  // A freed slot wakes the loop after a short gathering pause, so one claim serves many finished attempts.
  let gathering: ReturnType<typeof setTimeout> | null = null;
  const slotFreed = () => {
    if (gathering || stopping) return;
    gathering = setTimeout(() => {
      gathering = null;
      notify();
    }, GATHER_MS);
  };
  /** The last claim left due rows behind for want of slots. */
  let backlog = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pendingWake || stopping) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const idleWaiters = new Set<() => void>();
  const release = (endpointId: string) => {
    const n = (perEndpoint.get(endpointId) ?? 1) - 1;
    if (n <= 0) perEndpoint.delete(endpointId);
    else perEndpoint.set(endpointId, n);
  };

  // Delivered attempts are recorded together, once per turn of the event loop.
  let toRecord: Array<{ claimed: Claimed; status: number; resolve: (state: DeliveryState | null) => void; reject: (error: unknown) => void }> = [];
  let recording: ReturnType<typeof setImmediate> | null = null;
  const recordDelivered = (claimed: Claimed, status: number) =>
    new Promise<DeliveryState | null>((resolve, reject) => {
      toRecord.push({ claimed, status, resolve, reject });
      recording ??= setImmediate(() => {
        recording = null;
        const batch = toRecord;
        toRecord = [];
        settleDelivered(opts.db, opts.owner, batch.map((b) => ({ id: b.claimed.id, status: b.status })), opts.now()).then(
          (done) => batch.forEach((b) => b.resolve(done.has(b.claimed.id) ? "delivered" : null)),
          (error) => batch.forEach((b) => b.reject(error)),
        );
      });
    });

  const attempt = async (claimed: Claimed) => {
    const outcome = await sender.send(claimed, opts.now(), abort.signal);
    // Cut short by shutdown: releaseLeases hands the row back uncounted.
    if (!outcome.ok && outcome.error === CUT_SHORT) return;
    let state: DeliveryState | null = null;
    try {
      state = outcome.ok ? await recordDelivered(claimed, outcome.status) : await settle(opts.db, opts.owner, claimed, outcome, opts.now(), opts.retryScale ?? 1);
      // A retry may be due before the loop's next look.
      if (state === "pending") notify();
      if (state === "failed") opts.log(`webhook ${claimed.id} to ${claimed.endpointId} given up after ${claimed.attempts} attempts`);
    } catch (error) {
      // The lease runs out and the attempt is made again: a duplicate with the same webhook-id, never a loss.
      opts.log(`webhook ${claimed.id}: recording the attempt failed`, error);
    }
    opts.onSettled?.(claimed, state);
  };

  const launch = (claimed: Claimed) => {
    perEndpoint.set(claimed.endpointId, (perEndpoint.get(claimed.endpointId) ?? 0) + 1);
    const p: Promise<void> = attempt(claimed)
      .catch((error) => opts.log(`webhook ${claimed.id}`, error))
      .finally(() => {
        inFlight.delete(p);
        release(claimed.endpointId);
        slotFreed();
        if (inFlight.size === 0) for (const w of idleWaiters) w();
      });
    inFlight.add(p);
  };

  const full = () => [...perEndpoint].filter(([, n]) => n >= opts.perEndpoint).map(([id]) => id);

  const runOnce = async (): Promise<number> => {
    const free = opts.concurrency - inFlight.size;
    if (free <= 0 || stopping) return 0;
    const { claimed, more } = await claimDue(opts.db, {
      owner: opts.owner,
      now: opts.now(),
      leaseMs,
      limit: Math.min(free, batchSize),
      full: full(),
      freeSlots: (id) => opts.perEndpoint - (perEndpoint.get(id) ?? 0),
      perEndpoint: opts.perEndpoint,
    });
    backlog = more;
    for (const c of claimed) launch(c);
    return claimed.length;
  };

  const loop = async () => {
    while (!stopping) {
      pendingWake = false;
      let started = 0;
      try {
        started = await runOnce();
      } catch (error) {
        opts.log("webhook deliveries: claiming failed", error);
      }
      if (stopping) break;
      // A wake-up that came while claiming (a new row, a slot freed): look again at once.
      if (pendingWake) continue;
      let waitMs = pollMs;
      if (backlog) {
        // Due rows wait for slots: more can be taken at once if slots are free, else a finishing attempt wakes us.
        if (started > 0 && inFlight.size < opts.concurrency) continue;
      } else {
        try {
          const due = await nextDueAt(opts.db, opts.owner, full());
          if (due) waitMs = Math.min(pollMs, Math.max(0, due.getTime() - opts.now().getTime()));
        } catch (error) {
          opts.log("webhook deliveries: reading the next due time failed", error);
        }
      }
      // Nothing was claimable a moment ago though something is due now (it became due in between): a short pause
      // keeps a clock that stands still from spinning the loop.
      if (started === 0) waitMs = Math.max(waitMs, 5);
      await sleep(waitMs);
    }
  };

  return {
    notify,
    start: () => {
      running ??= loop();
    },
    runOnce,
    idle: () =>
      inFlight.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const waiter = () => {
              idleWaiters.delete(waiter);
              resolve();
            };
            idleWaiters.add(waiter);
          }),
    inFlight: () => inFlight.size,
    stop: async () => {
      if (stopping) return;
      stopping = true;
      if (gathering) clearTimeout(gathering);
      wake?.();
      await running;
      abort.abort();
      await Promise.allSettled([...inFlight]);
      sender.close();
      await releaseLeases(opts.db, opts.owner, opts.now()).catch((error) => opts.log("webhook deliveries: releasing leases failed", error));
    },
  };
};
