/**
 * The page-facing storage API of a shared artifact, `/_db/…` on the artifact's own origin (artifact contract, Page ↔
 * service protocol). The host router (H2) finds the artifact from the Host, checks it is alive, and hands the request
 * here; this module checks the page's token, the per-artifact rate limits and the names, and answers.
 *
 * How the router calls it:
 *
 *   const ctx = artifactApiContext(app);                         // once: store, clock, secret, live bus, rate limits
 *   if (isArtifactApiPath(req.path)) return serveArtifactApi(ctx, { documentId, storage }, req, res);   // HyperExpress
 *
 * or, without HyperExpress (tests, the bench), `handleArtifactApi(ctx, artifact, request)` returns
 * `{status, headers, body}`, or for the event stream `{status: 200, headers, stream(sink) → stop}`.
 *
 * Routes (every request carries the token `<exp>.<sig>`, header `x-quire-token` or query `token`):
 *   GET    /_db/{collection}          200 {"data":[{key,data,updated_at}…], "seq": N}, most recent first; `seq` is the
 *                                     artifact's change sequence when read, to open the stream with `?after=N`
 *   GET    /_db/{collection}/{key}    200 {key,data,updated_at} | 404 not_found
 *   PUT    /_db/{collection}/{key}    body: any JSON value → 200 the record | 413 record_too_large | 409 too_many_records
 *   DELETE /_db/{collection}/{key}    200 {key, deleted: true}, also when absent (not 204: the uWebSockets build behind
 *                                     HyperExpress declares a bogus Content-Length on a 204, which proxies refuse)
 *   GET    /_db/{collection}/events   with `Accept: text/event-stream` (EventSource sends it): the live stream. Without
 *                                     that Accept it is the record whose key is `events`.
 * The stream: `retry: 1000`, then `id: <seq>` / `event: change` / `data: {collection,key,data|null,updated_at,seq}` per
 * change of the collection; a reconnect with `Last-Event-ID` (or a first connect with `?after=<seq>`) replays the
 * changes after that seq first. When they are no longer kept (over 24 h) or the seq is unknown, it sends
 * `id: <seq>` / `event: resync` / `data: {"seq":N}`: the page must list the collection again. A comment every 15 s;
 * the stream ends when the token expires or the artifact's data is deleted. Streams are capped per artifact and per
 * process (core/artifacts/live.ts, MAX_STREAMS_PER_ARTIFACT and MAX_STREAMS): past a cap, 429 rate_limited with
 * Retry-After; a stream that ends gives its slot back.
 *
 * Errors are `application/json` `{code, message}`: 401 unauthorized, 410 link_expired, 409 artifact_is_local,
 * 422 input_invalid (also a record nested deeper than MAX_JSON_DEPTH), 413 record_too_large, 409 too_many_records,
 * 429 rate_limited (with Retry-After), 404 not_found, 405 method_not_allowed (with Allow), 410 content_deleted,
 * 400 malformed_request (a PUT body that stopped arriving), 500 internal_error. Every response carries the origin's
 * security headers (API_HEADERS); the router must not add them again.
 */
import type { Notifier } from "../../core/store/notify.ts";
import type { Request, Response } from "hyper-express";
import type { Knex } from "knex";
import { InputInvalid, MalformedRequest } from "../../core/errors.ts";
import { pumpBody } from "../http.ts";
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from "../../core/limits/json-body.ts";
import { ArtifactGone, RecordTooLarge, TooManyRecords } from "../../core/artifacts/errors.ts";
import { changesAfter, logHorizon } from "../../core/artifacts/changes.ts";
import { STREAM_RETRY_AFTER_S, type ArtifactLive } from "../../core/artifacts/live.ts";
import { MAX_RECORD_BYTES, nameProblem } from "../../core/artifacts/names.ts";
import type { ArtifactBudget } from "../../core/artifacts/rate.ts";
import { artifactRuntime } from "../../core/artifacts/runtime.ts";
import {
  changeJson,
  deleteRecord,
  getRecord,
  lastSeq,
  listRecords,
  putRecord,
  recordJson,
  recordsJson,
  type ArtifactChange,
} from "../../core/artifacts/store.ts";
import { artifactSlug, checkArtifactToken } from "../../core/artifacts/token.ts";

export interface ArtifactApiContext {
  readonly db: Knex;
  readonly now: () => Date;
  /** The service's signing secret: the key of the page token's HMAC. */
  readonly secret: string;
  readonly live: ArtifactLive;
  readonly rate: ArtifactBudget;
  readonly log?: (message: string, error?: unknown) => void;
}

export interface ArtifactRef {
  readonly documentId: string;
  readonly storage: "shared" | "local";
}

export interface ArtifactApiRequest {
  readonly method: string;
  /** The path without the query, starting with `/_db/`. */
  readonly path: string;
  readonly query: Readonly<Record<string, string | undefined>>;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body?: string | Buffer;
}

export interface EventSink {
  readonly write: (text: string) => void;
  readonly end: () => void;
}

export type ArtifactApiResponse =
  | { readonly status: number; readonly headers: Record<string, string>; readonly body: string | null; readonly stream?: undefined }
  | { readonly status: 200; readonly headers: Record<string, string>; readonly body: null; readonly stream: (sink: EventSink) => () => void };

/** Security headers of every answer on an artifact origin (artifact contract), for the API. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors *",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "no-store",
};

/** A PUT body is read up to this; the record limit is checked on the compact JSON, so spacing is allowed for. */
export const MAX_BODY_BYTES = 4 * MAX_RECORD_BYTES;

const HEARTBEAT_MS = 15_000;
const RETRY_MS = 1_000;

export const isArtifactApiPath = (path: string) => path === "/_db" || path.startsWith("/_db/");

/** The context from the running service's parts; the live bus and rate limits are the store's own (shared). */
export const artifactApiContext = (app: {
  db: Knex;
  now: () => Date;
  signer: { secret: string };
  log?: (message: string, error?: unknown) => void;
  bus?: { notifier: Notifier };
}): ArtifactApiContext => ({
  db: app.db,
  now: app.now,
  secret: app.signer.secret,
  log: app.log,
  ...artifactRuntime(app.db, { log: app.log, ...(app.bus ? { notifier: app.bus.notifier } : {}) }),
});

const JSON_TYPE = "application/json; charset=utf-8";

const json = (status: number, body: string, extra: Record<string, string> = {}): ArtifactApiResponse => ({
  status,
  headers: { ...API_HEADERS, "Content-Type": JSON_TYPE, ...extra },
  body,
});

const fail = (status: number, code: string, message: string, extra: Record<string, string> = {}) => json(status, JSON.stringify({ code, message }), extra);

const rateLimited = (retryAfter: number, what: "reads" | "writes") =>
  fail(429, "rate_limited", `Too many ${what} on this artifact; wait ${retryAfter} s (limits: 1,200 reads and 120 writes a minute).`, {
    "Retry-After": String(retryAfter),
  });

const errorResponse = (ctx: ArtifactApiContext, error: unknown): ArtifactApiResponse => {
  if (error instanceof InputInvalid) return fail(422, "input_invalid", error.message);
  if (error instanceof RecordTooLarge) return fail(413, "record_too_large", error.message);
  if (error instanceof TooManyRecords) return fail(409, "too_many_records", error.message);
  if (error instanceof ArtifactGone) return fail(410, "content_deleted", error.message);
  ctx.log?.("artifact storage failed", error);
  return fail(500, "internal_error", "The service failed; try again.");
};

const segmentsOf = (path: string): string[] | null => {
  try {
    return path.slice("/_db/".length).split("/").map(decodeURIComponent);
  } catch {
    return null;
  }
};

/**
 * Where a stream resumes: the sequence the client gives (at most 9 digits, within the store's 32-bit integers), or,
 * for anything else it gives, a number past every sequence, which makes the stream tell it to resync.
 */
const resumeFrom = (value: string | undefined): number | undefined =>
  value === undefined || value === "" ? undefined : /^\d{1,9}$/.test(value) ? Number(value) : Number.MAX_SAFE_INTEGER;

const parseBody = (body: string | Buffer | undefined): unknown => {
  const text = body === undefined ? "" : typeof body === "string" ? body : body.toString("utf8");
  if (text.trim() === "") throw new InputInvalid({ message: "The body must be the record's JSON value.", errors: [{ path: "/data", message: "required" }] });
  // A 64 KB body can nest 32,000 deep, which JSON.parse takes and storing the record (JSON.stringify) does not.
  if (jsonNestsDeeperThan(typeof body === "string" ? Buffer.from(body) : body!, MAX_JSON_DEPTH)) {
    throw new InputInvalid({ message: `The record nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`, errors: [{ path: "/data", message: `must nest at most ${MAX_JSON_DEPTH} levels` }] });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputInvalid({ message: `The body is not JSON: ${(error as Error).message}`, errors: [{ path: "/data", message: "must be JSON" }] });
  }
};

export const handleArtifactApi = async (ctx: ArtifactApiContext, artifact: ArtifactRef, request: ArtifactApiRequest): Promise<ArtifactApiResponse> => {
  try {
    const now = ctx.now();
    const token = request.headers["x-quire-token"] ?? request.query.token;
    const { check, expiresAtMs } = checkArtifactToken(ctx.secret, artifactSlug(artifact.documentId), token, now);
    if (check === "invalid") return fail(401, "unauthorized", "This request needs the page's token (header x-quire-token, or ?token= for the event stream).");
    if (check === "expired") return fail(410, "link_expired", "The page link has expired; ask for a new one.");
    if (artifact.storage === "local") return fail(409, "artifact_is_local", "This artifact keeps its data in each visitor's browser; the service holds none.");

    const segments = request.path.startsWith("/_db/") ? segmentsOf(request.path) : null;
    if (!segments || segments.length > 2 || segments.some((s) => s === "")) return fail(404, "not_found", `No route ${request.method} ${request.path}.`);
    const [collection, key] = segments as [string, string | undefined];
    const method = request.method.toUpperCase();
    const allow = key === undefined ? ["GET"] : ["GET", "PUT", "DELETE"];
    if (!allow.includes(method)) return fail(405, "method_not_allowed", `${method} is not allowed here; use ${allow.join(" or ")}.`, { Allow: allow.join(", ") });

    const nowMs = now.getTime();
    const { documentId } = artifact;
    if (method === "GET") {
      const wait = await ctx.rate.read(documentId, nowMs);
      if (wait !== null) return rateLimited(wait, "reads");
      if (key === undefined) {
        // The sequence is read before the records, so a change between the two is in the list and replayed again
        // by a stream opened `?after=seq` (applied twice, harmless), never missed.
        const seq = await lastSeq(ctx.db, documentId);
        return json(200, `{"data":${recordsJson(await listRecords(ctx.db, documentId, collection))},"seq":${seq}}`);
      }
      if (key === "events" && /text\/event-stream/i.test(request.headers.accept ?? "")) {
        const problem = nameProblem("collection", collection);
        if (problem) return fail(422, "input_invalid", problem);
        const after = resumeFrom(request.headers["last-event-id"]) ?? resumeFrom(request.query.after);
        const release = ctx.live.openStream(documentId);
        if (!release) {
          return fail(429, "rate_limited", `Too many live streams are open on this artifact or this service; wait ${STREAM_RETRY_AFTER_S} s.`, {
            "Retry-After": String(STREAM_RETRY_AFTER_S),
          });
        }
        return eventStream(ctx, documentId, collection, after, expiresAtMs, release);
      }
      const record = await getRecord(ctx.db, documentId, collection, key);
      return record ? json(200, recordJson(record)) : fail(404, "not_found", `No record "${key}" in collection "${collection}".`);
    }

    const wait = await ctx.rate.write(documentId, nowMs);
    if (wait !== null) return rateLimited(wait, "writes");
    if (method === "PUT") {
      const size = request.body === undefined ? 0 : typeof request.body === "string" ? Buffer.byteLength(request.body) : request.body.length;
      if (size > MAX_BODY_BYTES) return fail(413, "record_too_large", `The record is over ${MAX_RECORD_BYTES} bytes of JSON (16 KB).`);
      const change = await putRecord(ctx.db, documentId, collection, key!, parseBody(request.body), now);
      ctx.live.publish(change);
      return json(200, recordJson({ key: change.key, data: change.data!, updated_at: change.updated_at }));
    }
    const change = await deleteRecord(ctx.db, documentId, collection, key!, now);
    if (change) ctx.live.publish(change);
    return json(200, JSON.stringify({ key, deleted: true }));
  } catch (error) {
    return errorResponse(ctx, error);
  }
};

const frame = (c: ArtifactChange) => `id: ${c.seq}\nevent: change\ndata: ${changeJson(c)}\n\n`;

/**
 * The live stream of one collection. It listens before reading the log, so nothing committed in between is missed;
 * it numbers what it has seen by the artifact's sequence (every change of the artifact, sent or not, advances it),
 * skips what it has seen, and fills any gap from the log before going on. It holds a stream slot (`release`) from
 * the answer on: whoever gets the answer must run `stream` and, when the connection ends, the stop it returns.
 */
const eventStream = (
  ctx: ArtifactApiContext,
  documentId: string,
  collection: string,
  after: number | undefined,
  expiresAtMs: number,
  release: () => void,
): ArtifactApiResponse => ({
  status: 200,
  headers: { ...API_HEADERS, "Content-Type": "text/event-stream; charset=utf-8", "X-Accel-Buffering": "no" },
  body: null,
  stream: (sink) => {
    let last = 0;
    let ready = false;
    let busy = false;
    let closed = false;
    const pending: ArtifactChange[] = [];

    const stop = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      release();
    };
    const finish = () => {
      if (closed) return;
      stop();
      sink.end();
    };
    const write = (text: string) => !closed && sink.write(text);

    const pump = async () => {
      if (busy || !ready || closed) return;
      busy = true;
      try {
        while (pending.length && !closed) {
          const batch = pending.splice(0).sort((a, b) => a.seq - b.seq);
          for (const change of batch) {
            if (change.seq <= last) continue;
            if (change.seq > last + 1) for (const missed of await changesAfter(ctx.db, documentId, last, { collection, upTo: change.seq - 1 })) write(frame(missed));
            if (change.collection === collection) write(frame(change));
            last = change.seq;
          }
        }
      } catch (error) {
        ctx.log?.("artifact event stream failed", error);
        finish();
      } finally {
        busy = false;
      }
    };

    const unsubscribe = ctx.live.subscribe(documentId, (event) => {
      if (event.type === "gone") return finish();
      pending.push(event.change);
      void pump();
    });
    const heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
    // The token's expiry ends the stream; the reconnect then meets 410 link_expired. Timers hold at most ~24.8 days.
    const expiry = setTimeout(finish, Math.min(Math.max(0, expiresAtMs - ctx.now().getTime()), 2 ** 31 - 1));
    heartbeat.unref();
    expiry.unref();

    write(`retry: ${RETRY_MS}\n\n`);
    void (async () => {
      try {
        const horizon = await logHorizon(ctx.db, documentId);
        if (after !== undefined && (after > horizon.lastSeq || after < horizon.oldestKept - 1)) {
          write(`id: ${horizon.lastSeq}\nevent: resync\ndata: {"seq":${horizon.lastSeq}}\n\n`);
        } else if (after !== undefined) {
          for (const change of await changesAfter(ctx.db, documentId, after, { collection, upTo: horizon.lastSeq })) write(frame(change));
        }
        last = horizon.lastSeq;
        ctx.live.since(documentId, last);
        ready = true;
        await pump();
      } catch (error) {
        ctx.log?.("artifact event stream failed", error);
        finish();
      }
    })();
    return stop;
  },
});

/**
 * Reads a PUT body, keeping at most MAX_BODY_BYTES; an oversized one (declared or not) is read to its end and
 * dropped, so the answer goes out on a connection whose request is complete. Answering while the client is still
 * sending leaves it waiting for the end of an upload nobody reads, until its own timeout (minutes). A body that
 * stops arriving or ends early fails with MalformedRequest (server/http.ts pumpBody).
 */
const readPutBody = async (req: Request): Promise<Buffer | "too_large"> => {
  const chunks: Buffer[] = [];
  let total = 0;
  await pumpBody(req, (chunk) => {
    total += chunk.length;
    if (total <= MAX_BODY_BYTES) chunks.push(chunk);
    else chunks.length = 0;
  });
  return total > MAX_BODY_BYTES ? "too_large" : Buffer.concat(chunks, total);
};

/** Serves a `/_db/…` request on HyperExpress: reads the body (PUT), answers, and runs the stream until either side ends. */
export const serveArtifactApi = async (ctx: ArtifactApiContext, artifact: ArtifactRef, req: Request, res: Response): Promise<void> => {
  const head = (answer: ArtifactApiResponse) => {
    res.status(answer.status);
    for (const name in answer.headers) res.header(name, answer.headers[name]!, true);
  };
  let body: Buffer | undefined;
  if (req.method.toUpperCase() === "PUT") {
    let read: Buffer | "too_large";
    try {
      read = await readPutBody(req);
    } catch (error) {
      if (!(error instanceof MalformedRequest)) throw error;
      // The client went away (nobody to answer) or stopped sending.
      if (res.completed) return;
      const answer = fail(400, "malformed_request", error.message);
      head(answer);
      res.send(answer.body ?? undefined);
      return;
    }
    body = read === "too_large" ? Buffer.alloc(MAX_BODY_BYTES + 1) : read;
  }
  const answer = await handleArtifactApi(ctx, artifact, {
    method: req.method,
    path: req.path,
    query: req.query_parameters,
    headers: req.headers,
    body,
  });
  if (!answer.stream) {
    head(answer);
    res.send(answer.body ?? undefined);
    return;
  }
  // The client left while the answer was made: nothing to stream to, but the slot it took must be given back.
  if (res.completed) return void answer.stream({ write: () => {}, end: () => {} })();
  head(answer);
  let open = true;
  const stop = answer.stream({
    write: (text) => {
      if (open) res.write(text);
    },
    end: () => {
      if (!open) return;
      open = false;
      res.end();
    },
  });
  res.once("close", () => {
    open = false;
    stop();
  });
};
