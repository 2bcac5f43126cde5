/**
 * The owner's view of a shared artifact's data (interface, GET /documents/{id}/data and …/data/{collection}): the
 * collections with their record counts, and a collection's records a page at a time, most recent first. Another
 * organization's document is 404; a non-artifact 409 `not_an_artifact`; a local artifact 409 `artifact_is_local`
 * (its data never reaches the service); once retention ended or the artifact was deleted, 410 `content_deleted`.
 * Each call counts as one read of the artifact's 1,200 a minute, the same budget as its page's reads.
 */
import type { Route, HandlerArgs } from "../context.ts";
import { ArtifactIsLocal, ContentDeleted, InputInvalid, NotAnArtifact, RateLimited, type FieldError } from "../../core/errors.ts";
import { getRow } from "../../core/documents/read.ts";
import type { DocumentRow } from "../../core/documents/repo.ts";
import { fromJson } from "../../core/store/db.ts";
import { nameProblem } from "../../core/artifacts/names.ts";
import { artifactRuntime } from "../../core/artifacts/runtime.ts";
import { listCollections, pageRecords, recordsJson } from "../../core/artifacts/store.ts";
import { sendJson, sendJsonText } from "../http.ts";

/** The artifact of this organization whose shared data may be read now, counted as one read. */
const sharedArtifact = async ({ app, principal, params }: HandlerArgs): Promise<DocumentRow> => {
  const row = await getRow(app.db, principal, params.document_id!);
  // Artifacts are the documents with `artifact` settings (a format whose plugin delivers a page).
  if (row.artifact === null) throw new NotAnArtifact({ message: `${row.id} is a ${row.format ?? "document"}, not an artifact; it has no data.` });
  if (fromJson<{ storage: string } | null>(row.artifact, null)?.storage === "local") {
    throw new ArtifactIsLocal({ message: "This artifact keeps its data in each visitor's browser; the service never receives it." });
  }
  const now = app.now();
  if (row.content_deleted_at) throw new ContentDeleted({ message: `The data of ${row.id} was deleted at ${row.content_deleted_at}.` });
  if (row.expires_at && row.expires_at <= now.toISOString()) throw new ContentDeleted({ message: `The retention of ${row.id} ended at ${row.expires_at}; its data is deleted.` });
  const wait = await artifactRuntime(app.db, { log: app.log, notifier: app.bus.notifier }).rate.read(row.id, now.getTime());
  if (wait !== null) throw new RateLimited({ message: `Too many reads of this artifact; wait ${wait} s (1,200 reads a minute, page and owner together).`, retryAfterSeconds: wait });
  return row;
};

const encodeCursor = (seq: number) => Buffer.from(`seq:${seq}`).toString("base64url");
const decodeCursor = (cursor: string): number | null => {
  // At most 9 digits: sequences are 32-bit integers in the store.
  const match = /^seq:(\d{1,9})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  return match ? Number(match[1]) : null;
};

const collections: Route["handler"] = async (args) => {
  const row = await sharedArtifact(args);
  sendJson(args.res, 200, { object: "list", data: await listCollections(args.app.db, row.id) });
};

const records: Route["handler"] = async (args) => {
  const { query, params } = args;
  const collection = params.collection!;
  const errors: FieldError[] = [];
  const problem = nameProblem("collection", collection);
  if (problem) errors.push({ path: "/collection", message: problem });
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) errors.push({ path: "/limit", message: "query parameter limit must be an integer from 1 to 100" });
  const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (before === null) errors.push({ path: "/cursor", message: "query parameter cursor is not one this service gave" });
  const row = await sharedArtifact(args);
  if (errors.length) throw new InputInvalid({ message: "The request is invalid; see errors.", errors });
  const page = await pageRecords(args.app.db, row.id, collection, limit, before ?? undefined);
  const nextCursor = page.hasMore ? JSON.stringify(encodeCursor(page.records[page.records.length - 1]!.seq)) : "null";
  sendJsonText(
    args.res,
    200,
    `{"object":"list","collection":${JSON.stringify(collection)},"data":${recordsJson(page.records)},"has_more":${page.hasMore},"next_cursor":${nextCursor}}`,
  );
};

export const artifactDataRoutes: Route[] = [
  { method: "GET", path: "/v1/documents/:document_id/data", auth: "api_key", handler: collections },
  { method: "GET", path: "/v1/documents/:document_id/data/:collection", auth: "api_key", handler: records },
];
