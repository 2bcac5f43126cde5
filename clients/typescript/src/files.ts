/** Uploading input files (multipart POST /files) and reading files into Markdown (POST /extract). */
import type { Api } from "./api.ts";
import { QuireProblem } from "./problem.ts";
import type { Extraction, FileRef, QuireFile } from "./types.ts";

export const uploadFile = async (api: Api, bytes: Uint8Array | Blob, filename: string): Promise<QuireFile> => {
  const form = new FormData();
  form.append("file", bytes instanceof Blob ? bytes : new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
  // The typed body is the spec's multipart object; the form itself is what goes on the wire.
  const { data } = await api.POST("/files", { body: { file: filename }, bodySerializer: () => form });
  return data!;
};

const POLL_MS = 2_000;

export interface ExtractOptions {
  /** Keep the file for later use as a file id (the spec's `store`). */
  store?: boolean;
  /**
   * Stop waiting for a long read after this long: a QuireProblem `timeout` naming the extraction, which goes on
   * and can still be collected with GET /extract/{id}. Default 30 minutes, the service's own limit.
   */
  timeoutMs?: number;
  /** Stops waiting (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Called while a long read (202) is still running: after the 202, then after each poll that finds it running. */
  onPending?: (pending: { id: string; polls: number; elapsedMs: number }) => void;
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", abort, { once: true });
  });

/** The Markdown of a file; a long read (202) is collected with GET /extract/{id} until it is done. */
export const extractMarkdown = async (api: Api, file: FileRef, options: ExtractOptions = {}): Promise<Extraction> => {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 30 * 60_000;
  const { signal } = options;
  const { data } = await api.POST("/extract", { body: { file, ...(options.store === undefined ? {} : { store: options.store }) }, signal });
  let result = data!;
  // Both answers say `object: extraction`; only the finished one carries the text.
  for (let polls = 0; !("markdown" in result); polls++) {
    options.onPending?.({ id: result.id, polls, elapsedMs: Date.now() - started });
    const left = started + timeoutMs - Date.now();
    if (left <= 0) {
      throw QuireProblem.client("timeout", "Timed out", `extraction ${result.id} did not finish within ${timeoutMs} ms; GET /extract/${result.id} collects it later`);
    }
    await sleep(Math.min(POLL_MS, left), signal);
    if (Date.now() - started >= timeoutMs) continue; // the next turn says timeout; no poll that would be wasted
    result = (await api.GET("/extract/{id}", { params: { path: { id: result.id } }, signal })).data!;
  }
  return result;
};
