/**
 * The service on PostgreSQL (issue 18): the run's throwaway cluster (or one the file starts itself when run alone),
 * every migration run on it. First one instance alone, with the main flows: direct and background documents with
 * their events, idempotent replays, cancel, an upload reviewed and extracted, an artifact's owner API, and one
 * organization's documents hidden from another (the same flows run on SQLite in the other suites).
 *
 * Then a second instance on the same database and blob folder: documents sent to both are made once, direct answers
 * come from either, a key revoked on one is refused by the other at once, an artifact's records reach a page's stream
 * on the other, the rate limit holds across both, and an instance killed or stopped mid-job hands its work to the
 * other. Each test that needs `a` to render slowly or to run with another limit starts it again; they are ordered so
 * as few starts as possible serve them all (six in all, for the two suites).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import knexFactory, { type Knex } from "knex";
import { startService, type Service } from "../support/service.ts";
import { fileDatabases, postgresAvailable } from "../support/postgres.ts";
import { docxText, download, getDoc, MARKDOWN, readEvents, waitFor, type Doc } from "../support/documents.ts";
import { checkResponse } from "../support/contract.ts";
import { createSession } from "../../core/auth/tenancy.ts";
import { onOrigin, streamOnOrigin } from "../support/origin.ts";

const { database, stop } = fileDatabases();
const skip = postgresAvailable() ? false : "PostgreSQL is not installed (Debian package postgresql)";
/** Documents the two instances share in the first test. */
const DOCS = 40;


/**
 * Cuts every instance's LISTEN connection (each reconnects after a second): news sent meanwhile is lost, as in a
 * network blip. Resolves once no listener is left.
 */
const listeners = (db: Knex) => db("pg_stat_activity").where("query", "like", "LISTEN %").andWhereNot("pid", db.raw("pg_backend_pid()"));
const deafen = async (db: Knex) => {
  const cut = await listeners(db).select(db.raw("pg_terminate_backend(pid)"));
  assert.ok(cut.length >= 2, `both instances' LISTEN connections cut (${cut.length})`);
  while (Number((await listeners(db).count({ n: "*" }))[0]!.n) > 0) await new Promise((r) => setTimeout(r, 10));
};

/** Resolves once both instances listen again after `deafen`: what a test that needs their notices waits for. */
const hearing = async (db: Knex) => {
  const until = Date.now() + 15_000;
  while (Number((await listeners(db).count({ n: "*" }))[0]!.n) < 2) {
    assert.ok(Date.now() < until, "the instances did not listen again within 15 s");
    await new Promise((r) => setTimeout(r, 20));
  }
};

let url: string;
let dataDir: string;
let env: Record<string, string>;
let a: Service;
let b: Service;
let db: Knex;

// `a` serves the first suite alone; `b` joins it on the same database for the second.
before(async () => {
  if (skip) return;
  url = await database();
  // One blob folder for both, as a shared volume would be: any instance serves any download.
  dataDir = await mkdtemp(join(tmpdir(), "quire-shared-"));
  // A heartbeat stale after 4 s: at 1.5 s a loaded machine let one instance take the other's running job (claimed
  // twice); the crash tests wait that much longer for the takeover.
  env = { QUIRE_DATABASE_URL: url, QUIRE_DATA_DIR: dataDir, QUIRE_INSTANCE_STALE_MS: "4000", QUIRE_RATE_LIMIT_PER_MINUTE: "1000", QUIRE_DIRECT_WAIT_MS: "30000", QUIRE_SIGNING_SECRET: "shared-secret-for-both-instances" };
  a = await startService(env);
});

after(async () => {
  await a?.stop();
  await b?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await stop();
});

describe("the service on PostgreSQL", { skip }, () => {
  test("/healthz names the database and the engines; /readyz says the instance takes requests", async () => {
    const health = await fetch(`${a.origin}/healthz`);
    const body = await health.text();
    checkResponse("GET /healthz", health.status, health.headers.get("content-type") ?? "", body);
    const checks = (JSON.parse(body) as { checks: Record<string, { status: string; detail: string }> }).checks;
    assert.equal(checks.database!.status, "ok");
    assert.match(checks.database!.detail, /^PostgreSQL, answered in \d+ ms$/);
    assert.ok(["ok", "checking"].includes(checks.libreoffice!.status));
    const ready = await fetch(`${a.origin}/readyz`);
    const readyBody = await ready.text();
    checkResponse("GET /readyz", ready.status, ready.headers.get("content-type") ?? "", readyBody);
    assert.equal(ready.status, 200);
    assert.equal(JSON.parse(readyBody).status, "ready");
  });

  test("a document made directly, and one in the background followed by its events", async () => {
    const { data, response } = await a.client.POST("/documents", { body: { format: "docx", content: { markdown: MARKDOWN } } as never });
    assert.equal(response.status, 200);
    const doc = data as Doc;
    assert.equal(doc.status, "ready");
    const { bytes } = await download(doc.outputs!.find((o) => o.kind === "docx")!.url);
    assert.match(docxText(bytes), /Quarterly Report/);

    const background = await a.client.POST("/documents", { body: { format: "pdf", background: true, content: { markdown: MARKDOWN } } as never });
    assert.equal(background.response.status, 202);
    const id = (background.data as Doc).id;
    const done = await waitFor(a.client, id, undefined, 60_000);
    assert.equal(done.status, "ready");
    const { events } = await readEvents(a.client, id);
    assert.equal(events[0]!.type, "document.created");
    assert.equal(events.at(-1)!.type, "document.ready");
    assert.ok(events.every((e, i) => e.sequence === i + 1), "events numbered from 1 without gaps");
  });

  test("the same Idempotency-Key and body give the same document; a cancel stops one", async () => {
    const body = { format: "docx", background: true, content: { markdown: MARKDOWN } } as never;
    const headers = { "Idempotency-Key": "pg-replay-1" };
    const first = await a.client.POST("/documents", { body, headers });
    const again = await a.client.POST("/documents", { body, headers });
    assert.equal((again.data as Doc).id, (first.data as Doc).id);

    const slow = await a.client.POST("/documents", { body: { format: "docx", background: true, content: { markdown: MARKDOWN } } as never });
    const cancel = await a.client.POST("/documents/{document_id}/cancel", { params: { path: { document_id: (slow.data as Doc).id } } });
    assert.ok([200, 202, 409].includes(cancel.response.status), `cancel answered ${cancel.response.status}`);
    const settled = await waitFor(a.client, (slow.data as Doc).id, undefined, 60_000);
    assert.ok(["canceled", "ready"].includes(settled.status));
  });

  test("an uploaded file is reviewed and extracted", async () => {
    const made = await a.client.POST("/documents", { body: { format: "docx", content: { markdown: MARKDOWN } } as never });
    const { bytes } = await download((made.data as Doc).outputs!.find((o) => o.kind === "docx")!.url);
    const form = new FormData();
    form.append("file", new Blob([bytes]), "report.docx");
    const uploaded = await fetch(`${a.baseUrl}/files`, { method: "POST", body: form, headers: { Authorization: `Bearer ${a.key}` } });
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    const file = ((await uploaded.json()) as { id: string }).id;
    const review = await a.client.POST("/documents", { body: { operation: "review", file } as never });
    assert.equal(review.response.status, 200);
    assert.ok(["ready", "ready_with_warnings", "needs_review"].includes((review.data as Doc).status));
    const extract = await a.client.POST("/extract", { body: { file } as never });
    assert.equal(extract.response.status, 200);
    assert.match(JSON.stringify(extract.data), /Quarterly Report/);
  });

  test("an artifact's owner API; another organization sees nothing", async () => {
    const page = await a.client.POST("/documents", {
      body: { format: "artifact", content: { markdown: "# Lunch\n\n```form signups\nName: text required\n```\n\n```list signups\n```\n" } } as never,
    });
    assert.equal(page.response.status, 200, JSON.stringify(page.error));
    const data = await a.client.GET("/documents/{document_id}/data", { params: { path: { document_id: (page.data as Doc).id } } });
    assert.equal(data.response.status, 200);

    // Another organization's key sees nothing of it.
    const other = await a.as(a.otherKey).GET("/documents/{document_id}", { params: { path: { document_id: (page.data as Doc).id } } });
    assert.equal(other.response.status, 404);
  });
});

/**
 * Background documents sent to `a` (which renders slowly) until it runs one of them: its instance's owner and that
 * document. `b` may take some of them meanwhile.
 */
const slowJobOnA = async (title: string): Promise<{ owner: string; taken: string }> => {
  const [owner] = (await db("instances").orderBy("started_at", "desc")).map((r: { owner: string }) => r.owner);
  const ids: string[] = [];
  let taken: string | undefined;
  for (let i = 0; i < 20 && !taken; i += 1) {
    const { data } = await a.client.POST("/documents", { body: { format: "docx", background: true, content: { markdown: `# ${title} ${i}\n\nText.` } } as never });
    ids.push((data as Doc).id);
    await new Promise((r) => setTimeout(r, 300));
    taken = (await db("jobs").whereIn("document_id", ids).andWhere({ state: "running", owner }).first())?.document_id;
  }
  assert.ok(taken, "the slow instance took a job");
  return { owner: owner!, taken };
};

describe("two instances on one PostgreSQL", { skip }, () => {
  before(async () => {
    b = await startService(env);
    db = knexFactory({ client: "pg", connection: url, pool: { min: 0, max: 2 } });
  });

  after(async () => {
    await db?.destroy();
  });

  // 40 documents show it; `BENCH_DOCS=200 npm run bench:scale` sends 200 and fails the same way if one is made twice.
  test("40 documents sent to both are each made once, by one instance or the other; an idempotent replay works across them", async () => {
    const ids: string[] = [];
    for (let i = 0; i < DOCS; i += 1) {
      const via = i % 2 ? b : a;
      const { data, response } = await via.client.POST("/documents", { body: { format: "docx", background: true, content: { markdown: `# Note ${i}\n\nText ${i}.` } } as never });
      assert.equal(response.status, 202);
      ids.push((data as Doc).id);
    }
    for (const id of ids) assert.equal((await waitFor(a.client, id, undefined, 240_000)).status, "ready");
    const jobs: Array<{ document_id: string; attempts: number; state: string }> = await db("jobs").whereIn("document_id", ids);
    assert.equal(jobs.length, DOCS);
    assert.ok(jobs.every((j) => j.attempts === 1 && j.state === "done"), "no job was claimed twice");
    assert.equal(new Set(jobs.map((j) => (j as unknown as { owner: string }).owner)).size, 2, "both instances worked");
    for (const id of ids) {
      const ready = (await readEvents(b.client, id)).events.filter((e) => e.type === "document.ready");
      assert.equal(ready.length, 1, `${id} finished once`);
    }
    // Either instance serves the other's files.
    const doc = await getDoc(b.client, ids[0]!);
    const { res } = await download(doc.outputs!.find((o) => o.kind === "docx")!.url);
    assert.equal(res.status, 200);

    // The same key and body sent to the other instance replays the same document.
    const body = { format: "docx", background: true, content: { markdown: "# Replayed" } } as never;
    const first = await a.client.POST("/documents", { body, headers: { "Idempotency-Key": "across-instances" } });
    const again = await b.client.POST("/documents", { body, headers: { "Idempotency-Key": "across-instances" } });
    assert.equal((again.data as Doc).id, (first.data as Doc).id);
  });

  test("direct mode answers on the instance asked, whichever made the document; an API key revoked on one is refused by the other at once", async () => {
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => a.client.POST("/documents", { body: { format: "docx", content: { markdown: `# Direct ${i}\n\nText.` } } as never })),
    );
    assert.deepEqual(made.map((m) => m.response.status), [200, 200, 200, 200, 200, 200], "every answer came before the wait ran out");
    const ids = made.map((m) => (m.data as Doc).id);
    // Both instances took some (the other one woken by the new jobs' notice), so the answers on `a` for the
    // documents `b` made came through the notifications between them.
    const makers = new Set((await db("jobs").whereIn("document_id", ids).select("owner")).map((j: { owner: string }) => j.owner));
    assert.equal(makers.size, 2, "both instances made some of them");

    const org = (await db("organizations").where({ name: "acme" }).first("id")).id as string;
    const session = await createSession(db, org);
    const created = await fetch(`${a.baseUrl}/api-keys`, { method: "POST", headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" }, body: JSON.stringify({ name: "temporary" }) });
    assert.equal(created.status, 201, await created.clone().text());
    const key = (await created.json()) as { id: string; key: string };
    const probe = () => fetch(`${b.baseUrl}/documents/${ids[0]}`, { headers: { Authorization: `Bearer ${key.key}` } });
    assert.equal((await probe()).status, 200, "the key works on the other instance (and is in its cache)");
    // No notice between the instances can carry the revocation: their LISTEN connections are cut just before it.
    await deafen(db);
    const revoked = await fetch(`${a.baseUrl}/api-keys/${key.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${session.token}` } });
    assert.equal(revoked.status, 200);
    assert.equal((await probe()).status, 401, "the very next request on the other instance is refused: no window");
    // The next test needs the notices between the instances again.
    await hearing(db);
  });

  test("an artifact record written through one instance reaches a page's stream on the other in under a second", async () => {
    const { data } = await a.client.POST("/documents", {
      body: { format: "artifact", content: { markdown: "# Lunch\n\n```form signups\nName: text required\n```\n\n```list signups\n```\n" } } as never,
    });
    const page = (data as Doc).outputs!.find((o) => o.kind === "html")!;
    const u = new URL(page.url);
    const token = `${u.searchParams.get("exp")}.${u.searchParams.get("sig")}`;
    const slug = (data as Doc).id.slice(4).toLowerCase();
    const originOf = (svc: Service) => `http://${slug}.localhost:${new URL(svc.origin).port}`;
    const stream = await streamOnOrigin(`${originOf(b)}/_db/signups/events`, { "x-quire-token": token, accept: "text/event-stream" });
    try {
      assert.equal(stream.status, 200);
      await new Promise((r) => setTimeout(r, 200));
      const written = performance.now();
      const put = await onOrigin(`${originOf(a)}/_db/signups/ana`, { method: "PUT", headers: { "x-quire-token": token, "content-type": "application/json" }, body: JSON.stringify({ Name: "Ana" }) });
      assert.equal(put.status, 200, put.body);
      while (!stream.received().includes("Ana") && performance.now() - written < 3_000) await new Promise((r) => setTimeout(r, 10));
      const ms = performance.now() - written;
      assert.ok(stream.received().includes("Ana"), `the other instance's stream got: ${stream.received().slice(0, 300)}`);
      assert.ok(ms < 1_000, `reached the other instance after ${Math.round(ms)} ms`);
      // The artifact's 120 writes a minute are counted across both instances.
      const puts: number[] = [];
      for (let i = 1; i < 121; i += 1) {
        const via = i % 2 ? b : a;
        puts.push((await onOrigin(`${originOf(via)}/_db/signups/p${i}`, { method: "PUT", headers: { "x-quire-token": token, "content-type": "application/json" }, body: JSON.stringify({ Name: `P${i}` }) })).status);
      }
      assert.deepEqual([...new Set(puts.slice(0, 119))], [200], "119 more writes, 120 in all, spread over both");
      assert.equal(puts[119], 429, "the 121st write of the minute is refused, whichever instance takes it");
    } finally {
      stream.close();
    }
  });

  // `a` renders slowly from here on, for this test and the next; it is killed at the end of the next.
  test("a document's stream on one instance ends with the final event made on the other, also when the notice of it is lost", async () => {
    await a.restart({ QUIRE_RENDER_DELAY_MS: "15000" });
    const { taken } = await slowJobOnA("Watched");
    const reading = readEvents(b.client, taken);
    await new Promise((r) => setTimeout(r, 300));
    // The final event is made on `a` while no instance listens: `b` never hears of it.
    await deafen(db);
    const cancel = await a.client.POST("/documents/{document_id}/cancel", { params: { path: { document_id: taken } } });
    assert.ok([200, 202].includes(cancel.response.status), `cancel answered ${cancel.response.status}`);
    const started = Date.now();
    const { events } = await Promise.race([reading, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the stream on the other instance still hangs after 20 s")), 20_000))]);
    assert.equal(events.at(-1)!.type, "document.canceled");
    assert.ok(Date.now() - started < 15_000, `ended ${Date.now() - started} ms after the cancel`);
  });

  test("an instance killed mid-job: the other takes its documents over and finishes them", async () => {
    // `a` still renders slowly from the test before: no restart.
    const { owner, taken } = await slowJobOnA("Slow");
    await a.kill();
    const done = await waitFor(b.client, taken, undefined, 60_000);
    assert.equal(done.status, "ready");
    const job = await db("jobs").where({ document_id: taken }).first();
    assert.equal(job.attempts, 2, "claimed again after its instance died");
    assert.notEqual(job.owner, owner);
    const resumed = (await readEvents(b.client, taken)).events.some((e) => e.type === "status.changed" && (e.data as { reason?: string }).reason?.includes("resumed"));
    assert.ok(resumed);
  });

  test("an instance stopped mid-job (SIGTERM): /readyz answers 503 at once, and the other finishes the document it handed back", async () => {
    await a.restart({ QUIRE_RENDER_DELAY_MS: "15000", QUIRE_SHUTDOWN_GRACE_MS: "3000" });
    const { owner, taken } = await slowJobOnA("Stopped");
    process.kill(a.pid, "SIGTERM");
    const readyz = () => fetch(`${a.origin}/readyz`).catch((error) => assert.fail(`${error.cause ?? error}; the instance said:\n${a.logs().slice(-3000)}`));
    let ready = await readyz();
    for (const until = Date.now() + 1_000; ready.status === 200 && Date.now() < until; ) ready = await readyz();
    assert.equal(ready.status, 503, "a load balancer is told at once");
    assert.equal(((await ready.json()) as { status: string }).status, "stopping");
    assert.equal((await db("jobs").where({ document_id: taken }).first()).state, "running", "…while the job still runs in its grace period");

    const done = await waitFor(b.client, taken, undefined, 60_000);
    assert.equal(done.status, "ready");
    const job = await db("jobs").where({ document_id: taken }).first();
    assert.notEqual(job.owner, owner, "the other instance made it");
    assert.equal(job.attempts, 1, "a graceful stop does not count as an attempt");
    const reasons = (await readEvents(b.client, taken)).events.filter((e) => e.type === "status.changed").map((e) => (e.data as { reason?: string }).reason);
    assert.ok(reasons.some((r) => r?.includes("handed back")), `handed back: ${JSON.stringify(reasons)}`);
  });

  // Last, so neither instance needs starting again with the suite's own limit.
  test("the rate limit holds across the two: 40 a minute for an organization, wherever its requests land", async () => {
    await a.restart({ QUIRE_RATE_LIMIT_PER_MINUTE: "40" });
    await b.restart({ QUIRE_RATE_LIMIT_PER_MINUTE: "40" });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const via = i % 2 ? b : a;
      const { data, response } = await via.as(via.otherKey).POST("/documents", { body: { format: "docx", background: true, content: { markdown: `# Burst ${i}` } } as never });
      statuses.push(response.status);
      if (data) await via.as(via.otherKey).POST("/documents/{document_id}/cancel", { params: { path: { document_id: (data as Doc).id } } });
    }
    assert.deepEqual([...new Set(statuses)], [202]);
    const over = await b.as(b.otherKey).POST("/documents", { body: { format: "docx", background: true, content: { markdown: "# One more" } } as never });
    assert.equal(over.response.status, 429);
    assert.ok(Number(over.response.headers.get("retry-after")) >= 1);
  });
});
