/**
 * Documents end to end through the real service: Markdown → docx in the three response modes, the list and its
 * filters, fresh and signed download links, the report, the events (replay, Last-Event-ID, live follow), and
 * empty Markdown failing uncharged. Every response is checked against the spec by the client's middleware.
 * The first half runs on the suite's shared service; the second starts one in the test's process with slow jobs (QUIRE_RENDER_DELAY_MS)
 * and a short direct wait.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Service } from "../support/service.ts";
import { startInProcess } from "../support/in-process.ts";
import { sharedService } from "../support/shared-service.ts";
import { checkResponse, parseSse } from "../support/contract.ts";
import {
  MARKDOWN,
  FINISHED,
  assertWellFormedStream,
  balanceOf,
  docxText,
  download,
  getDoc,
  orgId,
  readEvents,
  setBalance,
  signedLink,
  waitFor,
  type Doc,
  type DocEvent,
  type Problem,
} from "../support/documents.ts";
import { validateDocument, validateReport } from "../../generated/validators.js";

let svc: Service;
let shared: Service;
before(async () => {
  shared = svc = await sharedService();
});
after(async () => {
  await shared?.stop();
});

const create = (body: Record<string, unknown>) => svc.client.POST("/documents", { body: { format: "docx", ...body } as never });

describe("create from Markdown", () => {
  let ready: Doc;

  test("direct mode answers 200 with the finished document and a real .docx named after `name`", async () => {
    const { data, response } = await create({ name: "Quarterly report", content: { markdown: MARKDOWN } });
    assert.equal(response.status, 200);
    ready = data as Doc;
    assert.equal(ready.status, "ready");
    assert.equal(ready.operation, "create");
    assert.equal(ready.mode, "content");
    assert.equal(ready.name, "Quarterly report");
    assert.ok(ready.completed_at);
    assert.equal(ready.error, null);
    assert.ok(ready.outputs && ready.outputs.length >= 1);
    const [docx] = ready.outputs;
    assert.equal(docx!.kind, "docx");
    assert.ok(Date.parse(docx!.expires_at!) > Date.now());

    const { res, bytes } = await download(docx!.url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), docx!.content_type);
    assert.match(res.headers.get("content-disposition") ?? "", /^attachment; filename="Quarterly report\.docx"/);
    assert.equal(bytes.byteLength, docx!.bytes);
    const text = docxText(bytes);
    for (const expected of ["Quarterly Report", "Revenue grew in every region this quarter.", "Alpha milestone", "Beta milestone", "Region", "Units", "North", "4217", "South", "3905"]) {
      assert.ok(text.includes(expected), `document.xml lacks "${expected}"`);
    }
  });

  test("background mode answers 202 at once, then GET follows it to ready", async () => {
    const { data, response } = await create({ name: "background", background: true, content: { markdown: MARKDOWN } });
    assert.equal(response.status, 202);
    const queued = data as Doc;
    assert.ok(["queued", "running"].includes(queued.status), `got ${queued.status}`);
    assert.equal(queued.outputs, undefined, "outputs come once finished");
    assert.equal(queued.completed_at, null);
    const done = await waitFor(svc.client, queued.id);
    assert.equal(done.status, "ready");
    assert.equal(done.outputs![0]!.kind, "docx");
  });

  test("stream mode sends DocumentEvents 1, 2, 3… ending with document.ready carrying the document", async () => {
    const { data, response } = await svc.client.POST("/documents", {
      body: { format: "docx", name: "streamed", stream: true, content: { markdown: MARKDOWN } },
      parseAs: "text",
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
    const frames = parseSse(data as unknown as string);
    const id = (frames[0]!.data as DocEvent).document_id;
    assertWellFormedStream(frames, id);
    assert.equal(frames[0]!.event, "document.created");
    assert.equal((frames[0]!.data as DocEvent).data.status, "queued");
    // Status and phase events carry `{status, phase}` (DocumentEvent in the spec).
    const progress = frames.map((f) => f.data as DocEvent).filter((e) => e.type === "status.changed" || e.type === "phase.changed");
    assert.ok(progress.length >= 2);
    for (const e of progress) {
      assert.equal(typeof e.data.status, "string", `${e.type} ${JSON.stringify(e.data)}`);
      assert.equal(typeof e.data.phase, "string", `${e.type} ${JSON.stringify(e.data)}`);
    }
    const last = frames.at(-1)!.data as DocEvent;
    assert.equal(last.type, "document.ready");
    const doc = last.data.document as Doc;
    assert.ok(validateDocument(doc), JSON.stringify(validateDocument.errors));
    assert.equal(doc.id, id);
    assert.equal(doc.status, "ready");
    assert.equal(doc.outputs![0]!.kind, "docx");
    const { res } = await download(doc.outputs![0]!.url);
    assert.equal(res.status, 200);
  });

  test("the report of a ready document has its validation summary", async () => {
    const { data, response } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: ready.id } } });
    assert.equal(response.status, 200);
    assert.ok(validateReport(data));
    assert.equal(data!.document_id, ready.id);
    assert.deepEqual(data!.validation_summary, ready.validation_summary);
    for (const n of ["errors", "warnings", "info"] as const) assert.equal(typeof data!.validation_summary![n], "number");
  });

  test("GET outputs gives fresh links that download; expires_in is bounded for a docx", async () => {
    const cases: Array<{ expiresIn?: number; status: number; ttl?: number }> = [
      { status: 200, ttl: 300 },
      { expiresIn: 60, status: 200, ttl: 60 },
      { expiresIn: 300, status: 200, ttl: 300 },
      { expiresIn: 301, status: 422 },
      { expiresIn: 3600, status: 422 },
    ];
    for (const c of cases) {
      const before = Date.now();
      const { data, error, response } = await svc.client.GET("/documents/{document_id}/outputs", {
        params: { path: { document_id: ready.id }, query: c.expiresIn === undefined ? {} : { expires_in: c.expiresIn } },
      });
      assert.equal(response.status, c.status, `expires_in=${c.expiresIn}`);
      if (c.status !== 200) {
        assert.equal((error as Problem).code, "input_invalid");
        assert.ok((error as Problem).errors?.some((e) => e.path === "/expires_in"));
        continue;
      }
      assert.equal(data!.document_id, ready.id);
      assert.deepEqual(data!.data.map((o) => o.id), ready.outputs!.map((o) => o.id));
      const link = data!.data[0]!;
      const expiresMs = Date.parse(link.expires_at!);
      // Expiries are rounded up to 10 s (core/documents/repo.ts): a link lives at least its TTL, at most 10 s more.
      const wanted = before + c.ttl! * 1000;
      assert.ok(expiresMs >= wanted - 1_000 && expiresMs <= wanted + 15_000, `expires_at ${link.expires_at} is not about ${c.ttl}s away`);
      assert.equal(Number(new URL(link.url).searchParams.get("expires")), Math.floor(expiresMs / 1000));
      const { res, bytes } = await download(link.url);
      assert.equal(res.status, 200);
      assert.equal(bytes.byteLength, link.bytes);
    }
  });

  test("an altered link is not found; a validly signed but expired one is gone (410 link_expired)", async () => {
    const output = ready.outputs![0]!;
    const url = new URL(output.url);
    const signature = url.searchParams.get("signature")!;
    const expires = url.searchParams.get("expires")!;
    const withParams = (e: string, s: string) => `${url.origin}${url.pathname}?expires=${e}&signature=${s}`;
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const cases = [
      { name: "signature altered", url: withParams(expires, flipped), status: 404, code: "not_found" },
      { name: "expiry stretched", url: withParams(String(Number(expires) + 3600), signature), status: 404, code: "not_found" },
      { name: "signature missing", url: `${url.origin}${url.pathname}?expires=${expires}`, status: 404, code: "not_found" },
      { name: "signed, expired a minute ago", url: signedLink(svc, output.id, Math.floor(Date.now() / 1000) - 60), status: 410, code: "link_expired" },
      { name: "signed, valid", url: signedLink(svc, output.id, Math.floor(Date.now() / 1000) + 60), status: 200 },
    ];
    for (const c of cases) {
      const res = await fetch(c.url);
      const body = await res.text();
      assert.equal(res.status, c.status, `${c.name}: ${body.slice(0, 200)}`);
      if (c.code) {
        checkResponse("GET /downloads/{output_id}", res.status, res.headers.get("content-type") ?? "", body);
        assert.equal(JSON.parse(body).code, c.code, c.name);
      }
    }
  });

  test("GET events replays everything of a finished document, and only what follows Last-Event-ID", async () => {
    const all = await readEvents(svc.client, ready.id);
    assert.equal(all.response.status, 200);
    assert.match(all.response.headers.get("content-type") ?? "", /^text\/event-stream/);
    assertWellFormedStream(all.frames, ready.id);
    assert.equal(all.events[0]!.type, "document.created");
    const last = all.events.at(-1)!;
    assert.equal(last.type, "document.ready");
    assert.equal((last.data.document as Doc).id, ready.id);
    assert.ok(all.events.length > 3);

    const tail = await readEvents(svc.client, ready.id, "3");
    assert.equal(tail.response.status, 200);
    assertWellFormedStream(tail.frames, ready.id, 4);
    assert.deepEqual(
      tail.events.map((e) => [e.sequence, e.type]),
      all.events.slice(3).map((e) => [e.sequence, e.type]),
    );
    const none = await readEvents(svc.client, ready.id, String(last.sequence));
    assert.equal(none.response.status, 200);
    assert.equal(none.frames.length, 0);
  });

  test("empty Markdown ends the document failed with content_empty, and nothing is charged", async () => {
    // A balance makes charging visible (no endpoint shows it); 50 units outlast every document of this file.
    const org = await orgId(svc, "acme");
    await setBalance(svc, org, 50);
    const cases = [
      { name: "only whitespace", markdown: "   \n\n\t  \n" },
      { name: "only an image", markdown: "![logo](https://example.com/logo.png)\n" },
      { name: "only a rule and an image", markdown: "---\n\n![chart](https://example.com/c.png)\n" },
    ];
    for (const c of cases) {
      const { data, response } = await create({ name: `empty ${c.name}`, content: { markdown: c.markdown } });
      assert.equal(response.status, 200, c.name);
      const doc = data as Doc;
      assert.equal(doc.status, "failed", c.name);
      assert.equal(doc.error?.code, "content_empty", c.name);
      assert.ok(doc.error!.message.length > 0);
      assert.deepEqual(doc.outputs ?? [], [], c.name);
      const events = await readEvents(svc.client, doc.id);
      assert.equal(events.events.at(-1)!.type, "document.failed");
      assert.deepEqual(events.events.at(-1)!.data.error, doc.error);
    }
    assert.equal(await balanceOf(svc, org), 50, "a failed document must not be charged");
    // …while a ready one is.
    const ok = await create({ name: "charged", content: { markdown: "# Charged" } });
    assert.equal((ok.data as Doc).status, "ready");
    assert.ok((await balanceOf(svc, org))! < 50, "a ready document is charged");
  });
});

describe("the document list", () => {
  test("newest first, pages by limit + next_cursor without duplicates, filters by status, format, operation and name", async () => {
    const made: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { data, response } = await create({ name: `listed ${i}`, content: { markdown: `# Listed ${i}` } });
      assert.equal(response.status, 200);
      made.push((data as Doc).id);
    }
    const everything = await svc.client.GET("/documents", { params: { query: { limit: 100 } } });
    assert.equal(everything.response.status, 200);
    const all = everything.data!.data;
    assert.equal(everything.data!.has_more, false);
    assert.equal(everything.data!.next_cursor, null);
    assert.ok(all.length >= 10, `only ${all.length} documents listed`);
    // Newest first: ids and creation times go down; the four just made lead, last made first.
    assert.deepEqual(all.slice(0, 4).map((d) => d.id), [...made].reverse());
    for (let i = 1; i < all.length; i++) {
      assert.ok(all[i - 1]!.id > all[i]!.id, "ids must go down");
      assert.ok(all[i - 1]!.created_at >= all[i]!.created_at, "creation times must not go up");
    }

    const paged: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const { data, response } = await svc.client.GET("/documents", { params: { query: { limit: 3, ...(cursor ? { cursor } : {}) } } });
      assert.equal(response.status, 200);
      pages++;
      assert.ok(data!.data.length <= 3);
      paged.push(...data!.data.map((d) => d.id));
      assert.equal(data!.has_more, data!.next_cursor !== null);
      if (!data!.has_more) break;
      cursor = data!.next_cursor!;
      assert.ok(pages < 50, "pagination does not end");
    }
    assert.equal(new Set(paged).size, paged.length, "a document appeared twice");
    assert.deepEqual(paged, all.map((d) => d.id));
    assert.equal(pages, Math.ceil(all.length / 3));

    const filtered = async (query: Record<string, string>) => {
      const { data, response } = await svc.client.GET("/documents", { params: { query: { limit: 100, ...query } as never } });
      assert.equal(response.status, 200, JSON.stringify(query));
      return data!.data;
    };
    const cases: Array<{ query: Record<string, string>; keep: (d: Doc) => boolean }> = [
      { query: { status: "failed" }, keep: (d) => d.status === "failed" },
      { query: { status: "ready" }, keep: (d) => d.status === "ready" },
      { query: { format: "docx" }, keep: (d) => d.format === "docx" },
      { query: { format: "pdf" }, keep: (d) => d.format === "pdf" },
      { query: { operation: "create" }, keep: (d) => d.operation === "create" },
      { query: { operation: "edit" }, keep: (d) => d.operation === "edit" },
      { query: { name: "listed 2" }, keep: (d) => d.name === "listed 2" },
      { query: { status: "ready", name: "listed 1" }, keep: (d) => d.status === "ready" && d.name === "listed 1" },
    ];
    for (const c of cases) {
      const got = await filtered(c.query);
      assert.deepEqual(got.map((d) => d.id), all.filter(c.keep).map((d) => d.id), JSON.stringify(c.query));
    }
    assert.ok((await filtered({ status: "failed" })).length >= 3);
    assert.deepEqual((await filtered({ name: "listed 2" })).map((d) => d.id), [made[2]]);
  });
});

describe("slow jobs (render delay 1500 ms, direct wait 200 ms)", () => {
  // A service of its own: the shared one renders at full speed and waits the default time.
  before(async () => {
    svc = await startInProcess({ QUIRE_DIRECT_WAIT_MS: "200", QUIRE_RENDER_DELAY_MS: "1500" });
  });
  after(async () => {
    await svc.stop();
    svc = shared;
  });

  test("direct mode answers 202 when the job outlasts the wait; the report is not ready; events follow it live", async () => {
    const started = Date.now();
    const { data, response } = await create({ name: "slow direct", content: { markdown: MARKDOWN } });
    const waited = Date.now() - started;
    assert.equal(response.status, 202);
    // It waited the 200 ms; 202 with the document still queued or running shows it answered before the job ended,
    // so the upper bound only catches a hang.
    assert.ok(waited >= 150 && waited < 10_000, `answered after ${waited} ms`);
    const doc = data as Doc;
    assert.ok(["queued", "running"].includes(doc.status), doc.status);
    assert.equal(doc.outputs, undefined);

    const report = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: doc.id } } });
    assert.equal(report.response.status, 409);
    assert.equal(report.error?.code, "report_not_ready");

    // Follow live: the stream stays open while the job runs and closes after the final event.
    const followFrom = new Date().toISOString();
    const live = await readEvents(svc.client, doc.id);
    assert.equal(live.response.status, 200);
    assertWellFormedStream(live.frames, doc.id);
    const last = live.events.at(-1)!;
    assert.equal(last.type, "document.ready");
    assert.ok(last.created_at > followFrom, "the final event happened after the follow began");
    assert.ok(live.events.some((e) => e.type === "phase.changed" && e.created_at > followFrom), "live progress events arrive");
    assert.equal((last.data.document as Doc).status, "ready");
    assert.equal((await getDoc(svc.client, doc.id)).status, "ready");

    const after = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: doc.id } } });
    assert.equal(after.response.status, 200);
  });

  test("background mode answers 202 at once, well before the job ends", async () => {
    const started = Date.now();
    const { data, response } = await create({ name: "slow background", background: true, content: { markdown: MARKDOWN } });
    const waited = Date.now() - started;
    assert.equal(response.status, 202);
    // Still queued or running is what shows it did not wait for the job; the time bound only catches a hang.
    assert.ok(["queued", "running"].includes((data as Doc).status), (data as Doc).status);
    assert.ok(waited < 10_000, `answered after ${waited} ms`);
    const done = await waitFor(svc.client, (data as Doc).id);
    assert.equal(done.status, "ready");
    assert.ok(FINISHED.has(done.status));
  });
});
