/**
 * The documents' store contract, part one (on SQLite, and on PostgreSQL through scripts/test-postgres.ts): a create
 * stores the document with its job and reads back the same through every read (the service's knex with its reader,
 * and knex alone); another organization's id is not found; the Idempotency-Key (replay, conflict, one document of
 * concurrent duplicates, a failed create and an interrupted process freeing or settling it, expiry); and the list,
 * newest first, paged by cursor with nothing twice and nothing lost, filtered by status, format, operation and name.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createDocument } from "../../../core/documents/create.ts";
import { claimKey, requestHash, settleInterrupted } from "../../../core/documents/idempotency.ts";
import { getRow, listRows, type ListQuery } from "../../../core/documents/read.ts";
import { findDocument, loadWire, readWireJson, rowById, statusById, type DocumentRow } from "../../../core/documents/repo.ts";
import { createVersion } from "../../../core/documents/versions.ts";
import { cancel } from "../../../core/documents/lifecycle.ts";
import { claim } from "../../../core/jobs/queue.ts";
import { BODY, openDocStore, T0, tagged, type DocStore, type Tenant } from "./store-support.ts";

let s: DocStore;
before(async () => {
  s = await openDocStore("documents-create");
});
after(() => s.close());

const withKey = (t: Tenant, key: string, body: Record<string, unknown> = BODY, owner?: string) =>
  createDocument(owner ? { ...s.deps, owner } : s.deps, t.principal, body, { dryRun: false, idempotencyKey: key }).then((o) => {
    if (o.kind !== "document") throw new Error(o.kind);
    return o;
  });

/** Every page of the list for `query`, with the page sizes seen. */
const walk = async (t: Tenant, query: ListQuery) => {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor = query.cursor;
  for (let pages = 0; pages < 50; pages++) {
    const page = await listRows(s.db, t.principal, { ...query, cursor });
    ids.push(...page.rows.map((r) => r.id));
    sizes.push(page.rows.length);
    assert.equal(page.hasMore, page.nextCursor !== null);
    if (!page.nextCursor) return { ids, sizes };
    cursor = page.nextCursor;
  }
  throw new Error("the list never ended");
};

describe("a created document", () => {
  let t: Tenant;
  let row: DocumentRow;
  const metadata = { client: "Ñandú — 漢字 ✓", ref: "A-1" };
  before(async () => {
    t = await s.tenant();
    row = await s.create(t, { ...BODY, name: "Informe ñ 漢字", metadata, retention: "7d" });
  });

  test("is read back the same by getRow, findDocument (both ways in), rowById and statusById", async () => {
    assert.match(row.id, /^doc_[0-9A-HJKMNP-TV-Z]{26}$/);
    const byGet = await getRow(s.db, t.principal, row.id);
    for (const read of [byGet, await findDocument(s.db, t.organizationId, row.id), await findDocument(s.plain, t.organizationId, row.id), await rowById(s.db, row.id)]) {
      assert.ok(read);
      assert.deepEqual(
        [read.id, read.organization_id, read.project_id, read.name, read.operation, read.format, read.mode, read.status, read.phase, read.retention],
        [row.id, t.organizationId, t.projectId, "Informe ñ 漢字", "create", "docx", "content", "queued", "queued", "7d"],
      );
      assert.equal(Boolean(read.store), true);
      assert.equal(Boolean(read.charged), false);
      assert.equal(read.created_at, T0.toISOString());
      assert.equal(read.completed_at, null);
      assert.equal(read.expires_at, null);
      assert.deepEqual(JSON.parse(read.metadata), metadata);
      assert.equal("request" in read, false, "reads for the wire leave the request out");
    }
    assert.equal(await statusById(s.db, row.id), "queued");
  });

  test("its wire shape has every field with its type; no outputs before it finishes", async () => {
    const wire = await loadWire(s.db, await getRow(s.db, t.principal, row.id), s.deps.signer, s.clock.now());
    assert.equal(wire.object, "document");
    assert.equal(wire.store, true);
    assert.deepEqual(wire.metadata, metadata);
    assert.deepEqual(wire.quality, { requested: "auto", level: "fast", reason: "content given by the caller: laid out without a model" });
    assert.equal(wire.style_applied?.font !== undefined, true);
    assert.deepEqual(wire.style_unsupported, []);
    assert.equal(wire.versions.engine, "quire-engine 0.1.0");
    assert.equal(wire.error, null);
    assert.equal("outputs" in wire, false);
    assert.deepEqual(JSON.parse((await readWireJson(s.db, t.organizationId, row.id, s.deps.signer, s.clock.now()))!), wire);
  });

  test("store: false keeps nothing: retention none, read back as false", async () => {
    const none = await s.create(t, { ...BODY, store: false });
    const read = (await findDocument(s.db, t.organizationId, none.id))!;
    assert.equal(read.retention, "none");
    assert.equal((await loadWire(s.db, read, s.deps.signer, s.clock.now())).store, false);
    assert.equal((await loadWire(s.db, (await findDocument(s.plain, t.organizationId, none.id))!, s.deps.signer, s.clock.now())).store, false);
  });

  test("its job is queued with it, claimable once", async () => {
    const mine = await s.create(t);
    const claimed: string[] = [];
    for (let job = await claim(s.db, "proc_claimer", s.clock.now()); job; job = await claim(s.db, "proc_claimer", s.clock.now())) claimed.push(job.documentId);
    assert.ok(claimed.includes(mine.id) && claimed.includes(row.id));
    assert.equal(new Set(claimed).size, claimed.length);
  });

  test("another organization's id, an unknown id and a malformed one are not found", async () => {
    const other = await s.tenant("other");
    await assert.rejects(getRow(s.db, other.principal, row.id), tagged("NotFound"));
    await assert.rejects(getRow(s.db, t.principal, "doc_01J00000000000000000000000"), tagged("NotFound"));
    await assert.rejects(getRow(s.db, t.principal, "doc_nope"), tagged("NotFound"));
    assert.equal(await findDocument(s.db, other.organizationId, row.id), undefined);
    assert.equal(await findDocument(s.plain, other.organizationId, row.id), undefined);
    assert.equal(await readWireJson(s.db, other.organizationId, row.id, s.deps.signer, s.clock.now()), undefined);
    assert.equal(await rowById(s.db, "doc_01J00000000000000000000000"), undefined);
    assert.equal(await statusById(s.db, "doc_01J00000000000000000000000"), undefined);
    assert.deepEqual((await listRows(s.db, other.principal, {})).rows, []);
  });

  test("an organization with no balance left gets no document", async () => {
    const broke = await s.tenant("broke");
    // No core function sets a balance (the command line writes it): set here as it does.
    await s.db("organizations").where({ id: broke.organizationId }).update({ balance: 0 });
    await assert.rejects(s.create(broke), tagged("InsufficientBalance"));
    assert.deepEqual((await listRows(s.db, broke.principal, {})).rows, []);
  });
});

describe("an Idempotency-Key", () => {
  test("the same key and body give the same document, in any key order; another body conflicts; keys are per organization", async () => {
    const t = await s.tenant();
    const first = await withKey(t, "k-1", { ...BODY, name: "one", metadata: { a: "1", b: "2" } });
    assert.equal(first.replayed, false);
    await assert.rejects(withKey(t, "k-1", { ...BODY, name: "one", metadata: { a: "1", b: "2" } }), tagged("IdempotencyInProgress"), "before the first is answered");
    await first.release();
    const again = await withKey(t, "k-1", { metadata: { b: "2", a: "1" }, name: "one", ...BODY });
    assert.deepEqual([again.replayed, again.row.id], [true, first.row.id]);
    assert.equal(again.row.name, "one");
    await assert.rejects(withKey(t, "k-1", { ...BODY, name: "two" }), tagged("IdempotencyKeyReused"));
    const elsewhere = await withKey(await s.tenant("other"), "k-1", { ...BODY, name: "one", metadata: { a: "1", b: "2" } });
    assert.equal(elsewhere.replayed, false);
    assert.notEqual(elsewhere.row.id, first.row.id);
    assert.deepEqual((await listRows(s.db, t.principal, {})).rows.map((r) => r.id), [first.row.id]);
  });

  test("concurrent creates with one key make exactly one document; the others are told to retry, then replay it", async () => {
    const t = await s.tenant();
    const body = { ...BODY, name: "raced" };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => withKey(t, "k-race", body)));
    const made = results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof withKey>>>).value);
    assert.equal(made.length, 1, "one create won the key");
    assert.equal(made[0]!.replayed, false);
    for (const r of results) if (r.status === "rejected") assert.ok(tagged("IdempotencyInProgress")(r.reason), String(r.reason));
    await made[0]!.release();
    const replays = await Promise.all(Array.from({ length: 8 }, () => withKey(t, "k-race", body)));
    assert.deepEqual(new Set(replays.map((r) => `${r.replayed} ${r.row.id}`)), new Set([`true ${made[0]!.row.id}`]));
    assert.deepEqual((await listRows(s.db, t.principal, {})).rows.map((r) => r.id), [made[0]!.row.id]);
  });

  test("a create that fails frees its key; the key is free again after 24 hours", async () => {
    const t = await s.tenant();
    await s.db("organizations").where({ id: t.organizationId }).update({ balance: 0 });
    await assert.rejects(withKey(t, "k-free", { ...BODY, name: "refused" }), tagged("InsufficientBalance"));
    await s.db("organizations").where({ id: t.organizationId }).update({ balance: null });
    const made = await withKey(t, "k-free", { ...BODY, name: "another body" });
    assert.equal(made.replayed, false, "not a conflict: the failed create kept nothing");
    await made.release();
    s.clock.advance(24 * 3600_000 - 1);
    await assert.rejects(withKey(t, "k-free", { ...BODY, name: "third" }), tagged("IdempotencyKeyReused"), "still held a millisecond before 24 h");
    s.clock.advance(1);
    const later = await withKey(t, "k-free", { ...BODY, name: "third" });
    assert.equal(later.replayed, false);
    assert.notEqual(later.row.id, made.row.id);
    await later.release();
  });

  test("keys a gone process left in progress are settled: replayed when it stored the document, freed when not", async () => {
    const t = await s.tenant();
    const stored = await withKey(t, "k-stored", BODY, "proc_gone"); // never released: the process died
    await claimKey(s.db, { organizationId: t.organizationId, key: "k-none", hash: requestHash(BODY), owner: "proc_gone", now: s.clock.now() });
    const live = await withKey(t, "k-live", BODY, "proc_live");
    await settleInterrupted(s.db, ["proc_live", "proc_other"]);
    const replay = await withKey(t, "k-stored", BODY);
    assert.deepEqual([replay.replayed, replay.row.id], [true, stored.row.id]);
    const fresh = await withKey(t, "k-none", { ...BODY, name: "new body" });
    assert.equal(fresh.replayed, false, "a key with no document is free");
    await fresh.release();
    await assert.rejects(withKey(t, "k-live", BODY), tagged("IdempotencyInProgress"), "a live process's key is left alone");
    await live.release();
  });
});

describe("the list", () => {
  let t: Tenant;
  const made: DocumentRow[] = [];
  const formats = ["docx", "pdf", "xlsx"] as const;
  let version: DocumentRow;
  before(async () => {
    t = await s.tenant("lister");
    const other = await s.tenant("noise");
    for (let i = 0; i < 21; i++) {
      made.push(await s.create(t, { format: formats[i % 3], content: { markdown: `# ${i}` }, name: i % 4 === 0 ? "Quarterly report" : `doc ${i}` }));
      if (i % 7 === 0) await s.create(other, BODY);
    }
    for (const [i, row] of made.entries()) if (i % 5 === 0) await cancel(s.deps, row);
    const pdf = made.find((r) => r.format === "pdf")!;
    version = await createVersion(s.deps, t.principal, pdf.id, { file: { data: Buffer.from("%PDF-1.4\n%%EOF\n").toString("base64"), filename: "hand.pdf" } });
  });
  const newestFirst = (rows: DocumentRow[]) => rows.map((r) => r.id).sort().reverse();

  test("newest first, 20 by default, and every page of a walk: nothing twice, nothing lost, none of another organization's", async () => {
    const all = [...made, version];
    assert.deepEqual(newestFirst(all), [version, ...[...made].reverse()].map((r) => r.id), "ids sort in creation order");
    const first = await listRows(s.db, t.principal, {});
    assert.deepEqual([first.rows.length, first.hasMore], [20, true]);
    for (const limit of ["1", "5", "22", "100"]) {
      const { ids, sizes } = await walk(t, { limit });
      assert.deepEqual(ids, newestFirst(all), `limit ${limit}`);
      assert.ok(sizes.slice(0, -1).every((n) => n === Number(limit)) && sizes.at(-1)! >= 1);
    }
  });

  test("a document created between two pages comes first on the next walk and does not shift the pages after the cursor", async () => {
    const page1 = await listRows(s.db, t.principal, { limit: "6" });
    const late = await s.create(t, { ...BODY, name: "late" });
    const rest = await walk(t, { limit: "6", cursor: page1.nextCursor! });
    assert.deepEqual([...page1.rows.map((r) => r.id), ...rest.ids], newestFirst([...made, version]));
    assert.equal((await listRows(s.db, t.principal, { limit: "1" })).rows[0]!.id, late.id);
    await cancel(s.deps, late);
  });

  test("filters by status, format, operation and name, alone and together, paged", async () => {
    const rows = [...made, version];
    const canceled = rows.filter((r, i) => i < made.length && i % 5 === 0);
    const expect = async (query: ListQuery, want: DocumentRow[]) => {
      for (const limit of ["2", "100"]) assert.deepEqual((await walk(t, { ...query, limit })).ids, newestFirst(want), `${JSON.stringify(query)} by ${limit}`);
    };
    const late = (await listRows(s.db, t.principal, { name: "late" })).rows;
    await expect({ status: "canceled" }, [...canceled, ...late]);
    await expect({ status: "ready" }, [version]);
    await expect({ status: "queued" }, rows.filter((r) => r !== version && !canceled.includes(r)));
    await expect({ format: "pdf" }, rows.filter((r) => r.format === "pdf"));
    await expect({ operation: "edit" }, [version]);
    await expect({ operation: "create", format: "xlsx" }, made.filter((r) => r.format === "xlsx"));
    await expect({ name: "Quarterly report" }, made.filter((_, i) => i % 4 === 0));
    await expect({ name: "quarterly report" }, []);
    await expect({ name: "Quarterly report", status: "canceled", format: "docx" }, made.filter((r, i) => i % 4 === 0 && i % 5 === 0 && r.format === "docx"));
    await expect({ operation: "review" }, []);
  });

  test("a query out of range is refused, each field at its path", async () => {
    const paths = async (query: ListQuery) => {
      const error = await listRows(s.db, t.principal, query).then(() => undefined, (e: { errors?: Array<{ path: string }> }) => e);
      return error?.errors?.map((e) => e.path);
    };
    assert.deepEqual(await paths({ limit: "0" }), ["/limit"]);
    assert.deepEqual(await paths({ limit: "101", cursor: "not-a-cursor", status: "done", format: "odt", operation: "publish", name: "" }), ["/limit", "/cursor", "/status", "/format", "/operation", "/name"]);
  });
});
