/**
 * Load shedding for the requests that put a caller's file on the reading threads (POST /files, POST /extract): a
 * request is let in only when the files ahead of it can be read within its wait, and the bodies already let in stay
 * under a bound of memory. Otherwise it is refused with 503 `overloaded` and `Retry-After` before its body is read:
 * nothing is stored and nothing is lost, and a caller never hears that its valid file is bad because the instance was
 * busy (a task's own time limit starts only when a thread starts it, core/work/pool.ts).
 *
 * The wait is estimated from the requests let in and not yet answered (those whose body is still arriving too), the
 * reading threads, and how long a read has taken of late: `⌊ahead / threads⌋ × mean`.
 */
import { Overloaded } from "../core/errors.ts";
import type { PoolLoad } from "../core/work/pool.ts";
import { MAX_FILE_BYTES } from "../core/files/store.ts";

export interface Admission {
  /** Lets a request in (its release to be called once it is answered), or throws `Overloaded`. */
  readonly admit: (declaredBytes: number | undefined) => () => void;
  /** Requests let in and not yet answered. */
  readonly inFlight: () => number;
}

const MOST_RETRY_S = 60;

export const makeAdmission = (load: () => PoolLoad, limits: { readonly waitMs: number; readonly bytes: number }): Admission => {
  let inFlight = 0;
  let bytes = 0;
  return {
    inFlight: () => inFlight,
    admit: (declaredBytes) => {
      const size = declaredBytes !== undefined && Number.isFinite(declaredBytes) && declaredBytes >= 0 ? Math.min(declaredBytes, MAX_FILE_BYTES) : MAX_FILE_BYTES;
      const { threads, meanRunMs } = load();
      const waitMs = Math.floor(inFlight / Math.max(1, threads)) * meanRunMs;
      if (waitMs > limits.waitMs || (inFlight > 0 && bytes + size > limits.bytes)) {
        // When the queue will have drained to what can be served in time: at least a second, at most a minute.
        const drainMs = Math.max(waitMs - limits.waitMs, (inFlight / Math.max(1, threads)) * meanRunMs * 0.5);
        const retryAfterSeconds = Math.min(MOST_RETRY_S, Math.max(1, Math.ceil(drainMs / 1000)));
        const why = waitMs > limits.waitMs ? `more than it can read within ${Math.round(limits.waitMs / 1000)} s` : "holding as many bytes of them as it takes in at once";
        throw new Overloaded({
          message: `This instance has ${inFlight} files waiting to be read, ${why}; nothing was stored. Send the request again after ${retryAfterSeconds} s.`,
          retryAfterSeconds,
        });
      }
      inFlight++;
      bytes += size;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight--;
        bytes -= size;
      };
    },
  };
};
