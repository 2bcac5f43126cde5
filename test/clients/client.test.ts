/**
 * @quire/client against the real service: create and wait, typed Problems with pointers, upload and review,
 * extract, an artifact's page link, retries after 429, idempotency keys on creates, a create sent again after its
 * connection dropped (a loopback proxy cuts it), long extractions (202) polled with a timeout and an abort, and
 * webhook verification against signatures made the service's way and against a real delivery to a loopback receiver.
 *
 * On the suite's shared service (issue 31), whose QUIRE_ALLOW_PRIVATE_URLS=1 lets plain-http loopback receivers
 * register webhook endpoints; the long extractions start a service of their own, which answers every extraction 202.
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createServer, get as httpGet, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Service } from "../support/service.ts";
import { startInProcess } from "../support/in-process.ts";
import { sharedService } from "../support/shared-service.ts";
import { orgId } from "../support/documents.ts";
import { withStore } from "../support/store.ts";
import { loadConfig } from "../../core/config.ts";
import { makeRateLimiter } from "../../core/limits/rate.ts";
import { signedHeaders, newSecret } from "../../core/webhooks/signing.ts";
import { createQuire, QuireProblem, verifyWebhook, type Document, type DocumentEvent, type Extraction } from "../../clients/typescript/src/index.ts";
import { docxText, MEMO, quireOn } from "./support.ts";
import { startProxy } from "./proxy.ts";

let svc: Service;
before(async () => {
  svc = await sharedService();
});
after(async () => {
  await svc?.stop();
});

describe("documents", () => {
  let memo: Document;
  let memoBytes: Uint8Array;

  test("createAndWait follows the events to the finished document; its docx holds the text", async () => {
    const quire = quireOn(svc);
    const events: DocumentEvent[] = [];
    memo = await quire.createAndWait(
      { operation: "create", format: "docx", name: "Memo", content: { markdown: MEMO } },
      { timeoutMs: 120_000, onEvent: (event) => events.push(event) },
    );
    assert.match(memo.status, /^ready/);
    assert.equal(events[0]?.type, "document.created");
    assert.equal(events.at(-1)?.type, "document.ready");
    const docx = memo.outputs!.find((output) => output.kind === "docx")!;
    memoBytes = await quire.download(docx);
    assert.match(docxText(memoBytes), /Sales rose 12% in the third quarter/);

    const dir = await mkdtemp(join(tmpdir(), "quire-client-"));
    try {
      const written = await quire.saveOutputs(memo, dir);
      assert.ok(written.includes(join(dir, "Memo.docx")), written.join(", "));
      assert.deepEqual(new Uint8Array(await readFile(join(dir, "Memo.docx"))), memoBytes);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const report = await quire.getReport(memo.id);
    assert.equal(report.document_id, memo.id);
  });

  test("followEvents replays a finished document's events up to the final one", async () => {
    const seen: string[] = [];
    const final = await quireOn(svc).followEvents(memo.id, (event) => seen.push(event.type));
    assert.equal(final.type, "document.ready");
    assert.equal(seen.at(-1), "document.ready");
    assert.equal((final.data as { document: Document }).document.id, memo.id);
  });

  test("an invalid request throws a QuireProblem input_invalid with a JSON pointer", async () => {
    const quire = quireOn(svc);
    const problem = await quire
      .POST("/documents", { body: { operation: "create", format: "docx", content: { markdown: "x" }, quality: "perfect" as never } })
      .then(() => assert.fail("expected a Problem"), (error: unknown) => error);
    assert.ok(problem instanceof QuireProblem);
    assert.equal(problem.code, "input_invalid");
    assert.equal(problem.status, 422);
    assert.equal(problem.pointer, "/quality");
    assert.ok(problem.requestId);
  });

  test("a wrong key throws unauthorized", async () => {
    const problem = await quireOn(svc, { apiKey: "ak_eu_wrongwrongwrongwrongwrong" })
      .getDocument(memo.id)
      .catch((error: unknown) => error);
    assert.ok(problem instanceof QuireProblem);
    assert.equal(problem.code, "unauthorized");
  });

  test("uploadFile then review: the reviewed file and its report", async () => {
    const quire = quireOn(svc);
    const file = await quire.uploadFile(memoBytes, "memo.docx");
    assert.match(file.id, /^file_/);
    const reviewed = await quire.createAndWait({ operation: "review", file: file.id }, { timeoutMs: 120_000 });
    assert.match(reviewed.status, /^(ready|ready_with_warnings|needs_review)$/);
    assert.equal(reviewed.operation, "review");
    assert.match(docxText(await quire.download(reviewed.outputs!.find((output) => output.kind === "docx")!)), /Sales rose 12%/);
    const report = await quire.getReport(reviewed.id);
    assert.ok(Array.isArray(report.issues));
  });

  test("extract reads an uploaded file into Markdown", async () => {
    const quire = quireOn(svc);
    const file = await quire.uploadFile(memoBytes, "memo.docx");
    const extraction = await quire.extract(file.id);
    assert.match(extraction.markdown, /Quarterly memo/);
    assert.match(extraction.markdown, /North: 4\.1\sM/);
  });

  test("an artifact has its page link", async () => {
    const quire = quireOn(svc);
    const artifact = await quire.createAndWait(
      { operation: "create", format: "artifact", content: { markdown: "# Team page\n\nHello." } },
      { timeoutMs: 120_000 },
    );
    const html = artifact.outputs!.find((output) => output.kind === "html")!;
    // The page has its own origin, a subdomain of the service's host (`<slug>.localhost`): ask the service for it by Host.
    const url = new URL(html.url);
    assert.match(url.hostname, /\.localhost$/);
    const page = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpGet({ host: "127.0.0.1", port: url.port, path: url.pathname + url.search, headers: { Host: url.host } }, (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
    });
    assert.equal(page.status, 200);
    assert.match(page.text, /Team page/);
  });
});

describe("idempotency", () => {
  test("every create carries a fresh key; a given key replays the same document", async () => {
    const keys: (string | null)[] = [];
    const quire = quireOn(svc, {
      fetch: (input, init) => {
        const request = new Request(input, init);
        if (request.method === "POST") keys.push(request.headers.get("idempotency-key"));
        return fetch(request);
      },
    });
    const body = { operation: "create" as const, format: "docx" as const, content: { markdown: "# Same\n\nbody" }, background: true };
    const first = (await quire.POST("/documents", { body })).data as Document;
    const second = (await quire.POST("/documents", { body })).data as Document;
    assert.equal(keys.length, 2);
    assert.ok(keys[0] && keys[1] && keys[0] !== keys[1], String(keys));
    assert.notEqual(first.id, second.id);

    const key = `test-${crypto.randomUUID()}`;
    const params = { header: { "Idempotency-Key": key } };
    const once = (await quire.POST("/documents", { body, params })).data as Document;
    const again = (await quire.POST("/documents", { body, params })).data as Document;
    assert.equal(keys.at(-1), key);
    assert.equal(again.id, once.id);
  });
});

describe("retries", () => {
  test("a 429 with Retry-After is sent again, with the same idempotency key", async () => {
    const sent: { key: string | null; body: string }[] = [];
    const quire = quireOn(svc, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push({ key: request.headers.get("idempotency-key"), body: await request.clone().text() });
        if (sent.length === 1) {
          return new Response(JSON.stringify({ type: "about:blank", title: "Too many", status: 429, code: "rate_limited", request_id: "req_x" }), {
            status: 429,
            headers: { "Retry-After": "0", "Content-Type": "application/problem+json" },
          });
        }
        return fetch(request);
      },
    });
    const { data } = await quire.POST("/documents", {
      body: { operation: "create", format: "docx", content: { markdown: "# Retried" }, background: true },
    });
    assert.equal(sent.length, 2);
    assert.equal(sent[0]!.key, sent[1]!.key);
    assert.equal(sent[0]!.body, sent[1]!.body);
    assert.match((data as Document).id, /^doc_/);
  });

  test("past the retries (or a long Retry-After) the 429 is a QuireProblem rate_limited", async () => {
    let calls = 0;
    const limited = async () => {
      calls++;
      return new Response(JSON.stringify({ type: "about:blank", title: "Too many", status: 429, code: "rate_limited", request_id: "req_x" }), {
        status: 429,
        headers: { "Retry-After": "0", "Content-Type": "application/problem+json" },
      });
    };
    const problem = await quireOn(svc, { fetch: limited }).getDocument("doc_01ARZ3NDEKTSV4RRFFQ69G5FAV").catch((error: unknown) => error);
    assert.ok(problem instanceof QuireProblem);
    assert.equal(problem.code, "rate_limited");
    assert.equal(calls, 4);
  });

  test("the real service's 429 becomes a QuireProblem rate_limited when retries are off", async () => {
    // The second organization (nothing else in this file uses it) has used all but one of its creates of the minute:
    // its window in the service's store is filled the service's own way, as that many creates would have.
    const org = await orgId(svc, "globex");
    const perMinute = loadConfig(svc.env).rateLimitPerMinute;
    await withStore(svc, async (db) => {
      const window = makeRateLimiter(db, perMinute);
      for (let i = 1; i < perMinute; i++) assert.equal(await window.take(org, Date.now()), null, `take ${i}`);
    });
    const quire = quireOn(svc, { apiKey: svc.otherKey, retries: { retries: 0 } });
    const body = { operation: "create" as const, format: "docx" as const, content: { markdown: "# One" }, background: true };
    await quire.POST("/documents", { body });
    const problem = await quire.POST("/documents", { body }).catch((error: unknown) => error);
    assert.ok(problem instanceof QuireProblem);
    assert.equal(problem.code, "rate_limited");
    assert.equal(problem.status, 429);
  });
});

describe("a dropped connection", () => {
  test("a create whose answer was lost is sent again with the same key and answers the first document", async () => {
    // The service makes the document and answers; the proxy cuts the connection before the answer reaches us.
    const proxy = await startProxy(svc.origin, (req, index) => (req.method === "POST" && index === 0 ? "drop" : "forward"));
    try {
      const quire = createQuire({ baseUrl: proxy.baseUrl, apiKey: svc.key });
      const name = `Dropped ${crypto.randomUUID()}`;
      const { data } = await quire.POST("/documents", { body: { operation: "create", format: "docx", name, content: { markdown: "# Once" }, background: true } });
      const posts = proxy.seen.filter((r) => r.method === "POST");
      assert.equal(posts.length, 2, "sent again after the dropped connection");
      assert.ok(posts[0]!.idempotencyKey && posts[0]!.idempotencyKey === posts[1]!.idempotencyKey, "with the same Idempotency-Key");
      const { data: list } = await svc.client.GET("/documents", { params: { query: { name } } });
      assert.deepEqual(list!.data.map((d) => d.id), [(data as Document).id], "one document, the one the lost answer named");
    } finally {
      await proxy.close();
    }
  });

  test("a request without an Idempotency-Key is not sent again: the failure is the caller's to see", async () => {
    const proxy = await startProxy(svc.origin, () => "drop");
    try {
      const error = await createQuire({ baseUrl: proxy.baseUrl, apiKey: svc.key }).getDocument("doc_01ARZ3NDEKTSV4RRFFQ69G5FAV").catch((e: unknown) => e);
      assert.ok(error instanceof TypeError, String(error));
      assert.equal(proxy.seen.length, 1);
    } finally {
      await proxy.close();
    }
  });
});

describe("a long extraction (202)", () => {
  let long: Service;
  before(async () => {
    // The service answers every extraction 202 at once; the client collects it with GET /extract/{id}.
    long = await startInProcess({ QUIRE_DIRECT_WAIT_MS: "0" });
  });
  after(async () => {
    await long?.stop();
  });
  // A 14-page paper: seconds of reading, so the answer is 202 even once the reading threads are warm.
  let paper: { data: string; filename: string };
  before(async () => {
    paper = { data: (await readFile(join(import.meta.dirname, "../public/pdf.js/tracemonkey.pdf"))).toString("base64"), filename: "tracemonkey.pdf" };
  });

  test("is polled until done, and onPending hears of it while it runs", async () => {
    const pending: Array<{ id: string; polls: number }> = [];
    const extraction = await quireOn(long).extract(paper, { onPending: (p) => pending.push(p) });
    assert.match(extraction.markdown, /Trace-based Just-in-Time Type Specialization/);
    assert.ok(pending.length >= 1, "it answered 202 first");
    assert.equal(pending[0]!.id, extraction.id);
    assert.deepEqual(pending.map((p) => p.polls), pending.map((_, i) => i));
  });

  test("timeoutMs gives up with a QuireProblem timeout naming the extraction, which can still be collected", async () => {
    const quire = quireOn(long);
    const problem = await quire.extract(paper, { timeoutMs: 300 }).catch((e: unknown) => e);
    assert.ok(problem instanceof QuireProblem, String(problem));
    assert.equal(problem.code, "timeout");
    const id = /extraction (\S+) did not finish within 300 ms/.exec(problem.detail ?? "")?.[1];
    assert.ok(id, problem.detail);
    let collected: Extraction | undefined;
    for (const deadline = Date.now() + 30_000; !collected && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      const { data, response } = await quire.GET("/extract/{id}", { params: { path: { id } } });
      if (response.status === 200) collected = data as Extraction;
    }
    assert.match(collected?.markdown ?? "", /Trace-based Just-in-Time Type Specialization/);
  });

  test("an aborted signal stops the waiting at once, with the signal's reason", async () => {
    const abort = new AbortController();
    const started = Date.now();
    const error = await quireOn(long)
      .extract(paper, { signal: abort.signal, onPending: () => abort.abort(new Error("no longer needed")) })
      .catch((e: unknown) => e);
    assert.equal((error as Error).message, "no longer needed");
    assert.ok(Date.now() - started < 1_500, "no 2-second poll was waited for");
  });
});

describe("verifyWebhook", () => {
  const secret = newSecret();
  const body = JSON.stringify({ type: "document.ready", timestamp: new Date().toISOString(), data: { document_id: "doc_01ARZ3NDEKTSV4RRFFQ69G5FAV" } });

  test("accepts a message signed the service's way and returns it parsed", () => {
    const headers = signedHeaders(secret, "msg_1", new Date(), body);
    const message = verifyWebhook(body, new Headers(headers), secret);
    assert.equal(message.type, "document.ready");
    assert.equal(verifyWebhook(Buffer.from(body), headers, secret).data.document_id, "doc_01ARZ3NDEKTSV4RRFFQ69G5FAV");
  });

  test("refuses another secret, a changed body, and an old timestamp", () => {
    const headers = signedHeaders(secret, "msg_1", new Date(), body);
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof QuireProblem ? error.code : "other";
      }
      return "accepted";
    };
    assert.equal(code(() => verifyWebhook(body, headers, newSecret())), "webhook_invalid");
    assert.equal(code(() => verifyWebhook(body.replace("ready", "failed"), headers, secret)), "webhook_invalid");
    const old = signedHeaders(secret, "msg_1", new Date(Date.now() - 10 * 60_000), body);
    assert.equal(code(() => verifyWebhook(body, old, secret)), "webhook_invalid");
    assert.equal(code(() => verifyWebhook(body, old, secret, { toleranceSeconds: 3600 })), "accepted");
  });
});

describe("a real delivery", () => {
  test("verifyWebhook accepts the message the service sends to a loopback receiver", async () => {
    const received: { body: string; headers: IncomingHttpHeaders }[] = [];
    let arrived: () => void = () => undefined;
    const server = createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ body, headers: req.headers });
        res.writeHead(204).end();
        arrived();
      });
    });
    // The organization's background documents of the tests above may finish after the endpoint is made, and are
    // delivered to it too: the message of this test's document is waited for, each one checked as it comes.
    const deliveredFor = async (documentId: string, secret: string) => {
      for (;;) {
        const next = new Promise<void>((resolve) => (arrived = resolve));
        const found = received.find((r) => verifyWebhook(r.body, r.headers, secret).data.document_id === documentId);
        if (found) return found;
        await next;
      }
    };
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const quire = quireOn(svc);
    let endpointId = "";
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const endpoint = (await quire.POST("/webhook-endpoints", { body: { url, event_types: ["document.ready"] } })).data!;
      endpointId = endpoint.id;
      const doc = await quire.createAndWait({ format: "docx", content: { markdown: "# Delivered" } }, { timeoutMs: 120_000 });
      const mine = await deliveredFor(doc.id, endpoint.secret);
      const message = verifyWebhook(mine.body, mine.headers, endpoint.secret);
      assert.equal(message.type, "document.ready");
      assert.equal(message.data.document_id, doc.id);
      assert.throws(() => verifyWebhook(`${mine.body} `, mine.headers, endpoint.secret), QuireProblem);
    } finally {
      if (endpointId) await quire.DELETE("/webhook-endpoints/{id}", { params: { path: { id: endpointId } } });
      await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
    }
  });
});
