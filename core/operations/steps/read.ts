/** Reading the input: the caller's request (kept beside the row when large) and its Markdown into the IR. */
import * as Effect from "effect/Effect";
import { Blobs } from "../../services/blobs.ts";
import { loadRequest } from "../../documents/request-store.ts";
import { readMarkdown } from "../../markdown/read.ts";
import { isEmpty } from "../../ir/empty.ts";
import { ProcessingFailure } from "../../errors.ts";
import type { CreateRequest } from "../../documents/validate.ts";
import { attempt } from "../attempt.ts";
import { Job, phase } from "../job.ts";

export const request: Effect.Effect<CreateRequest | null, ProcessingFailure, Job | Blobs> = Effect.gen(function* () {
  const job = yield* Job;
  const blobs = yield* Blobs;
  return yield* attempt(() => loadRequest(blobs, job.row.request));
});

/** Markdown → IR; a text with nothing to show fails the document (`content_empty`), saying what was looked for. */
export const markdown = (text: string, lookedFor: string) =>
  Effect.gen(function* () {
    yield* phase("reading");
    const read = yield* Effect.try({ try: () => readMarkdown(text), catch: (error) => error }).pipe(
      Effect.catchAll((error) => (error instanceof ProcessingFailure ? Effect.fail(error) : Effect.die(error))),
    );
    if (isEmpty(read.ir)) return yield* new ProcessingFailure({ code: "content_empty", message: `The Markdown has nothing to show: no ${lookedFor}.` });
    return read;
  });
