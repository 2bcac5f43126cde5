/**
 * Deleting a document's content: at the end of its retention (the sweeper), or now (`DELETE /documents/{id}`).
 * Files, request, report, events and an artifact's stored data go; the billing fields (status, format, pages,
 * charge) stay.
 */
import type { Knex } from "knex";
import type { BlobStoreShape } from "../services/blobs.ts";
import { EVENTS_KEPT_MS } from "./retention.ts";
import { deleteRequest } from "./request-store.ts";
import { sweepFiles } from "../files/store.ts";
import { sweepExtractions } from "../extract/service.ts";
import { deleteArtifactData } from "../artifacts/store.ts";
import { pruneChanges } from "../artifacts/changes.ts";

export const deleteContent = async (db: Knex, blobs: BlobStoreShape, documentId: string, now: Date) => {
  await blobs.deletePrefix(`documents/${documentId}`);
  await deleteRequest(blobs, documentId);
  await db.transaction(async (trx) => {
    await trx("outputs").where({ document_id: documentId }).delete();
    await trx("events").where({ document_id: documentId }).delete();
    // In the same transaction as content_deleted_at: a page write either lands before and is deleted here, or
    // finds the content deleted and is refused (core/artifacts/store.ts).
    await deleteArtifactData(trx, documentId);
    await trx("documents")
      .where({ id: documentId })
      .update({ request: null, report: null, content_deleted_at: now.toISOString(), events_deleted_at: now.toISOString() });
  });
};

/** One pass of the sweeper; returns what it did so the command line and tests can tell. */
export const sweep = async (db: Knex, blobs: BlobStoreShape, now: Date) => {
  const expired: Array<{ id: string }> = await db("documents")
    .whereNull("content_deleted_at")
    .whereNotNull("expires_at")
    .andWhere("expires_at", "<=", now.toISOString())
    .select("id");
  for (const { id } of expired) await deleteContent(db, blobs, id, now);
  const eventsBefore = new Date(now.getTime() - EVENTS_KEPT_MS).toISOString();
  const stale: Array<{ id: string }> = await db("documents").whereNull("events_deleted_at").andWhere("created_at", "<=", eventsBefore).select("id");
  for (const { id } of stale) {
    await db("events").where({ document_id: id }).delete();
    await db("documents").where({ id }).update({ events_deleted_at: now.toISOString() });
  }
  const keys = await db("idempotency_keys").where("expires_at", "<=", now.toISOString()).delete();
  const files = await sweepFiles(db, blobs, now);
  const extractions = await sweepExtractions(db, now);
  const artifactChanges = await pruneChanges(db, now);
  return { contentDeleted: expired.length, eventsDeleted: stale.length, idempotencyKeysDeleted: keys, filesDeleted: files, extractionsDeleted: extractions, artifactChangesPruned: artifactChanges };
};
