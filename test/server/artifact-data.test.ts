/**
 * The owner's data endpoints on the real service (`GET /documents/{id}/data` and `…/data/{collection}`), every
 * answer checked against the spec by the contract client: summaries, pages walked with the cursor, the 404 / 409 /
 * 410 / 422 / 429 rules, and the data gone after `DELETE /documents/{id}` and after the retention sweep.
 *
 * Artifacts are seeded straight into the service's store, as another process on the same data directory (the
 * command line does the same): a finished artifact document row, and records written through the artifact store
 * itself (core/artifacts/store.ts). Once artifacts can be created through `POST /documents`, these rows can come
 * from there instead.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Knex } from "knex";
import { openDatabase } from "../../core/store/db.ts";
import { fastReader } from "../../core/store/fast-reads.ts";
import { putRecord } from "../../core/artifacts/store.ts";
import type { Service } from "../support/service.ts";
import { sharedService } from "../support/shared-service.ts";
import { orgId, type Problem } from "../support/documents.ts";
import { seedDocument } from "../core/artifacts/support.ts";

let svc: Service;
let db: Knex;
let acme: string;

before(async () => {
  svc = await sharedService();
  db = await openDatabase({ dataDir: svc.dataDir, databaseUrl: svc.databaseUrl });
  acme = await orgId(svc, "acme");
});
after(async () => {
  fastReader(db)?.close();
  await db.destroy();
  await svc.stop();
});

const T0 = Date.UTC(2030, 0, 1);

const seedArtifact = async (records: Array<[collection: string, key: string, data: unknown]>, opts: Parameters<typeof seedDocument>[1] = {}) => {
  const id = await seedDocument(db, { organizationId: acme, ...opts });
  for (const [i, [collection, key, data]] of records.entries()) await putRecord(db, id, collection, key, data, new Date(T0 + i * 1_000));
  return id;
};

const summary = (id: string, client = svc.client) => client.GET("/documents/{document_id}/data", { params: { path: { document_id: id } } });
const page = (id: string, collection: string, query: { limit?: number; cursor?: string } = {}, client = svc.client) =>
  client.GET("/documents/{document_id}/data/{collection}", { params: { path: { document_id: id, collection }, query } });

const assertProblem = (result: { error?: unknown; response: Response }, status: number, code: string, path?: string) => {
  assert.equal(result.response.status, status);
  const problem = result.error as Problem;
  assert.equal(problem.code, code);
  if (path) assert.deepEqual(problem.errors?.map((e) => e.path), [path]);
};

describe("a shared artifact's data", () => {
  test("the collections with their record counts, by name", async () => {
    const id = await seedArtifact([
      ["votes", "ana", { choice: "yes" }],
      ["votes", "bo", { choice: "no" }],
      ["comments", "c1", "Nice poll"],
      ["votes", "ana", { choice: "no" }],
    ]);
    const { data, response } = await summary(id);
    assert.equal(response.status, 200);
    assert.deepEqual(data, { object: "list", data: [{ collection: "comments", records: 1 }, { collection: "votes", records: 2 }] });
    assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
    const empty = await seedArtifact([]);
    assert.deepEqual((await summary(empty)).data, { object: "list", data: [] });
  });

  test("a collection's records, most recent first, walked a page at a time with the cursor", async () => {
    const rows: Array<[string, string, unknown]> = Array.from({ length: 45 }, (_, i) => ["signups", `s${String(i).padStart(2, "0")}`, { name: `Person ${i}`, n: i }]);
    rows.push(["signups", "s10", { name: "Person 10, again", n: 10 }]);
    rows.push(["other", "o1", true]);
    const id = await seedArtifact(rows);
    const seen: Array<{ key: string; data: unknown; updated_at: string }> = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const { data, response } = await page(id, "signups", { limit: 20, ...(cursor ? { cursor } : {}) });
      assert.equal(response.status, 200);
      assert.equal(data!.object, "list");
      assert.equal(data!.collection, "signups");
      seen.push(...data!.data);
      pages++;
      if (!data!.has_more) {
        assert.equal(data!.next_cursor, null);
        break;
      }
      cursor = data!.next_cursor!;
    }
    assert.equal(pages, 3);
    assert.equal(seen.length, 45, "every record once");
    assert.deepEqual(seen[0], { key: "s10", data: { name: "Person 10, again", n: 10 }, updated_at: new Date(T0 + 45_000).toISOString() });
    assert.deepEqual(seen.slice(1, 4).map((r) => r.key), ["s44", "s43", "s42"]);
    const { data } = await page(id, "signups");
    assert.equal(data!.data.length, 20, "20 by default");
    assert.deepEqual((await page(id, "nothing-here")).data, { object: "list", collection: "nothing-here", data: [], has_more: false, next_cursor: null });
  });

  test("limit, cursor and collection are checked: 422 input_invalid at the field", async () => {
    const id = await seedArtifact([["c", "k", 1]]);
    assertProblem(await page(id, "c", { limit: 0 }), 422, "input_invalid", "/limit");
    assertProblem(await page(id, "c", { limit: 101 }), 422, "input_invalid", "/limit");
    assertProblem(await page(id, "c", { cursor: "bm90LWEtY3Vyc29y" }), 422, "input_invalid", "/cursor");
    const res = await fetch(`${svc.baseUrl}/documents/${id}/data/${"x".repeat(65)}`, { headers: { Authorization: `Bearer ${svc.key}` } });
    assert.equal(res.status, 422);
    assert.deepEqual(((await res.json()) as Problem).errors?.map((e) => e.path), ["/collection"]);
  });
});

describe("what has no data here", () => {
  test("another organization's artifact is 404; a non-artifact 409 not_an_artifact; a local artifact 409 artifact_is_local", async () => {
    const id = await seedArtifact([["c", "k", 1]]);
    assertProblem(await summary(id, svc.as(svc.otherKey)), 404, "not_found");
    assertProblem(await page(id, "c", {}, svc.as(svc.otherKey)), 404, "not_found");
    const docx = await seedDocument(db, { organizationId: acme, format: "docx" });
    assertProblem(await summary(docx), 409, "not_an_artifact");
    assertProblem(await page(docx, "c"), 409, "not_an_artifact");
    const local = await seedDocument(db, { organizationId: acme, storage: "local" });
    assertProblem(await summary(local), 409, "artifact_is_local");
    assertProblem(await page(local, "c"), 409, "artifact_is_local");
    assertProblem(await summary("doc_not-an-id"), 404, "not_found");
  });

  test("DELETE /documents/{id} deletes the data: then 410 content_deleted", async () => {
    const id = await seedArtifact([["c", "a", 1], ["c", "b", 2]]);
    const removed = await svc.client.DELETE("/documents/{document_id}", { params: { path: { document_id: id } } });
    assert.equal(removed.response.status, 200);
    assertProblem(await summary(id), 410, "content_deleted");
    assertProblem(await page(id, "c"), 410, "content_deleted");
    for (const table of ["artifact_records", "artifact_changes", "artifact_state"]) {
      assert.equal((await db(table).where({ document_id: id })).length, 0, `${table} emptied`);
    }
  });

  test("after its retention the data answers 410 at once, and the sweep deletes it", async () => {
    const expiresAt = new Date(Date.now() - 60_000).toISOString();
    const id = await seedArtifact([["c", "a", 1]], { expiresAt });
    const keep = await seedArtifact([["c", "a", 1]]);
    assertProblem(await summary(id), 410, "content_deleted");
    await svc.cli("sweep");
    assert.equal((await db("artifact_records").where({ document_id: id })).length, 0);
    assert.equal((await db("artifact_records").where({ document_id: keep })).length, 1, "an artifact still within its retention keeps its data");
    assertProblem(await summary(id), 410, "content_deleted");
  });
});

test("the owner's reads count in the artifact's 1,200 a minute: then 429 with Retry-After", async () => {
  const id = await seedArtifact([["c", "k", 1]]);
  for (let i = 0; i < 1_200; i += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, (_, j) => (i + j) % 2 ? summary(id) : page(id, "c")));
    for (const r of batch) assert.equal(r.response.status, 200);
  }
  const refused = await summary(id);
  assertProblem(refused, 429, "rate_limited");
  assert.ok(Number(refused.response.headers.get("retry-after")) >= 1);
  const other = await seedArtifact([["c", "k", 1]]);
  assert.equal((await summary(other)).response.status, 200, "another artifact has its own budget");
});
