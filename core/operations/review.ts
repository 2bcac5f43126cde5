/**
 * `review` of a document: the file named in `file` is loaded (core/operations/steps/file.ts) and reviewed
 * (core/operations/review/file.ts).
 */
import * as Effect from "effect/Effect";
import type { ReviewFormat } from "../review/format.ts";
import * as read from "./steps/read.ts";
import { requestFile } from "./steps/file.ts";
import { Job } from "./job.ts";
import { reviewFile } from "./review/file.ts";

export const review = Effect.gen(function* () {
  const { row } = yield* Job;
  const request = yield* read.request;
  const loaded = yield* requestFile(request, "review");
  return yield* reviewFile({ ...loaded, outputName: row.name, expected: row.format as ReviewFormat | null }, request);
});
