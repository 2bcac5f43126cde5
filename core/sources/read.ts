/**
 * The documents among a create's `sources` (file ids, document ids, `{url}` and base64 objects; interface, POST
 * /documents `sources`), read into text by the same readers as extraction. Pictures are not read here: they are
 * the `img:<n>` pictures of the Markdown. A source that cannot be read fails the document with `source_unreadable`.
 */
import type { Knex } from "knex";
import type { BlobStoreShape } from "../services/blobs.ts";
import type { FormatPlugin } from "../../plugins/format-plugin.ts";
import type { ExtractContext } from "../../plugins/extract.ts";
import { ProcessingFailure } from "../errors.ts";
import { kindOfRef, type FileRef } from "../documents/file-refs.ts";
import { safeFetch } from "../net/safe-fetch.ts";
import { readFile } from "../extract/read.ts";
import type { SourceText } from "./select.ts";

export interface SourceDeps {
  readonly db: Knex;
  readonly blobs: BlobStoreShape;
  readonly organizationId: string;
  readonly allowPrivateUrls: boolean;
  readonly plugins: { get: (format: string) => FormatPlugin | undefined };
  readonly context: () => Promise<ExtractContext>;
}

const bytesOf = async (deps: SourceDeps, ref: FileRef, signal?: AbortSignal): Promise<{ bytes: Uint8Array; name: string }> => {
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
  const fetched = await safeFetch(ref.url, { maxBytes: 20 * 1024 * 1024, allowPrivate: deps.allowPrivateUrls, signal });
  return { bytes: fetched.bytes, name: ref.filename ?? new URL(fetched.url).pathname.split("/").pop() ?? "source" };
};

export const readSources = async (deps: SourceDeps, sources: ReadonlyArray<FileRef>, signal?: AbortSignal): Promise<SourceText[]> => {
  const out: SourceText[] = [];
  for (const [i, ref] of sources.entries()) {
    if ((await kindOfRef(deps.db, deps.organizationId, ref)) !== "document") continue;
    try {
      const { bytes, name } = await bytesOf(deps, ref, signal);
      const text = await readFile(bytes, name, deps.plugins, { ...(await deps.context()), signal });
      out.push({ index: i + 1, name, text: text.markdown });
    } catch (error) {
      signal?.throwIfAborted();
      throw new ProcessingFailure({ code: "source_unreadable", message: `Source ${i + 1} could not be read: ${(error as Error).message}` });
    }
  }
  return out;
};
