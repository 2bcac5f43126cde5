/**
 * Idempotency-Key (interface, Idempotency), scoped per organization for 24 hours. The first request inserts the key
 * as `in_progress`; the primary key makes concurrent duplicates lose that race and answer 409. Once the first
 * request has been answered the key is `done`: the same body gets the same document back, a different body 422.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Knex } from "knex";
import { IdempotencyInProgress, IdempotencyKeyReused } from "../errors.ts";

export const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;

/** A hash of the body that ignores key order, so re-serialising the same request matches. */
export const requestHash = (body: unknown): string => {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;
  return createHash("sha256").update(JSON.stringify(canonical(body))).digest("hex");
};

export type Claim = { kind: "new" } | { kind: "replay"; documentId: string };

export const claimKey = async (db: Knex, input: { organizationId: string; key: string; hash: string; owner: string; now: Date }): Promise<Claim> => {
  const { organizationId, key, hash, now } = input;
  // A token per claim tells this request's row from a concurrent duplicate's, even within one process.
  const owner = `${input.owner}:${randomUUID()}`;
  const row = {
    organization_id: organizationId,
    key,
    request_hash: hash,
    document_id: null,
    state: "in_progress",
    owner,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS).toISOString(),
  };
  // An expired key is free again.
  await db("idempotency_keys").where({ organization_id: organizationId, key }).andWhere("expires_at", "<=", now.toISOString()).delete();
  await db("idempotency_keys").insert(row).onConflict(["organization_id", "key"]).ignore();
  const existing = await db("idempotency_keys").where({ organization_id: organizationId, key }).first();
  if (existing.owner === owner) return { kind: "new" };
  if (existing.request_hash !== hash) {
    throw new IdempotencyKeyReused({ message: "This Idempotency-Key was used in the last 24 hours with a different request body." });
  }
  if (existing.state === "in_progress" || !existing.document_id) {
    throw new IdempotencyInProgress({ message: "The first request with this Idempotency-Key is still being answered; retry when it finishes." });
  }
  return { kind: "replay", documentId: existing.document_id };
};

export const attachDocument = (db: Knex, organizationId: string, key: string, documentId: string) =>
  db("idempotency_keys").where({ organization_id: organizationId, key }).update({ document_id: documentId });

/** The first request was answered (or failed before creating anything, which frees the key). */
export const releaseKey = async (db: Knex, organizationId: string, key: string, created: boolean) => {
  if (created) await db("idempotency_keys").where({ organization_id: organizationId, key }).update({ state: "done" });
  else await db("idempotency_keys").where({ organization_id: organizationId, key, state: "in_progress" }).whereNull("document_id").delete();
};

/** Keys left `in_progress` by a process that is gone (not among `live`) are answered by their document. */
export const settleInterrupted = async (db: Knex, live: readonly string[]) => {
  const stale = () =>
    db("idempotency_keys")
      .where({ state: "in_progress" })
      .where((q) => {
        for (const owner of live) q.whereNot("owner", "like", `${owner}:%`);
      });
  await stale().whereNull("document_id").delete();
  await stale().update({ state: "done" });
};
