/**
 * Uploaded files (interface, File and POST /files): the kind read from the bytes, macros and password-protected
 * files refused, `sha256`, `bytes` and `pages` filled, the bytes kept in the blob store. Uploaded input lives 15
 * minutes; a file that a stored document names in `file` or `sources` is kept until that document's content goes
 * (the sweeper checks before deleting).
 */
import type { Knex } from "knex";
import type { components } from "../../generated/openapi.ts";
import type { Principal } from "../auth/tenancy.ts";
import type { BlobStoreShape } from "../services/blobs.ts";
import { FileRejected, FileTooLarge, NotFound } from "../errors.ts";
import { detectKind, isPdf, type FileKind } from "./kinds.ts";
import { isEncryptedPdf } from "./pages.ts";
import type { Inspected } from "./inspect.ts";
import { extensionOf, mediaTypeOf, type FormatRegistry } from "../contracts/format-plugin.ts";

export type WireFile = components["schemas"]["File"];

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const UPLOAD_LIFETIME_MS = 15 * 60_000;

export interface FileRow {
  id: string;
  organization_id: string;
  project_id: string;
  filename: string;
  content_type: string;
  bytes: number;
  sha256: string;
  pages: number;
  blob_key: string;
  kind: FileKind;
  created_at: string;
  expires_at: string | null;
}

export interface FileDeps {
  readonly db: Knex;
  readonly blobs: BlobStoreShape;
  readonly now: () => Date;
  readonly newId: (prefix: "file") => string;
  /** Inspection of the bytes (core/files/inspect.ts), in a worker thread in the service. */
  readonly work: { readonly inspect: (bytes: Uint8Array, filename?: string) => Promise<Inspected> };
  /** The plugin of the file's kind gives its content type and extension. */
  readonly plugins: Pick<FormatRegistry, "get">;
}

/** A name for the file: the caller's, cleaned of paths and control characters, or `file.<extension>`. */
const cleanName = (filename: string | undefined, extension: string) => {
  const base = (filename ?? "").split(/[\\/]/).pop()!.replace(/[\u0000-\u001f"]/g, "").trim().slice(0, 200);
  return base || `file.${extension}`;
};

/** Reads what the bytes are and refuses what Quire must not open; returns the kind. */
export const inspectUpload = (bytes: Uint8Array, filename?: string): FileKind => {
  if (bytes.byteLength > MAX_FILE_BYTES) throw new FileTooLarge({ message: `The file is ${bytes.byteLength} bytes; the limit is 20 MB.` });
  const detected = detectKind(bytes, filename);
  if (!detected.ok) throw new FileRejected({ message: `The file was rejected: ${detected.reason}.` });
  if (isPdf(bytes)) {
    let encrypted = false;
    try {
      encrypted = isEncryptedPdf(bytes);
    } catch {
      throw new FileRejected({ message: "The file was rejected: the PDF is damaged and cannot be opened." });
    }
    if (encrypted) throw new FileRejected({ message: "The file was rejected: the PDF is password-protected; remove the password and upload it again." });
  }
  return detected.kind;
};

export const createFile = async (deps: FileDeps, principal: Principal, bytes: Uint8Array, filename: string | undefined): Promise<FileRow> => {
  const { kind, pages, sha256 } = await deps.work.inspect(bytes, filename);
  // Every kind the upload check accepts has a reader plugin in the service; a trimmed test registry may lack one.
  const plugin = deps.plugins.get(kind);
  const now = deps.now();
  const id = deps.newId("file");
  const row: FileRow = {
    id,
    organization_id: principal.organizationId,
    project_id: principal.projectId,
    filename: cleanName(filename, plugin ? extensionOf(plugin) : kind),
    content_type: plugin ? mediaTypeOf(plugin) : "application/octet-stream",
    bytes: bytes.byteLength,
    sha256,
    pages,
    blob_key: `files/${id}`,
    kind,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + UPLOAD_LIFETIME_MS).toISOString(),
  };
  await deps.blobs.put(row.blob_key, bytes);
  await deps.db("files").insert(row);
  return row;
};

export const findFile = async (db: Knex, principal: Principal, id: string): Promise<FileRow> => {
  const row: FileRow | undefined = /^file_[0-9A-HJKMNP-TV-Z]{26}$/.test(id) ? await db("files").where({ id, organization_id: principal.organizationId }).first() : undefined;
  if (!row) throw new NotFound({ message: `No file ${id} in this organization (uploads are kept 15 minutes).` });
  return row;
};

export const fileToWire = (row: FileRow): WireFile => ({
  id: row.id,
  object: "file",
  filename: row.filename,
  content_type: row.content_type,
  bytes: row.bytes,
  sha256: row.sha256,
  pages: row.pages,
  created_at: row.created_at,
});

/** Deletes uploads past their 15 minutes that no stored document with content still names. */
export const sweepFiles = async (db: Knex, blobs: BlobStoreShape, now: Date) => {
  const expired: Array<{ id: string; blob_key: string }> = await db("files").whereNotNull("expires_at").andWhere("expires_at", "<=", now.toISOString()).select("id", "blob_key");
  let deleted = 0;
  for (const file of expired) {
    const used = await db("documents").whereNull("content_deleted_at").andWhere("store", true).andWhere("request", "like", `%${file.id}%`).first("id");
    if (used) continue;
    await blobs.delete(file.blob_key);
    await db("files").where({ id: file.id }).delete();
    deleted++;
  }
  return deleted;
};
