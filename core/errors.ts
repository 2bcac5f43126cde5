/**
 * One tagged error per failure the service can answer with. Core code fails with these; only the HTTP edge
 * (server/problems.ts) turns them into RFC 9457 Problems, so the core never knows about status codes.
 */
import * as Data from "effect/Data";

export interface FieldError {
  /** JSON pointer to the offending field, e.g. `/style`. */
  readonly path: string;
  readonly message: string;
}

type Msg = { readonly message: string };

export class InputInvalid extends Data.TaggedError("InputInvalid")<Msg & { readonly errors: ReadonlyArray<FieldError> }> {}
export class MalformedRequest extends Data.TaggedError("MalformedRequest")<Msg> {}
export class UnsupportedMediaType extends Data.TaggedError("UnsupportedMediaType")<Msg> {}
export class PayloadTooLarge extends Data.TaggedError("PayloadTooLarge")<Msg> {}
export class HeadersTooLarge extends Data.TaggedError("HeadersTooLarge")<Msg> {}
export class Unauthorized extends Data.TaggedError("Unauthorized")<Msg> {}
export class RegionMismatch extends Data.TaggedError("RegionMismatch")<Msg> {}
export class SessionRequired extends Data.TaggedError("SessionRequired")<Msg> {}
export class InsufficientBalance extends Data.TaggedError("InsufficientBalance")<Msg> {}
export class NotFound extends Data.TaggedError("NotFound")<Msg> {}
export class MethodNotAllowed extends Data.TaggedError("MethodNotAllowed")<Msg & { readonly allow: ReadonlyArray<string> }> {}
export class RateLimited extends Data.TaggedError("RateLimited")<Msg & { readonly retryAfterSeconds: number }> {}
/** The instance's queue for reading files is longer than it can serve within a request's wait (server/admission.ts). */
export class Overloaded extends Data.TaggedError("Overloaded")<Msg & { readonly retryAfterSeconds: number }> {}
export class ReportNotReady extends Data.TaggedError("ReportNotReady")<Msg> {}
export class ContentDeleted extends Data.TaggedError("ContentDeleted")<Msg> {}
export class LinkExpired extends Data.TaggedError("LinkExpired")<Msg> {}
export class EventsExpired extends Data.TaggedError("EventsExpired")<Msg> {}
export class RetentionNoneShared extends Data.TaggedError("RetentionNoneShared")<Msg & { readonly errors: ReadonlyArray<FieldError> }> {}
export class IdempotencyKeyReused extends Data.TaggedError("IdempotencyKeyReused")<Msg> {}
export class IdempotencyInProgress extends Data.TaggedError("IdempotencyInProgress")<Msg> {}
export class FeatureUnavailable extends Data.TaggedError("FeatureUnavailable")<Msg & { readonly errors?: ReadonlyArray<FieldError> }> {}
export class NotAnArtifact extends Data.TaggedError("NotAnArtifact")<Msg> {}
export class ArtifactIsLocal extends Data.TaggedError("ArtifactIsLocal")<Msg> {}
export class FileRejected extends Data.TaggedError("FileRejected")<Msg & { readonly errors?: ReadonlyArray<FieldError> }> {}
export class FileTooLarge extends Data.TaggedError("FileTooLarge")<Msg> {}
export class InternalError extends Data.TaggedError("InternalError")<Msg & { readonly cause?: unknown }> {}

export type ApiError =
  | InputInvalid
  | MalformedRequest
  | UnsupportedMediaType
  | PayloadTooLarge
  | HeadersTooLarge
  | Unauthorized
  | RegionMismatch
  | SessionRequired
  | InsufficientBalance
  | NotFound
  | MethodNotAllowed
  | RateLimited
  | Overloaded
  | ReportNotReady
  | ContentDeleted
  | EventsExpired
  | LinkExpired
  | RetentionNoneShared
  | IdempotencyKeyReused
  | IdempotencyInProgress
  | FeatureUnavailable
  | NotAnArtifact
  | ArtifactIsLocal
  | FileRejected
  | FileTooLarge
  | InternalError;

/**
 * A failure after a document was accepted: it ends the document with `status: failed` and this `error.code`
 * (the interface's second error table). Never sent as an HTTP error.
 */
export class ProcessingFailure extends Data.TaggedError("ProcessingFailure")<{
  readonly code:
    | "content_empty"
    | "file_rejected"
    | "docx_invalid"
    | "file_not_found"
    | "document_too_long"
    | "format_unclear"
    | "edit_not_understood"
    | "edit_not_applied"
    | "source_unreadable"
    | "generation_blocked"
    | "request_refused"
    | "page_too_large"
    | "page_too_long"
    | "processing_failed";
  readonly message: string;
  /** Edit: each change asked for and why it was not applied, for the failed document's report (`edit_not_applied`). */
  readonly edits?: ReadonlyArray<FailedEdit>;
}> {}

/** One change of an edit plan as the report's `edits` lists it (spec: ReportEdit). */
export interface FailedEdit {
  readonly op: string;
  readonly outcome: "applied" | "not_found" | "ambiguous" | "rejected" | "skipped" | "failed";
  readonly block: string | null;
  readonly target: string | null;
  readonly before: string | null;
  readonly after: string | null;
  readonly reason: string | null;
}
