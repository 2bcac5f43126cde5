/**
 * The bytes behind a file reference (`file` of review/edit, `sources` of create): an uploaded file id, a finished
 * document's first file, a public URL fetched safely, or base64 data. A reference that no longer resolves throws a
 * plain Error whose message says why; each operation maps it to its own `error.code`.
 */
import type { Knex } from "knex";
import type { BlobStoreShape } from "../services/blobs.ts";
import type { FileRef } from "../documents/file-refs.ts";
import type { HttpOutShape } from "../services/http-out.ts";
import { MAX_FILE_BYTES } from "./store.ts";

export interface LoadDeps {
  readonly db: Knex;
  readonly blobs: BlobStoreShape;
  readonly organizationId: string;
  readonly allowPrivateUrls: boolean;
  /** Outgoing HTTP (the guarded fetch of core/net) for a reference that is a URL. */
  readonly http: HttpOutShape;
}

export const loadFileRef = async (deps: LoadDeps, ref: FileRef, signal?: AbortSignal): Promise<{ bytes: Uint8Array; name: string }> => {
  if (typeof ref === "string") {
    if (ref.startsWith("file_")) {
      const file = await deps.db("files").where({ id: ref, organization_id: deps.organizationId }).first();
      if (!file) throw new Error(`${ref} no longer exists (uploads are kept 15 minutes)`);
      return { bytes: await deps.blobs.get(file.blob_key), name: file.filename };
    }
    const output = await deps.db("outputs").join("documents", "documents.id", "outputs.document_id")
      .where({ "documents.id": ref, "documents.organization_id": deps.organizationId }).whereNull("documents.content_deleted_at")
      .whereNot("outputs.kind", "preview").orderBy("outputs.position").first("outputs.blob_key", "outputs.filename");
    if (!output) throw new Error(`${ref} has no file to read (unfinished, or its content was deleted)`);
    return { bytes: await deps.blobs.get(output.blob_key), name: output.filename };
  }
  if ("data" in ref) return { bytes: Buffer.from(ref.data, "base64"), name: ref.filename };
  const fetched = await deps.http.fetch(ref.url, { maxBytes: MAX_FILE_BYTES, allowPrivate: deps.allowPrivateUrls, signal });
  const last = new URL(fetched.url).pathname.split("/").pop() ?? "";
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape: the name as it was written.
  }
  return { bytes: fetched.bytes, name: ref.filename ?? (name || "file") };
};
