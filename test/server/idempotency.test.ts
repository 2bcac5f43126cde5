/**
 * Idempotency-Key on POST /documents (interface, Idempotency): the same key and body give back the same document,
 * a different body 422, a repeat while the first request runs 409, concurrent repeats make one document, and keys
 * are scoped per organization. Jobs are slowed (QUIRE_RENDER_DELAY_MS) so a direct-mode first request is still
 * running when the repeat arrives.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, test } from "node:test";
import { startService, type Service } from "../support/service.ts";
import { sleep, type Doc, type Problem } from "../support/documents.ts";
import type { ContractClient } from "../support/contract.ts";

const DELAY_MS = 800;

let svc: Service;
before(async () => {
  svc = await startService({ QUIRE_RENDER_DELAY_MS: String(DELAY_MS) });
});
after(async () => {
  await svc?.stop();
});

const body = (name: string, text = "Same words.") => ({ format: "docx" as const, name, content: { markdown: `# ${name}\n\n${text}` } });

const post = async (client: ContractClient, key: string, b: ReturnType<typeof body> & { background?: boolean }) => {
  const { data, error, response } = await client.POST("/documents", { body: b, headers: { "Idempotency-Key": key } });
  return { status: response.status, doc: data as Doc | undefined, problem: error as Problem | undefined };
};

const named = async (client: ContractClient, name: string) => {
  const { data, response } = await client.GET("/documents", { params: { query: { name, limit: 100 } } });
  assert.equal(response.status, 200);
  return data!.data;
};

test("the same key with the same body returns the same document and creates nothing more", async () => {
  const key = randomUUID();
  const first = await post(svc.client, key, body("same body"));
  assert.equal(first.status, 200);
  assert.equal(first.doc!.status, "ready");
  // Key order in the JSON does not matter: it is the same request.
  const reordered = { content: { markdown: body("same body").content.markdown }, name: "same body", format: "docx" as const };
  for (const again of [body("same body"), reordered]) {
    const repeat = await post(svc.client, key, again);
    assert.equal(repeat.status, 200);
    assert.equal(repeat.doc!.id, first.doc!.id);
    assert.equal(repeat.doc!.status, "ready");
  }
  assert.deepEqual((await named(svc.client, "same body")).map((d) => d.id), [first.doc!.id]);
});

test("the same key with a different body is refused: 422 idempotency_key_reused", async () => {
  const key = randomUUID();
  assert.equal((await post(svc.client, key, body("reused key"))).status, 200);
  const cases = [
    { name: "other text", b: body("reused key", "Other words.") },
    { name: "other name", b: body("reused key 2") },
    { name: "background added", b: { ...body("reused key"), background: true } },
  ];
  for (const c of cases) {
    const r = await post(svc.client, key, c.b);
    assert.equal(r.status, 422, c.name);
    assert.equal(r.problem!.code, "idempotency_key_reused", c.name);
  }
  assert.equal((await named(svc.client, "reused key")).length, 1);
  assert.equal((await named(svc.client, "reused key 2")).length, 0);
});

test("while the first request is still running, a repeat gets 409 idempotency_request_in_progress", async () => {
  const key = randomUUID();
  const b = body("in progress");
  const started = Date.now();
  const first = post(svc.client, key, b); // direct mode: answers once the slow job is done
  // Wait until the first request has created its document (and so holds the key).
  while ((await named(svc.client, "in progress")).length === 0) {
    assert.ok(Date.now() - started < DELAY_MS, "the first request did not create its document in time");
    await sleep(20);
  }
  const second = await post(svc.client, key, b);
  assert.ok(Date.now() - started < DELAY_MS, "the repeat must be answered while the first is still running");
  assert.equal(second.status, 409);
  assert.equal(second.problem!.code, "idempotency_request_in_progress");
  const firstDone = await first;
  assert.equal(firstDone.status, 200);
  // Once the first was answered, the repeat gets its document.
  const third = await post(svc.client, key, b);
  assert.equal(third.status, 200);
  assert.equal(third.doc!.id, firstDone.doc!.id);
  assert.equal((await named(svc.client, "in progress")).length, 1);
});

test("10 concurrent requests with one key create exactly one document", async () => {
  const key = randomUUID();
  const b = body("concurrent");
  const results = await Promise.all(Array.from({ length: 10 }, () => post(svc.client, key, b)));
  const byStatus = (s: number) => results.filter((r) => r.status === s);
  assert.equal(byStatus(200).length + byStatus(409).length, 10, `statuses: ${results.map((r) => r.status).join(", ")}`);
  assert.ok(byStatus(200).length >= 1);
  const ids = new Set(byStatus(200).map((r) => r.doc!.id));
  assert.equal(ids.size, 1, "every 200 is the same document");
  for (const r of byStatus(409)) assert.equal(r.problem!.code, "idempotency_request_in_progress");
  const listed = await named(svc.client, "concurrent");
  assert.deepEqual(listed.map((d) => d.id), [...ids]);
});

test("keys are per organization: the other organization may use the same key for its own request", async () => {
  const key = randomUUID();
  const other = svc.as(svc.otherKey);
  // A different body too: were keys global, this would be 422 idempotency_key_reused (or acme's document).
  const [mine, theirs] = await Promise.all([post(svc.client, key, body("per org")), post(other, key, body("per org", "Their words."))]);
  assert.equal(mine.status, 200);
  assert.equal(theirs.status, 200);
  assert.notEqual(mine.doc!.id, theirs.doc!.id);
  assert.deepEqual((await named(svc.client, "per org")).map((d) => d.id), [mine.doc!.id]);
  assert.deepEqual((await named(other, "per org")).map((d) => d.id), [theirs.doc!.id]);
  // A repeat in each organization gets that organization's document back.
  assert.equal((await post(other, key, body("per org", "Their words."))).doc!.id, theirs.doc!.id);
  assert.equal((await post(svc.client, key, body("per org"))).doc!.id, mine.doc!.id);
  const other404 = await other.GET("/documents/{document_id}", { params: { path: { document_id: mine.doc!.id } } });
  assert.equal(other404.response.status, 404);
});
