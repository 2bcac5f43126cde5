/**
 * A fetch that sends a request again after 429 (rate limited) or 503 (not ready), waiting what `Retry-After`
 * says. The wait is bounded so a long Retry-After fails fast instead of hanging a script: past `maxWaitMs`
 * the 429 is handed back (and becomes a QuireProblem). A request with an Idempotency-Key (every create) is also
 * sent again when the connection fails before an answer: the service may have made the document already, and
 * the same key makes it answer that document instead of making a second one.
 */
export interface RetryOptions {
  /** How many times to send again; 0 turns retries off. Default 3. */
  retries?: number;
  /** The longest single wait, in milliseconds. Default 30 s. */
  maxWaitMs?: number;
}

const RETRIED = new Set([429, 503]);

/** Milliseconds a `Retry-After` asks for (seconds or an HTTP date); a missing one backs off exponentially. */
export const retryAfterMs = (header: string | null, attempt: number): number => {
  if (header !== null && header.trim() !== "") {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  return 500 * 2 ** attempt;
};

export const retryingFetch = (inner: typeof fetch, options: RetryOptions = {}): typeof fetch => {
  const retries = options.retries ?? 3;
  const maxWaitMs = options.maxWaitMs ?? 30_000;
  return async (input, init) => {
    // A Request's body can be read once: keep a copy for every later attempt.
    const original = input instanceof Request ? input : new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const request = attempt < retries ? original.clone() : original;
      let response: Response;
      try {
        response = await inner(request);
      } catch (error) {
        // Only a failed connection (fetch's TypeError), never an abort, and only where a repeat is safe.
        const resend = error instanceof TypeError && !original.signal.aborted && original.headers.has("Idempotency-Key");
        if (!resend || attempt >= retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryAfterMs(null, attempt)));
        continue;
      }
      if (!RETRIED.has(response.status) || attempt >= retries) return response;
      const wait = retryAfterMs(response.headers.get("retry-after"), attempt);
      if (wait > maxWaitMs) return response;
      await response.body?.cancel().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
};
