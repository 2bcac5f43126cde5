/**
 * The artifact read and write budgets (1,200 and 120 a minute) of a store several instances share (issue 18):
 * counted in the store, in fixed one-minute windows, the sliding minute estimated as the current window plus the
 * previous one weighted by how much of it the minute still covers (the estimate a rate limiter keeps when it cannot
 * keep every request's time). The counter's row lock serialises takes of one key across instances; a refused take
 * gives its unit back. One process alone keeps the exact ring of rate.ts instead.
 */
import type { Knex } from "knex";
import { READS_PER_MINUTE, RATE_WINDOW_MS, WRITES_PER_MINUTE } from "./names.ts";
import type { ArtifactBudget } from "./rate.ts";

/** Windows older than the previous one are no use: dropped now and then as takes pass. */
const PRUNE_EVERY = 1_000;

export const makeSharedArtifactRate = (db: Knex, limits: { readsPerMinute?: number; writesPerMinute?: number; windowMs?: number } = {}): ArtifactBudget => {
  const windowMs = limits.windowMs ?? RATE_WINDOW_MS;
  let takes = 0;
  const take = (key: string, limit: number, now: number): Promise<number | null> =>
    db.transaction(async (trx) => {
      const start = Math.floor(now / windowMs) * windowMs;
      if (++takes % PRUNE_EVERY === 0) await trx("rate_windows").where("window_start", "<", start - windowMs).delete();
      await trx.raw("insert into rate_windows (key, window_start, count) values (?, ?, 1) on conflict (key, window_start) do update set count = rate_windows.count + 1", [key, start]);
      const rows: Array<{ window_start: string | number; count: string | number }> = await trx("rate_windows").where({ key }).whereIn("window_start", [start, start - windowMs]).select("window_start", "count");
      const countOf = (at: number) => Number(rows.find((r) => Number(r.window_start) === at)?.count ?? 0);
      const estimate = countOf(start - windowMs) * (1 - (now - start) / windowMs) + countOf(start);
      if (estimate <= limit) return null;
      await trx("rate_windows").where({ key, window_start: start }).decrement("count", 1);
      return Math.max(1, Math.ceil((start + windowMs - now) / 1000));
    });
  const reads = limits.readsPerMinute ?? READS_PER_MINUTE;
  const writes = limits.writesPerMinute ?? WRITES_PER_MINUTE;
  return {
    read: (documentId, now) => take(`artifact-read:${documentId}`, reads, now),
    write: (documentId, now) => take(`artifact-write:${documentId}`, writes, now),
  };
};
