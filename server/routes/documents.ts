/** The document routes of the interface (Endpoints): thin handlers over core/documents. */
import type { Route, HandlerArgs, ServerApp } from "../context.ts";
import { readJson, sendJson, sendJsonText } from "../http.ts";
import { extractRef } from "./extract.ts";
import type { FileRef } from "../uploads.ts";
import { streamEvents, waitForFinal } from "../sse.ts";
import { createDocument } from "../../core/documents/create.ts";
import { getRow, listRows, freshOutputs, reportOf } from "../../core/documents/read.ts";
import { loadWire, readWireJson, rowById, type DocumentRow } from "../../core/documents/repo.ts";
import { cancelDocument, deleteDocument } from "../../core/documents/actions.ts";
import { createVersion } from "../../core/documents/versions.ts";
import { ContentDeleted, EventsExpired, InputInvalid, NotFound } from "../../core/errors.ts";
import { FINISHED } from "../../core/documents/status.ts";
import { EVENTS_KEPT_MS } from "../../core/documents/retention.ts";

/** JSON bodies of POST /documents carry Markdown and base64 sources, so they get room; other routes much less. */
export const CREATE_BODY_LIMIT = 32 * 1024 * 1024;
const SMALL_BODY_LIMIT = 1024 * 1024;

const current = async (app: ServerApp, id: string) => (await rowById(app.db, id)) as DocumentRow;

const parseBool = (value: string | undefined, path: string): boolean => {
  if (value === undefined || value === "false" || value === "0") return false;
  if (value === "true" || value === "1" || value === "") return true;
  throw new InputInvalid({ message: "Invalid query parameter.", errors: [{ path, message: "must be true or false" }] });
};

const create = async ({ app, req, res, principal, query }: HandlerArgs) => {
  const dryRun = parseBool(query.dry_run, "/dry_run");
  const idempotencyKey = req.headers["idempotency-key"];
  if (idempotencyKey !== undefined && (idempotencyKey.length < 1 || idempotencyKey.length > 255)) {
    throw new InputInvalid({ message: "Invalid Idempotency-Key.", errors: [{ path: "/Idempotency-Key", message: "header must be 1 to 255 characters" }] });
  }
  const body = await readJson(req, CREATE_BODY_LIMIT, { parse: app.work.parseJson });
  const outcome = await createDocument(app, principal, body, { dryRun, idempotencyKey });
  if (outcome.kind === "dry_run") return sendJson(res, 200, outcome.result);
  if (outcome.kind === "extract") {
    const answer = await extractRef(app, principal, outcome.plan.request.file as FileRef, "/file");
    return sendJson(res, answer.status, answer.body);
  }
  const { row, plan, replayed } = outcome;
  const headers: Record<string, string> = replayed ? { "Idempotent-Replayed": "true" } : {};
  try {
    if (plan.stream) {
      for (const [k, v] of Object.entries(headers)) res.header(k, v);
      await streamEvents(app, res, row.id, 0);
    } else if (plan.background) {
      // Background always answers 202 (interface, response modes), even when a fast job already finished.
      const now = await current(app, row.id);
      sendJson(res, 202, await loadWire(app.db, now, app.signer, app.now()), headers);
    } else {
      const finished = await waitForFinal(app, row.id, app.config.directWaitMs);
      const now = await current(app, row.id);
      sendJson(res, finished && FINISHED.has(now.status) ? 200 : 202, await loadWire(app.db, now, app.signer, app.now()), headers);
    }
  } finally {
    await outcome.release();
  }
};

const get = async ({ app, res, principal, params }: HandlerArgs) => {
  const json = await readWireJson(app.db, principal.organizationId, params.document_id!, app.signer, app.now());
  if (json === undefined) throw new NotFound({ message: `No document ${params.document_id} in this organization.` });
  sendJsonText(res, 200, json);
};

const list = async ({ app, res, principal, query }: HandlerArgs) => {
  const page = await listRows(app.db, principal, query);
  const now = app.now();
  const data = [];
  for (const row of page.rows) data.push(await loadWire(app.db, row, app.signer, now));
  sendJson(res, 200, { object: "list", data, has_more: page.hasMore, next_cursor: page.nextCursor });
};

const cancel = async ({ app, res, principal, params }: HandlerArgs) => {
  const row = await cancelDocument(app, principal, params.document_id!);
  sendJson(res, 202, await loadWire(app.db, row, app.signer, app.now()));
};

const remove = async ({ app, res, principal, params }: HandlerArgs) => {
  const row = await deleteDocument(app, principal, params.document_id!);
  sendJson(res, 200, await loadWire(app.db, row, app.signer, app.now()));
};

const outputs = async ({ app, res, principal, params, query }: HandlerArgs) => {
  const row = await getRow(app.db, principal, params.document_id!);
  const data = await freshOutputs(app.db, row, app.signer, app.now(), query.expires_in);
  sendJson(res, 200, { object: "list", document_id: row.id, data });
};

const report = async ({ app, res, principal, params }: HandlerArgs) => {
  const row = await getRow(app.db, principal, params.document_id!);
  sendJson(res, 200, await reportOf(app.db, row));
};

const events = async ({ app, req, res, principal, params }: HandlerArgs) => {
  const row = await getRow(app.db, principal, params.document_id!);
  if (new Date(row.created_at).getTime() + EVENTS_KEPT_MS <= app.now().getTime()) throw new EventsExpired({ message: "Events are kept 7 days; these are gone." });
  if (row.content_deleted_at) throw new ContentDeleted({ message: `The content of ${row.id}, its events included, was deleted at ${row.content_deleted_at}.` });
  if (row.events_deleted_at) throw new EventsExpired({ message: "Events are kept 7 days; these are gone." });
  const lastEventId = req.headers["last-event-id"];
  const after = lastEventId !== undefined && /^\d+$/.test(lastEventId) ? Number(lastEventId) : 0;
  await streamEvents(app, res, row.id, after);
};

const versions = async ({ app, req, res, principal, params }: HandlerArgs) => {
  const body = await readJson(req, CREATE_BODY_LIMIT, { parse: app.work.parseJson });
  const row = await createVersion(app, principal, params.document_id!, body);
  sendJson(res, 201, await loadWire(app.db, row, app.signer, app.now()));
};

export const documentRoutes: Route[] = [
  { method: "POST", path: "/v1/documents", auth: "api_key", handler: create },
  { method: "GET", path: "/v1/documents", auth: "api_key", handler: list },
  { method: "GET", path: "/v1/documents/:document_id", auth: "api_key", handler: get },
  { method: "DELETE", path: "/v1/documents/:document_id", auth: "api_key", handler: remove },
  { method: "POST", path: "/v1/documents/:document_id/cancel", auth: "api_key_or_session", handler: cancel },
  { method: "GET", path: "/v1/documents/:document_id/outputs", auth: "api_key", handler: outputs },
  { method: "GET", path: "/v1/documents/:document_id/report", auth: "api_key", handler: report },
  { method: "GET", path: "/v1/documents/:document_id/events", auth: "api_key", handler: events },
  { method: "POST", path: "/v1/documents/:document_id/versions", auth: "api_key", handler: versions },
];

export { SMALL_BODY_LIMIT };
