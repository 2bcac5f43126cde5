/**
 * Which service processes are alive (issue 18): each instance writes its heartbeat every few seconds; the work of an
 * owner that stopped beating is another's to take over. On SQLite the store belongs to one process (the file is
 * local), so every owner but this one is gone, as soon as it starts.
 */
import type { Knex } from "knex";

/** Beats per stale span: six missed beats, long enough for a busy instance's event loop (config.instanceStaleMs). */
export const BEATS_PER_SPAN = 6;

/**
 * Heartbeats are written and judged by one clock: on PostgreSQL the database's (instances on machines whose clocks
 * drift apart would otherwise think a live one gone, or a gone one live), as ISO text like the process's.
 */
const isoOf = (db: Knex, agoMs = 0) =>
  db.raw(`to_char((now() - ? * interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, [agoMs]);
const onPostgres = (db: Knex) => db.client.config.client === "pg";

export const beat = (db: Knex, owner: string, now: Date) =>
  db("instances")
    .insert({ owner, started_at: now.toISOString(), heartbeat_at: onPostgres(db) ? isoOf(db) : now.toISOString() })
    .onConflict("owner")
    .merge(["heartbeat_at"]);

/** A graceful stop: the instance is gone at once, and what it did not finish is taken over without waiting. */
export const leave = (db: Knex, owner: string) => db("instances").where({ owner }).delete();

/** The owners whose work must not be taken: this one, and on a shared store (`staleMs` given) every other that beat lately. */
export const liveOwners = async (db: Knex, owner: string, now: Date, staleMs: number | null): Promise<string[]> => {
  if (staleMs === null) return [owner];
  const since = onPostgres(db) ? isoOf(db, staleMs) : new Date(now.getTime() - staleMs).toISOString();
  const rows: Array<{ owner: string }> = await db("instances").where("heartbeat_at", ">=", since).select("owner");
  return [...new Set([owner, ...rows.map((r) => r.owner)])];
};

/** Instances not seen for a day: their rows are kept no longer. */
export const forgetGone = (db: Knex, now: Date) => db("instances").where("heartbeat_at", "<", new Date(now.getTime() - 86_400_000).toISOString()).delete();
