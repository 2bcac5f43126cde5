/**
 * The one error the PDF reader fails with: the file is encrypted (a password is needed to open it) or damaged
 * beyond what mupdf can repair (including "not a PDF at all"). Both are the caller's file, never an engine fault.
 */
import * as Data from "effect/Data";

export type PdfReadFailure = "encrypted" | "damaged";

export class PdfReadError extends Data.TaggedError("PdfReadError")<{
  readonly reason: PdfReadFailure;
  readonly message: string;
  readonly cause?: unknown;
}> {}
