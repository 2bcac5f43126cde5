/**
 * The three ways a file reaches Quire (interface, POST /files and POST /extract): a multipart part named `file`,
 * read with a 20 MB cap while it streams in (what is over is never kept); JSON `{data, filename}` in base64; JSON
 * `{url, filename?}` downloaded under the public-address rules. And file references in JSON bodies: a file id, or a
 * document id (its first output).
 */
import type { Request } from "hyper-express";
import type { ServerApp } from "./context.ts";
import type { Principal } from "../core/auth/tenancy.ts";
import { FileTooLarge, InputInvalid, MalformedRequest, NotFound, ContentDeleted } from "../core/errors.ts";
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

export const readMultipart = async (req: Request): Promise<Upload> => {
  // Part headers and boundaries add a little; a declared body far over the limit is refused before reading.
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_FILE_BYTES + 64 * 1024) throw tooLarge();
  let file: { bytes: Uint8Array; filename?: string } | null = null;
  let over = false;
  const fields: Record<string, string> = {};
  try {
    await req.multipart({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 } }, async (field) => {
      if (!field.file) {
        if (typeof field.value === "string") fields[field.name] = field.value;
        return;
      }
      if (field.name !== "file") {
        field.file.stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      const stream = field.file.stream;
      stream.on("limit", () => (over = true));
      for await (const chunk of stream) {
        if (over) continue;
        total += (chunk as Buffer).length;
        chunks.push(chunk as Buffer);
      }
      file = { bytes: Buffer.concat(chunks, total), filename: field.file.name };
    });
  } catch (error) {
    if (over) throw tooLarge();
    if (typeof error === "string") throw new MalformedRequest({ message: `The multipart body has too many parts (${error}).` });
    throw new MalformedRequest({ message: `The multipart body could not be read: ${(error as Error).message}` });
  }
  if (over) throw tooLarge();
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
