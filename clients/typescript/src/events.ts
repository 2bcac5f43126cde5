/**
 * Server-sent events of a document (GET /documents/{id}/events), parsed into DocumentEvent records. The stream
 * ends after the final event; when the connection drops before it, the follow resumes with Last-Event-ID so no
 * event is lost or repeated.
 */
import type { Api } from "./api.ts";
import type { DocumentEvent } from "./types.ts";
import { QuireProblem } from "./problem.ts";

export const FINAL_EVENTS = new Set(["document.ready", "document.failed", "document.canceled"]);

/** The `data:` payloads of an SSE byte stream, one per event; comments (keep-alives) are skipped. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\n|\r/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
        if (line === "") {
          if (data.length) yield data.join("\n");
          data = [];
        } else if (line.startsWith("data:")) {
          data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
        }
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

export interface FollowOptions {
  /** Stops following (the returned promise rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Resume after this event sequence. */
  after?: number;
}

/**
 * Calls `onEvent` for each event of the document, stored ones first, until the final event, which it returns.
 * Reconnects (at most 5 times in a row without progress) when the stream ends early.
 */
export const followEvents = async (
  api: Api,
  documentId: string,
  onEvent: (event: DocumentEvent) => void = () => undefined,
  options: FollowOptions = {},
): Promise<DocumentEvent> => {
  let last = options.after ?? 0;
  for (let idle = 0; idle < 5; idle++) {
    const { response } = await api.GET("/documents/{document_id}/events", {
      params: { path: { document_id: documentId }, header: last ? { "Last-Event-ID": String(last) } : {} },
      headers: { Accept: "text/event-stream" },
      parseAs: "stream",
      signal: options.signal,
    });
    if (!response.body) break;
    for await (const payload of sseData(response.body)) {
      const event = JSON.parse(payload) as DocumentEvent;
      if (event.sequence <= last) continue;
      last = event.sequence;
      idle = -1;
      onEvent(event);
      if (FINAL_EVENTS.has(event.type)) return event;
    }
  }
  throw QuireProblem.client("client_error", "Event stream ended early", `the events of ${documentId} ended before the final event`);
};
