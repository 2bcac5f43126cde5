/**
 * The pictures the IR names (`img:<n>` from `sources`, URLs), fetched once and handed to the renderer by `src`.
 * `reported` lists the nodes already reported with their reason, so a renderer's own "unavailable" is not repeated.
 */
import * as Effect from "effect/Effect";
import { Db } from "../../store/db.ts";
import { Blobs } from "../../services/blobs.ts";
import { HttpOut } from "../../services/http-out.ts";
import { resolveContentImages } from "./picture-bytes.ts";
import type { FileRef } from "../../documents/file-refs.ts";
import type { IRDocument } from "../../ir/types.ts";
import { attempt } from "../attempt.ts";
import { Job } from "../job.ts";

export const pictures = (ir: IRDocument, refs: ReadonlyArray<FileRef>) =>
  Effect.gen(function* () {
    const job = yield* Job;
    const deps = { db: yield* Db, blobs: yield* Blobs, organizationId: job.row.organization_id, allowPrivateUrls: job.allowPrivateUrls, http: yield* HttpOut };
    const found = yield* attempt((signal) => resolveContentImages({ ...deps, signal }, ir, refs));
    return { ...found, reported: new Set(found.diagnostics.map((d) => d.nodeId)), lookup: async (src: string) => found.images.get(src) ?? null };
  });
