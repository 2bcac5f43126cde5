/**
 * The one error the sandbox itself fails with: it could not start a run (bwrap missing or refused, the kit not
 * built, a job folder not written). What a program does is never this error: it is a `SandboxResult`.
 */
import * as Data from "effect/Data";

export class SandboxStartError extends Data.TaggedError("SandboxStartError")<{
  readonly message: string;
  readonly cause?: unknown;
}> {}
