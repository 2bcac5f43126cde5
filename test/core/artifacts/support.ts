/**
 * What the artifact storage tests share beside their store (`openTestStore`, test/support/store.ts): an artifact
 * document row to store data for, and records filled in batches.
 */
import type { Knex } from "knex";
import { newId } from "../../../core/services/ids.ts";

/** Inserts a finished artifact document (or another format) and returns its id. */
export const seedDocument = async (
  db: Knex,
  opts: { format?: string; storage?: "shared" | "local"; organizationId?: string; expiresAt?: string | null; contentDeletedAt?: string | null } = {},
): Promise<string> => {
  const id = newId("doc");
  const format = opts.format ?? "artifact";
  await db("documents").insert({
    id,
    organization_id: opts.organizationId ?? "org_test",
    project_id: "prj_test",
    operation: "create",
    format,
    type: format === "artifact" ? "artifact" : "report",
    mode: "content",
    status: "ready",
    versions: JSON.stringify({ engine: "test", renderer: "test", model: null }),
    store: true,
    retention: "30d",
    expires_at: opts.expiresAt ?? null,
    artifact: format === "artifact" ? JSON.stringify({ storage: opts.storage ?? "shared" }) : null,
    content_deleted_at: opts.contentDeletedAt ?? null,
    created_at: new Date().toISOString(),
    completed_at: new Date().toISOString(),
  });
  return id;
};

/**
 * Puts `count` records as that many `putRecord` calls would leave them (each record, its change, the artifact's
 * sequence and count) in a few batched inserts: 5,000 writes one by one took a minute on PostgreSQL. Tests fill
 * all but the last records this way and write those through the store, so the limit is still met by `putRecord`.
 */
export const fillRecords = async (db: Knex, documentId: string, count: number, collectionOf: (i: number) => string, now: Date): Promise<void> => {
  const updated_at = now.toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({ document_id: documentId, collection: collectionOf(i), key: `k${i}`, data: String(i), seq: i + 1, updated_at }));
  await db.transaction(async (trx) => {
    await trx.batchInsert("artifact_records", rows, 500);
    await trx.batchInsert("artifact_changes", rows.map(({ document_id, seq, collection, key, data }) => ({ document_id, seq, collection, key, data, updated_at })), 500);
    await trx("artifact_state").insert({ document_id: documentId, last_seq: count, records: count });
  });
};
