/**
 * Failures of an artifact's storage that the general error list (core/errors.ts) does not hold, because only the
 * page-facing API answers them (as `{code, message}` JSON, not Problems): a record over 16 KB, an artifact full at
 * 5,000 records, and an artifact whose data is gone (deleted, retired or past its retention).
 */
import * as Data from "effect/Data";

export class RecordTooLarge extends Data.TaggedError("RecordTooLarge")<{ readonly message: string }> {}
export class TooManyRecords extends Data.TaggedError("TooManyRecords")<{ readonly message: string }> {}
export class ArtifactGone extends Data.TaggedError("ArtifactGone")<{ readonly message: string }> {}
