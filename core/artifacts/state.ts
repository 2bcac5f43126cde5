/**
 * What an artifact's slug names now, read for every request on its origin (one indexed row, prepared, never cached):
 * a `DELETE` must retire the page and its storage at once, in every process of the service.
 */
import type { Knex } from "knex";
import { fastReader } from "../store/fast-reads.ts";
import { fromJson } from "../store/db.ts";

export interface ArtifactRow {
  readonly id: string;
  readonly status: string;
  readonly artifact: string | null;
  readonly expires_at: string | null;
  readonly content_deleted_at: string | null;
}

/** What a slug names now: a live artifact (with its storage), nothing (404), or an artifact no longer served (410). */
export type ArtifactState =
  | { readonly state: "live"; readonly documentId: string; readonly storage: "shared" | "local" }
  | { readonly state: "missing" }
  | { readonly state: "gone"; readonly reason: string };

/** A page exists once its document finished with outputs (failed and canceled documents have none). */
const SERVED = new Set(["ready", "ready_with_warnings", "needs_review"]);

const ROW_SQL = "select id, status, artifact, expires_at, content_deleted_at from documents where id = ?";

export const artifactState = async (db: Knex, documentId: string, now: Date): Promise<ArtifactState> => {
  const fast = fastReader(db);
  const row = fast ? fast.get<ArtifactRow>(ROW_SQL, [documentId]) : ((await db("documents").where({ id: documentId }).first("id", "status", "artifact", "expires_at", "content_deleted_at")) as ArtifactRow | undefined);
  // Artifacts are the documents with `artifact` settings (a format whose plugin delivers a page).
  if (!row || row.artifact === null || !SERVED.has(row.status)) return { state: "missing" };
  if (row.content_deleted_at) return { state: "gone", reason: "This page was deleted." };
  if (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()) return { state: "gone", reason: "This page has reached the end of its retention." };
  return { state: "live", documentId: row.id, storage: fromJson<{ storage: "shared" | "local" } | null>(row.artifact, null)?.storage ?? "shared" };
};

/** The page built at creation; gone once the document's content was deleted. */
export const pageOutput = async (db: Knex, documentId: string) =>
  (await db("outputs").where({ document_id: documentId, kind: "html" }).first("blob_key")) as { blob_key: string } | undefined;
