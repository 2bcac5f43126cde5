/**
 * Cancel and delete. A cancel of a queued or running document ends it `canceled` at once and aborts its job if it
 * runs in this process (the worker drops whatever it rendered); a finished document is left unchanged.
 * Deleting an artifact retires it at once (interface, DELETE /documents): its page and storage API answer 410 from
 * the moment `content_deleted_at` is written (server/artifact/page.ts reads it on every request, never cached), and
 * its stored data goes in the same transaction, its open event streams ending (core/documents/content.ts).
 */
import type { Principal } from "../auth/tenancy.ts";
import type { DocDeps } from "./deps.ts";
import * as lifecycle from "./lifecycle.ts";
import { getRow } from "./read.ts";
import { deleteContent } from "./content.ts";
import type { DocumentRow } from "./repo.ts";

export interface Aborter {
  readonly workers: { abort: (documentId: string, reason: string) => void };
}

export const cancelDocument = async (deps: DocDeps & Aborter, principal: Principal, id: string): Promise<DocumentRow> => {
  const row = await getRow(deps.db, principal, id);
  if (row.status === "queued" || row.status === "running") {
    if (await lifecycle.cancel(deps, row)) deps.workers.abort(row.id, "canceled by request");
  }
  return getRow(deps.db, principal, id);
};

export const deleteDocument = async (deps: DocDeps & Aborter, principal: Principal, id: string): Promise<DocumentRow> => {
  let row = await getRow(deps.db, principal, id);
  if (row.status === "queued" || row.status === "running") row = await cancelDocument(deps, principal, id);
  if (!row.content_deleted_at) await deleteContent(deps.db, deps.blobs, row.id, deps.now());
  return getRow(deps.db, principal, id);
};
