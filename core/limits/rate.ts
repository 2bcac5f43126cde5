/**
 * The per-organization rate limit: 120 documents a minute, extractions included (interface, Limits). A sliding
 * window over the last 60 seconds, kept in the store so that every instance sharing it counts the same hits. On
 * PostgreSQL an organization's takes are serialised by a transaction-scoped advisory lock (two instances cannot both
 * take the 120th slot); SQLite serialises every write already.
 */
import type { Knex } from "knex";

export interface RateLimiter {
  /** Takes one unit; resolves null when allowed, else the seconds to wait. */
  readonly take: (organizationId: string, now: number) => Promise<number | null>;
}

export const makeRateLimiter = (db: Knex, perMinute: number, windowMs = 60_000): RateLimiter => ({
  take: (organizationId, now) =>
    db.transaction(async (trx) => {
      if (trx.client.config.client === "pg") await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [`rate:${organizationId}`]);
      const since = now - windowMs;
      // Hits that left the window are no use to anyone: dropped as the organization's next take passes.
      await trx("rate_hits").where({ organization_id: organizationId }).andWhere("at", "<=", since).delete();
      const hits: Array<{ at: string | number }> = await trx("rate_hits").where({ organization_id: organizationId }).orderBy("at").limit(perMinute).select("at");
      if (hits.length >= perMinute) return Math.max(1, Math.ceil((Number(hits[0]!.at) + windowMs - now) / 1000));
      await trx("rate_hits").insert({ organization_id: organizationId, at: now });
      return null;
    }),
});
