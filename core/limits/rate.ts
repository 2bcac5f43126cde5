/**
 * Sliding one-minute windows kept in the store (interface, Limits: 120 documents a minute per organization,
 * extractions included; an artifact's 1,200 reads and 120 writes), exact, so that every instance sharing the store
 * counts the same hits. On PostgreSQL a key's takes are serialised by a transaction-scoped advisory lock (two
 * instances cannot both take the last slot); SQLite serialises every write already.
 */
import type { Knex } from "knex";

export interface WindowInStore {
  /** Takes one unit of `key`'s window; resolves null when allowed, else the whole seconds to wait (at least 1). */
  readonly take: (key: string, now: number) => Promise<number | null>;
}

export const makeWindowInStore = (db: Knex, limit: number, windowMs = 60_000): WindowInStore => ({
  take: (key, now) =>
    db.transaction(async (trx) => {
      if (trx.client.config.client === "pg") await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [`rate:${key}`]);
      const since = now - windowMs;
      // Hits that left the window are no use to anyone: dropped as the key's next take passes.
      await trx("rate_hits").where({ key }).andWhere("at", "<=", since).delete();
      const [{ n }] = await trx("rate_hits").where({ key }).count({ n: "*" });
      const held = Number(n);
      if (held >= limit) {
        // The hit whose leaving makes room: the oldest of the last `limit`.
        const [oldest] = await trx("rate_hits").where({ key }).orderBy("at").offset(held - limit).limit(1).select("at");
        return Math.max(1, Math.ceil((Number(oldest!.at) + windowMs - now) / 1000));
      }
      await trx("rate_hits").insert({ key, at: now });
      return null;
    }),
});

/**
 * Drops the hits that left their window under every key. A key's own takes drop its old hits, but a key taken no more
 * (an organization gone quiet, an artifact nobody visits) would keep its last minute's rows for good. Every window
 * of the service is a minute long (`windowMs`).
 */
export const sweepRateHits = (db: Knex, now: number, windowMs = 60_000) => db("rate_hits").where("at", "<=", now - windowMs).delete();

/** The per-organization limit: documents and extractions together. */
export interface RateLimiter {
  readonly take: (organizationId: string, now: number) => Promise<number | null>;
}

export const makeRateLimiter = (db: Knex, perMinute: number, windowMs = 60_000): RateLimiter => {
  const window = makeWindowInStore(db, perMinute, windowMs);
  return { take: (organizationId, now) => window.take(`org:${organizationId}`, now) };
};
