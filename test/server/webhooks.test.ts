/**
 * Webhooks through the real service and real loopback receivers: registering, listing and deleting endpoints (the
 * secret shown once, the URL rule), `document.ready` / `document.failed` / `document.canceled` sent signed to every
 * endpoint of the project that wants them and to no one else, no message for an extraction, retries with one
 * `webhook-id`, a hanging receiver cut off and retried, a dead receiver that costs a healthy one nothing, a crash
 * that loses no delivery, and a deleted endpoint that gets nothing more. Every message is verified by the
 * `standardwebhooks` package and checked against the spec's `WebhookEvent`.
 *
 * The service runs with QUIRE_ALLOW_PRIVATE_URLS=1 (receivers are plain http on loopback), the retry schedule
 * shrunk a thousandfold (QUIRE_WEBHOOK_RETRY_SCALE=0.001: 5 ms, 30 ms, 120 ms, 600 ms, 1.8 s…) and a 1.5 s reply
 * limit instead of 20 s (QUIRE_WEBHOOK_TIMEOUT_MS). A document is canceled while it runs by holding its picture's
 * download. The URL rule without QUIRE_ALLOW_PRIVATE_URLS is tested in lifecycle.test.ts, whose service keeps the
 * default rule (a service of its own here only for that cost a start).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Webhook } from "standardwebhooks";
import { freePort, startService, type Service } from "../support/service.ts";
import { withStore } from "../support/store.ts";
import { MARKDOWN, orgId, sleep, waitFor, type Doc, type Problem } from "../support/documents.ts";
import { png } from "../support/pictures.ts";
import { validateWebhookEvent } from "../../generated/validators.js";
import type { components } from "../../generated/openapi.ts";

type WebhookEvent = components["schemas"]["WebhookEvent"];
type Created = components["schemas"]["WebhookEndpointCreated"];
type Reply = "ok" | "fail" | "hang";

interface Receipt {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly at: number;
}

/** A loopback receiver; `script` picks the answer for the n-th request to a path. */
const receiver = async (port = 0) => {
  const got: Receipt[] = [];
  const hanging = new Set<ServerResponse>();
  let script: (path: string, n: number) => Reply = () => "ok";
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url!;
      got.push({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const reply = script(path, got.filter((r) => r.path === path).length);
      if (reply === "ok") return res.writeHead(200).end("thanks");
      if (reply === "fail") return res.writeHead(500).end("broken");
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
    });
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    got,
    hanging,
    on: (fn: typeof script) => void (script = fn),
    at: (path: string) => got.filter((r) => r.path === path),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
};

const TIMEOUT_MS = 1500;
let svc: Service;
let rx: Awaited<ReturnType<typeof receiver>>;
before(async () => {
  svc = await startService({
    QUIRE_ALLOW_PRIVATE_URLS: "1",
    QUIRE_WEBHOOK_RETRY_SCALE: "0.001",
    QUIRE_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  rx = await receiver();
});
after(async () => {
  await svc?.stop();
  await rx?.close();
});

const register = async (url: string, eventTypes?: Array<WebhookEvent["type"]>, client = svc.client): Promise<Created> => {
  const { data, response, error } = await client.POST("/webhook-endpoints", { body: { url, ...(eventTypes ? { event_types: eventTypes } : {}) } });
  assert.equal(response.status, 201, JSON.stringify(error));
  return data!;
};
const unregister = async (id: string, client = svc.client) => {
  const { response } = await client.DELETE("/webhook-endpoints/{id}", { params: { path: { id } } });
  assert.equal(response.status, 200);
};

const createDoc = async (body: Record<string, unknown>): Promise<Doc> => {
  const { data, response } = await svc.client.POST("/documents", { body: { format: "docx", content: { markdown: MARKDOWN }, ...body } as never });
  assert.ok(response.status === 200 || response.status === 202, `create answered ${response.status}`);
  return data as Doc;
};

const waitForReceipts = async (path: string, n: number, timeoutMs = 10_000): Promise<Receipt[]> => {
  const deadline = Date.now() + timeoutMs;
  while (rx.at(path).length < n) {
    if (Date.now() > deadline) assert.fail(`${path} got ${rx.at(path).length} of ${n} messages in ${timeoutMs} ms`);
    await sleep(10);
  }
  return rx.at(path);
};

/** Verifies a message as a receiver would (standardwebhooks), checks it against the spec and returns its event. */
const verified = (secret: string, r: Receipt): WebhookEvent => {
  const event = new Webhook(secret).verify(r.body, r.headers) as WebhookEvent;
  assert.ok(validateWebhookEvent(event), JSON.stringify(validateWebhookEvent.errors));
  assert.match(r.headers["webhook-id"]!, /^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.equal(r.headers["content-type"], "application/json");
  return event;
};

/** A picture on loopback whose download is answered only after `release()`: a document showing it runs until then. */
const heldPicture = async () => {
  let reach = (): void => undefined;
  let release = (): void => undefined;
  const reached = new Promise<void>((r) => (reach = r));
  const released = new Promise<void>((r) => (release = r));
  const server = createServer((_req, res) => {
    reach();
    void released.then(() => res.writeHead(200, { "content-type": "image/png" }).end(png()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/held.png`,
    reached,
    release,
    close: () => (release(), new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r())))),
  };
};

/** Read-only look at the outbox in the service's store. */
const deliveries = (documentId: string) =>
  withStore(svc, (db) => db("webhook_deliveries").where({ document_id: documentId }).select<Array<{ id: string; endpoint_id: string; state: string; attempts: number }>>("id", "endpoint_id", "state", "attempts"));

describe("webhook endpoints", () => {
  test("POST answers 201 with the whsec_ secret, once: the list never shows it, and list pages by cursor", async () => {
    const created = await register(`${rx.base}/reg`, ["document.failed", "document.ready"]);
    assert.match(created.id, /^we_[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.equal(created.object, "webhook_endpoint");
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    assert.equal(Buffer.from(created.secret.slice(6), "base64").length, 32);
    assert.deepEqual(created.event_types, ["document.ready", "document.failed"]);
    const all = await register(`${rx.base}/reg-all`);
    assert.deepEqual(all.event_types, ["document.ready", "document.failed", "document.canceled"], "no filter: every event");
    const third = await register(`${rx.base}/reg-3`);

    const first = await svc.client.GET("/webhook-endpoints", { params: { query: { limit: 2 } } });
    assert.equal(first.response.status, 200);
    assert.deepEqual(first.data!.data.map((e) => e.id), [third.id, all.id], "newest first");
    assert.equal(first.data!.has_more, true);
    assert.ok(first.data!.data.every((e) => !("secret" in e)));
    const rest = await svc.client.GET("/webhook-endpoints", { params: { query: { limit: 2, cursor: first.data!.next_cursor! } } });
    assert.equal(rest.data!.data[0]!.id, created.id);
    assert.doesNotMatch(JSON.stringify([first.data, rest.data]), /whsec_/);

    const bad = await svc.client.GET("/webhook-endpoints", { params: { query: { cursor: "bm90LW91cnM" } } });
    assert.equal(bad.response.status, 422);
    assert.ok((bad.error as Problem).errors?.some((e) => e.path === "/cursor"));
    for (const e of [created, all, third]) await unregister(e.id);
  });

  test("invalid bodies are refused at the field: 422 input_invalid, or 400 when not JSON", async () => {
    const cases: Array<{ body: unknown; path: string }> = [
      { body: {}, path: "/url" },
      { body: { url: "not a url" }, path: "/url" },
      { body: { url: `${rx.base}/x`, event_types: [] }, path: "/event_types" },
      { body: { url: `${rx.base}/x`, event_types: ["document.created"] }, path: "/event_types/0" },
      { body: { url: `${rx.base}/x`, secret: "whsec_mine" }, path: "/secret" },
      { body: { url: "ftp://127.0.0.1/x" }, path: "/url" },
    ];
    for (const c of cases) {
      const { error, response } = await svc.client.POST("/webhook-endpoints", { body: c.body as never });
      assert.equal(response.status, 422, JSON.stringify(c.body));
      assert.equal((error as Problem).code, "input_invalid");
      assert.ok((error as Problem).errors?.some((e) => e.path === c.path), `${JSON.stringify(c.body)}: ${JSON.stringify(error)}`);
    }
    const res = await fetch(`${svc.baseUrl}/webhook-endpoints`, { method: "POST", headers: { Authorization: `Bearer ${svc.key}`, "content-type": "application/json" }, body: "{nope" });
    assert.equal(res.status, 400);
  });

  test("DELETE answers 200 once, then 404; another organization's or project's endpoint is not found", async () => {
    const mine = await register(`${rx.base}/del`);
    const theirs = await svc.as(svc.otherKey).DELETE("/webhook-endpoints/{id}", { params: { path: { id: mine.id } } });
    assert.equal(theirs.response.status, 404);
    assert.equal((theirs.error as Problem).code, "not_found");
    const { data, response } = await svc.client.DELETE("/webhook-endpoints/{id}", { params: { path: { id: mine.id } } });
    assert.equal(response.status, 200);
    assert.deepEqual(data, { id: mine.id, object: "webhook_endpoint", deleted: true });
    const again = await svc.client.DELETE("/webhook-endpoints/{id}", { params: { path: { id: mine.id } } });
    assert.equal(again.response.status, 404);
    const list = await svc.client.GET("/webhook-endpoints", { params: { query: {} } });
    assert.ok(!list.data!.data.some((e) => e.id === mine.id));
    const res = await fetch(`${svc.baseUrl}/webhook-endpoints/we_nope`, { method: "DELETE", headers: { Authorization: `Bearer ${svc.key}` } });
    assert.equal(res.status, 404);
    assert.equal((await fetch(`${svc.baseUrl}/webhook-endpoints`)).status, 401, "authentication comes first");
  });
});

describe("deliveries", () => {
  test("a ready document sends a signed document.ready to every endpoint of its project that wants it, and to no one else", async () => {
    const all = await register(`${rx.base}/p-all`);
    const ready = await register(`${rx.base}/p-ready`, ["document.ready"]);
    const failedOnly = await register(`${rx.base}/p-failed`, ["document.failed"]);
    const otherOrg = await register(`${rx.base}/p-globex`, undefined, svc.as(svc.otherKey));
    // A second project of the same organization, with its own key.
    const project = (await svc.cli("project", "create", "--org", await orgId(svc, "acme"), "--name", "second")) as { id: string };
    const secondKey = ((await svc.cli("key", "create", "--project", project.id)) as { key: string }).key;
    const otherProject = await register(`${rx.base}/p-second`, undefined, svc.as(secondKey));
    const listed = await svc.as(secondKey).GET("/webhook-endpoints", { params: { query: {} } });
    assert.deepEqual(listed.data!.data.map((e) => e.id), [otherProject.id], "each project lists only its own");

    const doc = await createDoc({ name: "Merger plan — confidential", metadata: { client: "Initech" } });
    assert.equal(doc.status, "ready");
    const [toAll] = await waitForReceipts("/p-all", 1);
    const [toReady] = await waitForReceipts("/p-ready", 1);
    for (const [endpoint, receipt] of [[all, toAll!], [ready, toReady!]] as const) {
      const event = verified(endpoint.secret, receipt);
      assert.deepEqual(event, {
        type: "document.ready",
        timestamp: doc.completed_at,
        data: { document_id: doc.id, status: "ready", operation: "create", format: "docx", retention: doc.retention, expires_at: doc.expires_at, error: null },
      });
      assert.doesNotMatch(receipt.body, /Merger|Initech|Quarterly|Revenue/, "no name, metadata or content");
      assert.ok(Math.abs(Number(receipt.headers["webhook-timestamp"]) - Date.now() / 1000) < 60);
    }
    assert.notEqual(toAll!.headers["webhook-id"], toReady!.headers["webhook-id"]);
    assert.throws(() => new Webhook(ready.secret).verify(toAll!.body, toAll!.headers), "each endpoint signs with its own secret");

    await sleep(300);
    for (const path of ["/p-failed", "/p-globex", "/p-second"]) assert.equal(rx.at(path).length, 0, `${path} got a message`);
    assert.equal(rx.at("/p-all").length, 1, "delivered once");
    for (const e of [all, ready, failedOnly]) await unregister(e.id);
    await unregister(otherOrg.id, svc.as(svc.otherKey));
    await unregister(otherProject.id, svc.as(secondKey));
  });

  test("a failed document sends document.failed with its error; a canceled one document.canceled and nothing more", async () => {
    const endpoint = await register(`${rx.base}/ends`);
    const failed = await createDoc({ content: { markdown: "---" } });
    assert.equal(failed.status, "failed");
    const picture = await heldPicture();
    let canceled: Doc;
    try {
      const running = await createDoc({ background: true, content: { markdown: `${MARKDOWN}\n![A held picture](${picture.url})\n` } });
      // Its job runs, waiting for the picture (bounded: a job that never asks would otherwise hang the file).
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([picture.reached, new Promise((_, fail) => (timer = setTimeout(() => fail(new Error("the job never asked for its picture")), 30_000)))]);
      clearTimeout(timer);
      const { response } = await svc.client.POST("/documents/{document_id}/cancel", { params: { path: { document_id: running.id } } });
      assert.equal(response.status, 202);
      // The picture arrives after the cancel: the aborted job must not go on to a document.ready.
      picture.release();
      canceled = await waitFor(svc.client, running.id);
      assert.equal(canceled.status, "canceled");
    } finally {
      await picture.close();
    }

    const got = await waitForReceipts("/ends", 2);
    const events = got.map((r) => verified(endpoint.secret, r));
    const onFailed = events.find((e) => e.data.document_id === failed.id)!;
    assert.equal(onFailed.type, "document.failed");
    assert.equal(onFailed.data.status, "failed");
    assert.deepEqual(onFailed.data.error, failed.error);
    assert.equal(onFailed.data.error!.code, "content_empty");
    const onCanceled = events.find((e) => e.data.document_id === canceled.id)!;
    assert.equal(onCanceled.type, "document.canceled");
    assert.equal(onCanceled.data.error, null);
    await sleep(700);
    assert.equal(rx.at("/ends").length, 2, "the canceled document sends no document.ready later");
    await unregister(endpoint.id);
  });

  test("an extraction sends nothing", async () => {
    const endpoint = await register(`${rx.base}/extract`);
    const file = { data: Buffer.from("plain words").toString("base64"), filename: "a.txt" };
    const viaExtract = await svc.client.POST("/extract", { body: { file } as never });
    assert.equal(viaExtract.response.status, 200);
    const viaDocuments = await svc.client.POST("/documents", { body: { operation: "extract", file } as never });
    assert.equal(viaDocuments.response.status, 200);
    await sleep(300);
    assert.equal(rx.at("/extract").length, 0);
    await unregister(endpoint.id);
  });

  test("a receiver that fails twice then answers gets 3 attempts with one webhook-id, each signed afresh", async () => {
    const endpoint = await register(`${rx.base}/flaky`);
    rx.on((path, n) => (path === "/flaky" && n <= 2 ? "fail" : "ok"));
    const doc = await createDoc({});
    const got = await waitForReceipts("/flaky", 3);
    await sleep(200);
    assert.equal(rx.at("/flaky").length, 3, "nothing after the 2xx");
    assert.equal(new Set(got.map((r) => r.headers["webhook-id"])).size, 1);
    assert.ok(got.every((r) => r.body === got[0]!.body), "the same bytes every time");
    for (const r of got) assert.equal(verified(endpoint.secret, r).data.document_id, doc.id);
    // 5 ms then 30 ms at this scale; in real time 5 s then 30 s (test/core/webhooks/deliverer.test.ts).
    assert.ok(got[2]!.at - got[1]!.at >= 25, `second gap ${got[2]!.at - got[1]!.at} ms`);
    const [row] = (await deliveries(doc.id)).filter((d) => d.endpoint_id === endpoint.id);
    assert.deepEqual([row!.state, row!.attempts, row!.id], ["delivered", 3, got[0]!.headers["webhook-id"]]);
    rx.on(() => "ok");
    await unregister(endpoint.id);
  });

  test("a receiver that does not answer within the limit is cut off and retried", async () => {
    const endpoint = await register(`${rx.base}/hangs`);
    rx.on((path, n) => (path === "/hangs" && n === 1 ? "hang" : "ok"));
    await createDoc({});
    const got = await waitForReceipts("/hangs", 2, 3 * TIMEOUT_MS + 5000);
    const gap = got[1]!.at - got[0]!.at;
    assert.ok(gap >= TIMEOUT_MS - 50, `retried after ${gap} ms, before the ${TIMEOUT_MS} ms limit`);
    assert.equal(got[0]!.headers["webhook-id"], got[1]!.headers["webhook-id"]);
    verified(endpoint.secret, got[1]!);
    rx.on(() => "ok");
    await unregister(endpoint.id);
  });

  test("a receiver that never answers does not delay a healthy one", async () => {
    const dead = await register(`${rx.base}/dead`);
    const healthy = await register(`${rx.base}/healthy`);
    rx.on((path) => (path === "/dead" ? "hang" : "ok"));
    // More documents than the dead receiver has slots (8), so it has a backlog of its own.
    const docs = await Promise.all(Array.from({ length: 10 }, () => createDoc({})));
    const finishedAt = Math.max(...docs.map((d) => Date.parse(d.completed_at!)));
    const got = await waitForReceipts("/healthy", 10, TIMEOUT_MS);
    const lastArrival = Math.max(...got.map((r) => r.at));
    // Held behind the dead receiver, a delivery would wait its TIMEOUT_MS cut-off: anything under that is not held.
    assert.ok(lastArrival - finishedAt < TIMEOUT_MS, `the healthy receiver waited ${lastArrival - finishedAt} ms`);
    assert.ok(rx.hanging.size <= 8, `${rx.hanging.size} attempts hang at the dead receiver`);
    assert.deepEqual(new Set(got.map((r) => verified(healthy.secret, r).data.document_id)), new Set(docs.map((d) => d.id)));
    await unregister(dead.id);
    await unregister(healthy.id);
    rx.on(() => "ok");
  });

  test("a deleted endpoint gets nothing more, retries included", async () => {
    const endpoint = await register(`${rx.base}/gone`);
    rx.on((path) => (path === "/gone" ? "fail" : "ok"));
    const doc = await createDoc({});
    await waitForReceipts("/gone", 2);
    await unregister(endpoint.id);
    const atDeletion = rx.at("/gone").length;
    const rows = (await deliveries(doc.id)).filter((d) => d.endpoint_id === endpoint.id);
    assert.deepEqual(rows.map((d) => d.state), ["canceled"]);
    await createDoc({});
    await sleep(2500); // several retries' worth at this scale
    assert.ok(rx.at("/gone").length <= atDeletion + 1, "at most the attempt that was in flight");
    rx.on(() => "ok");
  });
});

describe("a crash", () => {
  test("SIGKILL with deliveries pending and one in flight: after the restart every message arrives", async () => {
    // A receiver that is down (connection refused), and one that hangs the first time.
    const port = await freePort();
    const down = await register(`http://127.0.0.1:${port}/later`);
    const stuck = await register(`${rx.base}/stuck`);
    rx.on((path, n) => (path === "/stuck" && n === 1 ? "hang" : "ok"));
    const docs = [await createDoc({}), await createDoc({})];
    await waitForReceipts("/stuck", 1);
    // Wait until the down receiver's rows have failed at least once: pending, with a retry scheduled.
    const deadline = Date.now() + 5000;
    const rowsOfDocs = () => Promise.all(docs.map((d) => deliveries(d.id)));
    while (!(await rowsOfDocs()).every((rows) => rows.some((r) => r.endpoint_id === down.id && r.state === "pending" && r.attempts >= 1))) {
      if (Date.now() > deadline) assert.fail(`not pending: ${JSON.stringify(await rowsOfDocs())}`);
      await sleep(20);
    }
    const inFlight = rx.at("/stuck")[0]!.headers["webhook-id"];
    await svc.kill();

    const later = await receiver(port);
    try {
      await svc.restart();
      // The pending retries go out when due; the attempt cut by the crash once its lease runs out (limit + 1 s).
      const arrived = await (async () => {
        const until = Date.now() + 3 * TIMEOUT_MS + 10_000;
        while (later.at("/later").length < 2) {
          if (Date.now() > until) assert.fail(`only ${later.at("/later").length} of 2 arrived after the restart`);
          await sleep(20);
        }
        return later.at("/later");
      })();
      assert.deepEqual(new Set(arrived.map((r) => verified(down.secret, r).data.document_id)), new Set(docs.map((d) => d.id)));
      const redelivered = await waitForReceipts("/stuck", 3, 3 * TIMEOUT_MS + 10_000);
      const ids = redelivered.map((r) => r.headers["webhook-id"]);
      assert.ok(ids.slice(1).includes(inFlight!), "the message in flight at the crash is sent again, with the same webhook-id");
      assert.equal(new Set(ids).size, 2, "two messages, one of them twice");
      for (const r of redelivered) verified(stuck.secret, r);
      await unregister(down.id);
      await unregister(stuck.id);
    } finally {
      await later.close();
    }
  });
});
