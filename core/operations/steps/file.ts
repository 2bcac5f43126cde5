/**
 * The file a review or an edit works on (`file`: an upload, a finished document's file, a URL fetched safely, or
 * base64 data). A file that can no longer be had ends the document `failed` with `file_not_found`.
 */
import * as Effect from "effect/Effect";
import { ProcessingFailure } from "../../errors.ts";
import { loadFileRef } from "../../files/load.ts";
import type { FileRef } from "../../documents/file-refs.ts";
import type { CreateRequest } from "../../documents/validate.ts";
import { Db } from "../../store/db.ts";
import { Blobs } from "../../services/blobs.ts";
import { HttpOut } from "../../services/http-out.ts";
import { Job, phase } from "../job.ts";

export const requestFile = (request: CreateRequest | null, what: string) =>
  Effect.gen(function* () {
    const { row, allowPrivateUrls } = yield* Job;
    if (!request?.file) return yield* new ProcessingFailure({ code: "file_not_found", message: `The request names no file to ${what}.` });
    yield* phase("reading");
    const deps = { db: yield* Db, blobs: yield* Blobs, organizationId: row.organization_id, allowPrivateUrls, http: yield* HttpOut };
    return yield* Effect.tryPromise((signal) => loadFileRef(deps, request.file as FileRef, signal)).pipe(
      Effect.catchAll((error) => new ProcessingFailure({ code: "file_not_found", message: `The file could not be had: ${(error.error as Error)?.message ?? error.message}.` })),
    );
  });
