/**
 * Creates against the running service, `concurrency` at once, with plain `fetch` and `Authorization: Bearer <key>`.
 *
 * A create is done when its document is finished: direct mode answers `200` with the finished document; a `202`
 * (background, or direct past `QUIRE_DIRECT_WAIT_MS`) is followed with `GET /documents/{id}` until the status is
 * final. `ready`, `ready_with_warnings` and `needs_review` count as made; `failed` and `canceled` as failed documents;
 * any other answer (non-2xx, a network error, a poll that never ends) as a failed request. Nothing is retried, so
 * every failure shows in the counts.
 */
export const MADE = new Set(["ready", "ready_with_warnings", "needs_review"]);
const FINAL = new Set([...MADE, "failed", "canceled"]);
const POLL_MS = 100;
const POLL_LIMIT_MS = 15 * 60_000;

export interface CreateResult {
  /** From sending the POST to knowing the document is finished. */
  readonly ms: number;
  readonly id: string | null;
  /** "made", or why not. */
  readonly outcome: "made" | "failed_document" | "failed_request";
  /** HTTP status of the create (0: no answer), and the document's status when there was one. */
  readonly http: number;
  readonly status: string | null;
  readonly detail?: string;
  /** The finished document as answered (outputs included), when made. */
  readonly document?: Record<string, unknown>;
}

type Doc = { id?: string; status?: string; error?: { code?: string; message?: string } | null } & Record<string, unknown>;

export const createOnce = async (baseUrl: string, key: string, body: string): Promise<CreateResult> => {
  const began = performance.now();
  const headers = { authorization: `Bearer ${key}` };
  const elapsed = () => performance.now() - began;
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/documents`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
  } catch (error) {
    return { ms: elapsed(), id: null, outcome: "failed_request", http: 0, status: null, detail: (error as Error).message };
  }
  const text = await res.text();
  if (res.status !== 200 && res.status !== 202) {
    let code = "";
    try {
      code = (JSON.parse(text) as { code?: string }).code ?? "";
    } catch {
      /* not a Problem */
    }
    return { ms: elapsed(), id: null, outcome: "failed_request", http: res.status, status: null, detail: code || text.slice(0, 200) };
  }
  let doc = JSON.parse(text) as Doc;
  const id = doc.id ?? null;
  const deadline = Date.now() + POLL_LIMIT_MS;
  while (!FINAL.has(doc.status ?? "")) {
    if (Date.now() > deadline) return { ms: elapsed(), id, outcome: "failed_request", http: res.status, status: doc.status ?? null, detail: "still not finished after 15 min" };
    await new Promise((r) => setTimeout(r, POLL_MS));
    try {
      const poll = await fetch(`${baseUrl}/documents/${id}`, { headers });
      const polled = await poll.text();
      if (!poll.ok) return { ms: elapsed(), id, outcome: "failed_request", http: poll.status, status: doc.status ?? null, detail: `GET /documents/{id} answered ${poll.status}` };
      doc = JSON.parse(polled) as Doc;
    } catch (error) {
      return { ms: elapsed(), id, outcome: "failed_request", http: 0, status: doc.status ?? null, detail: (error as Error).message };
    }
  }
  const ms = elapsed();
  const status = doc.status!;
  if (!MADE.has(status)) return { ms, id, outcome: "failed_document", http: res.status, status, detail: doc.error ? `${doc.error.code}: ${doc.error.message}` : status };
  return { ms, id, outcome: "made", http: res.status, status, document: doc };
};

export interface LoadResult {
  readonly concurrency: number;
  readonly creates: number;
  readonly wallMs: number;
  readonly results: CreateResult[];
}

/** `total` creates, `concurrency` in flight at any time (each caller sends its next as soon as one finishes). */
export const runLoad = async (baseUrl: string, key: string, body: string, concurrency: number, total: number): Promise<LoadResult> => {
  const results: CreateResult[] = [];
  let next = 0;
  const caller = async () => {
    while (next < total) {
      next++;
      results.push(await createOnce(baseUrl, key, body));
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, caller));
  return { concurrency, creates: total, wallMs: performance.now() - began, results };
};

/** Failures by kind, for printing: `{ "HTTP 429 rate_limited": 3, "document failed: …": 1 }`. */
export const failureCounts = (results: readonly CreateResult[]) => {
  const counts = new Map<string, number>();
  for (const r of results) {
    if (r.outcome === "made") continue;
    const key = r.outcome === "failed_document" ? `document ${r.status} (${r.detail})` : r.http ? `HTTP ${r.http} ${r.detail ?? ""}`.trim() : `no answer: ${r.detail}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
};

/** Nearest-rank percentile (p in 0..100). */
export const percentile = (xs: readonly number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
