/**
 * The three ways a file reaches Quire (interface, POST /files and POST /extract): a multipart part named `file`,
 * read with a 20 MB cap while it streams in (what is over is never kept); JSON `{data, filename}` in base64; JSON
 * `{url, filename?}` downloaded under the public-address rules. And file references in JSON bodies: a file id, or a
 * document id (its first output).
 *
 * Multipart bodies are parsed with busboy driven here, not through HyperExpress's Request.multipart: that wrapper
 * awaits our field handler inside busboy's 'error' listener (a handler that fails there is an unhandled rejection)
 * and listens to busboy's 'error' only once, then destroys it, which emits a second 'error' for any unfinished form;
 * either one ended the process, for a body as plain as one without its closing boundary (issue 11).
 */
import type { Request } from "hyper-express";
import busboy, { type Busboy } from "busboy";
import type { IncomingHttpHeaders } from "node:http";
import type { ServerApp } from "./context.ts";
import type { Principal } from "../core/auth/tenancy.ts";
import { FileTooLarge, InputInvalid, MalformedRequest, NotFound, ContentDeleted, type ApiError } from "../core/errors.ts";
import { BODY_IDLE_MS, pumpBody } from "./http.ts";
import { MAX_FILE_BYTES, findFile } from "../core/files/store.ts";
import { safeFetch, FetchRefused } from "../core/net/safe-fetch.ts";
import { getRow } from "../core/documents/read.ts";
import { listOutputs } from "../core/documents/repo.ts";

export interface Upload {
  readonly bytes: Uint8Array;
  readonly filename?: string;
  /** Multipart text fields beside the file. */
  readonly fields: Record<string, string>;
}

export const isMultipart = (req: Request) => /^multipart\/form-data\s*;/i.test(req.headers["content-type"] ?? "");

const tooLarge = () => new FileTooLarge({ message: "The file is over the 20 MB limit." });

/**
 * Reads a multipart body: the part named `file` (one file at most) and up to 10 text fields. Whatever is wrong with
 * the form is answered once the whole body has been read, so the answer goes out on a finished request: busboy's
 * errors (a form that ends before its closing boundary, a malformed part header) as 400 `malformed_request`, too many
 * parts likewise. A file over 20 MB is answered 413 as soon as it passes the limit (the rest of the body is read and
 * dropped after the answer, server/http.ts). A body that stops arriving or ends early fails at once (pumpBody).
 */
export const readMultipart = async (req: Request, idleMs = BODY_IDLE_MS): Promise<Upload> => {
  // Part headers and boundaries add a little; a declared body far over the limit is refused before reading.
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_FILE_BYTES + 64 * 1024) throw tooLarge();
  const unreadable = (error: unknown) => new MalformedRequest({ message: `The multipart body could not be read: ${(error as Error)?.message ?? error}` });
  let parser: Busboy;
  try {
    parser = busboy({ headers: req.headers as IncomingHttpHeaders, limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 } });
  } catch (error) {
    // No boundary in the content type, or a charset busboy does not know.
    throw unreadable(error);
  }
  let file: { bytes: Uint8Array; filename?: string } | null = null;
  let reading = false;
  let over = false;
  /** The first thing wrong with the form. */
  let problem: ApiError | null = null;
  const fields: Record<string, string> = {};
  // `on`, not `once`: busboy can report more than one error for one form (a bad part header, then the end of form).
  parser.on("error", (error) => (problem ??= unreadable(error)));
  const tooManyParts = () => (problem ??= new MalformedRequest({ message: "The multipart body has too many parts (one file and at most 10 fields)." }));
  parser.on("filesLimit", tooManyParts);
  parser.on("fieldsLimit", tooManyParts);
  parser.on("partsLimit", tooManyParts);
  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    // busboy destroys an unfinished part's stream with the form's error, which reaches us through the parser.
    stream.on("error", () => {});
    if (name !== "file" || reading) {
      stream.resume();
      return;
    }
    reading = true;
    const chunks: Buffer[] = [];
    let total = 0;
    stream.on("limit", () => {
      over = true;
      chunks.length = 0;
    });
    stream.on("data", (chunk: Buffer) => {
      if (over) return;
      total += chunk.length;
      chunks.push(chunk);
    });
    stream.on("end", () => {
      if (!over) file = { bytes: Buffer.concat(chunks, total), filename: info.filename };
    });
  });
  // 'close' follows both the end of the form and an error.
  const parsed = new Promise<void>((resolve) => parser.once("close", resolve));
  try {
    // Past 20 MB the answer is known: it goes out now, not after the rest of a body that may never end.
    await pumpBody(req, (chunk) => (over ? Promise.reject(tooLarge()) : new Promise<void>((done) => parser.write(chunk, () => done()))), idleMs);
  } catch (error) {
    parser.destroy();
    throw over ? tooLarge() : error;
  }
  parser.end();
  await parsed;
  if (over) throw tooLarge();
  if (problem) throw problem;
  if (!file) throw new InputInvalid({ message: "The multipart body has no file.", errors: [{ path: "/file", message: "send the file in a part named file" }] });
  return { ...(file as { bytes: Uint8Array; filename?: string }), fields };
};

export type FileRef = string | { url: string; filename?: string } | { data: string; filename: string };

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The bytes a JSON file reference stands for; `path` is the pointer to the reference for errors. */
export const resolveFileRef = async (app: ServerApp, principal: Principal, ref: FileRef, path: string): Promise<{ bytes: Uint8Array; filename?: string }> => {
  if (typeof ref === "string") {
    if (ref.startsWith("file_")) {
      const row = await findFile(app.db, principal, ref);
      return { bytes: await app.blobs.get(row.blob_key), filename: row.filename };
    }
    const doc = await getRow(app.db, principal, ref);
    if (doc.content_deleted_at) throw new ContentDeleted({ message: `The content of ${doc.id} was deleted.` });
    const main = (await listOutputs(app.db, doc.id)).find((o) => o.kind !== "preview");
    if (!main) throw new NotFound({ message: `${doc.id} has no file (yet).` });
    return { bytes: await app.blobs.get(main.blob_key), filename: main.filename };
  }
  if ("data" in ref) {
    const compact = ref.data.replace(/\s+/g, "");
    if (!BASE64.test(compact)) throw new InputInvalid({ message: "The data is not base64.", errors: [{ path: `${path}/data`, message: "must be base64" }] });
    if ((compact.length * 3) / 4 > MAX_FILE_BYTES + 4) throw tooLarge();
    return { bytes: Buffer.from(compact, "base64"), filename: ref.filename };
  }
  try {
    const fetched = await safeFetch(ref.url, { maxBytes: MAX_FILE_BYTES, allowPrivate: app.config.allowPrivateUrls, timeoutMs: 30_000 });
    const fromUrl = decodeURIComponent(new URL(fetched.url).pathname.split("/").pop() ?? "") || undefined;
    return { bytes: fetched.bytes, filename: ref.filename ?? fromUrl };
  } catch (error) {
    if (error instanceof FetchRefused) {
      if (error.reason === "size") throw tooLarge();
      throw new InputInvalid({ message: `The URL could not be used: ${error.message}.`, errors: [{ path: `${path}/url`, message: error.reason === "address" ? "must be a public http or https address" : error.message }] });
    }
    throw error;
  }
};
