/**
 * The outbox and the deliverer against real loopback receivers and a real store, with a fake clock driving the
 * retry schedule: retries at the scheduled gaps with one `webhook-id`, a hanging receiver timed out and retried,
 * giving up after the last attempt, redirects and non-public addresses refused, a dead receiver that costs a
 * healthy one nothing, two processes that never send the same attempt, leases taken over, and canceled rows.
 * Signatures are verified by the `standardwebhooks` package at the time of each attempt.
 */
import { after, afterEach, before, beforeEach, describe, mock, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Knex } from "knex";
import { Webhook } from "standardwebhooks";
import { openTestDatabase } from "../../support/store.ts";
import { Clock } from "../../../core/services/clock.ts";
import { newId } from "../../../core/services/ids.ts";
import { makeDeliverer, type DelivererOptions } from "../../../core/webhooks/deliverer.ts";
import { cancelForEndpoint, claimDue, enqueueFinal } from "../../../core/webhooks/outbox.ts";
import { newSecret } from "../../../core/webhooks/signing.ts";
import { RETRY_DELAYS_MS } from "../../../core/webhooks/schedule.ts";
import { validateWebhookEvent } from "../../../generated/validators.js";
import { waitUntil } from "../../support/wait.ts";

type Reply = "ok" | "fail" | "hang" | "redirect";

interface Receipt {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly at: number;
}

/** A loopback receiver whose answer per request is chosen by `script`; it records what it got. */
const receiver = async () => {
  const got: Receipt[] = [];
  const hanging = new Set<ServerResponse>();
  let script: (path: string, n: number) => Reply = () => "ok";
  let delayMs = 0;
  // Requests to a path being answered at once, and the most there were: what a per-endpoint cap bounds.
  const open = new Map<string, number>();
  const peaks = new Map<string, number>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const at = req.url!;
    open.set(at, (open.get(at) ?? 0) + 1);
    peaks.set(at, Math.max(peaks.get(at) ?? 0, open.get(at)!));
    // Done once the answer is handed over ("finish"), or the connection went ("close"): counted down once, before
    // the deliverer can have read the answer and sent the next one.
    let done = false;
    const settle = () => {
      if (done) return;
      done = true;
      open.set(at, open.get(at)! - 1);
    };
    res.on("finish", settle);
    res.on("close", settle);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url!;
      got.push({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const reply = script(path, got.filter((r) => r.path === path).length);
      if (reply === "ok" && delayMs) return void setTimeout(() => res.writeHead(204).end(), delayMs);
      if (reply === "ok") return res.writeHead(204).end();
      if (reply === "fail") return res.writeHead(503).end("down for maintenance");
      if (reply === "redirect") return res.writeHead(302, { location: "/elsewhere" }).end();
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    got,
    hanging,
    on: (fn: typeof script, delay = 0) => void ((script = fn), (delayMs = delay)),
    at: (path: string) => got.filter((r) => r.path === path),
    peak: (path: string) => peaks.get(path) ?? 0,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
};

let dir: string;
let db: Knex & { readonly url?: string };
let rx: Awaited<ReturnType<typeof receiver>>;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "quire-webhooks-"));
  db = await openTestDatabase(dir);
  rx = await receiver();
});
after(async () => {
  await rx.close();
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db("webhook_deliveries").delete();
  rx.got.length = 0;
  rx.on(() => "ok");
});

const log = (m: string, e?: unknown) => { if (process.env.DEBUG_WEBHOOKS) console.error(m, e); };
/** Deliverers of the running test, stopped after it even when it fails. */
const live: Array<ReturnType<typeof makeDeliverer>> = [];
const deliverer = (over: Partial<DelivererOptions> & Pick<DelivererOptions, "now">) => {
  const d = makeDeliverer({ db, owner: "proc_a", allowPrivate: true, concurrency: 16, perEndpoint: 2, timeoutMs: 2000, log, ...over });
  live.push(d);
  return d;
};
afterEach(async () => {
  await Promise.all(live.splice(0).map((d) => d.stop()));
});

const addEndpoint = async (projectId: string, url: string, eventTypes = ["document.ready", "document.failed", "document.canceled"]) => {
  const row = { id: newId("we"), organization_id: "org_t", project_id: projectId, url, event_types: JSON.stringify(eventTypes), secret: newSecret(), created_at: new Date().toISOString() };
  await db("webhook_endpoints").insert(row);
  return row;
};

/** A document of the project that has just finished with `status`, and its messages written as lifecycle does. */
const finishDocument = async (projectId: string, at: Date, status = "ready", operation = "create") => {
  const id = newId("doc");
  await db("documents").insert({
    id,
    organization_id: "org_t",
    project_id: projectId,
    name: "Board minutes — confidential",
    operation,
    format: "docx",
    status,
    versions: "{}",
    metadata: JSON.stringify({ client: "ACME" }),
    store: true,
    retention: "30d",
    expires_at: new Date(at.getTime() + 30 * 86_400_000).toISOString(),
    error_code: status === "failed" ? "content_empty" : null,
    error_message: status === "failed" ? "nothing to show" : null,
    created_at: at.toISOString(),
    completed_at: at.toISOString(),
  });
  const messages = await db.transaction((trx) => enqueueFinal(trx, id, at));
  return { id, messages };
};

const rowsOf = (documentId: string) => db("webhook_deliveries").where({ document_id: documentId }).orderBy("id");

/** standardwebhooks' own verification, run at the moment the attempt was signed (the clock is fake). */
const verifyAt = (secret: string, r: Receipt) => {
  mock.timers.enable({ apis: ["Date"], now: Number(r.headers["webhook-timestamp"]) * 1000 });
  try {
    return new Webhook(secret).verify(r.body, r.headers);
  } finally {
    mock.timers.reset();
  }
};


describe("the outbox", () => {
  test("a finished document gets one row per endpoint of its project that wants the event; extractions none", async () => {
    const at = new Date();
    const all = await addEndpoint("prj_fan", `${rx.base}/all`);
    const readyOnly = await addEndpoint("prj_fan", `${rx.base}/ready`, ["document.ready"]);
    await addEndpoint("prj_fan", `${rx.base}/failed`, ["document.failed"]);
    const gone = await addEndpoint("prj_fan", `${rx.base}/gone`);
    await db("webhook_endpoints").where({ id: gone.id }).update({ deleted_at: at.toISOString() });
    await addEndpoint("prj_elsewhere", `${rx.base}/other`);

    const ready = await finishDocument("prj_fan", at, "needs_review");
    assert.equal(ready.messages, 2);
    const rows = await rowsOf(ready.id);
    assert.deepEqual(rows.map((r) => r.endpoint_id).sort(), [all.id, readyOnly.id].sort());
    for (const row of rows) {
      assert.match(row.id, /^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
      assert.equal(row.state, "pending");
      assert.equal(row.event_type, "document.ready");
      const body = JSON.parse(row.body);
      assert.ok(validateWebhookEvent(body), JSON.stringify(validateWebhookEvent.errors));
      assert.equal(body.data.status, "needs_review");
      assert.doesNotMatch(row.body, /Board minutes|ACME/, "no name, metadata or content");
    }
    assert.equal(new Set(rows.map((r) => r.id)).size, 2, "one message id per endpoint");

    const failed = await finishDocument("prj_fan", at, "failed");
    assert.equal(failed.messages, 2, "the endpoint for every event and the one for failures");
    assert.equal(JSON.parse((await rowsOf(failed.id))[0].body).data.error.code, "content_empty");
    assert.equal((await finishDocument("prj_fan", at, "ready", "extract")).messages, 0, "extraction raises no webhook");
    assert.equal((await finishDocument("prj_nobody", at)).messages, 0);
  });
});

describe("the deliverer", () => {
  test("a receiver that fails twice then answers gets 3 attempts, 5 s and 30 s apart, with one webhook-id", async () => {
    const { clock } = Clock.fixed(new Date());
    const t0 = clock.now().getTime();
    const ep = await addEndpoint("prj_retry", `${rx.base}/flaky`);
    rx.on((path, n) => (path === "/flaky" && n <= 2 ? "fail" : "ok"));
    const { id } = await finishDocument("prj_retry", clock.now());
    const d = deliverer({ now: clock.now });

    assert.equal(await d.runOnce(), 1);
    await d.idle();
    let [row] = await rowsOf(id);
    assert.equal(row.state, "pending");
    assert.equal(row.attempts, 1);
    assert.equal(row.last_status, 503);
    assert.equal(Date.parse(row.next_attempt_at), t0 + 5000);

    clock.advance(4999);
    assert.equal(await d.runOnce(), 0, "not before the gap");
    clock.advance(1);
    assert.equal(await d.runOnce(), 1);
    await d.idle();
    [row] = await rowsOf(id);
    assert.equal(Date.parse(row.next_attempt_at), t0 + 5000 + 30_000);

    clock.advance(29_999);
    assert.equal(await d.runOnce(), 0);
    clock.advance(1);
    assert.equal(await d.runOnce(), 1);
    await d.idle();
    [row] = await rowsOf(id);
    assert.equal(row.state, "delivered");
    assert.equal(row.attempts, 3);
    assert.equal(row.last_status, 204);

    const got = rx.at("/flaky");
    assert.equal(got.length, 3);
    assert.deepEqual(got.map((r) => r.headers["webhook-id"]), [row.id, row.id, row.id], "the same webhook-id on every retry");
    assert.deepEqual(
      got.map((r) => Number(r.headers["webhook-timestamp"])),
      [t0, t0 + 5000, t0 + 35_000].map((t) => Math.floor(t / 1000)),
      "each attempt is signed at its own time",
    );
    assert.ok(got.every((r) => r.body === row.body), "the same bytes every time");
    for (const r of got) assert.deepEqual(verifyAt(ep.secret, r), JSON.parse(row.body));
    await d.stop();
  });

  test("a receiver that does not answer in time is cut off and retried", async () => {
    const { clock } = Clock.fixed(new Date());
    const ep = await addEndpoint("prj_hang", `${rx.base}/slow`);
    rx.on((path, n) => (path === "/slow" && n === 1 ? "hang" : "ok"));
    const { id } = await finishDocument("prj_hang", clock.now());
    const d = deliverer({ now: clock.now, timeoutMs: 300 });
    const started = Date.now();
    assert.equal(await d.runOnce(), 1);
    await d.idle();
    // Cut at 300 ms; the bound only catches an attempt that is never cut off.
    assert.ok(Date.now() - started < 5_000);
    let [row] = await rowsOf(id);
    assert.equal(row.state, "pending");
    assert.equal(row.last_status, null);
    assert.match(row.last_error, /no answer within 300 ms/);
    clock.advance(5000);
    assert.equal(await d.runOnce(), 1);
    await d.idle();
    [row] = await rowsOf(id);
    assert.equal(row.state, "delivered");
    const got = rx.at("/slow");
    assert.equal(got.length, 2);
    assert.equal(got[0]!.headers["webhook-id"], got[1]!.headers["webhook-id"]);
    verifyAt(ep.secret, got[1]!);
    await d.stop();
  });

  test("after the 9th attempt (about 10 h 43 min of retries) a delivery is given up", async () => {
    const { clock } = Clock.fixed(new Date());
    const t0 = clock.now().getTime();
    await addEndpoint("prj_dead", `${rx.base}/broken`);
    rx.on(() => "fail");
    const { id } = await finishDocument("prj_dead", clock.now());
    const d = deliverer({ now: clock.now });
    for (let attempt = 1; attempt <= 9; attempt++) {
      assert.equal(await d.runOnce(), 1, `attempt ${attempt}`);
      await d.idle();
      if (attempt < 9) clock.advance(RETRY_DELAYS_MS[attempt - 1]!);
    }
    const [row] = await rowsOf(id);
    assert.equal(row.state, "failed");
    assert.equal(row.attempts, 9);
    assert.equal(row.last_status, 503);
    clock.advance(24 * 3600_000);
    assert.equal(await d.runOnce(), 0, "nothing more once given up");
    const stamps = rx.at("/broken").map((r) => Number(r.headers["webhook-timestamp"]));
    assert.equal(stamps.length, 9);
    assert.equal(stamps[8]! - stamps[0]!, Math.floor((t0 + 38_555_000) / 1000) - Math.floor(t0 / 1000));
    await d.stop();
  });

  test("a redirect is not followed: it is a failed attempt", async () => {
    const { clock } = Clock.fixed(new Date());
    await addEndpoint("prj_redirect", `${rx.base}/moved`);
    rx.on((path) => (path === "/moved" ? "redirect" : "ok"));
    const { id } = await finishDocument("prj_redirect", clock.now());
    const d = deliverer({ now: clock.now });
    await d.runOnce();
    await d.idle();
    const [row] = await rowsOf(id);
    assert.equal(row.state, "pending");
    assert.equal(row.last_status, 302);
    assert.match(row.last_error, /redirects are not followed/);
    assert.deepEqual(rx.got.map((r) => r.path), ["/moved"]);
    await d.stop();
  });

  test("without QUIRE_ALLOW_PRIVATE_URLS a delivery never reaches a non-public address, by IP or by name", async () => {
    const { clock } = Clock.fixed(new Date());
    const port = new URL(rx.base).port;
    await addEndpoint("prj_private", `https://127.0.0.1:${port}/ip`);
    await addEndpoint("prj_private", `https://localhost:${port}/name`);
    await addEndpoint("prj_private", `${rx.base}/plain-http`);
    const { id } = await finishDocument("prj_private", clock.now());
    const d = deliverer({ now: clock.now, allowPrivate: false });
    assert.equal(await d.runOnce(), 3);
    await d.idle();
    const rows = await rowsOf(id);
    assert.ok(rows.every((r) => r.state === "pending" && r.attempts === 1), JSON.stringify(rows));
    const errors = rows.map((r) => r.last_error).sort();
    assert.ok(errors.some((e) => /127\.0\.0\.1 is not a public address/.test(e)), errors.join(" | "));
    assert.ok(errors.some((e) => /localhost resolves to a non-public address|ENOTFOUND/.test(e)), errors.join(" | "));
    assert.ok(errors.some((e) => /only https/.test(e)), errors.join(" | "));
    assert.equal(rx.got.length, 0);
    await d.stop();
  });

  test("a dead receiver holds only its own slots: a healthy one is served at once", async () => {
    await addEndpoint("prj_deadbeat", `${rx.base}/dead`);
    await addEndpoint("prj_healthy", `${rx.base}/healthy`);
    rx.on((path) => (path === "/dead" ? "hang" : "ok"));
    const now = () => new Date();
    // The dead receiver's messages are older, so they come first in line.
    for (let i = 0; i < 10; i++) await finishDocument("prj_deadbeat", new Date(Date.now() - 60_000));
    const healthy: string[] = [];
    for (let i = 0; i < 10; i++) healthy.push((await finishDocument("prj_healthy", now())).id);
    const d = deliverer({ now, timeoutMs: 10_000, perEndpoint: 2 });
    const started = Date.now();
    d.start();
    await waitUntil("the healthy receiver's 10 messages", () => rx.at("/healthy").length === 10, 8_000);
    const took = Date.now() - started;
    // Held behind the dead receiver they would wait its 10 s timeout; a few hundred ms is usual, 8 s allows a loaded machine.
    assert.ok(took < 8_000, `healthy deliveries took ${took} ms`);
    assert.equal(rx.at("/dead").length, 2, "the dead receiver holds exactly its 2 slots");
    await waitUntil("the healthy rows settled", async () => (await db("webhook_deliveries").whereIn("document_id", healthy).where({ state: "delivered" })).length === 10);
    // Shutting down cuts the hanging attempts short; they go back uncounted, due at once.
    const stopping = Date.now();
    await d.stop();
    // Not cut short, the hanging attempts would last their 10 s timeout.
    assert.ok(Date.now() - stopping < 8_000);
    const dead = await db("webhook_deliveries").whereNotIn("document_id", healthy);
    assert.equal(dead.length, 10);
    assert.ok(dead.every((r) => r.state === "pending" && r.attempts === 0 && r.lease_owner === null), JSON.stringify(dead.slice(0, 2)));
  });

  test("two processes on one store never send the same message twice, nor an endpoint more than its cap at once", async () => {
    await addEndpoint("prj_race", `${rx.base}/race`);
    for (let i = 0; i < 200; i++) await finishDocument("prj_race", new Date());
    // The other process: a deliverer of its own on the same store, until every row is delivered.
    const root = join(import.meta.dirname, "../../..");
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", `
      import { openDatabase } from ${JSON.stringify(join(root, "core/store/db.ts"))};
      import { makeDeliverer } from ${JSON.stringify(join(root, "core/webhooks/deliverer.ts"))};
      const db = await openDatabase({ dataDir: process.env.DIR, databaseUrl: process.env.URL || undefined });
      let mine = 0;
      const d = makeDeliverer({ db, owner: "proc_b", now: () => new Date(), allowPrivate: true, concurrency: 16, perEndpoint: 4, log: (m, e) => console.error(m, e),
        onSettled: (_c, state) => { if (state === "delivered") mine++; } });
      d.start();
      console.log("started");
      for (;;) {
        const [{ n }] = await db("webhook_deliveries").whereNot({ state: "delivered" }).count({ n: "*" });
        if (Number(n) === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await d.stop();
      await db.destroy();
      console.log(JSON.stringify({ mine }));
    `], { cwd: root, env: { ...process.env, DIR: dir, URL: db.url ?? "" }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout!.on("data", (c) => (out += c));
    const exited = new Promise<number | null>((r) => child.on("exit", r));
    // Replies take a little while, so the work lasts long enough for both processes to take part.
    rx.on(() => "ok", 10);
    await waitUntil("the other process", () => out.includes("started"), 20_000);
    let mine = 0;
    const a = deliverer({ now: () => new Date(), owner: "proc_a", perEndpoint: 4, onSettled: (_c, state) => void (state === "delivered" && mine++) });
    a.start();
    const t0 = Date.now();
    await waitUntil("200 deliveries", async () => (await db("webhook_deliveries").where({ state: "delivered" })).length === 200, 20_000);
    await a.stop();
    assert.equal(await exited, 0);
    const theirs = JSON.parse(out.split("\n").filter(Boolean).at(-1)!).mine as number;
    const got = rx.at("/race").map((r) => r.headers["webhook-id"]);
    assert.equal(new Set(got).size, 200, "every message arrived");
    assert.equal(got.length, 200, "and none twice");
    if (process.env.DEBUG_WEBHOOKS) console.error({ mine, theirs, ms: Date.now() - t0, peak: rx.peak("/race") });
    assert.equal(mine + theirs, 200);
    // The cap of 4 holds for both processes together: leases the other holds count against it.
    assert.ok(rx.peak("/race") <= 4, `at most 4 at once to the endpoint, saw ${rx.peak("/race")}`);
  });

  test("a claim leaves an endpoint's cap for what this process and the others have on the wire together", async () => {
    const now = new Date();
    await addEndpoint("prj_cap", `${rx.base}/cap`);
    const docs = [];
    for (let i = 0; i < 8; i++) docs.push(await finishDocument("prj_cap", now));
    const lease = new Date(now.getTime() + 60_000).toISOString();
    const hold = (doc: { id: string }, owner: string) => db("webhook_deliveries").where({ document_id: doc.id }).update({ state: "delivering", lease_owner: owner, lease_expires_at: lease, attempts: 1 });
    // This process has two in flight, another process one: of a cap of 4, one slot is left, however many are due.
    await hold(docs[0]!, "proc_a");
    await hold(docs[1]!, "proc_a");
    await hold(docs[2]!, "proc_b");
    const claim = (inFlightHere: number) => claimDue(db, { owner: "proc_a", now, leaseMs: 30_000, limit: 16, full: [], perEndpoint: 4, freeSlots: () => 4 - inFlightHere });
    assert.equal((await claim(2)).claimed.length, 1);
    // Now four are out: nothing more until one comes back.
    const none = await claim(3);
    assert.equal(none.claimed.length, 0);
    assert.equal(none.more, true);
  });

  test("a lease left by a process that died is taken over once it runs out; a live lease is left alone", async () => {
    const { clock } = Clock.fixed(new Date());
    const ep = await addEndpoint("prj_lease", `${rx.base}/lease`);
    const expired = await finishDocument("prj_lease", clock.now());
    const live = await finishDocument("prj_lease", clock.now());
    const past = new Date(clock.now().getTime() - 1).toISOString();
    const future = new Date(clock.now().getTime() + 60_000).toISOString();
    await db("webhook_deliveries").where({ document_id: expired.id }).update({ state: "delivering", lease_owner: "proc_gone", lease_expires_at: past, attempts: 1 });
    await db("webhook_deliveries").where({ document_id: live.id }).update({ state: "delivering", lease_owner: "proc_alive", lease_expires_at: future, attempts: 1 });
    const d = deliverer({ now: clock.now });
    assert.equal(await d.runOnce(), 1);
    await d.idle();
    const [taken] = await rowsOf(expired.id);
    assert.equal(taken.state, "delivered");
    assert.equal(taken.attempts, 2);
    const [left] = await rowsOf(live.id);
    assert.equal(left.state, "delivering");
    assert.equal(left.lease_owner, "proc_alive");
    verifyAt(ep.secret, rx.at("/lease")[0]!);
    await d.stop();
  });

  test("a deleted endpoint's rows are canceled: no retry, and an attempt in flight does not undo it", async () => {
    const { clock } = Clock.fixed(new Date());
    const ep = await addEndpoint("prj_deleted", `${rx.base}/deleted`);
    rx.on(() => "fail");
    const first = await finishDocument("prj_deleted", clock.now());
    const d = deliverer({ now: clock.now });
    await d.runOnce();
    await d.idle();
    await db.transaction((trx) => cancelForEndpoint(trx, ep.id, clock.now()));
    assert.equal((await rowsOf(first.id))[0].state, "canceled");
    clock.advance(60_000);
    assert.equal(await d.runOnce(), 0);

    rx.on(() => "hang");
    const second = await finishDocument("prj_deleted", clock.now());
    assert.equal(await d.runOnce(), 1);
    await waitUntil("the attempt in flight", () => rx.hanging.size === 1);
    await db.transaction((trx) => cancelForEndpoint(trx, ep.id, clock.now()));
    for (const res of rx.hanging) res.writeHead(200).end();
    await d.idle();
    assert.equal((await rowsOf(second.id))[0].state, "canceled");
    await d.stop();
  });
});
