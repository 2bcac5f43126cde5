/**
 * The one error the office converter fails with. `reason` says what went wrong, so a pipeline can tell the
 * caller's file (`rejected`, `unsupported`) from the engine (`timeout`, `crashed`, `unavailable`) and from its own
 * choices (`aborted`, `closed`). Mapped to a Problem only at the HTTP edge (DESIGN.md, "Errors").
 */
import * as Data from "effect/Data";

export type OfficeConversionFailure =
  /** The conversion ran past its `timeoutMs`; its LibreOffice was killed and restarted. */
  | "timeout"
  /** LibreOffice (or its worker) died while converting this file; it was restarted. */
  | "crashed"
  /** LibreOffice could not open or export the file: damaged, encrypted, or not the format it claims. */
  | "rejected"
  /** This `from` → `to` pair is not a conversion the converter offers. */
  | "unsupported"
  /** The caller's `signal` aborted the conversion. */
  | "aborted"
  /** The converter was closed before the conversion finished. */
  | "closed"
  /** No LibreOffice could be started (not installed, or failing at start). */
  | "unavailable";

export class OfficeConversionError extends Data.TaggedError("OfficeConversionError")<{
  readonly reason: OfficeConversionFailure;
  readonly message: string;
  readonly cause?: unknown;
}> {}
