/**
 * The documents' store contract, part two (on SQLite, and on PostgreSQL through scripts/test-postgres.ts): a job is
 * claimed once even by instances claiming at once; the status transitions happen once each from the statuses they
 * are allowed from, a cancel racing a finish leaves exactly one winner; events take consecutive sequence numbers,
 * concurrent writers included; a final transition writes its webhook messages (core/webhooks/outbox.ts, given as the
 * composition root gives it) for the project's endpoints that want the event; a run stores its outputs in position
 * order and a cancel that wins drops them; a job handed back is not counted, one interrupted too often fails; and a
 * version saved by hand is a finished document of its own.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { appendEvent, listEvents } from "../../../core/events/store.ts";
import { cancel, fail, finish, markRunning, setPhase, type Deps } from "../../../core/documents/lifecycle.ts";
import { findDocument, listOutputs, loadWire, outputById, rowById, statusById, type DocumentRow } from "../../../core/documents/repo.ts";
import { freshOutputs, reportOf } from "../../../core/documents/read.ts";
import { createVersion } from "../../../core/documents/versions.ts";
import { claim, complete, MAX_ATTEMPTS, requeue } from "../../../core/jobs/queue.ts";
import { handBack, recoverInterrupted } from "../../../core/jobs/recover.ts";
import { claimDue } from "../../../core/webhooks/outbox.ts";
import { beat, forgetGone, leave, liveOwners } from "../../../core/jobs/instances.ts";
import { createEndpoint, deleteEndpoint } from "../../../core/webhooks/endpoints.ts";
import { ProcessingFailure } from "../../../core/errors.ts";
import { made, openDocStore, output, tagged, type DocStore, type Tenant } from "./store-support.ts";

let s: DocStore;
let t: Tenant;
let notified = 0;
let deps: Deps;
const endpoints: Record<"all" | "failedOnly" | "deleted" | "otherProject", string> = { all: "", failedOnly: "", deleted: "", otherProject: "" };

before(async () => {
  s = await openDocStore("documents-lifecycle");
  t = await s.tenant();
  deps = { ...s.deps, webhooks: { notify: () => void (notified += 1) } };
  const hooks = { db: s.db, now: s.clock.now, newId: s.deps.newId, allowPrivateUrls: true };
  const hook = async (tenant: Tenant, path: string, types?: string[]) => (await createEndpoint(hooks, tenant.principal, { url: `http://127.0.0.1:9/${path}`, event_types: types })).id;
  endpoints.all = await hook(t, "all");
  endpoints.failedOnly = await hook(t, "failed", ["document.failed"]);
  endpoints.deleted = await hook(t, "deleted");
  await deleteEndpoint(hooks, t.principal, endpoints.deleted);
  endpoints.otherProject = await hook(await s.tenant("other"), "other");
});
after(() => s.close());

/** The webhook messages written for `documentId` (read by leasing what is due, as a deliverer would): endpoint and type. */
const seen: Array<{ endpoint: string; documentId: string; type: string; status: string }> = [];
const messages = async (documentId: string) => {
  const { claimed } = await claimDue(s.db, { owner: "proc_reader", now: new Date(Date.UTC(2100, 0, 1)), leaseMs: 60_000, limit: 1000, freeSlots: () => 1000, full: [] });
  for (const c of claimed) {
    const body = JSON.parse(c.body);
    seen.push({ endpoint: c.endpointId, documentId: body.data.document_id, type: body.type, status: body.data.status });
  }
  return seen.filter((m) => m.documentId === documentId).map((m) => [m.endpoint, m.type, m.status]);
};

const types = async (id: string) => (await listEvents(s.db, id)).map((e) => e.type);

/** Claims until this document's job comes up; the jobs of earlier tests taken on the way are closed. */
const claimJob = async (id: string, owner: string) => {
  for (let i = 0; i < 100; i++) {
    const job = await claim(s.db, owner, s.clock.now());
    if (!job) break;
    if (job.documentId === id) return job;
    await complete(s.db, job.documentId, owner);
  }
  throw new Error(`the job of ${id} was not claimable`);
};

const finishing = (over: Partial<Parameters<typeof finish>[2]> = {}) => ({ status: "ready" as const, pages: 1, report: null, validationSummary: { errors: 0, warnings: 0, info: 0 }, chargeUnits: 1, ...over });

test("a job is claimed once, even by instances claiming at once", async () => {
  const mine = await Promise.all(Array.from({ length: 6 }, () => s.create(t)));
  const got = (
    await Promise.all(Array.from({ length: 15 }, async (_, i) => ({ owner: `proc_${i % 3}`, job: await claim(s.db, `proc_${i % 3}`, s.clock.now()) })))
  ).filter((c) => c.job !== null);
  assert.equal(got.length, 6, "one claim per queued job, the rest found none");
  assert.deepEqual(new Set(got.map((c) => c.job!.documentId)), new Set(mine.map((r) => r.id)));
  assert.deepEqual(got.map((c) => c.job!.attempts), [1, 1, 1, 1, 1, 1]);
  assert.equal(await claim(s.db, "proc_late", s.clock.now()), null);
  for (const { owner, job } of got) {
    assert.equal(await complete(s.db, job!.documentId, owner === "proc_0" ? "proc_1" : "proc_0"), 0, "only its owner completes a job");
    assert.equal(await complete(s.db, job!.documentId, owner), 1);
  }
});

describe("status transitions", () => {
  test("queued → running → finished, each once; the events in sequence; the message to the endpoints that want it; the charge", async () => {
    await s.db("organizations").where({ id: t.organizationId }).update({ balance: 10 }); // set as the command line sets it
    const row = await s.create(t);
    assert.equal(await markRunning(deps, row.id), true);
    assert.equal(await markRunning(deps, row.id), false);
    await setPhase(deps, row.id, "rendering");
    s.clock.advance(5_000);
    const report = { document_id: row.id, issues: [], note: "ñ ✓" };
    const done = finishing({ status: "ready_with_warnings", pages: 3, chargeUnits: 3, report, validationSummary: { errors: 0, warnings: 1, info: 0 }, settled: { type: "memo", sector: "legal" } });
    assert.equal(await finish(deps, row, done), true);
    for (const again of [() => finish(deps, row, done), () => fail(deps, row, { code: "processing_failed", message: "late" }), () => cancel(deps, row), () => markRunning(deps, row.id)]) {
      assert.equal(await again(), false, "a finished document changes no more");
    }
    await setPhase(deps, row.id, "too late");
    const read = (await rowById(s.db, row.id))!;
    const completed = s.clock.now();
    assert.deepEqual(
      [read.status, read.phase, read.pages, read.type, read.sector, read.charge_units, Boolean(read.charged), read.completed_at, read.expires_at],
      ["ready_with_warnings", "done", 3, "memo", "legal", 3, true, completed.toISOString(), new Date(completed.getTime() + 30 * 86_400_000).toISOString()],
    );
    assert.equal((await s.db("organizations").where({ id: t.organizationId }).first("balance")).balance, 7);
    const events = await listEvents(s.db, row.id);
    assert.deepEqual(events.map((e) => [e.sequence, e.type]), [[1, "document.created"], [2, "quality.chosen"], [3, "status.changed"], [4, "phase.changed"], [5, "document.ready"]]);
    assert.deepEqual(events.at(-1)!.data, { status: "ready_with_warnings", error: null });
    assert.deepEqual((await listEvents(s.db, row.id, 3)).map((e) => e.sequence), [4, 5]);
    assert.deepEqual(await reportOf(s.db, read), report);
    assert.deepEqual((await loadWire(s.db, read, s.deps.signer, s.clock.now())).validation_summary, { errors: 0, warnings: 1, info: 0 });
    assert.deepEqual(await messages(row.id), [[endpoints.all, "document.ready", "ready_with_warnings"]]);
    assert.equal(notified, 1);
  });

  test("a failure is kept with its error, charges nothing, and tells both endpoints that want failures", async () => {
    const balance = (await s.db("organizations").where({ id: t.organizationId }).first("balance")).balance;
    const row = await s.create(t);
    assert.equal(await fail(deps, row, { code: "content_empty", message: "Nothing to lay out." }), true);
    assert.equal(await cancel(deps, row), false);
    const read = (await findDocument(s.db, t.organizationId, row.id))!;
    assert.deepEqual([read.status, read.error_code, read.error_message, read.charge_units, Boolean(read.charged)], ["failed", "content_empty", "Nothing to lay out.", 0, false]);
    const wire = await loadWire(s.db, read, s.deps.signer, s.clock.now());
    assert.deepEqual([wire.error, wire.outputs], [{ code: "content_empty", message: "Nothing to lay out." }, []]);
    assert.equal((await s.db("organizations").where({ id: t.organizationId }).first("balance")).balance, balance);
    await s.db("organizations").where({ id: t.organizationId }).update({ balance: null }); // unlimited again
    assert.deepEqual((await types(row.id)).at(-1), "document.failed");
    assert.deepEqual(new Set(await messages(row.id)), new Set([[endpoints.all, "document.failed", "failed"], [endpoints.failedOnly, "document.failed", "failed"]]));
  });

  test("a cancel racing a finish or a failure: exactly one wins, with one final event and one message", async () => {
    const rows = await Promise.all(Array.from({ length: 6 }, () => s.create(t)));
    await Promise.all(rows.slice(0, 4).map((r) => markRunning(deps, r.id)));
    const outcomes = await Promise.all(
      rows.map(async (r, i) => {
        const [other, canceled] = await Promise.all([i < 4 ? finish(deps, r, finishing()) : fail(deps, r, { code: "processing_failed", message: "x" }), cancel(deps, r)]);
        return { r, other, canceled };
      }),
    );
    for (const { r, other, canceled } of outcomes) {
      assert.equal(Number(other) + Number(canceled), 1, `one transition of ${r.id} won`);
      const status = await statusById(s.db, r.id);
      assert.equal(status, canceled ? "canceled" : rows.indexOf(r) < 4 ? "ready" : "failed");
      const finals = (await types(r.id)).filter((e) => ["document.ready", "document.failed", "document.canceled"].includes(e));
      assert.deepEqual(finals, [canceled ? "document.canceled" : rows.indexOf(r) < 4 ? "document.ready" : "document.failed"]);
      assert.deepEqual((await messages(r.id)).filter(([e]) => e === endpoints.all).map(([, , st]) => st), [status]);
    }
  });

  test("a final transition whose messages cannot be written does not happen: status, messages and event stay as they were", async () => {
    const row = await s.create(t);
    await markRunning(deps, row.id);
    const broken: Deps = {
      ...deps,
      finalMessages: async (trx, id, at) => {
        await s.deps.finalMessages(trx, id, at);
        throw new Error("the outbox is unavailable");
      },
    };
    await assert.rejects(finish(broken, row, finishing()), /outbox is unavailable/);
    await assert.rejects(cancel(broken, row), /outbox is unavailable/);
    const read = (await rowById(s.db, row.id))!;
    assert.deepEqual([read.status, read.completed_at, Boolean(read.charged)], ["running", null, false]);
    assert.deepEqual(await messages(row.id), []);
    assert.deepEqual((await types(row.id)).at(-1), "status.changed");
    assert.equal(await finish(deps, row, finishing()), true, "it finishes once the outbox is back");
    assert.deepEqual(await messages(row.id), [[endpoints.all, "document.ready", "ready"]]);
  });

  test("events written at once by several writers take distinct, consecutive sequence numbers", async () => {
    const row = await s.create(t);
    const written = await Promise.all(Array.from({ length: 8 }, (_, i) => appendEvent(s.db, s.deps.bus, row.id, "source.selected", { i }, s.clock.now())));
    assert.deepEqual(written.map((e) => e.sequence).sort((a, b) => a - b), [3, 4, 5, 6, 7, 8, 9, 10]);
    const stored = await listEvents(s.db, row.id);
    assert.deepEqual(stored.map((e) => e.sequence), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const e of written) assert.deepEqual(stored[e.sequence - 1]!.data, e.data);
  });
});

describe("a run's outputs", () => {
  const OUTPUTS = [output("docx", "Report.docx"), output("pdf", "Report.pdf"), output("preview", "page-1.png", { page: 1, width: 794, height: 1123 }), output("preview", "page-2.png", { page: 2, width: 794, height: 1123 })];
  test("are listed in position order, each found by id, with the events the run told in between", async () => {
    const row = await s.create(t);
    await s.run(row.id, async (ctx) => {
      await ctx.phase("rendering");
      await ctx.event("source.selected", { used: 1 });
      return made(OUTPUTS);
    });
    const outputs = await listOutputs(s.db, row.id);
    assert.deepEqual(outputs.map((o) => [o.position, o.kind, o.filename, o.page, o.width, o.height, o.bytes]), OUTPUTS.map((o, i) => [i, o.kind, o.filename, o.page ?? null, o.width ?? null, o.height ?? null, o.bytes.byteLength]));
    assert.deepEqual(await listOutputs(s.plain, row.id), outputs);
    for (const o of outputs) {
      assert.deepEqual(await outputById(s.db, o.id), o);
      assert.deepEqual(await s.deps.blobs.get(o.blob_key), Buffer.from(`${o.kind} ${o.filename}`));
    }
    assert.equal(await outputById(s.db, "out_01J00000000000000000000000"), undefined);
    const read = (await findDocument(s.db, t.organizationId, row.id))!;
    assert.deepEqual([read.status, read.pages], ["ready", 2]);
    const wire = await loadWire(s.db, read, s.deps.signer, s.clock.now());
    assert.deepEqual(wire.outputs!.map((o) => [o.id, o.kind, o.page]), outputs.map((o) => [o.id, o.kind, o.page ?? undefined]));
    assert.deepEqual((await freshOutputs(s.db, read, s.deps.signer, s.clock.now())).map((o) => o.id), outputs.map((o) => o.id));
    assert.deepEqual(await types(row.id), ["document.created", "quality.chosen", "status.changed", "phase.changed", "source.selected", "phase.changed", "document.ready"]);
  });

  test("a cancel that wins during the run drops what it made; a failure keeps none", async () => {
    const canceled = await s.create(t);
    await s.run(canceled.id, async () => {
      assert.equal(await cancel(deps, canceled), true);
      return made(OUTPUTS);
    });
    assert.equal(await statusById(s.db, canceled.id), "canceled");
    assert.deepEqual(await listOutputs(s.db, canceled.id), []);
    assert.deepEqual((await types(canceled.id)).at(-1), "document.canceled");

    const failed = await s.create(t);
    await s.run(failed.id, async () => {
      throw new ProcessingFailure({ code: "content_empty", message: "The content is empty." });
    });
    const read = (await rowById(s.db, failed.id))!;
    assert.deepEqual([read.status, read.error_code], ["failed", "content_empty"]);
    assert.deepEqual(await listOutputs(s.db, failed.id), []);
  });

  test("a version saved by hand is a finished document of its own, holding the file of its parent's first output", async () => {
    const parent = await s.create(t, { format: "pdf", content: { markdown: "# P" }, retention: "7d" });
    await s.run(parent.id, async () => made([output("pdf", "P.pdf", { bytes: Buffer.from("%PDF-1.7\n%%EOF\n") })]));
    s.clock.advance(60_000);
    const version = await createVersion(s.deps, t.principal, parent.id, { file: parent.id, name: "Hand edit" });
    const read = (await findDocument(s.db, t.organizationId, version.id))!;
    assert.deepEqual(
      [read.operation, read.mode, read.parent_id, read.status, read.format, read.name, read.pages, read.retention, Boolean(read.store), Boolean(read.charged), read.charge_units],
      ["edit", "manual", parent.id, "ready", "pdf", "Hand edit", 2, "7d", true, false, 0],
    );
    assert.equal(read.expires_at, new Date(s.clock.now().getTime() + 7 * 86_400_000).toISOString());
    const [file] = await listOutputs(s.db, version.id);
    assert.deepEqual([file!.kind, file!.position, (await s.deps.blobs.get(file!.blob_key)).toString()], ["pdf", 0, "%PDF-1.7\n%%EOF\n"]);
    assert.deepEqual(await types(version.id), ["document.created", "document.ready"]);
    await assert.rejects(createVersion(s.deps, (await s.tenant("stranger")).principal, parent.id, { file: parent.id }), tagged("NotFound"));
    const docx = await s.create(t);
    await assert.rejects(createVersion(s.deps, t.principal, docx.id, { file: { data: Buffer.from("%PDF-1.7\n").toString("base64"), filename: "x.pdf" } }), tagged("FileRejected"));
  });
});

describe("jobs interrupted", () => {
  test("a job handed back on a graceful stop is queued again without counting the attempt", async () => {
    const row = await s.create(t);
    assert.equal((await claimJob(row.id, "proc_stopping")).attempts, 1);
    await markRunning(deps, row.id);
    await handBack({ ...s.deps, owner: "proc_stopping" }, row.id);
    assert.equal(await statusById(s.db, row.id), "queued");
    assert.deepEqual((await listEvents(s.db, row.id)).at(-1)!.data, { status: "queued", phase: "queued", reason: "handed back by an instance that is stopping" });
    assert.equal((await claimJob(row.id, "proc_next")).attempts, 1, "the attempt was given back");
    await cancel(deps, row);
  });

  test(`a job interrupted ${MAX_ATTEMPTS} times fails with processing_failed when taken over`, async () => {
    const row = await s.create(t);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      assert.equal((await claimJob(row.id, "proc_crashy")).attempts, attempt);
      if (attempt < MAX_ATTEMPTS) assert.equal(await requeue(s.db, row.id, "proc_crashy"), true);
    }
    await markRunning(deps, row.id);
    assert.equal(await requeue(s.db, row.id, "proc_someone_else"), false, "only the owner queues its job again");
    await recoverInterrupted({ ...s.deps, owner: "proc_survivor" }, ["proc_survivor"]);
    const read = (await rowById(s.db, row.id))!;
    assert.deepEqual([read.status, read.error_code], ["failed", "processing_failed"]);
    assert.deepEqual((await types(row.id)).at(-1), "document.failed");
    assert.deepEqual(new Set((await messages(row.id)).map(([e]) => e)), new Set([endpoints.all, endpoints.failedOnly]));
    assert.equal(await claim(s.db, "proc_survivor", s.clock.now()), null, "its job is closed");
  });

  test("instances: a beat is live, a second beat is the same instance, one that left is not, one silent for a day is forgotten", async () => {
    // Real time: on PostgreSQL heartbeats are stamped by the database's clock, which no test clock moves.
    const now = new Date();
    await beat(s.db, "proc_beating", now);
    await beat(s.db, "proc_beating", now);
    await beat(s.db, "proc_leaving", now);
    assert.deepEqual((await liveOwners(s.db, "proc_me", now, 30_000)).sort(), ["proc_beating", "proc_leaving", "proc_me"]);
    assert.deepEqual(await liveOwners(s.db, "proc_me", now, null), ["proc_me"], "a store of its own: no other instance is live");
    await leave(s.db, "proc_leaving");
    await forgetGone(s.db, now);
    assert.deepEqual((await liveOwners(s.db, "proc_me", now, 30_000)).sort(), ["proc_beating", "proc_me"]);
    await forgetGone(s.db, new Date(now.getTime() + 86_400_000 + 60_000));
    assert.deepEqual(await liveOwners(s.db, "proc_me", now, 30_000), ["proc_me"]);
  });
});
