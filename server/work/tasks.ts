/**
 * The worker threads' composition root: the task table (`WorkTasks`, core/work/work.ts) they run with the service's
 * plugins and engines (core/work/pool.ts): whatever parses a caller's file or Markdown. `inspect`
 * checks an upload; `extract` reads a file into Markdown; `pipeline` runs a document's operation program (Markdown →
 * IR → format plugin → PDF → checks, or a review) on the services of server/operations.ts, with the store read from
 * the thread and the shared engines (LibreOffice, Tesseract, Chromium) and the document's events reached through the
 * host port.
 */
import { join } from "node:path";
import { workerData } from "node:worker_threads";
import * as Cause from "effect/Cause";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Layer from "effect/Layer";
import type { Knex } from "knex";
import { connectDatabase, Db } from "../../core/store/db.ts";
import { Blobs, localBlobStore, type BlobStoreShape } from "../../core/services/blobs.ts";
import { Clock } from "../../core/services/clock.ts";
import { Browser, Converter, Fonts, OcrEngine, PdfEngine, type ConverterShape, type OcrShape } from "../../core/services/engines.ts";
import { inspectFile } from "../../core/files/inspect.ts";
import { parseJsonBody } from "../../core/limits/json-body.ts";
import { readFile } from "../../core/extract/read.ts";
import { Job, Progress } from "../../core/operations/job.ts";
import { operations } from "../../core/operations/index.ts";
import type { HostClient } from "../../core/work/host.ts";
import type { WorkerData } from "../../core/work/pool.ts";
import type { HostModelAnswer, PipelineInput, WorkTasks } from "../../core/work/work.ts";
import { Model } from "../../core/services/model.ts";
import { ImageSearch } from "../../core/services/image-search.ts";
import { Sandbox } from "../../core/services/sandbox.ts";
import type { Sandbox as SandboxShape, SandboxResult } from "../../core/contracts/sandbox.ts";
import { noImageSearch, type ImageSearchClient, type WebImage } from "../../core/contracts/image-search.ts";
import { ModelUnavailable, noModel, type ModelClient, type ModelRole } from "../../core/contracts/model.ts";
import { formatPlugins } from "../../plugins/index.ts";
import { pdfReader } from "../../renderers/index.ts";
import { ocrReader } from "../../renderers/tesseract/index.ts";
import { installedFonts } from "../../renderers/fonts.ts";
import { pluginsLayer } from "../operations.ts";

let store: { db: Knex; blobs: BlobStoreShape } | null = null;
/** The thread's own connection to the store (read only: every write goes through the host) and the blobs. */
const storeOf = () => {
  const { dataDir, databaseUrl } = (workerData as WorkerData).store;
  return (store ??= { db: connectDatabase({ dataDir, databaseUrl }), blobs: localBlobStore(join(dataDir, "blobs")) });
};

const needHost = (host: HostClient | undefined): HostClient => {
  if (!host) throw new Error("this task needs the host's engines");
  return host;
};

/** The engines of the host thread, called through the port (a signal does not cross: a stopped task ends its calls). */
const converterOf = (host: HostClient): ConverterShape => ({
  convert: (input, from, to, options) => host.call("convert", input, from, to, { timeoutMs: options?.timeoutMs }),
  close: async () => undefined,
  version: () => host.call("describe"),
});
const ocrOf = (host: HostClient): OcrShape => {
  const readTsv = (image: Uint8Array) => host.call<string>("ocrTsv", image);
  // Specks are cleaned here, in the worker, before the picture crosses to the host's Tesseract pool.
  return { readTsv, read: ocrReader(readTsv) };
};

/** The host's engines as the services an operation asks for; the PDF reader and the fonts are this thread's own. */
const hostEngines = (host: HostClient) =>
  Layer.mergeAll(
    Layer.succeed(Converter, converterOf(host)),
    Layer.succeed(PdfEngine, pdfReader),
    Layer.succeed(OcrEngine, ocrOf(host)),
    Layer.succeed(Browser, {
      screenshot: (html, options) => host.call("screenshot", html, { ...options, signal: undefined }),
      version: () => host.call("browserVersion"),
    }),
    Layer.succeed(Fonts, { installed: installedFonts }),
  );

/** The host's model, called through the port; its usage is recorded there, so nothing of a request's own crosses but data. */
const modelOf = (host: HostClient, models: PipelineInput["models"]): ModelClient =>
  models
    ? {
        configured: true,
        modelFor: (role: ModelRole) => models[role],
        ask: async ({ signal: _signal, onUsage: _onUsage, ...request }) => {
          const answer = await host.call<HostModelAnswer>("model", request);
          if ("failure" in answer) throw new ModelUnavailable(answer.failure.message, answer.failure.code);
          return answer as never;
        },
      }
    : noModel;

/** The host's sandbox, called through the port: the program runs as the host's process, killed when the task stops. */
const sandboxOf = (host: HostClient): SandboxShape => ({
  available: () => host.call<boolean>("sandboxAvailable"),
  run: ({ signal: _signal, ...input }) => host.call<SandboxResult>("sandboxRun", input),
});

/** The host's image search, called through the port. */
const imageSearchOf = (host: HostClient, configured: boolean): ImageSearchClient =>
  configured ? { configured: true, search: (query, { limit }) => host.call<WebImage[]>("searchImages", query, limit) } : noImageSearch;

export const tasks: WorkTasks = {
  /** A large JSON body: parsed here, the value cloned back (a long string crosses as one copy). */
  parseJson: async (input: { bytes: Uint8Array }) => parseJsonBody(input.bytes),

  inspect: async (input: { bytes: Uint8Array; filename?: string }) => inspectFile(input.bytes, input.filename, formatPlugins),

  extract: async (input: { bytes: Uint8Array; filename?: string; maxPages: number; maxOcrPages: number }, host?: HostClient) => {
    const h = needHost(host);
    return readFile(input.bytes, input.filename, formatPlugins, { converter: converterOf(h), ocr: ocrOf(h), maxPages: input.maxPages, maxOcrPages: input.maxOcrPages });
  },

  pipeline: async (input: PipelineInput, host?: HostClient) => {
    const h = needHost(host);
    const { db, blobs } = storeOf();
    const layer = Layer.mergeAll(
      pluginsLayer,
      Model.layer(modelOf(h, input.models)),
      ImageSearch.layer(imageSearchOf(h, input.imageSearch)),
      Layer.succeed(Sandbox, sandboxOf(h)),
      hostEngines(h),
      Layer.succeed(Db, db),
      Layer.succeed(Blobs, blobs),
      Clock.layer,
      Layer.succeed(Job, { row: input.row, allowPrivateUrls: input.allowPrivateUrls }),
      Layer.succeed(Progress, { phase: (phase) => h.call("phase", phase), event: (type, data) => h.call("event", type, data) }),
    );
    // Cancel and time limits stop the whole thread (core/work/pool.ts); a typed failure crosses back as itself.
    const exit = await Effect.runPromiseExit(operations[input.name].pipe(Effect.provide(layer)));
    if (Exit.isFailure(exit)) throw Cause.squash(exit.cause);
    return exit.value;
  },
};
