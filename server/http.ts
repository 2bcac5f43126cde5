/**
 * The small HTTP toolkit of the edge: request ids (and the async context that carries them to logs), JSON and
 * Problem responses, the request-header bound, and bodies read with a limit while they stream in (so an oversized
 * body is refused without buffering it all), an idle limit, and a nesting bound on JSON (issue 11: no request may
 * kill the service or freeze it).
 */
import type { Request, Response } from "hyper-express";
import { AsyncLocalStorage } from "node:async_hooks";
import { Writable } from "node:stream";
import { newId } from "../core/services/ids.ts";
import { MalformedRequest, PayloadTooLarge, UnsupportedMediaType, InternalError, HeadersTooLarge, type ApiError } from "../core/errors.ts";
import { isApiError, problemOf } from "./problems.ts";
import { parseJsonBody } from "../core/limits/json-body.ts";

export const REQUEST_ID = Symbol("requestId");

export const requestIdOf = (res: Response): string => {
  const r = res as Response & { [REQUEST_ID]?: string };
  if (!r[REQUEST_ID]) {
    r[REQUEST_ID] = newId("req");
    res.header("X-Request-Id", r[REQUEST_ID]);
  }
  return r[REQUEST_ID];
};

/**
 * The request a piece of code runs for, so the process guard (server/guard.ts) can name it when an error escapes.
 * Code that continues a handler (awaits, timers, promises it starts) sees the store; callbacks fired from outside
 * the handler's async context do not: listeners of the uWebSockets body stream (HyperExpress emits its events from
 * the native data callback) and microtasks queued with queueMicrotask.
 */
export const requestContext = new AsyncLocalStorage<{ readonly requestId: string }>();

/** The id of the request whose async context this is, if any. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

/** Runs a handler inside its request's context (the id is made now, so the answer's X-Request-Id is the same). */
export const inRequest = <T>(res: Response, handler: () => T): T => requestContext.run({ requestId: requestIdOf(res) }, handler);

/**
 * Request header bounds. The uWebSockets build behind HyperExpress parses at most 48 header lines and about 125 KB of
 * request head; past those it never calls us (it holds the connection silent until its 10 s idle timeout, or resets
 * it), so no code of ours can answer there. Below them these bounds answer 431 with a Problem: 40 lines leave
 * browsers (about 20) and a chain of proxies room, and stop a client that grows its headers before it reaches the
 * silent wall at 49; 32 KB is what nginx allows by default (4 × 8 KB buffers) and twice Node's 16 KB.
 */
export const MAX_HEADER_COUNT = 40;
export const MAX_HEADER_BYTES = 32 * 1024;

/** The 431 for a request whose headers are over the bounds, or null. Names and values count, with `: ` and CRLF. */
export const headersProblem = (req: Request): HeadersTooLarge | null => {
  let count = 0;
  let bytes = req.url.length;
  for (const name in req.headers) {
    count++;
    bytes += name.length + String(req.headers[name]).length + 4;
  }
  if (count > MAX_HEADER_COUNT) {
    return new HeadersTooLarge({ message: `The request has ${count} header fields; at most ${MAX_HEADER_COUNT} are accepted.` });
  }
  if (bytes > MAX_HEADER_BYTES) {
    return new HeadersTooLarge({ message: `The request line and headers are ${bytes} bytes; at most ${MAX_HEADER_BYTES} are accepted.` });
  }
  return null;
};

/** Sends JSON already serialised (hot paths that cache their text). */
export const sendJsonText = (res: Response, status: number, json: string, headers: Record<string, string> = {}) => {
  requestIdOf(res);
  res.status(status);
  for (const name in headers) res.header(name, headers[name]!);
  res.header("Content-Type", "application/json; charset=utf-8");
  res.send(json);
};

export const sendJson = (res: Response, status: number, body: unknown, headers: Record<string, string> = {}) =>
  sendJsonText(res, status, JSON.stringify(body), headers);

/**
 * Lets a refusal go out whole while the request's body is still arriving. HyperExpress holds any answer back until
 * the body's last byte, having already written the status line: a client sending a large body slowly saw half an
 * answer for minutes, and one sending an endless chunked body never saw the rest. uWebSockets itself goes on
 * reading the body to its end and drops it, and the connection then serves the next request; a closed connection
 * was never the way here (uWebSockets closes at once, and a reset can destroy an answer the client has not read
 * yet). A client that stops sending is cut by uWebSockets' own rule (16 KB in 10 s), as before.
 */
const answerBeforeBody = (res: Response) => {
  const req = (res as Response & { _wrapped_request?: Request & { _body_parser_stop?: () => void } })._wrapped_request;
  if (!req || req.received) return;
  req._body_parser_stop?.();
  // HyperExpress pauses the socket of a body nobody has read yet once 16 KB are buffered; unpaused, uWebSockets reads
  // the rest and drops it. Left paused, the rest stayed in the kernel's buffers until uWebSockets' 10 s timer closed
  // the connection under the client's feet: a burst of 500 uploads refused before their body all ended EPIPE.
  req.resume();
  req.received = true;
};

export const sendProblem = (res: Response, error: ApiError, errorsUrl: string) => {
  const problem = problemOf(error, requestIdOf(res), errorsUrl);
  if (res.completed) return;
  if (res.initiated) {
    // Headers already went out (a stream); the best we can do is end it.
    res.close();
    return;
  }
  answerBeforeBody(res);
  res.status(problem.status);
  if (error._tag === "RateLimited" || error._tag === "Overloaded") res.header("Retry-After", String(error.retryAfterSeconds));
  if (error._tag === "MethodNotAllowed") res.header("Allow", error.allow.join(", "));
  res.header("Content-Type", "application/problem+json");
  res.send(JSON.stringify(problem));
};

/** Sends any thrown value: our tagged errors as their Problem, anything else as a logged 500. */
export const sendError = (res: Response, error: unknown, errorsUrl: string, log: (msg: string, err?: unknown) => void) => {
  if (isApiError(error)) {
    if (error._tag === "InternalError") log(`internal error ${requestIdOf(res)}`, error.cause ?? error);
    return sendProblem(res, error, errorsUrl);
  }
  log(`unexpected error ${requestIdOf(res)}`, error);
  sendProblem(res, new InternalError({ message: "internal error", cause: error }), errorsUrl);
};

/**
 * How long a body read waits for the next bytes before the request is dropped. The uWebSockets build normally acts
 * first: it closes a connection whose body stalls for 10 s or sends under 16 KB per 10 s (measured: ~12 s for both),
 * and HyperExpress then ends the body stream early, which `pumpBody` reports as a body that ended early. This bound
 * is the backstop for a stream that stays open without that timer (a paused socket, another uWebSockets build):
 * three times uWebSockets' own, so it never cuts a client that uWebSockets lets live, and short enough that a stuck
 * read lets go of what it buffered within a minute. Time our own consumer takes does not count.
 */
export const BODY_IDLE_MS = 30_000;

/** HyperExpress parses a body only for these (Request._body_parser_run); any other request's stream never ends. */
const hasBodyFraming = (req: Request) => Number(req.headers["content-length"]) > 0 || req.headers["transfer-encoding"] === "chunked";

/**
 * Streams the request body into `consume`, chunk by chunk with backpressure, and resolves once the whole body has
 * arrived. Rejects with MalformedRequest (never anything else) when the body stops arriving for `idleMs`, ends early
 * (the client went away: HyperExpress then ends the stream as if it were complete, with `received` still false), or
 * the stream or `consume` fails. Every read of a body goes through here, so none can hang or throw unhandled.
 */
export const pumpBody = (req: Request, consume: (chunk: Buffer) => void | Promise<void>, idleMs = BODY_IDLE_MS): Promise<void> => {
  if (!hasBodyFraming(req)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let busy = false;
    const settle = (error?: MalformedRequest) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      if (error) reject(error);
      else resolve();
    };
    const idle = setTimeout(function onIdle() {
      if (settled) return;
      // Our own consumer holding the stream back is not the client idling.
      if (busy) return void idle.refresh();
      settle(new MalformedRequest({ message: `The body stopped arriving (nothing for ${Math.round(idleMs / 1000)} s).` }));
      req.unpipe(sink);
      sink.destroy();
    }, idleMs);
    idle.unref();
    // pipe(), not on("data"): HyperExpress starts the body stream flowing only through pipe.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (settled) return done();
        busy = true;
        const after = (error?: unknown) => {
          busy = false;
          if (!settled) idle.refresh();
          if (error) settle(new MalformedRequest({ message: `The body could not be read: ${(error as Error)?.message ?? error}` }));
          done();
        };
        try {
          const pending = consume(chunk);
          if (pending) pending.then(() => after(), after);
          else after();
        } catch (error) {
          after(error);
        }
      },
      final(done) {
        if (!req.received) settle(new MalformedRequest({ message: "The body ended before it was complete (the connection closed)." }));
        else settle();
        done();
      },
    });
    sink.on("error", (error) => settle(new MalformedRequest({ message: `The body could not be read: ${error.message}` })));
    req.pipe(sink);
  });
};

/** Reads the raw body, refusing it as soon as it passes `limit` bytes. */
export const readBody = async (req: Request, limit: number, idleMs = BODY_IDLE_MS): Promise<Buffer> => {
  const declared = Number(req.headers["content-length"]);
  const tooLarge = () => new PayloadTooLarge({ message: `The body is over the limit of ${limit} bytes for this route.` });
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  // Streamed even with a declared length: req.buffer() never settles when the client goes away. A declared length
  // within the limit bounds what is buffered; chunked bodies declare none: counted while they arrive and refused once
  // past the limit; the rest is read and dropped, never kept.
  const chunks: Buffer[] = [];
  let total = 0;
  let over = false;
  await pumpBody(
    req,
    (chunk) => {
      if (over) return;
      total += chunk.length;
      if (total > limit) {
        over = true;
        chunks.length = 0;
        throw tooLarge();
      }
      chunks.push(chunk);
    },
    idleMs,
  ).catch((error) => {
    throw over ? tooLarge() : error;
  });
  return Buffer.concat(chunks, total);
};

const isJsonType = (contentType: string | undefined) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i.test(contentType ?? "");

/** Bodies larger than this are parsed in a worker thread when the route gives `parse` (the same checks there). */
export const OFF_THREAD_JSON_BYTES = 256 * 1024;

/**
 * Reads a JSON body: wrong content type → 415, malformed JSON or nested deeper than MAX_JSON_DEPTH
 * (core/limits/json-body.ts) → 400, over the limit → 413.
 */
export const readJson = async (req: Request, limit: number, opts: { optional?: boolean; parse?: (bytes: Uint8Array) => Promise<unknown> } = {}): Promise<unknown> => {
  if (!hasBodyFraming(req)) {
    if (opts.optional) return undefined;
    throw new MalformedRequest({ message: "This route needs a JSON body." });
  }
  if (!isJsonType(req.headers["content-type"])) {
    throw new UnsupportedMediaType({ message: `Send the body as application/json (got ${req.headers["content-type"] ?? "no content type"}).` });
  }
  const raw = await readBody(req, limit);
  // A large body (a long Markdown, a base64 file) would hold this thread for hundreds of milliseconds.
  if (opts.parse && raw.byteLength > OFF_THREAD_JSON_BYTES) return opts.parse(raw);
  return parseJsonBody(raw);
};
