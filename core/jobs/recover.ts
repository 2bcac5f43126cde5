/**
 * Recovery at start, and on a shared store every sweep: a job left `running` by a process that is gone (crash, kill,
 * an instance that stopped beating: `live` names the owners that are not) is queued again, and its
 * document goes back to `queued` with an event saying so; one interrupted too often is failed with
 * `processing_failed`. Either way no document stays stuck.
 */
import * as lifecycle from "../documents/lifecycle.ts";
import { appendEvent } from "../events/store.ts";
import type { DocDeps } from "../documents/deps.ts";
import { MAX_ATTEMPTS, orphaned, requeue } from "./queue.ts";

export const recoverInterrupted = async (deps: DocDeps, live: readonly string[]) => {
  const jobs = await orphaned(deps.db, live);
  for (const job of jobs) {
    const row = await deps.db("documents").where({ id: job.document_id }).first();
    if (!row || !["queued", "running"].includes(row.status)) {
      await deps.db("jobs").where({ document_id: job.document_id }).update({ state: "done" });
      continue;
    }
    if (job.attempts >= MAX_ATTEMPTS) {
      await lifecycle.fail(deps, row, { code: "processing_failed", message: `Processing was interrupted ${job.attempts} times; giving up.` });
      await deps.db("jobs").where({ document_id: job.document_id }).update({ state: "done" });
      continue;
    }
    await deps.db("documents").where({ id: row.id }).update({ status: "queued", phase: "queued" });
    await requeue(deps.db, job.document_id);
    await appendEvent(deps.db, deps.bus, row.id, "status.changed", { status: "queued", phase: "queued", reason: "resumed after the service restarted" }, deps.now());
  }
  if (jobs.length) deps.log(`recovered ${jobs.length} interrupted job(s)`);
};
