/**
 * Reads and writes per artifact and rolling minute (interface, Limits: 1,200 reads, 120 writes). An exact sliding
 * window: for a limit of N, the times of the last N admitted requests are kept in a ring, and a request is admitted
 * when the oldest of them has left the window. That is O(1) per request, where filtering a list of times (as the
 * per-organization limiter does) would cost up to 1,200 steps on every read of a busy artifact.
 *
 * Kept in this process: the budget of a store one process owns (SQLite). Instances sharing PostgreSQL count in the
 * store instead (shared-rate.ts). Artifacts idle for a whole window are forgotten, so memory follows the active
 * artifacts only.
 */
import { READS_PER_MINUTE, RATE_WINDOW_MS, WRITES_PER_MINUTE } from "./names.ts";

interface Ring {
  readonly times: number[];
  /** Index of the oldest entry once the ring is full. */
  head: number;
  /** The newest admitted time, for forgetting idle artifacts. */
  last: number;
}

export interface WindowLimiter {
  /** Takes one unit for `key` at `now` (ms); null when admitted, else the whole seconds to wait (at least 1). */
  readonly take: (key: string, now: number) => number | null;
  /** Keys currently remembered (for tests and the bench). */
  readonly size: () => number;
}

export const makeWindowLimiter = (limit: number, windowMs = RATE_WINDOW_MS): WindowLimiter => {
  const rings = new Map<string, Ring>();
  let takes = 0;
  const forgetIdle = (now: number) => {
    for (const [key, ring] of rings) if (ring.last <= now - windowMs) rings.delete(key);
  };
  return {
    take: (key, now) => {
      // A sweep every 4,096 takes keeps the map to the artifacts used within the last window or so.
      if ((++takes & 4095) === 0) forgetIdle(now);
      let ring = rings.get(key);
      if (!ring) rings.set(key, (ring = { times: [], head: 0, last: now }));
      if (ring.times.length < limit) {
        ring.times.push(now);
        ring.last = now;
        return null;
      }
      const oldest = ring.times[ring.head]!;
      if (oldest > now - windowMs) return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
      ring.times[ring.head] = now;
      ring.head = (ring.head + 1) % limit;
      ring.last = now;
      return null;
    },
    size: () => rings.size,
  };
};

/** What the page API and the owner endpoints take a unit from: this process's ring, or the store's counters. */
export interface ArtifactBudget {
  readonly read: (documentId: string, now: number) => number | null | Promise<number | null>;
  readonly write: (documentId: string, now: number) => number | null | Promise<number | null>;
}

export interface ArtifactRate extends ArtifactBudget {
  /** A read (a GET of the page API or the owner endpoints, or an opened event stream) of `documentId` at `now` ms. */
  readonly read: (documentId: string, now: number) => number | null;
  readonly write: (documentId: string, now: number) => number | null;
}

export const makeArtifactRate = (limits: { readsPerMinute?: number; writesPerMinute?: number; windowMs?: number } = {}): ArtifactRate => {
  const reads = makeWindowLimiter(limits.readsPerMinute ?? READS_PER_MINUTE, limits.windowMs);
  const writes = makeWindowLimiter(limits.writesPerMinute ?? WRITES_PER_MINUTE, limits.windowMs);
  return { read: reads.take, write: writes.take };
};
