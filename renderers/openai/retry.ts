/**
 * Waiting between attempts. The endpoint's own word (Retry-After) wins over our backoff because a rate-limited
 * server knows when it will take us again; both are capped so one call cannot stall a job for minutes.
 */

const BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;
const RETRY_AFTER_CAP_MS = 30_000;

/** 0.5 s · 2^n, capped at 8 s, with jitter so clients failed together do not come back together. */
export const backoffMs = (attempt: number): number => {
  const ceiling = Math.min(BACKOFF_CAP_MS, BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + Math.random() * 0.5));
};

/** What the endpoint asks us to wait (`retry-after-ms`, or `retry-after` in seconds or as an HTTP date), capped. */
export const retryAfterMs = (headers: Headers | undefined, now = Date.now()): number | undefined => {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms)) && Number(ms) >= 0) {
    return Math.min(RETRY_AFTER_CAP_MS, Number(ms));
  }
  const after = headers.get("retry-after");
  if (after === null || after.trim() === "") return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds < 0 ? undefined : Math.min(RETRY_AFTER_CAP_MS, seconds * 1000);
  const date = Date.parse(after);
  if (Number.isNaN(date)) return undefined;
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, date - now));
};

export const abortError = (): DOMException => new DOMException("The model call was canceled.", "AbortError");

/** Sleeps `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const done = () => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
