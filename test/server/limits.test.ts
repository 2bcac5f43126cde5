/**
 * Limits of POST /documents: the per-organization rate limit (documents and extractions together) and the
 * organization's balance (set with the command line): 402 with no balance, a failed document not charged, a
 * ready one charged. On the suite's shared service, with this file's own organizations: its limit is the default,
 * 120 a minute, most of which the rate limit test's organization (a third one, so the balance test's two keep their
 * minute) spends on extractions (a read of a few words each) before its last creates.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { newKey, type Service } from "../support/service.ts";
import { sharedService } from "../support/shared-service.ts";
import { withStore } from "../support/store.ts";
import { ensureApiKeys } from "../../core/auth/tenancy.ts";
import { MARKDOWN, FINISHED, balanceOf, orgId, setBalance, waitFor, type Doc, type Problem } from "../support/documents.ts";
import type { ContractClient } from "../support/contract.ts";

let svc: Service;
before(async () => {
  svc = await sharedService();
});
after(async () => {
  await svc?.stop();
});

const create = async (client: ContractClient, markdown = MARKDOWN, opts: { background?: boolean; key?: string } = {}) => {
  const { data, error, response } = await client.POST("/documents", {
    body: { format: "docx", name: "limits", content: { markdown }, ...(opts.background ? { background: true } : {}) },
    headers: opts.key ? { "Idempotency-Key": opts.key } : {},
  });
  return { status: response.status, doc: data as Doc | undefined, problem: error as Problem | undefined, retryAfter: response.headers.get("retry-after") };
};

const count = async (client: ContractClient) => {
  const { data } = await client.GET("/documents", { params: { query: { limit: 100 } } });
  return data!.data.length;
};

describe("rate limit (120 a minute, documents and extractions together)", () => {
  test("the 4th create of an organization within a minute, after 117 extractions, is 429 rate_limited with Retry-After; others are not held back", async () => {
    // An organization of its own (its key is looked up in the store on first use), whose minute this test spends.
    const key = newKey();
    await withStore(svc, (db) => ensureApiKeys(db, [{ key, org: `rate-limited-${randomUUID()}` }]));
    const other = svc.as(key);
    const limit = Number(svc.env.QUIRE_RATE_LIMIT_PER_MINUTE || 120);
    // Extractions count in the same window: all but 3 of the minute's slots, a few at a time.
    const file = { data: Buffer.from("a few words").toString("base64"), filename: "words.txt" };
    for (let done = 0; done < limit - 3; done += 8) {
      const batch = Array.from({ length: Math.min(8, limit - 3 - done) }, () => other.POST("/extract", { body: { file } as never }));
      assert.deepEqual((await Promise.all(batch)).map((r) => r.response.status), batch.map(() => 200), `extractions from ${done + 1}`);
    }
    for (let i = 0; i < 3; i++) assert.equal((await create(other, MARKDOWN, { background: true })).status, 202, `create ${i + 1}`);
    const fourth = await create(other, MARKDOWN, { background: true });
    assert.equal(fourth.status, 429);
    assert.equal(fourth.problem!.code, "rate_limited");
    assert.match(fourth.retryAfter ?? "", /^\d+$/, "Retry-After must be whole seconds");
    assert.ok(Number(fourth.retryAfter) >= 1 && Number(fourth.retryAfter) <= 60, `Retry-After ${fourth.retryAfter}`);
    assert.equal(await count(other), 3, "the refused request created nothing");
    // Reads are not documents: they are not limited.
    assert.equal((await other.GET("/documents", {})).response.status, 200);
    // The limit is per organization.
    assert.equal((await create(svc.client, MARKDOWN, { background: true })).status, 202);
  });
});

describe("balance", () => {
  let org: string;
  before(async () => {
    // The balance is acme's; the rate limit test above spent its own organization's minute (acme made one document).
    org = await orgId(svc, "acme");
  });

  test("no balance: 402 insufficient_balance, nothing created, and the Idempotency-Key stays free", async () => {
    // The rate-limit test's document of acme may still be rendering; it must not be charged against the balance set
    // here. The shared service renders other files' documents too: on a loaded machine more than the usual 15 s.
    const { data: earlier } = await svc.client.GET("/documents", { params: { query: { limit: 100 } } });
    for (const doc of earlier!.data) if (!FINISHED.has(doc.status)) await waitFor(svc.client, doc.id, undefined, 60_000);
    await setBalance(svc, org, 0);
    const before = await count(svc.client);
    const key = randomUUID();
    const refused = await create(svc.client, MARKDOWN, { key });
    assert.equal(refused.status, 402);
    assert.equal(refused.problem!.code, "insufficient_balance");
    assert.equal(await count(svc.client), before);

    await setBalance(svc, org, 2);
    // A failed document is not charged.
    const empty = await create(svc.client, "   \n");
    assert.equal(empty.status, 200);
    assert.equal(empty.doc!.status, "failed");
    assert.equal(empty.doc!.error?.code, "content_empty");
    assert.equal(await balanceOf(svc, org), 2, "a failed document must not be charged");

    // A ready one is; the key refused for want of balance now creates the document.
    const ready = await create(svc.client, MARKDOWN, { key });
    assert.equal(ready.status, 200);
    assert.equal(ready.doc!.status, "ready");
    const units = Math.max(1, ready.doc!.pages ?? 1);
    assert.equal(await balanceOf(svc, org), 2 - units, "a ready document is charged");

    // Charging down to nothing: the next create is refused.
    if ((await balanceOf(svc, org))! > 0) assert.equal((await create(svc.client)).status, 200);
    assert.ok((await balanceOf(svc, org))! <= 0);
    const broke = await create(svc.client);
    assert.equal(broke.status, 402);
    assert.equal(broke.problem!.code, "insufficient_balance");
    // The other organization has its own (unlimited) balance.
    assert.equal((await create(svc.as(svc.otherKey))).status, 200);
  });
});
