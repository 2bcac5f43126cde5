/**
 * A document's life after creation: versions saved by hand, deletion, the end of retention (the sweeper run from
 * the command line at a later time), cancel, and a worker killed mid-job. Every job is slowed by
 * QUIRE_RENDER_DELAY_MS so a running document can be canceled or interrupted.
 *
 * This service keeps the default URL rule (QUIRE_ALLOW_PRIVATE_URLS unset), so the webhook endpoints' rule is
 * tested here too: webhooks.test.ts's service allows loopback for its receivers, and a service of its own for that
 * one test cost a start.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startService, type Service } from "../support/service.ts";
import { MARKDOWN, assertWellFormedStream, download, getDoc, readEvents, sleep, waitFor, type Doc, type Problem } from "../support/documents.ts";

const DELAY_MS = 1200;

let svc: Service;
before(async () => {
  svc = await startService({ QUIRE_RENDER_DELAY_MS: String(DELAY_MS) });
});
after(async () => {
  await svc?.stop();
});

const create = async (body: Record<string, unknown>) => {
  const { data, response } = await svc.client.POST("/documents", { body: { format: "docx", content: { markdown: MARKDOWN }, ...body } as never });
  return { doc: data as Doc, status: response.status };
};
const createReady = async (body: Record<string, unknown>) => {
  const { doc, status } = await create(body);
  assert.equal(status, 200);
  assert.equal(doc.status, "ready");
  return doc;
};
const isoLater = (from: string, ms: number) => new Date(Date.parse(from) + ms).toISOString();

const contentEndpoints = (id: string) => [
  { name: "report", call: () => svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: id } } }) },
  { name: "outputs", call: () => svc.client.GET("/documents/{document_id}/outputs", { params: { path: { document_id: id } } }) },
  { name: "events", call: () => svc.client.GET("/documents/{document_id}/events", { params: { path: { document_id: id } }, parseAs: "text" }) },
];

describe("content: versions, deletion and retention", () => {
  // Made together at the start: each job takes the render delay, and two workers run them side by side.
  let parent: Doc;
  let transient: Doc;
  let kept: Doc;
  let doomed: Doc;
  before(async () => {
    [parent, transient, kept, doomed] = await Promise.all([
      createReady({ name: "Contract draft" }),
      createReady({ name: "not stored", store: false }),
      createReady({ name: "kept 30 days" }),
      createReady({ name: "to delete" }),
    ]);
  });

  test("POST versions with the downloaded .docx saves a manual version whose output is the same bytes", async () => {
    const { res, bytes } = await download(parent.outputs![0]!.url);
    assert.equal(res.status, 200);
    const { data, response } = await svc.client.POST("/documents/{document_id}/versions", {
      params: { path: { document_id: parent.id } },
      body: { file: { data: Buffer.from(bytes).toString("base64"), filename: "edited.docx" } },
    });
    assert.equal(response.status, 201);
    const version = data!;
    assert.notEqual(version.id, parent.id);
    assert.equal(version.mode, "manual");
    assert.equal(version.parent_id, parent.id);
    assert.equal(version.format, "docx");
    assert.equal(version.name, parent.name);
    assert.equal(version.status, "ready");
    assert.equal(version.outputs![0]!.kind, "docx");
    const again = await download(version.outputs![0]!.url);
    assert.equal(again.res.status, 200);
    assert.ok(Buffer.from(again.bytes).equals(Buffer.from(bytes)), "the version must download the very bytes sent");
    assert.equal((await getDoc(svc.client, version.id)).parent_id, parent.id);
  });

  test("a file of another format than the parent's is refused at /file", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const cases = [
      { name: "a PDF for a docx", file: { data: pdf.toString("base64"), filename: "edited.pdf" } },
      { name: "plain text", file: { data: Buffer.from("just text").toString("base64"), filename: "edited.docx" } },
    ];
    for (const c of cases) {
      const { error, response } = await svc.client.POST("/documents/{document_id}/versions", { params: { path: { document_id: parent.id } }, body: { file: c.file } });
      assert.equal(response.status, 422, c.name);
      assert.equal(error?.code, "file_rejected", c.name);
      assert.ok(error?.errors?.some((e) => e.path === "/file"), `${c.name}: ${JSON.stringify(error)}`);
    }
  });

  test("DELETE deletes the content now: links die, content endpoints answer 410, the document stays readable", async () => {
    const link = doomed.outputs![0]!.url;
    assert.equal((await download(link)).res.status, 200);
    const { data, response } = await svc.client.DELETE("/documents/{document_id}", { params: { path: { document_id: doomed.id } } });
    assert.equal(response.status, 200);
    assert.ok(data!.content_deleted_at);
    assert.deepEqual(data!.outputs ?? [], []);
    assert.equal(data!.status, "ready");
    const res = await fetch(link);
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as Problem).code, "not_found");
    for (const endpoint of contentEndpoints(doomed.id)) {
      const { error, response } = await endpoint.call();
      assert.equal(response.status, 410, endpoint.name);
      assert.equal((error as Problem).code, "content_deleted", endpoint.name);
    }
    // A version of a document whose content is gone has nothing to be a version of.
    const version = await svc.client.POST("/documents/{document_id}/versions", {
      params: { path: { document_id: doomed.id } },
      body: { file: { data: Buffer.from((await download(parent.outputs![0]!.url)).bytes).toString("base64"), filename: "x.docx" } },
    });
    assert.equal(version.response.status, 410);
    assert.equal(version.error?.code, "content_deleted");
    // Deleting again changes nothing.
    const twice = await svc.client.DELETE("/documents/{document_id}", { params: { path: { document_id: doomed.id } } });
    assert.equal(twice.response.status, 200);
    assert.equal(twice.data!.content_deleted_at, data!.content_deleted_at);
  });

  test("store: false keeps content 15 minutes: a sweep 20 minutes later deletes it and keeps the billing fields", async () => {
    assert.equal(transient.store, false);
    assert.equal(transient.retention, "none");
    assert.equal(Date.parse(transient.expires_at!) - Date.parse(transient.completed_at!), 15 * 60_000);
    const link = transient.outputs![0]!.url;

    const swept = (await svc.cli("sweep", "--now", isoLater(transient.completed_at!, 20 * 60_000))) as { contentDeleted: number };
    assert.ok(swept.contentDeleted >= 1);
    const after = await getDoc(svc.client, transient.id);
    assert.ok(after.content_deleted_at);
    assert.deepEqual(after.outputs ?? [], []);
    for (const field of ["status", "format", "pages", "operation", "retention", "store", "created_at", "completed_at", "expires_at"] as const) {
      assert.deepEqual(after[field], transient[field], field);
    }
    for (const endpoint of contentEndpoints(transient.id)) {
      const { error, response } = await endpoint.call();
      assert.equal(response.status, 410, endpoint.name);
      assert.equal((error as Problem).code, "content_deleted", endpoint.name);
    }
    assert.equal((await fetch(link)).status, 404);
    // The 30-day document was not touched by that sweep.
    const still = await getDoc(svc.client, kept.id);
    assert.equal(still.content_deleted_at, null);
    assert.ok(still.outputs!.some((o) => o.kind === "docx"), "its Word file is still there");
  });

  test("events are kept 7 days: 8 days later they are gone (410 events_expired) while the 30-day content stays", async () => {
    const before = await readEvents(svc.client, kept.id);
    assert.equal(before.response.status, 200);
    assertWellFormedStream(before.frames, kept.id);

    await svc.cli("sweep", "--now", isoLater(kept.created_at, 8 * 86_400_000));
    const { error, response } = await readEvents(svc.client, kept.id);
    assert.equal(response.status, 410);
    assert.equal(error?.code, "events_expired");
    const doc = await getDoc(svc.client, kept.id);
    assert.equal(doc.content_deleted_at, null);
    assert.ok(doc.outputs!.some((o) => o.kind === "docx"));
    const report = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: kept.id } } });
    assert.equal(report.response.status, 200);
  });
});

describe("cancel", () => {
  test("a running document is canceled at once, keeps no outputs, and ends with document.canceled", async () => {
    const { doc, status } = await create({ name: "to cancel", background: true });
    assert.equal(status, 202);
    await waitFor(svc.client, doc.id, (d) => d.status === "running");
    const started = Date.now();
    const { data, response } = await svc.client.POST("/documents/{document_id}/cancel", { params: { path: { document_id: doc.id } } });
    const took = Date.now() - started;
    assert.equal(response.status, 202);
    assert.equal(data!.status, "canceled");
    // Canceled, with no outputs, is what shows it did not wait for the job; the time bound only catches a hang
    // (a cancel takes tens of milliseconds; this is far above it, for a loaded machine).
    assert.ok(took < 5_000, `cancel took ${took} ms`);
    assert.ok(data!.completed_at);
    assert.deepEqual(data!.outputs ?? [], []);

    const events = await readEvents(svc.client, doc.id);
    assertWellFormedStream(events.frames, doc.id);
    assert.equal(events.events.at(-1)!.type, "document.canceled");
    assert.equal((events.events.at(-1)!.data.document as Doc).status, "canceled");

    // The aborted job does not bring the document back once its delay would have ended.
    await sleep(DELAY_MS);
    const later = await getDoc(svc.client, doc.id);
    assert.equal(later.status, "canceled");
    assert.deepEqual(later.outputs ?? [], []);
    assert.equal((await readEvents(svc.client, doc.id)).events.length, events.events.length);
  });

  test("cancel of a finished document answers 202 and changes nothing", async () => {
    const ready = await createReady({ name: "finished" });
    const { data, response } = await svc.client.POST("/documents/{document_id}/cancel", { params: { path: { document_id: ready.id } } });
    assert.equal(response.status, 202);
    assert.equal(data!.status, "ready");
    assert.equal(data!.completed_at, ready.completed_at);
    assert.deepEqual(data!.outputs!.map((o) => o.id), ready.outputs!.map((o) => o.id));
    const events = await readEvents(svc.client, ready.id);
    assert.equal(events.events.at(-1)!.type, "document.ready");
    assert.equal(events.events.filter((e) => e.type === "document.canceled").length, 0);
  });
});

describe("the webhook URL rule without QUIRE_ALLOW_PRIVATE_URLS", () => {
  test("only https on a public address: http, loopback, private, link-local and localhost are 422 at /url", async () => {
    const refused = ["http://203.0.114.5/hook", "http://127.0.0.1:8080/hook", "https://127.0.0.1/hook", "https://10.0.0.7/hook", "https://169.254.169.254/", "https://[::1]/", "https://localhost/hook"];
    for (const url of refused) {
      const { error, response } = await svc.client.POST("/webhook-endpoints", { body: { url } });
      assert.equal(response.status, 422, url);
      assert.deepEqual((error as Problem).errors?.map((e) => e.path), ["/url"], url);
    }
    const { data, response } = await svc.client.POST("/webhook-endpoints", { body: { url: "https://203.0.114.5/hook" } });
    assert.equal(response.status, 201);
    assert.equal(data!.url, "https://203.0.114.5/hook");
    // Nothing here makes a document.ready for it to be called with; deleted all the same.
    assert.equal((await svc.client.DELETE("/webhook-endpoints/{id}", { params: { path: { id: data!.id } } })).response.status, 200);
  });
});

describe("crash recovery", () => {
  test("a worker killed mid-job: after restart the document resumes and ends ready", async () => {
    const { doc, status } = await create({ name: "interrupted", background: true });
    assert.equal(status, 202);
    await waitFor(svc.client, doc.id, (d) => d.status === "running");
    await svc.kill();
    await svc.restart({ QUIRE_RENDER_DELAY_MS: "200" });

    // The restarted service starts its threads and LibreOffice cold, and on PostgreSQL first waits for the killed
    // instance's heartbeat to go stale: on a loaded 2-core machine that is more than the usual 15 s.
    const done = await waitFor(svc.client, doc.id, undefined, 60_000);
    assert.equal(done.status, "ready");
    assert.equal(done.outputs![0]!.kind, "docx");
    assert.equal((await download(done.outputs![0]!.url)).res.status, 200);

    const { frames, events } = await readEvents(svc.client, doc.id);
    assertWellFormedStream(frames, doc.id);
    const statuses = events.filter((e) => e.type === "status.changed").map((e) => e.data.status);
    assert.deepEqual(statuses, ["running", "queued", "running"], "running, back to queued on restart, running again");
    const resumed = events.find((e) => e.type === "status.changed" && e.data.status === "queued")!;
    assert.match(String(resumed.data.reason), /restart/);
    assert.equal(events.at(-1)!.type, "document.ready");
  });
});
