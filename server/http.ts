/**
 * The small HTTP toolkit of the edge: request ids, JSON and Problem responses, and bodies read with a limit while
 * they stream in (so an oversized body is refused without buffering it all).
 */
import type { Request, Response } from "hyper-express";
import { Writable } from "node:stream";
import { newId } from "../core/services/ids.ts";
import { MalformedRequest, PayloadTooLarge, UnsupportedMediaType, InternalError, type ApiError } from "../core/errors.ts";
import { isApiError, problemOf } from "./problems.ts";

export const REQUEST_ID = Symbol("requestId");

export const requestIdOf = (res: Response): string => {
  const r = res as Response & { [REQUEST_ID]?: string };
  if (!r[REQUEST_ID]) {
    r[REQUEST_ID] = newId("req");
    res.header("X-Request-Id", r[REQUEST_ID]);
  }
  return r[REQUEST_ID];
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

export const sendProblem = (res: Response, error: ApiError, errorsUrl: string) => {
  const problem = problemOf(error, requestIdOf(res), errorsUrl);
  if (res.completed) return;
  if (res.initiated) {
    // Headers already went out (a stream); the best we can do is end it.
    res.close();
    return;
  }
  res.status(problem.status);
  if (error._tag === "RateLimited") res.header("Retry-After", String(error.retryAfterSeconds));
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

/** Reads the raw body, refusing it as soon as it passes `limit` bytes. */
export const readBody = async (req: Request, limit: number): Promise<Buffer> => {
  const declared = Number(req.headers["content-length"]);
  const tooLarge = () => new PayloadTooLarge({ message: `The body is over the limit of ${limit} bytes for this route.` });
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  // A declared length within the limit bounds what is buffered (HTTP framing holds the client to it).
  if (Number.isFinite(declared)) return Buffer.from(await req.buffer());
  // Chunked bodies declare no length: counted while they arrive and refused once past the limit; the rest is
  // drained by HyperExpress before the Problem goes out, never kept.
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let over = false;
    // pipe(), not on("data"): HyperExpress starts the body stream flowing only through pipe.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (!over) {
          total += chunk.length;
          if (total > limit) {
            over = true;
            chunks.length = 0;
            reject(tooLarge());
          } else chunks.push(chunk);
        }
        done();
      },
      final(done) {
        if (!over) resolve(Buffer.concat(chunks, total));
        done();
      },
    });
    sink.on("error", reject);
    req.pipe(sink);
  });
};

const isJsonType = (contentType: string | undefined) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i.test(contentType ?? "");

/** Reads a JSON body: wrong content type → 415, malformed JSON → 400, over the limit → 413. */
export const readJson = async (req: Request, limit: number, opts: { optional?: boolean } = {}): Promise<unknown> => {
  const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] === "chunked";
  if (!hasBody) {
    if (opts.optional) return undefined;
    throw new MalformedRequest({ message: "This route needs a JSON body." });
  }
  if (!isJsonType(req.headers["content-type"])) {
    throw new UnsupportedMediaType({ message: `Send the body as application/json (got ${req.headers["content-type"] ?? "no content type"}).` });
  }
  const raw = await readBody(req, limit);
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch (error) {
    throw new MalformedRequest({ message: `The body is not valid JSON: ${(error as Error).message}` });
  }
};
