/**
 * The worker threads' composition root: the task table (`WorkTasks`, core/work/work.ts) they run with the service's
 * plugins and engines (core/work/pool.ts): whatever parses a caller's file or Markdown. `inspect`
 * checks an upload; `extract` reads a file into Markdown; `pipeline` runs a document's whole pipeline (Markdown → IR
 * → format plugin → PDF → checks, or a review), with the store read from the thread and the shared engines
 * (LibreOffice, Tesseract, Chromium) and the document's events reached through the host port.
 */
import { join } from "node:path";
import { workerData } from "node:worker_threads";
import type { Knex } from "knex";
import { connectDatabase } from "../../core/store/db.ts";
import { localBlobStore, type BlobStoreShape } from "../../core/services/blobs.ts";
import { inspectFile } from "../../core/files/inspect.ts";
import { parseJsonBody } from "../../core/limits/json-body.ts";
import { readFile } from "../../core/extract/read.ts";
import { formatPlugins } from "../../plugins/index.ts";
import { layoutChecks } from "../../plugins/checks/index.ts";
import { pdfReader } from "../../renderers/index.ts";
import { ocrFromTsv } from "../../renderers/tesseract/index.ts";
import { pipelines, type PipelineName } from "../../core/documents/pipelines/index.ts";
import type { DocumentRow } from "../../core/documents/repo.ts";
import type { Engines } from "../../core/documents/pipelines/types.ts";
import type { Ocr } from "../../core/contracts/extract.ts";
import type { OfficeConverter } from "../../core/contracts/engines.ts";
import type { HostClient } from "../../core/work/host.ts";
import type { WorkerData } from "../../core/work/pool.ts";
import type { WorkTasks } from "../../core/work/work.ts";
import { installedFonts } from "../../renderers/fonts.ts";

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
const converterOf = (host: HostClient): OfficeConverter => ({
  convert: (input, from, to, options) => host.call("convert", input, from, to, { timeoutMs: options?.timeoutMs }),
  close: async () => undefined,
});
const ocrOf = (host: HostClient): Ocr => ({ read: async (image) => ocrFromTsv(await host.call<string>("ocrTsv", image)) });

const enginesOf = (host: HostClient): Engines => {
  const converter = converterOf(host);
  const ocr = ocrOf(host);
  return {
    converter: async () => converter,
    pdf: pdfReader,
    ocr: () => ocr,
    describe: () => host.call("describe"),
    fonts: installedFonts,
    browser: {
      screenshot: (html, options) => host.call("screenshot", html, { ...options, signal: undefined }),
      version: () => host.call("browserVersion"),
    },
  };
};

export const tasks: WorkTasks = {
  /** A large JSON body: parsed here, the value cloned back (a long string crosses as one copy). */
  parseJson: async (input: { bytes: Uint8Array }) => parseJsonBody(input.bytes),

  inspect: async (input: { bytes: Uint8Array; filename?: string }) => inspectFile(input.bytes, input.filename),

  extract: async (input: { bytes: Uint8Array; filename?: string; maxPages: number; maxOcrPages: number }, host?: HostClient) => {
    const h = needHost(host);
    return readFile(input.bytes, input.filename, formatPlugins, { converter: converterOf(h), ocr: ocrOf(h), maxPages: input.maxPages, maxOcrPages: input.maxOcrPages });
  },

  pipeline: async (input: { name: PipelineName; row: DocumentRow; allowPrivateUrls: boolean }, host?: HostClient) => {
    const h = needHost(host);
    const { db, blobs } = storeOf();
    // Cancel and time limits stop the whole thread (core/work/pool.ts), so the pipeline's own signal never fires.
    return pipelines[input.name]({
      row: input.row,
      signal: new AbortController().signal,
      phase: (phase) => h.call("phase", phase),
      event: (type, data) => h.call("event", type, data),
      db,
      blobs,
      engines: enginesOf(h),
      plugins: formatPlugins,
      checks: layoutChecks,
      allowPrivateUrls: input.allowPrivateUrls,
    });
  },
};
