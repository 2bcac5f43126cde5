/**
 * Limits of POST /documents: the per-organization rate limit (lowered with QUIRE_RATE_LIMIT_PER_MINUTE) and the
 * organization's balance (set with the command line): 402 with no balance, a failed document not charged, a
 * ready one charged.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { startService, type Service } from "../support/service.ts";
import { MARKDOWN, FINISHED, balanceOf, orgId, setBalance, waitFor, type Doc, type Problem } from "../support/documents.ts";
import type { ContractClient } from "../support/contract.ts";

let svc: Service;
before(async () => {
  svc = await startService({ QUIRE_RATE_LIMIT_PER_MINUTE: "3" });
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

describe("rate limit (3 a minute here)", () => {
  test("the 4th create of an organization within a minute is 429 rate_limited with Retry-After; others are not held back", async () => {
    const other = svc.as(svc.otherKey);
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
    // A fresh process forgets the rate limiter's window; the balance tests need more than 3 creates.
    await svc.restart({ QUIRE_RATE_LIMIT_PER_MINUTE: "120" });
    org = await orgId(svc, "acme");
  });

  test("no balance: 402 insufficient_balance, nothing created, and the Idempotency-Key stays free", async () => {
    // Documents of the rate-limit test may still be rendering; they must not be charged against the balance set here.
    // Two workers take the four one after the other, the first ones started over after the restart: on a loaded
    // machine that is more than one document's usual 15 s.
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
