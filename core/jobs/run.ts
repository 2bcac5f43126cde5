/**
 * Runs one claimed job: picks the operation's program, stores its outputs, and finishes the document through the
 * lifecycle. Whatever happens, the document ends in a final status (or, on shutdown, stays resumable): a failure
 * becomes `failed` with `error.code`, a cancel wins over a late finish, and outputs of a canceled run are dropped.
 */
import type { Knex } from "knex";
import type { BusShape } from "../events/bus.ts";
import type { BlobStoreShape } from "../services/blobs.ts";
import { appendEvent } from "../events/store.ts";
import * as Effect from "effect/Effect";
import { InternalError, ProcessingFailure } from "../errors.ts";
import { MAX_ATTEMPTS } from "./queue.ts";
import * as lifecycle from "../documents/lifecycle.ts";
import type { FinalMessages } from "../documents/lifecycle.ts";
import type { DocumentRow } from "../documents/repo.ts";
import { statusFor, summaryOf } from "../documents/status.ts";
import { buildReport } from "../documents/report.ts";
import { operationNameFor } from "../operations/index.ts";
import type { PipelineOutput, PipelineResult } from "../operations/types.ts";
import type { Work } from "../work/work.ts";
import { toJson } from "../store/db.ts";
import type { ModelUsage } from "../contracts/model.ts";

export interface RunDeps {
  readonly db: Knex;
  readonly bus: BusShape;
  readonly blobs: BlobStoreShape;
  readonly now: () => Date;
  readonly newId: (prefix: "out") => string;
  readonly renderDelayMs: number;
  readonly allowPrivateUrls: boolean;
  readonly log: (message: string, error?: unknown) => void;
  /** Where the pipeline runs: a worker thread in the service (core/work). */
  readonly work: Pick<Work, "pipeline">;
  /** A final transition's webhook messages (core/documents/lifecycle.ts). */
  readonly finalMessages: FinalMessages;
}

const storeOutputs = async (deps: RunDeps, documentId: string, outputs: ReadonlyArray<PipelineOutput>) => {
  const rows = [];
  for (const [position, output] of outputs.entries()) {
    const id = deps.newId("out");
    const ext = output.filename.split(".").pop();
    const blobKey = `documents/${documentId}/${id}.${ext}`;
    await deps.blobs.put(blobKey, output.bytes);
    rows.push({
      id,
      document_id: documentId,
      kind: output.kind,
      page: output.page ?? null,
      content_type: output.contentType,
      bytes: output.bytes.byteLength,
      width: output.width ?? null,
      height: output.height ?? null,
      filename: output.filename,
      blob_key: blobKey,
      position,
    });
  }
  if (rows.length) await deps.db("outputs").insert(rows);
};

export const dropOutputs = async (deps: Pick<RunDeps, "db" | "blobs">, documentId: string) => {
  await deps.db("outputs").where({ document_id: documentId }).delete();
  await deps.blobs.deletePrefix(`documents/${documentId}`);
};

/** The document as it is now in the store (a cancel may have changed it since the run began). */
const current = (deps: Pick<RunDeps, "db">, documentId: string) =>
  Effect.promise((): Promise<DocumentRow | undefined> => deps.db("documents").where({ id: documentId }).first());

/** A failure the pipeline reports (typed), or anything else it throws (logged, reported as `processing_failed`). */
const pipelineFailure = (error: unknown): ProcessingFailure | InternalError =>
  error instanceof ProcessingFailure ? error : new InternalError({ message: String((error as Error)?.message ?? error), cause: error });

/** Stores what the pipeline made and finishes the document through the lifecycle; a cancel that won drops it all. */
const deliver = (deps: RunDeps, row: DocumentRow, result: PipelineResult) => Effect.tryPromise({ try: () => store(deps, row, result), catch: pipelineFailure });

const recordUsage = async (deps: Pick<RunDeps, "db" | "now">, documentId: string, usage: ModelUsage) => {
  await deps.db("model_usage").insert({
    document_id: documentId,
    role: usage.role,
    model: usage.model,
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    created_at: deps.now().toISOString(),
  });
};

/** `versions.model`: the models that answered for the document, each with the roles it served ("m1 (judge, writer)"). */
const modelsUsed = async (deps: Pick<RunDeps, "db">, documentId: string): Promise<string | null> => {
  const rows: Array<{ role: string; model: string }> = await deps.db("model_usage").where({ document_id: documentId }).distinct("role", "model").orderBy("model");
  if (rows.length === 0) return null;
  const roles = new Map<string, string[]>();
  for (const { role, model } of rows) roles.set(model, [...(roles.get(model) ?? []), role]);
  return [...roles].map(([model, served]) => `${model} (${served.sort().join(", ")})`).join("; ");
};

/** `versions` naming the models that answered, for a failed document too (its usage was recorded); undefined with none. */
const versionsWithModels = async (deps: Pick<RunDeps, "db">, row: DocumentRow): Promise<string | undefined> => {
  const model = await modelsUsed(deps, row.id);
  return model ? JSON.stringify({ ...JSON.parse(row.versions), model }) : undefined;
};

const store = async (deps: RunDeps, row: DocumentRow, result: PipelineResult) => {
  await lifecycle.setPhase(deps, row.id, "storing");
  await storeOutputs(deps, row.id, result.outputs);
  const summary = summaryOf(result.diagnostics);
  const model = await modelsUsed(deps, row.id);
  const versions = { ...JSON.parse(row.versions), ...(result.renderer ? { renderer: result.renderer } : {}), ...(model ? { model } : {}) };
  const finished = await lifecycle.finish(deps, row, {
    status: statusFor(result.diagnostics),
    pages: result.pages,
    report: buildReport(row.id, result.diagnostics, summary, { keyData: result.keyData, ledger: result.ledger, repairSummary: result.repairSummary, sanitized: result.sanitized, edits: result.edits, changes: result.changes }),
    validationSummary: summary,
    chargeUnits: Math.max(1, result.pages ?? 1),
    chargeLevel: result.chargeLevel,
    settled: {
      ...(result.type ? { type: result.type } : {}),
      ...(result.format ? { format: result.format } : {}),
      ...(result.style ? { style_applied: toJson(result.style.applied), style_unsupported: JSON.stringify(result.style.unsupported) } : {}),
      ...(result.repairSummary ? { repair_summary: toJson(result.repairSummary) } : {}),
      ...(result.renderer || model ? { versions: JSON.stringify(versions) } : {}),
      ...(result.sector !== undefined ? { sector: result.sector } : {}),
      ...(result.quality ? { quality: toJson(result.quality) } : {}),
      ...(result.route ? { route: toJson(result.route) } : {}),
      ...(result.artifact ? { artifact: toJson(result.artifact) } : {}),
    },
  });
  if (!finished) await dropOutputs(deps, row.id);
};

/**
 * One job as an Effect program: the pipeline runs in a worker thread, and interrupting the program (a cancel, or the
 * service stopping) aborts that task. A failure in the error channel ends the document `failed` with its code; an
 * interruption leaves a canceled document without outputs and a running one (shutdown) for the worker pool to hand back
 * to the queue (core/jobs/recover.ts).
 */
export const runDocument = (deps: RunDeps, documentId: string, attempts: number): Effect.Effect<void> =>
  Effect.gen(function* () {
    // The whole row, request included: the program reads the caller's content from it.
    const row = yield* current(deps, documentId);
    if (!row || (row.status !== "queued" && row.status !== "running")) return;
    if (attempts > MAX_ATTEMPTS) {
      yield* Effect.promise(() => lifecycle.fail(deps, row, { code: "processing_failed", message: `Processing was interrupted ${attempts - 1} times; giving up.` }));
      return;
    }
    if (row.status === "queued" && !(yield* Effect.promise(() => lifecycle.markRunning(deps, documentId)))) return;
    const run = Effect.gen(function* () {
      const pipeline = operationNameFor(row);
      if (!pipeline) return yield* new ProcessingFailure({ code: "processing_failed", message: `No pipeline for ${row.operation} in ${row.mode ?? "this"} mode.` });
      if (deps.renderDelayMs > 0) yield* Effect.sleep(deps.renderDelayMs);
      const result = yield* Effect.tryPromise({
        try: (signal) =>
          deps.work.pipeline(pipeline, {
            row,
            signal,
            phase: (phase) => lifecycle.setPhase(deps, documentId, phase),
            event: async (type, data) => void (await appendEvent(deps.db, deps.bus, documentId, type, data, deps.now())),
            usage: (usage) => recordUsage(deps, documentId, usage),
            allowPrivateUrls: deps.allowPrivateUrls,
          }),
        catch: pipelineFailure,
      });
      yield* deliver(deps, row, result);
    });
    yield* run.pipe(
      Effect.catchTags({
        ProcessingFailure: (failure) =>
          Effect.promise(async () => {
            await dropOutputs(deps, documentId);
            // An edit that applied nothing still reports each change asked for and why (interface: edit_not_applied).
            const report = failure.edits ? buildReport(row.id, [], summaryOf([]), { edits: [...failure.edits] }) : undefined;
            await lifecycle.fail(deps, row, { code: failure.code, message: failure.message }, report, await versionsWithModels(deps, row));
          }),
        InternalError: (error) =>
          Effect.promise(async () => {
            await dropOutputs(deps, documentId);
            deps.log(`document ${documentId} failed`, error.cause);
            await lifecycle.fail(deps, row, { code: "processing_failed", message: "Processing failed unexpectedly; the failure was logged." }, undefined, await versionsWithModels(deps, row));
          }),
      }),
      // Canceled: nothing it made survives. Otherwise the service is stopping: the job is handed back to the queue.
      Effect.onInterrupt(() => Effect.flatMap(current(deps, documentId), (now) => (now?.status === "canceled" ? Effect.promise(() => dropOutputs(deps, documentId)) : Effect.void))),
    );
  });
