/**
 * The `review` pipeline of a document: the file named in `file` is loaded (an upload, a finished document's file, a
 * URL fetched safely, or base64 data) and reviewed by core/review/review-file.ts. A file that can no longer be had
 * ends the document `failed` with `file_not_found`.
 */
import { ProcessingFailure } from "../../errors.ts";
import { loadFileRef } from "../../files/load.ts";
import { reviewBytes, type ReviewFormat } from "../../review/review-file.ts";
import { loadRequest } from "../request-store.ts";
import type { CreateRequest } from "../validate.ts";
import type { FileRef } from "../file-refs.ts";
import type { Pipeline } from "./types.ts";

export const reviewFile: Pipeline = async ({ row, signal, phase, event, db, blobs, engines, plugins, allowPrivateUrls }) => {
  const request = await loadRequest(blobs, row.request);
  if (!request?.file) throw new ProcessingFailure({ code: "file_not_found", message: "The request names no file to review." });
  await phase("reading");
  let loaded: { bytes: Uint8Array; name: string };
  try {
    loaded = await loadFileRef({ db, blobs, organizationId: row.organization_id, allowPrivateUrls }, request.file as FileRef, signal);
  } catch (error) {
    signal.throwIfAborted();
    throw new ProcessingFailure({ code: "file_not_found", message: `The file could not be had: ${(error as Error).message}.` });
  }
  return reviewBytes({ ...loaded, outputName: row.name, expected: row.format as ReviewFormat | null }, { engines, plugins, signal, phase, event });
};
