/**
 * Create and wait: the document is created in background mode (so no request is held open for minutes) and its
 * events are followed to the final one, whose `data.document` is the finished Document with fresh links.
 */
import type { Api } from "./api.ts";
import { followEvents } from "./events.ts";
import { QuireProblem } from "./problem.ts";
import type { CreateDocumentRequest, Document, DocumentEvent } from "./types.ts";

export interface WaitOptions {
  /** Give up after this long (a QuireProblem `timeout`; the document goes on). Default 10 minutes. */
  timeoutMs?: number;
  /** Each progress event, stored ones first. */
  onEvent?: (event: DocumentEvent) => void;
  /** The Idempotency-Key of the create; a random one when absent. */
  idempotencyKey?: string;
  /** The document as created, before any event: its id is known from here on (to cancel it, say). */
  onCreated?: (document: Document) => void;
}

/**
 * Returns the document once finished, whatever its status (`ready`, `ready_with_warnings`, `needs_review`,
 * `failed` with `error`, or `canceled`): a failed document is an answer, not a failed call.
 */
export const createAndWait = async (api: Api, body: CreateDocumentRequest, options: WaitOptions = {}): Promise<Document> => {
  const timeoutMs = options.timeoutMs ?? 600_000;
  const { data } = await api.POST("/documents", {
    body: { ...body, background: true, stream: false },
    params: { header: options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {} },
  });
  const created = data as Document;
  options.onCreated?.(created);
  if (!["queued", "running"].includes(created.status)) return created;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  try {
    const final = await followEvents(api, created.id, options.onEvent, { signal: timeout.signal });
    const document = (final.data as { document?: Document }).document;
    if (document) return document;
    return (await api.GET("/documents/{document_id}", { params: { path: { document_id: created.id } } })).data!;
  } catch (error) {
    if (timeout.signal.aborted) {
      throw QuireProblem.client("timeout", "Timed out", `${created.id} did not finish within ${timeoutMs} ms`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
};
