/**
 * Recovery at start, and on a shared store every sweep: a job left `running` by a process that is gone (crash, kill,
 * an instance that stopped beating: `live` names the owners that are not) is queued again, and its
 * document goes back to `queued` with an event saying so; one interrupted too often is failed with
 * `processing_failed`. Either way no document stays stuck.
 */
import * as lifecycle from "../documents/lifecycle.ts";
import { appendEvent } from "../events/store.ts";
import type { DocDeps } from "../documents/deps.ts";
import { complete, MAX_ATTEMPTS, orphaned, requeue, takeOver } from "./queue.ts";

export const recoverInterrupted = async (deps: DocDeps, live: readonly string[]) => {
  let recovered = 0;
  for (const job of await orphaned(deps.db, live)) {
    // The job becomes this instance's first: another sweep that read the same orphan finds it taken and skips it.
    if (!(await takeOver(deps.db, job.document_id, job.owner, deps.owner))) continue;
    recovered += 1;
    const row = await deps.db("documents").where({ id: job.document_id }).first();
    if (!row || !["queued", "running"].includes(row.status)) {
      await complete(deps.db, job.document_id, deps.owner);
      continue;
    }
    if (job.attempts >= MAX_ATTEMPTS) {
      await lifecycle.fail(deps, row, { code: "processing_failed", message: `Processing was interrupted ${job.attempts} times; giving up.` });
      await complete(deps.db, job.document_id, deps.owner);
      continue;
    }
    await deps.db("documents").where({ id: row.id }).update({ status: "queued", phase: "queued" });
    await appendEvent(deps.db, deps.bus, row.id, "status.changed", { status: "queued", phase: "queued", reason: "resumed after the service restarted" }, deps.now());
    // Claimable only now, after its `queued` event: a worker's `running` event follows it.
    await requeue(deps.db, job.document_id, deps.owner);
    deps.bus.wakeWorkers();
  }
  if (recovered) deps.log(`recovered ${recovered} interrupted job(s)`);
};

/**
 * A job a graceful stop cut short (server/start.ts, QUIRE_SHUTDOWN_GRACE_MS): its document goes back to `queued` with
 * an event saying so, the job is queued without counting the attempt, and every instance is woken, so another takes
 * it at once instead of after the stale span. A document that ended meanwhile (a cancel) only closes its job.
 */
export const handBack = async (deps: DocDeps, documentId: string) => {
  const back = await deps.db("documents").where({ id: documentId }).whereIn("status", ["queued", "running"]).update({ status: "queued", phase: "queued" });
  if (!back) {
    await complete(deps.db, documentId, deps.owner);
    return;
  }
  await appendEvent(deps.db, deps.bus, documentId, "status.changed", { status: "queued", phase: "queued", reason: "handed back by an instance that is stopping" }, deps.now());
  if (await requeue(deps.db, documentId, deps.owner, true)) deps.bus.wakeWorkers();
};
