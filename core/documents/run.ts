/**
 * Runs one claimed job: picks the operation's pipeline, stores its outputs, and finishes the document through the
 * lifecycle. Whatever happens, the document ends in a final status (or, on shutdown, stays resumable): a failure
 * becomes `failed` with `error.code`, a cancel wins over a late finish, and outputs of a canceled run are dropped.
 */
import type { Knex } from "knex";
import type { BusShape } from "../events/bus.ts";
import type { BlobStoreShape } from "../services/blobs.ts";
import { appendEvent } from "../events/store.ts";
import { ProcessingFailure } from "../errors.ts";
import { MAX_ATTEMPTS } from "../jobs/queue.ts";
import * as lifecycle from "./lifecycle.ts";
import type { DocumentRow } from "./repo.ts";
import { statusFor, summaryOf } from "./status.ts";
import { buildReport } from "./report.ts";
import { pipelineNameFor } from "./pipelines/index.ts";
import type { Engines, PipelineOutput } from "./pipelines/types.ts";
import type { Work } from "../work/work.ts";
import { toJson } from "../store/db.ts";

export interface RunDeps {
  readonly db: Knex;
  readonly bus: BusShape;
  readonly blobs: BlobStoreShape;
  readonly now: () => Date;
  readonly newId: (prefix: "out") => string;
  readonly renderDelayMs: number;
  readonly engines: Engines;
  readonly allowPrivateUrls: boolean;
  readonly log: (message: string, error?: unknown) => void;
  /** Where the pipeline runs: a worker thread in the service (core/work). */
  readonly work: Pick<Work, "pipeline">;
}

const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

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

export const runDocument = async (deps: RunDeps, documentId: string, attempts: number, signal: AbortSignal): Promise<void> => {
  // The whole row, request included: the pipeline reads the caller's content from it.
  const row: DocumentRow | undefined = await deps.db("documents").where({ id: documentId }).first();
  if (!row || (row.status !== "queued" && row.status !== "running")) return;
  if (attempts > MAX_ATTEMPTS) {
    await lifecycle.fail(deps, row, { code: "processing_failed", message: `Processing was interrupted ${attempts - 1} times; giving up.` });
    return;
  }
  if (row.status === "queued" && !(await lifecycle.markRunning(deps, documentId))) return;
  const pipeline = pipelineNameFor(row);
  try {
    if (!pipeline) throw new ProcessingFailure({ code: "processing_failed", message: `No pipeline for ${row.operation} in ${row.mode ?? "this"} mode.` });
    await delay(deps.renderDelayMs, signal);
    const result = await deps.work.pipeline(pipeline, {
      row,
      signal,
      phase: (phase) => lifecycle.setPhase(deps, documentId, phase),
      event: async (type, data) => void (await appendEvent(deps.db, deps.bus, documentId, type, data, deps.now())),
      db: deps.db,
      blobs: deps.blobs,
      engines: deps.engines,
      allowPrivateUrls: deps.allowPrivateUrls,
    });
    signal.throwIfAborted();
    await lifecycle.setPhase(deps, documentId, "storing");
    await storeOutputs(deps, documentId, result.outputs);
    const summary = summaryOf(result.diagnostics);
    const finished = await lifecycle.finish(deps, row, {
      status: statusFor(result.diagnostics),
      pages: result.pages,
      report: buildReport(documentId, result.diagnostics, summary, { keyData: result.keyData, ledger: result.ledger, repairSummary: result.repairSummary, sanitized: result.sanitized }),
      validationSummary: summary,
      chargeUnits: Math.max(1, result.pages ?? 1),
      settled: {
        ...(result.type ? { type: result.type } : {}),
        ...(result.format ? { format: result.format } : {}),
        ...(result.style ? { style_applied: toJson(result.style.applied), style_unsupported: JSON.stringify(result.style.unsupported) } : {}),
        ...(result.repairSummary ? { repair_summary: toJson(result.repairSummary) } : {}),
        ...(result.renderer ? { versions: JSON.stringify({ ...JSON.parse(row.versions), renderer: result.renderer }) } : {}),
      },
    });
    if (!finished) await dropOutputs(deps, documentId);
  } catch (error) {
    if (signal.aborted) {
      const now: DocumentRow | undefined = await deps.db("documents").where({ id: documentId }).first();
      if (now?.status === "canceled") {
        await dropOutputs(deps, documentId);
        return;
      }
      // Shutdown: leave it running; the next start resumes it.
      throw error;
    }
    await dropOutputs(deps, documentId);
    if (error instanceof ProcessingFailure) {
      await lifecycle.fail(deps, row, { code: error.code, message: error.message });
      return;
    }
    deps.log(`document ${documentId} failed`, error);
    await lifecycle.fail(deps, row, { code: "processing_failed", message: "Processing failed unexpectedly; the failure was logged." });
  }
};
