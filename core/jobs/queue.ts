/**
 * The durable job queue: one row per document in `jobs`, claimed atomically by a worker. The queue lives in the
 * store so a restart finds every job that was waiting or interrupted.
 */
import type { Knex } from "knex";

/** A job interrupted this many times is failed instead of tried again (`processing_failed`). */
export const MAX_ATTEMPTS = 3;

export const enqueue = (db: Knex, documentId: string, now: Date) =>
  db("jobs").insert({ document_id: documentId, state: "queued", attempts: 0, created_at: now.toISOString() });

/**
 * The oldest queued job, taken by this owner. On PostgreSQL the row is locked and others skip it (`FOR UPDATE SKIP
 * LOCKED`), so instances claiming at once each get their own job instead of racing for the same one.
 */
export const claim = async (db: Knex, owner: string, now: Date): Promise<{ documentId: string; attempts: number } | null> =>
  db.transaction(async (trx) => {
    const oldest = trx("jobs").where({ state: "queued" }).orderBy("created_at").orderBy("document_id").first();
    const job = await (trx.client.config.client === "pg" ? oldest.forUpdate().skipLocked() : oldest);
    if (!job) return null;
    const n = await trx("jobs")
      .where({ document_id: job.document_id, state: "queued" })
      .update({ state: "running", owner, started_at: now.toISOString(), attempts: job.attempts + 1 });
    return n ? { documentId: job.document_id as string, attempts: (job.attempts as number) + 1 } : null;
  });

/**
 * Done, when this owner still holds the job: one taken over from it (judged gone while it ran) is the taker's to
 * finish. The owner is kept, so which instance made a document stays known.
 */
export const complete = (db: Knex, documentId: string, owner: string) =>
  db("jobs").where({ document_id: documentId, state: "running", owner }).update({ state: "done" });

/** Jobs left `running` by a process that is gone (a crash, a kill, an instance that stopped beating). */
export const orphaned = async (db: Knex, live: readonly string[]): Promise<Array<{ document_id: string; attempts: number; owner: string }>> =>
  db("jobs").where({ state: "running" }).whereNotIn("owner", live);

/**
 * The fence of a takeover: moves a running job from `from` to `to`, true when it was still `from`'s. Two instances
 * sweeping at once both read the same orphan; only the one whose update lands goes on with it, and a job claimed
 * again since the read (a new owner) is left alone.
 */
export const takeOver = async (db: Knex, documentId: string, from: string, to: string): Promise<boolean> =>
  (await db("jobs").where({ document_id: documentId, state: "running", owner: from }).update({ owner: to })) > 0;

/**
 * Queued again, if `owner` still holds it; `uncount` gives the attempt back (a graceful stop handed it back: the
 * job did not fail, so rolling restarts do not use up its MAX_ATTEMPTS).
 */
export const requeue = async (db: Knex, documentId: string, owner: string, uncount = false): Promise<boolean> =>
  (await db("jobs")
    .where({ document_id: documentId, state: "running", owner })
    .update({ state: "queued", owner: null, ...(uncount ? { attempts: db.raw("attempts - 1") } : {}) })) > 0;
