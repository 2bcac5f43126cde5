/**
 * The body of a webhook message (`WebhookEvent` in the spec): the event type, when it happened and the finished
 * document without content. Only these fields are read from the document, so its content, name, metadata and
 * request can never leak into a message.
 */
import type { components } from "../../generated/openapi.ts";
import { finalEventFor, type Status } from "../documents/status.ts";

export type WebhookEvent = components["schemas"]["WebhookEvent"];
export type WebhookEventType = components["schemas"]["WebhookEventType"];

export const EVENT_TYPES: ReadonlyArray<WebhookEventType> = ["document.ready", "document.failed", "document.canceled"];

/** The document columns a message is made of, and nothing else. */
export const PAYLOAD_COLUMNS = ["id", "organization_id", "project_id", "status", "operation", "format", "retention", "expires_at", "error_code", "error_message", "completed_at"] as const;

export interface FinishedDocument {
  readonly id: string;
  readonly organization_id: string;
  readonly project_id: string;
  readonly status: Status;
  readonly operation: WebhookEvent["data"]["operation"];
  readonly format: WebhookEvent["data"]["format"];
  readonly retention: WebhookEvent["data"]["retention"];
  readonly expires_at: string | null;
  readonly error_code: string | null;
  readonly error_message: string | null;
  readonly completed_at: string | null;
}

/**
 * The message of a finished document. `ready_with_warnings` and `needs_review` finished, so they send
 * `document.ready` with their own `data.status` (core/documents/status.ts `finalEventFor`).
 */
export const eventOf = (doc: FinishedDocument, at: Date): WebhookEvent => {
  const type = finalEventFor(doc.status);
  return {
    type,
    timestamp: doc.completed_at ?? at.toISOString(),
    data: {
      document_id: doc.id,
      status: doc.status,
      operation: doc.operation,
      format: doc.format ?? null,
      retention: doc.retention,
      expires_at: doc.expires_at,
      error: doc.status === "failed" ? ({ code: doc.error_code ?? "processing_failed", message: doc.error_message ?? "" } as WebhookEvent["data"]["error"]) : null,
    },
  };
};
