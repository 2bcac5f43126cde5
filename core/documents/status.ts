/**
 * The one table that turns what checks found into a finished document's status (interface, States):
 *
 * | diagnostics left after processing           | status                |
 * |---------------------------------------------|-----------------------|
 * | none, or only `info`                        | `ready`               |
 * | at least one `warning`, no `error`          | `ready_with_warnings` |
 * | at least one `error`                        | `needs_review`        |
 *
 * A failure that stops processing is not a diagnostic: it ends the document `failed` with `error.code`.
 */
import type { Diagnostic } from "../diagnostics.ts";

export type FinishedStatus = "ready" | "ready_with_warnings" | "needs_review";
export type Status = "queued" | "running" | FinishedStatus | "failed" | "canceled";

export const FINISHED: ReadonlySet<Status> = new Set(["ready", "ready_with_warnings", "needs_review", "failed", "canceled"]);

export const statusFor = (diagnostics: ReadonlyArray<Pick<Diagnostic, "severity">>): FinishedStatus => {
  if (diagnostics.some((d) => d.severity === "error")) return "needs_review";
  if (diagnostics.some((d) => d.severity === "warning")) return "ready_with_warnings";
  return "ready";
};

export const summaryOf = (diagnostics: ReadonlyArray<Pick<Diagnostic, "severity">>) => ({
  errors: diagnostics.filter((d) => d.severity === "error").length,
  warnings: diagnostics.filter((d) => d.severity === "warning").length,
  info: diagnostics.filter((d) => d.severity === "info").length,
});

/** Which final event a status sends; `ready_with_warnings` and `needs_review` finished, so they send `document.ready`. */
export const finalEventFor = (status: Status): "document.ready" | "document.failed" | "document.canceled" =>
  status === "failed" ? "document.failed" : status === "canceled" ? "document.canceled" : "document.ready";
