/**
 * Tagged errors → RFC 9457 Problems (`application/problem+json`), the only place that knows status codes.
 * `type` is `{errors_url}/<code>`; internal causes are logged, never sent.
 */
import type { ApiError, FieldError } from "../core/errors.ts";

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  request_id: string;
  detail?: string;
  errors?: FieldError[];
}

const TABLE: Record<ApiError["_tag"], { status: number; code: string; title: string }> = {
  InputInvalid: { status: 422, code: "input_invalid", title: "The request is invalid" },
  MalformedRequest: { status: 400, code: "malformed_request", title: "The request body could not be read" },
  UnsupportedMediaType: { status: 415, code: "unsupported_media_type", title: "Unsupported content type" },
  PayloadTooLarge: { status: 413, code: "payload_too_large", title: "The request body is too large" },
  HeadersTooLarge: { status: 431, code: "headers_too_large", title: "The request headers are too large" },
  Unauthorized: { status: 401, code: "unauthorized", title: "Missing, unknown or revoked credentials" },
  RegionMismatch: { status: 401, code: "region_mismatch", title: "The key belongs to another region" },
  SessionRequired: { status: 403, code: "session_required", title: "This route is only for the dashboard" },
  InsufficientBalance: { status: 402, code: "insufficient_balance", title: "No balance left for this document" },
  NotFound: { status: 404, code: "not_found", title: "Not found" },
  MethodNotAllowed: { status: 405, code: "method_not_allowed", title: "Method not allowed" },
  RateLimited: { status: 429, code: "rate_limited", title: "Too many requests" },
  Overloaded: { status: 503, code: "overloaded", title: "Too many files waiting to be read" },
  ReportNotReady: { status: 409, code: "report_not_ready", title: "The report is not ready" },
  ContentDeleted: { status: 410, code: "content_deleted", title: "The content was deleted" },
  LinkExpired: { status: 410, code: "link_expired", title: "The download link has expired" },
  EventsExpired: { status: 410, code: "events_expired", title: "The events have expired" },
  RetentionNoneShared: { status: 422, code: "retention_none_shared", title: "retention none needs a local artifact" },
  IdempotencyKeyReused: { status: 422, code: "idempotency_key_reused", title: "Idempotency-Key reused with a different request" },
  IdempotencyInProgress: { status: 409, code: "idempotency_request_in_progress", title: "The first request with this Idempotency-Key is still running" },
  FeatureUnavailable: { status: 501, code: "feature_unavailable", title: "Not available in this deployment" },
  NotAnArtifact: { status: 409, code: "not_an_artifact", title: "The document is not an artifact" },
  ArtifactIsLocal: { status: 409, code: "artifact_is_local", title: "The artifact keeps its data in visitors' browsers" },
  FileRejected: { status: 422, code: "file_rejected", title: "The file was rejected" },
  FileTooLarge: { status: 413, code: "file_too_large", title: "The file is over 20 MB" },
  InternalError: { status: 500, code: "internal_error", title: "Internal error" },
};

export const isApiError = (error: unknown): error is ApiError =>
  typeof error === "object" && error !== null && "_tag" in error && (error as { _tag: string })._tag in TABLE;

export const problemOf = (error: ApiError, requestId: string, errorsUrl: string): Problem => {
  const entry = TABLE[error._tag];
  const problem: Problem = {
    type: `${errorsUrl}/${entry.code}`,
    title: entry.title,
    status: entry.status,
    code: entry.code,
    request_id: requestId,
    detail: error._tag === "InternalError" ? "The failure was logged with this request id." : error.message,
  };
  if ("errors" in error && error.errors && error.errors.length > 0) problem.errors = [...error.errors];
  return problem;
};
