/**
 * Authentication and tenancy (interface, Authentication): bearer API keys with their region prefix, dashboard
 * sessions for the dashboard routes and cancel, organizations that cannot see each other's documents, keys
 * revoked at once, keys made by the command line, and QUIRE_API_KEYS kept across restarts.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { newKey, startService, type Service } from "../support/service.ts";
import { withStore } from "../support/store.ts";
import { checkResponse, type ContractClient } from "../support/contract.ts";
import { assertProblem, fetchProblem } from "../support/problem.ts";
import type { RouteKey } from "../../generated/responses.js";
import type { components } from "../../generated/openapi.ts";

type Document = components["schemas"]["Document"];

let svc: Service;
let errorsUrl: string;

/** An organization made through the command line: its key (typed client) and a dashboard session. */
interface CliOrg {
  orgId: string;
  projectId: string;
  keyId: string;
  key: string;
  session: string;
}

const cliOrg = async (name: string): Promise<CliOrg> => {
  const org = (await svc.cli("org", "create", "--name", name)) as { id: string };
  const project = (await svc.cli("project", "create", "--org", org.id, "--name", "main")) as { id: string };
  const key = (await svc.cli("key", "create", "--project", project.id, "--name", "cli")) as { id: string; key: string };
  const session = (await svc.cli("session", "create", "--org", org.id)) as { token: string };
  return { orgId: org.id, projectId: project.id, keyId: key.id, key: key.key, session: session.token };
};

/** A document of the client's organization, still running (the service holds every render in this file). */
const backgroundDocument = async (client: ContractClient, name = "auth-test"): Promise<Document> => {
  const { data, error, response } = await client.POST("/documents", {
    body: { format: "docx", name, content: { markdown: "# Private\n\nOnly for its own organization." }, background: true },
  });
  assert.equal(error, undefined, JSON.stringify(error));
  assert.equal(response.status, 202);
  return data as Document;
};

/** A raw request whose answer must be a Problem listed by the spec for `route`. */
const rawProblem = async (route: RouteKey, path: string, init: RequestInit, want: { status: number; code: string }) => {
  const { response, problem, text } = await fetchProblem(`${svc.baseUrl}${path}`, init, { ...want, errorsUrl });
  checkResponse(route, response.status, response.headers.get("content-type") ?? "", text);
  return problem;
};

before(async () => {
  // No document of this file needs to finish, only to exist and still be running (cancels, other organizations'
  // 404s): each waits longer than the file runs, so none is ever rendered here (no worker thread or LibreOffice
  // started, before or after the restart) and none finishes before a test has used it, however busy the machine.
  svc = await startService({ QUIRE_RENDER_DELAY_MS: String(10 * 60_000), QUIRE_MODEL_BASE_URL: "" });
  errorsUrl = `${svc.origin}/errors`;
});
after(async () => {
  await svc?.stop();
});

describe("API keys", () => {
  const cases: Array<{ name: string; given: Record<string, string>; want: string }> = [
    { name: "missing header", given: {}, want: "unauthorized" },
    { name: "empty header", given: { Authorization: "" }, want: "unauthorized" },
    { name: "Basic scheme", given: { Authorization: "Basic dXNlcjpwYXNz" }, want: "unauthorized" },
    { name: "Bearer without a token", given: { Authorization: "Bearer" }, want: "unauthorized" },
    { name: "Bearer with two tokens", given: { Authorization: `Bearer ${newKey()} extra` }, want: "unauthorized" },
    { name: "a token that is no key", given: { Authorization: "Bearer not-a-key" }, want: "unauthorized" },
    { name: "unknown eu key", given: { Authorization: `Bearer ${newKey("eu")}` }, want: "unauthorized" },
    { name: "us key on the eu server", given: { Authorization: `Bearer ${newKey("us")}` }, want: "region_mismatch" },
  ];
  for (const { name, given, want } of cases) {
    it(`${name} → 401 ${want}`, async () => {
      await rawProblem("GET /documents", "/documents", { headers: given }, { status: 401, code: want });
      await rawProblem("POST /documents", "/documents", {
        method: "POST",
        headers: { ...given, "Content-Type": "application/json" },
        body: JSON.stringify({ format: "docx", content: { markdown: "# x" } }),
      }, { status: 401, code: want });
    });
  }

  it("an unknown key through the typed client → 401 unauthorized, a us key → 401 region_mismatch", async () => {
    const unknown = await svc.as(newKey()).GET("/documents");
    assertProblem(unknown.response, unknown.error, { status: 401, code: "unauthorized", errorsUrl });
    const us = await svc.as(newKey("us")).GET("/documents/{document_id}", { params: { path: { document_id: "doc_01ARZ3NDEKTSV4RRFFQ69G5FAV" } } });
    assertProblem(us.response, us.error, { status: 401, code: "region_mismatch", errorsUrl });
  });

  it("the configured keys work", async () => {
    for (const key of [svc.key, svc.otherKey]) {
      const { data, error } = await svc.as(key).GET("/documents");
      assert.equal(error, undefined);
      assert.equal(data!.object, "list");
    }
  });
});

describe("organizations cannot see each other's documents", () => {
  let doc: Document;
  before(async () => {
    doc = await backgroundDocument(svc.client, "acme-private");
  });

  it("every document route answers 404 not_found to the other organization", async () => {
    const other = svc.as(svc.otherKey);
    const path = { params: { path: { document_id: doc.id } } };
    const calls = [
      other.GET("/documents/{document_id}", path),
      other.GET("/documents/{document_id}/report", path),
      other.GET("/documents/{document_id}/events", { ...path, parseAs: "text" }),
      other.GET("/documents/{document_id}/outputs", path),
      other.POST("/documents/{document_id}/cancel", path),
      other.DELETE("/documents/{document_id}", path),
    ];
    for (const { response, error } of await Promise.all(calls)) {
      const body = typeof error === "string" ? JSON.parse(error) : error;
      assertProblem(response, body, { status: 404, code: "not_found", errorsUrl });
    }
  });

  it("the other organization's list does not show it", async () => {
    const { data } = await svc.as(svc.otherKey).GET("/documents");
    assert.ok(!data!.data.some((d) => d.id === doc.id));
  });

  it("the other organization cannot use it as a source or file either", async () => {
    const other = svc.as(svc.otherKey);
    const asSource = await other.POST("/documents", { body: { format: "docx", content: { markdown: "# x" }, sources: [doc.id] } });
    assertProblem(asSource.response, asSource.error, { status: 404, code: "not_found", errorsUrl });
  });

  it("the owner still has it, neither canceled nor deleted", async () => {
    const { data, error } = await svc.client.GET("/documents/{document_id}", { params: { path: { document_id: doc.id } } });
    assert.equal(error, undefined);
    assert.notEqual(data!.status, "canceled");
    assert.equal(data!.content_deleted_at, null);
  });
});

/** Another organization, for what it must not reach: its project and a dashboard session (`quire setup`, two commands). */
const rivalOrg = async (name: string): Promise<Pick<CliOrg, "orgId" | "projectId" | "session">> => {
  const setup = (await svc.cli("setup", "--name", name)) as { organization_id: string; project_id: string };
  const session = (await svc.cli("session", "create", "--org", setup.organization_id)) as { token: string };
  return { orgId: setup.organization_id, projectId: setup.project_id, session: session.token };
};

describe("dashboard sessions", () => {
  let org: CliOrg;
  let rival: Awaited<ReturnType<typeof rivalOrg>>;
  before(async () => {
    // One command after another: each is a process of its own (about 1.5 s of CPU) opening the store, which two at
    // once on SQLite may find busy. The rival needs two of them, not four.
    org = await cliOrg("Initech");
    rival = await rivalOrg("Umbrella");
  });

  it("a command-line key of a new organization works and sees only its own documents", async () => {
    const { data, error } = await svc.as(org.key).GET("/documents");
    assert.equal(error, undefined);
    assert.deepEqual(data!.data, []);
  });

  it("a session cancels a running document of its organization", async () => {
    const doc = await backgroundDocument(svc.as(org.key), "to-cancel");
    assert.ok(doc.status === "queued" || doc.status === "running", doc.status);
    const { data, error, response } = await svc.as(org.session).POST("/documents/{document_id}/cancel", { params: { path: { document_id: doc.id } } });
    assert.equal(error, undefined, JSON.stringify(error));
    assert.equal(response.status, 202);
    assert.equal(data!.id, doc.id);
    assert.equal(data!.status, "canceled");
  });

  it("a session of another organization gets 404 on cancel", async () => {
    const doc = await backgroundDocument(svc.as(org.key), "not-yours");
    const { error, response } = await svc.as(rival.session).POST("/documents/{document_id}/cancel", { params: { path: { document_id: doc.id } } });
    assertProblem(response, error, { status: 404, code: "not_found", errorsUrl });
    const mine = await svc.as(org.key).GET("/documents/{document_id}", { params: { path: { document_id: doc.id } } });
    assert.notEqual(mine.data!.status, "canceled");
  });

  it("a session on API-key routes → 401 unauthorized", async () => {
    const session = svc.as(org.session);
    const list = await session.GET("/documents");
    assertProblem(list.response, list.error, { status: 401, code: "unauthorized", errorsUrl });
    const create = await session.POST("/documents", { body: { format: "docx", content: { markdown: "# x" } } });
    assertProblem(create.response, create.error, { status: 401, code: "unauthorized", errorsUrl });
  });

  it("an expired session → 401 unauthorized", async () => {
    const expired = (await svc.cli("session", "create", "--org", org.orgId, "--hours", "0")) as { token: string };
    const { error, response } = await svc.as(expired.token).GET("/api-keys");
    assertProblem(response, error, { status: 401, code: "unauthorized", errorsUrl });
  });

  it("an unknown session → 401 unauthorized", async () => {
    const { error, response } = await svc.as("sess_thisisnotarealsessiontoken0000").GET("/api-keys");
    assertProblem(response, error, { status: 401, code: "unauthorized", errorsUrl });
  });

  it("an API key on /api-keys → 403 session_required", async () => {
    for (const client of [svc.client, svc.as(org.key)]) {
      const create = await client.POST("/api-keys", { body: { name: "nope" } });
      assertProblem(create.response, create.error, { status: 403, code: "session_required", errorsUrl });
      const list = await client.GET("/api-keys");
      assertProblem(list.response, list.error, { status: 403, code: "session_required", errorsUrl });
      const revoke = await client.DELETE("/api-keys/{key_id}", { params: { path: { key_id: org.keyId } } });
      assertProblem(revoke.response, revoke.error, { status: 403, code: "session_required", errorsUrl });
    }
    // Nothing was revoked by the refused calls.
    const { error } = await svc.as(org.key).GET("/documents");
    assert.equal(error, undefined);
  });

  it("a session creates, lists and revokes keys; a revoked key is refused at once", async () => {
    const session = svc.as(org.session);
    const created = await session.POST("/api-keys", { body: { name: "ci" } });
    assert.equal(created.error, undefined, JSON.stringify(created.error));
    assert.equal(created.response.status, 201);
    const key = created.data!;
    assert.equal(key.project_id, org.projectId);
    assert.equal(key.name, "ci");
    assert.equal((key as { revoked_at?: unknown }).revoked_at, null);
    assert.match(key.key, /^ak_eu_/);
    assert.equal(key.prefix, key.key.slice(0, 12));

    const newClient = svc.as(key.key);
    const works = await newClient.GET("/documents");
    assert.equal(works.error, undefined);
    assert.ok(works.data!.data.length >= 1, "the new key sees its organization's documents");

    const listed = await session.GET("/api-keys");
    assert.equal(listed.error, undefined);
    const ids = listed.data!.data.map((k) => k.id);
    assert.ok(ids.includes(key.id) && ids.includes(org.keyId), JSON.stringify(ids));
    for (const k of listed.data!.data) assert.ok(!("key" in k), "the list never shows secrets");
    const rivalList = await svc.as(rival.session).GET("/api-keys");
    assert.ok(!rivalList.data!.data.some((k) => k.id === key.id), "another organization does not list it");

    const rivalRevoke = await svc.as(rival.session).DELETE("/api-keys/{key_id}", { params: { path: { key_id: key.id } } });
    assertProblem(rivalRevoke.response, rivalRevoke.error, { status: 404, code: "not_found", errorsUrl });
    assert.equal((await newClient.GET("/documents")).error, undefined, "still works after another organization's attempt");

    const revoked = await session.DELETE("/api-keys/{key_id}", { params: { path: { key_id: key.id } } });
    assert.equal(revoked.error, undefined, JSON.stringify(revoked.error));
    assert.equal(revoked.data!.id, key.id);
    assert.ok(revoked.data!.revoked_at, "revoked_at set");

    const refused = await newClient.GET("/documents");
    assertProblem(refused.response, refused.error, { status: 401, code: "unauthorized", errorsUrl });

    const again = await session.DELETE("/api-keys/{key_id}", { params: { path: { key_id: key.id } } });
    assert.equal(again.error, undefined, "revoking again is a no-op");
    assert.equal(again.data!.revoked_at, revoked.data!.revoked_at);
  });

  it("a session cannot create a key in another organization's project", async () => {
    const { error, response } = await svc.as(org.session).POST("/api-keys", { body: { project_id: rival.projectId as `prj_${string}` } });
    assertProblem(response, error, { status: 404, code: "not_found", errorsUrl });
  });
});

describe("the command line", () => {
  it("the key printed by setup works", async () => {
    const setup = (await svc.cli("setup", "--name", "Hooli")) as { organization_id: string; project_id: string; key: string };
    assert.match(setup.key, /^ak_eu_/);
    const client = svc.as(setup.key);
    const { data, error } = await client.GET("/documents");
    assert.equal(error, undefined);
    assert.deepEqual(data!.data, []);
    const doc = await backgroundDocument(client, "hooli-doc");
    const read = await client.GET("/documents/{document_id}", { params: { path: { document_id: doc.id } } });
    assert.equal(read.error, undefined);
  });
});

describe("QUIRE_API_KEYS across a restart", () => {
  const orgsNamed = async (name: string) => Number((await withStore(svc, (db) => db("organizations").where({ name }).count({ n: "*" }).first()))!.n);

  it("the same keys work after a restart and no organization is duplicated", async () => {
    const before = (await svc.client.GET("/documents")).data!.data.map((d) => d.id);
    assert.ok(before.length >= 1);
    assert.equal(await orgsNamed("acme"), 1);
    assert.equal(await orgsNamed("globex"), 1);

    // One restart: the start and the restart each ran QUIRE_API_KEYS through the store (a second restart would take
    // the same path again: the keys found by their hash).
    await svc.restart();

    const { data, error } = await svc.client.GET("/documents");
    assert.equal(error, undefined);
    assert.deepEqual(data!.data.map((d) => d.id), before, "the same organization, the same documents");
    assert.equal((await svc.as(svc.otherKey).GET("/documents")).error, undefined);
    assert.equal(await orgsNamed("acme"), 1);
    assert.equal(await orgsNamed("globex"), 1);
  });
});
