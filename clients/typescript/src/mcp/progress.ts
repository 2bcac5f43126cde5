/**
 * A document's events as MCP progress notifications, sent only when the caller asked for progress (a
 * `progressToken` in the request's `_meta`). `progress` is the event's sequence number, so it only grows, as the
 * protocol requires; the final event also gives `total`.
 */
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { FINAL_EVENTS } from "../events.ts";
import type { DocumentEvent } from "../types.ts";

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const field = (data: Record<string, unknown>, key: string): string => (typeof data[key] === "string" || typeof data[key] === "number" ? String(data[key]) : "");

/** One line a host can show: what the document is doing now. */
export const eventMessage = (event: DocumentEvent): string => {
  const data = event.data;
  switch (event.type) {
    case "status.changed":
    case "phase.changed":
      return [field(data, "status"), field(data, "phase")].filter(Boolean).join(": ");
    case "quality.chosen":
      return `quality ${field(data, "level")}`;
    case "agent.step":
      return `agent step ${field(data, "step")} of ${field(data, "of")}: ${field(data, "outcome")}`;
    case "agent.checked":
      return `page inspection ${field(data, "inspection")} of ${field(data, "of")}: ${field(data, "verdict")}`;
    case "document.ready":
    case "document.failed":
    case "document.canceled":
      return `${event.type.slice("document.".length)}${field(data, "status") ? ` (${field(data, "status")})` : ""}`;
    default:
      return event.type;
  }
};

/**
 * The `onEvent` of a follow: a notification per event, or nothing when no progress was asked for. Notifications go
 * out one after the other, and `sent()` settles once the last one asked for has gone: the tool's result must follow
 * its final notification, since a host stops listening for a call's progress once the call is answered (the final
 * "ready" was lost that way when the answer overtook it).
 */
export const progressOf = (extra: Extra): ((event: DocumentEvent) => void) & { readonly sent: () => Promise<void> } => {
  const progressToken = extra._meta?.progressToken;
  let sent: Promise<void> = Promise.resolve();
  const notify = (event: DocumentEvent) => {
    if (progressToken === undefined) return;
    const final = FINAL_EVENTS.has(event.type);
    sent = sent
      .then(() =>
        extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken, progress: event.sequence, ...(final ? { total: event.sequence } : {}), message: eventMessage(event) },
        }),
      )
      // A host that went away cannot be told; the work itself goes on and answers if it can.
      .catch(() => undefined);
  };
  return Object.assign(notify, { sent: () => sent });
};

/**
 * The `onPending` of a long extraction (202): a notification each time the read is found still running, so a host
 * that shows progress (or resets its timeout on it) knows the call is alive. `progress` counts the polls.
 */
export const pendingProgressOf = (extra: Extra): ((pending: { id: string; polls: number; elapsedMs: number }) => void) => {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return () => undefined;
  return ({ polls, elapsedMs }) => {
    extra
      .sendNotification({
        method: "notifications/progress",
        params: { progressToken, progress: polls + 1, message: `reading the file: still running after ${Math.round(elapsedMs / 1000)} s` },
      })
      .catch(() => undefined);
  };
};
