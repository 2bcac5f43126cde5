/**
 * `review` of a document: the file named in `file` is loaded (an upload, a finished document's file, a URL fetched
 * safely, or base64 data) and reviewed (core/operations/review/file.ts). A file that can no longer be had ends the
 * document `failed` with `file_not_found`.
 */
import * as Effect from "effect/Effect";
import { ProcessingFailure } from "../errors.ts";
import { loadFileRef } from "../files/load.ts";
import type { ReviewFormat } from "../review/format.ts";
import type { FileRef } from "../documents/file-refs.ts";
import { Db } from "../store/db.ts";
import { Blobs } from "../services/blobs.ts";
import { HttpOut } from "../services/http-out.ts";
import * as read from "./steps/read.ts";
import { Job, phase } from "./job.ts";
import { reviewFile } from "./review/file.ts";

export const review = Effect.gen(function* () {
  const { row, allowPrivateUrls } = yield* Job;
  const request = yield* read.request;
  if (!request?.file) return yield* new ProcessingFailure({ code: "file_not_found", message: "The request names no file to review." });
  yield* phase("reading");
  const deps = { db: yield* Db, blobs: yield* Blobs, organizationId: row.organization_id, allowPrivateUrls, http: yield* HttpOut };
  const loaded = yield* Effect.tryPromise((signal) => loadFileRef(deps, request.file as FileRef, signal)).pipe(
    Effect.catchAll((error) => new ProcessingFailure({ code: "file_not_found", message: `The file could not be had: ${(error.error as Error)?.message ?? error.message}.` })),
  );
  return yield* reviewFile({ ...loaded, outputName: row.name, expected: row.format as ReviewFormat | null }, request);
});
