/**
 * The service on PostgreSQL (issue 18, first step): the run's throwaway cluster (or one the file starts itself when run
 * alone), every migration run on it, and the main flows through the real service: direct and background documents
 * with their events, idempotent replays, cancel, an upload reviewed and extracted, an artifact's owner API, and one
 * organization's documents hidden from another. The same flows run on SQLite in the other suites; two instances on
 * one database are postgres-instances.test.ts. Skipped, and said so, where PostgreSQL is not installed.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startService, type Service } from "../support/service.ts";
import { fileDatabases, postgresAvailable } from "../support/postgres.ts";
import { docxText, download, getDoc, MARKDOWN, readEvents, waitFor, type Doc } from "../support/documents.ts";
import { checkResponse } from "../support/contract.ts";

const { database, stop } = fileDatabases();
let svc: Service;
const skip = postgresAvailable() ? false : "PostgreSQL is not installed (Debian package postgresql)";

after(stop);

describe("the service on PostgreSQL", { skip }, () => {
  before(async () => {
    svc = await startService({ QUIRE_DATABASE_URL: await database() });
  });

  after(async () => {
    await svc?.stop();
  });

  test("/healthz names the database and the engines; /readyz says the instance takes requests", async () => {
    const health = await fetch(`${svc.origin}/healthz`);
    const body = await health.text();
    checkResponse("GET /healthz", health.status, health.headers.get("content-type") ?? "", body);
    const checks = (JSON.parse(body) as { checks: Record<string, { status: string; detail: string }> }).checks;
    assert.equal(checks.database!.status, "ok");
    assert.match(checks.database!.detail, /^PostgreSQL, answered in \d+ ms$/);
    assert.ok(["ok", "checking"].includes(checks.libreoffice!.status));
    const ready = await fetch(`${svc.origin}/readyz`);
    const readyBody = await ready.text();
    checkResponse("GET /readyz", ready.status, ready.headers.get("content-type") ?? "", readyBody);
    assert.equal(ready.status, 200);
    assert.equal(JSON.parse(readyBody).status, "ready");
  });

  test("a document made directly, and one in the background followed by its events", async () => {
    const { data, response } = await svc.client.POST("/documents", { body: { format: "docx", content: { markdown: MARKDOWN } } as never });
    assert.equal(response.status, 200);
    const doc = data as Doc;
    assert.equal(doc.status, "ready");
    const { bytes } = await download(doc.outputs!.find((o) => o.kind === "docx")!.url);
    assert.match(docxText(bytes), /Quarterly Report/);

    const background = await svc.client.POST("/documents", { body: { format: "pdf", background: true, content: { markdown: MARKDOWN } } as never });
    assert.equal(background.response.status, 202);
    const id = (background.data as Doc).id;
    const done = await waitFor(svc.client, id, undefined, 60_000);
    assert.equal(done.status, "ready");
    const { events } = await readEvents(svc.client, id);
    assert.equal(events[0]!.type, "document.created");
    assert.equal(events.at(-1)!.type, "document.ready");
    assert.ok(events.every((e, i) => e.sequence === i + 1), "events numbered from 1 without gaps");
  });

  test("the same Idempotency-Key and body give the same document; a cancel stops one", async () => {
    const body = { format: "docx", background: true, content: { markdown: MARKDOWN } } as never;
    const headers = { "Idempotency-Key": "pg-replay-1" };
    const first = await svc.client.POST("/documents", { body, headers });
    const again = await svc.client.POST("/documents", { body, headers });
    assert.equal((again.data as Doc).id, (first.data as Doc).id);

    const slow = await svc.client.POST("/documents", { body: { format: "docx", background: true, content: { markdown: MARKDOWN } } as never });
    const cancel = await svc.client.POST("/documents/{document_id}/cancel", { params: { path: { document_id: (slow.data as Doc).id } } });
    assert.ok([200, 202, 409].includes(cancel.response.status), `cancel answered ${cancel.response.status}`);
    const settled = await waitFor(svc.client, (slow.data as Doc).id, undefined, 60_000);
    assert.ok(["canceled", "ready"].includes(settled.status));
  });

  test("an uploaded file is reviewed and extracted", async () => {
    const made = await svc.client.POST("/documents", { body: { format: "docx", content: { markdown: MARKDOWN } } as never });
    const { bytes } = await download((made.data as Doc).outputs!.find((o) => o.kind === "docx")!.url);
    const form = new FormData();
    form.append("file", new Blob([bytes]), "report.docx");
    const uploaded = await fetch(`${svc.baseUrl}/files`, { method: "POST", body: form, headers: { Authorization: `Bearer ${svc.key}` } });
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    const file = ((await uploaded.json()) as { id: string }).id;
    const review = await svc.client.POST("/documents", { body: { operation: "review", file } as never });
    assert.equal(review.response.status, 200);
    assert.ok(["ready", "ready_with_warnings", "needs_review"].includes((review.data as Doc).status));
    const extract = await svc.client.POST("/extract", { body: { file } as never });
    assert.equal(extract.response.status, 200);
    assert.match(JSON.stringify(extract.data), /Quarterly Report/);
  });

  test("an artifact's owner API; another organization sees nothing", async () => {
    const page = await svc.client.POST("/documents", {
      body: { format: "artifact", content: { markdown: "# Lunch\n\n```form signups\nName: text required\n```\n\n```list signups\n```\n" } } as never,
    });
    assert.equal(page.response.status, 200, JSON.stringify(page.error));
    const data = await svc.client.GET("/documents/{document_id}/data", { params: { path: { document_id: (page.data as Doc).id } } });
    assert.equal(data.response.status, 200);

    // Another organization's key sees nothing of it.
    const other = await svc.as(svc.otherKey).GET("/documents/{document_id}", { params: { path: { document_id: (page.data as Doc).id } } });
    assert.equal(other.response.status, 404);
  });
});
