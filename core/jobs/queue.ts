/**
 * The durable job queue: one row per document in `jobs`, claimed atomically by a worker. The queue lives in the
 * store so a restart finds every job that was waiting or interrupted.
 */
import type { Knex } from "knex";

/** A job interrupted this many times is failed instead of tried again (`processing_failed`). */
export const MAX_ATTEMPTS = 3;

export const enqueue = (db: Knex, documentId: string, now: Date) =>
  db("jobs").insert({ document_id: documentId, state: "queued", attempts: 0, created_at: now.toISOString() });

export const claim = async (db: Knex, owner: string, now: Date): Promise<{ documentId: string; attempts: number } | null> =>
  db.transaction(async (trx) => {
    const job = await trx("jobs").where({ state: "queued" }).orderBy("created_at").orderBy("document_id").first();
    if (!job) return null;
    const n = await trx("jobs")
      .where({ document_id: job.document_id, state: "queued" })
      .update({ state: "running", owner, started_at: now.toISOString(), attempts: job.attempts + 1 });
    return n ? { documentId: job.document_id as string, attempts: (job.attempts as number) + 1 } : null;
  });

export const complete = (db: Knex, documentId: string) => db("jobs").where({ document_id: documentId }).update({ state: "done", owner: null });

/** Jobs left `running` by a process that is gone (a crash or a kill): the ones this process does not own. */
export const orphaned = async (db: Knex, owner: string): Promise<Array<{ document_id: string; attempts: number }>> =>
  db("jobs").where({ state: "running" }).whereNot({ owner });

export const requeue = (db: Knex, documentId: string) => db("jobs").where({ document_id: documentId }).update({ state: "queued", owner: null });
