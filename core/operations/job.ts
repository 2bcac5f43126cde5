/**
 * The document a program works on, as services: `Job` is its stored row and the one setting that changes what may be
 * fetched; `Progress` is how it reports a phase or an event. The runner provides both per job (in a worker thread,
 * server/work/tasks.ts); a review of bytes outside a document (a benchmark) needs only `Progress`; a test provides
 * its own and reads what was reported.
 */
import * as Context from "effect/Context";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import type { DocumentRow } from "../documents/repo.ts";

export interface JobShape {
  readonly row: DocumentRow;
  readonly allowPrivateUrls: boolean;
}

export class Job extends Context.Tag("quire/Job")<Job, JobShape>() {}

export interface ProgressShape {
  readonly phase: (phase: string) => Promise<void>;
  readonly event: (type: string, data: Record<string, unknown>) => Promise<void>;
}

export class Progress extends Context.Tag("quire/Progress")<Progress, ProgressShape>() {
  /** Nobody listens: work done outside a document. */
  static silent = Layer.succeed(Progress, { phase: async () => undefined, event: async () => undefined });
}

export const phase = (name: string) => Effect.flatMap(Progress, (progress) => Effect.promise(() => progress.phase(name)));

export const event = (type: string, data: Record<string, unknown>) => Effect.flatMap(Progress, (progress) => Effect.promise(() => progress.event(type, data)));
