/**
 * What the service asks of its worker threads, in its own words (issue 11: the thread that answers HTTP only does
 * I/O): inspect an upload, read a file into Markdown, run a document's pipeline. `pooledWork` sends each to the
 * worker pools with a time limit and answers the threads' calls to the shared engines.
 */
import { ProcessingFailure, FileRejected, MalformedRequest } from "../errors.ts";
import type { Inspected } from "../files/inspect.ts";
import type { ExtractionText } from "../extract/read.ts";
import type { OperationName } from "../operations/index.ts";
import type { JobContext, PipelineResult } from "../operations/types.ts";
import type { Engines } from "../services/engines.ts";
import type { ConvertTarget, OfficeFormat } from "../contracts/engines.ts";
import { makeWorkPool, TaskStopped, type PoolLoad, type TaskTable, type WorkPool } from "./pool.ts";
import type { HostClient, HostHandlers } from "./host.ts";
import type { DocumentRow } from "../documents/repo.ts";
import { noImageSearch, type ImageSearchClient } from "../contracts/image-search.ts";
import type { Sandbox, SandboxInput } from "../contracts/sandbox.ts";
import { noSandbox } from "../services/sandbox.ts";
import { ModelUnavailable, noModel, type ModelAnswer, type ModelClient, type ModelRequest, type ModelRole, MODEL_ROLES } from "../contracts/model.ts";

export interface ReadLimits {
  readonly maxPages: number;
  readonly maxOcrPages: number;
}

export interface Work {
  /** A large request body read as JSON (core/limits/json-body.ts); refused with `MalformedRequest`. */
  readonly parseJson: (bytes: Uint8Array) => Promise<unknown>;
  readonly inspect: (bytes: Uint8Array, filename?: string) => Promise<Inspected>;
  readonly extract: (bytes: Uint8Array, filename: string | undefined, options: ReadLimits & { signal: AbortSignal }) => Promise<ExtractionText>;
  readonly pipeline: (name: OperationName, ctx: JobContext) => Promise<PipelineResult>;
  /** How busy the threads that read uploads and extractions are. */
  readonly readLoad: () => PoolLoad;
  readonly close: () => Promise<void>;
}


/**
 * The task table the worker threads run: the composition root (server/work/tasks.ts) implements it with the
 * service's plugins and engines, and names its module in `WorkSettings.tasks`.
 */
export interface WorkTasks {
  readonly parseJson: (input: { bytes: Uint8Array }) => Promise<unknown>;
  readonly inspect: (input: { bytes: Uint8Array; filename?: string }) => Promise<Inspected>;
  readonly extract: (input: { bytes: Uint8Array; filename?: string } & ReadLimits, host?: HostClient) => Promise<ExtractionText>;
  readonly pipeline: (input: PipelineInput, host?: HostClient) => Promise<PipelineResult>;
}

export interface PipelineInput {
  readonly name: OperationName;
  readonly row: DocumentRow;
  readonly allowPrivateUrls: boolean;
  readonly models: Readonly<Record<ModelRole, string>> | null;
  /** Whether the host has an image search (the thread's `ImageSearch` is then a proxy to it). */
  readonly imageSearch: boolean;
}

/** A model's answer as it crosses back to a worker thread; `ModelUnavailable` travels as data (it is not a tagged error). */
export type HostModelAnswer = ModelAnswer | { readonly failure: { readonly message: string; readonly code: ModelUnavailable["code"] } };

export interface WorkSettings {
  /** The module that exports `tasks: WorkTasks`. */
  readonly tasks: URL;
  /** The same tasks built with their handler (dist/thread.mjs), when the service runs built (core/work/pool.ts). */
  readonly thread?: URL;
  readonly store: { readonly dataDir: string; readonly databaseUrl?: string };
  /** Document jobs at once (each holds a thread for its whole pipeline). */
  readonly jobs: number;
  /** Threads for uploads and extractions. */
  readonly reads: number;
  /** A thread of each pool is started with the pools (else on first use). */
  readonly warm: boolean;
  /** V8 heap limit of a thread, in MB. */
  readonly memoryMb: number;
  /** Time limits: a document's pipeline, an upload's inspection, an extraction. */
  readonly jobTimeoutMs: number;
  readonly inspectTimeoutMs: number;
  readonly extractTimeoutMs: number;
}

const engineHandlers = (engines: Engines): HostHandlers => ({
  convert: async ([input, from, to, options], signal) =>
    (await engines.converter()).convert(input as Uint8Array, from as OfficeFormat, to as ConvertTarget, { ...(options as { timeoutMs?: number }), signal }),
  // Only Tesseract's process runs here; its layout is worked out in the worker (server/work/tasks.ts).
  ocrTsv: ([image], signal) => engines.ocr().readTsv(image as Uint8Array, { signal }),
  describe: () => engines.describe(),
  screenshot: ([html, options], signal) => engines.browser.screenshot(html as string, { ...(options as object), signal }),
  browserVersion: () => engines.browser.version(),
});

/**
 * The model is called from this thread (HTTP only, no parsing): one client and its connections serve every job, and a
 * stopped task's signal aborts its calls in flight. Every answer's usage is recorded against the document.
 */
const modelHandler =
  (model: ModelClient, ctx: JobContext) =>
  async ([request]: unknown[], signal: AbortSignal): Promise<HostModelAnswer> => {
    // Recorded before the answer goes back, so the document's finish reads every model that answered.
    const recorded: Array<Promise<void>> = [];
    try {
      return await model.ask({ ...(request as ModelRequest), signal, onUsage: (usage) => void recorded.push(ctx.usage(usage).catch(() => undefined)) });
    } catch (error) {
      if (error instanceof ModelUnavailable) return { failure: { message: error.message, code: error.code } };
      throw error;
    } finally {
      await Promise.all(recorded);
    }
  };

/** The outside services a job's program reaches through the host: the model, the image search and the sandbox. */
export interface HostServices {
  readonly model: ModelClient;
  readonly imageSearch: ImageSearchClient;
  /** Runs an agent's programs; a process of the host's, so a stopped task's signal kills the program too. */
  readonly sandbox?: Sandbox;
}

export const pooledWork = (settings: WorkSettings, engines: Engines, outside: HostServices = { model: noModel, imageSearch: noImageSearch }): Work => {
  const { model, imageSearch } = outside;
  const sandbox = outside.sandbox ?? noSandbox;
  type Tasks = WorkTasks & TaskTable;
  const common = { memoryMb: settings.memoryMb, store: settings.store, tasks: settings.tasks, thread: settings.thread };
  const minThreads = settings.warm ? 1 : 0;
  const jobs: WorkPool<Tasks> = makeWorkPool<Tasks>({ minThreads, maxThreads: settings.jobs, ...common });
  const reads: WorkPool<Tasks> = makeWorkPool<Tasks>({ minThreads, maxThreads: settings.reads, ...common });
  const handlers = engineHandlers(engines);
  const models = model.configured ? (Object.fromEntries(MODEL_ROLES.map((role) => [role, model.modelFor(role)!])) as Record<ModelRole, string>) : null;

  return {
    parseJson: async (bytes) => {
      try {
        return await reads.run("parseJson", { bytes }, { timeoutMs: settings.inspectTimeoutMs });
      } catch (error) {
        if (error instanceof TaskStopped) throw new MalformedRequest({ message: `The body could not be read: reading it ${error.detail}.` });
        throw error;
      }
    },
    inspect: async (bytes, filename) => {
      try {
        return await reads.run("inspect", { bytes, filename }, { timeoutMs: settings.inspectTimeoutMs });
      } catch (error) {
        // A file that cannot be checked within the limits is refused, as any other file Quire cannot open safely.
        if (error instanceof TaskStopped) throw new FileRejected({ message: `The file was rejected: checking it ${error.detail}.` });
        throw error;
      }
    },
    extract: async (bytes, filename, { signal, ...limits }) => {
      try {
        return await reads.run("extract", { bytes, filename, ...limits }, { signal, timeoutMs: settings.extractTimeoutMs, host: handlers });
      } catch (error) {
        if (error instanceof TaskStopped) throw new FileRejected({ message: `The file could not be read: reading it ${error.detail}.` });
        throw error;
      }
    },
    pipeline: async (name, ctx) => {
      try {
        return await jobs.run(
          "pipeline",
          { name, row: ctx.row, allowPrivateUrls: ctx.allowPrivateUrls, models, imageSearch: imageSearch.configured },
          {
            signal: ctx.signal,
            timeoutMs: settings.jobTimeoutMs,
            host: {
              ...handlers,
              phase: ([phase]) => ctx.phase(phase as string),
              event: ([type, data]) => ctx.event(type as string, data as Record<string, unknown>),
              model: modelHandler(model, ctx),
              searchImages: ([query, limit], signal) => imageSearch.search(query as string, { limit: limit as number, signal }),
              sandboxAvailable: () => sandbox.available(),
              sandboxRun: ([input], signal) => sandbox.run({ ...(input as SandboxInput), signal }),
            },
          },
        );
      } catch (error) {
        if (error instanceof TaskStopped) throw new ProcessingFailure({ code: "processing_failed", message: `Processing stopped: the document ${error.detail}.` });
        throw error;
      }
    },
    readLoad: () => reads.load(),
    close: async () => {
      await Promise.all([jobs.close(), reads.close()]);
    },
  };
};
