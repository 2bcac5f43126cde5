/**
 * Taking over a gone instance's jobs (issue 18): every instance sweeps for them, so two may read the same orphan at
 * once; only one may queue it again, and a job claimed by a live instance since is not taken from it.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openTestDatabase } from "../../support/store.ts";
import { jobRow } from "../../support/layers.ts";
import { createOrganization, createProject } from "../../../core/auth/tenancy.ts";
import { makeBus } from "../../../core/events/bus.ts";
import { listEvents } from "../../../core/events/store.ts";
import { recoverInterrupted } from "../../../core/jobs/recover.ts";
import { enqueueFinal } from "../../../core/webhooks/outbox.ts";
import { claim, takeOver } from "../../../core/jobs/queue.ts";
import type { DocDeps } from "../../../core/documents/deps.ts";

const dir = await mkdtemp(join(tmpdir(), "quire-recover-"));
const db = await openTestDatabase(dir);
after(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

const bus = makeBus();
const instance = (owner: string) => ({ db, bus, owner, now: () => new Date(), log: () => undefined, finalMessages: enqueueFinal }) as unknown as DocDeps;

const orphan = async (id: string) => {
  const org = await createOrganization(db, `org of ${id}`);
  const project = await createProject(db, { organizationId: org.id, name: "default", region: "eu" });
  await db("documents").insert(jobRow({ id, organization_id: org.id, project_id: project.id, status: "running", phase: "rendering", request: { format: "docx" } }));
  await db("jobs").insert({ document_id: id, state: "running", owner: "proc_gone", attempts: 1, started_at: new Date().toISOString(), created_at: new Date().toISOString() });
};

test("two instances sweeping at once queue a gone instance's job again once, its attempt kept", async () => {
  await orphan("doc_01JORPHAN00000000000000001");
  // Each knows the other is alive, as their heartbeats say: a sweep that reads the job after the other took it over
  // must leave it to that live owner.
  const live = ["proc_a", "proc_b"];
  await Promise.all([recoverInterrupted(instance("proc_a"), live), recoverInterrupted(instance("proc_b"), live)]);
  const job = await db("jobs").where({ document_id: "doc_01JORPHAN00000000000000001" }).first();
  assert.deepEqual([job.state, job.owner, job.attempts], ["queued", null, 1]);
  const resumed = (await listEvents(db, "doc_01JORPHAN00000000000000001")).filter((e) => e.type === "status.changed");
  assert.equal(resumed.length, 1, "one sweep resumed it, the other found it taken");
  assert.equal((await db("documents").where({ id: "doc_01JORPHAN00000000000000001" }).first()).status, "queued");
});

test("a job claimed again after a sweep read it as orphaned stays with its new owner", async () => {
  await orphan("doc_01JORPHAN00000000000000002");
  await recoverInterrupted(instance("proc_a"), ["proc_a"]);
  // The oldest queued job is claimed first: the first test's, then this one.
  for (let i = 0; i < 3 && (await claim(db, "proc_c", new Date()))?.documentId !== "doc_01JORPHAN00000000000000002"; i += 1);
  // A second sweep that read the orphan before that claim comes late: its move from the gone owner finds nothing.
  assert.equal(await takeOver(db, "doc_01JORPHAN00000000000000002", "proc_gone", "proc_b"), false);
  const job = await db("jobs").where({ document_id: "doc_01JORPHAN00000000000000002" }).first();
  assert.deepEqual([job.state, job.owner, job.attempts], ["running", "proc_c", 2]);
});
