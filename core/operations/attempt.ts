/**
 * The bridge from the promise-returning parts (plugins, engines, the store) into a program: the fiber's signal is
 * handed over, so interrupting the program aborts the work in flight; a `ProcessingFailure` is a typed failure that
 * ends the document with its code; anything else is a defect, logged by the runner and reported as
 * `processing_failed`.
 */
import * as Effect from "effect/Effect";
import { ProcessingFailure } from "../errors.ts";

export const attempt = <A>(work: (signal: AbortSignal) => Promise<A>): Effect.Effect<A, ProcessingFailure> =>
  Effect.tryPromise({ try: work, catch: (error) => error }).pipe(
    Effect.catchAll((error) => (error instanceof ProcessingFailure ? Effect.fail(error) : Effect.die(error))),
  );
