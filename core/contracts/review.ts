/**
 * The review contract (DESIGN.md, "review: file ─► sanitize ─► inspect ─► repair loop"): what a format plugin gives
 * the review pipeline (core/review). The pipeline owns the loop, the ledger and the proof; plugins only say what
 * they see and how to repair one thing.
 *
 * - `sanitize` neutralises what must not be opened (external relationships, OLE and ActiveX objects, DDE fields,
 *   remote fonts, PDF JavaScript) and names each thing removed, for the report's `sanitized.removed`.
 * - `inspect` reads the file and returns findings (diagnostics with a stable code, severity, category, message,
 *   location) and the file's `content`: its text and values in reading order. A finding that a safe structural
 *   repair removes names that repair in `fix`.
 * - `repair` applies one named fix to the bytes and returns new bytes. It must never change the text or values: the
 *   pipeline compares `content` before and after and rejects a repair that changed it.
 *
 * Files that must be refused (password, macros, entity bombs) throw `ExtractRefused(…, "file_rejected")` or
 * `PackageRefused` (core/ooxml/package.ts); checks themselves never throw for what they find.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { OfficeConverter } from "./engines.ts";

export interface Finding extends Diagnostic {
  /** The name of the fix that removes this finding (`docx.renumber_drawing_ids`), when a safe one exists. */
  readonly fix?: string;
}

export interface Inspection {
  readonly findings: Finding[];
  /**
   * The text and values a reader sees, in reading order, one string per paragraph, shape text, cell
   * (`Sheet1!B4=42`, formulas as `=SUM(A1:A3)`) or PDF page. Equal before and after a repair, or the repair is undone.
   */
  readonly content: string[];
}

export interface ReviewContext {
  readonly signal?: AbortSignal;
  /** The warm LibreOffice pool: Excel files are recalculated through it to find formula errors. */
  readonly converter?: OfficeConverter;
  /** Font families installed on this machine, lower case (`liberation sans`). */
  readonly fonts: ReadonlySet<string>;
}

export interface SanitizeResult {
  readonly bytes: Uint8Array;
  /** One readable line per thing neutralised: `linked image word/media/x.png (https://example.com/x.png)`. */
  readonly removed: string[];
}

export type Sanitize = (bytes: Uint8Array, ctx: ReviewContext) => Promise<SanitizeResult>;
export type Inspect = (bytes: Uint8Array, ctx: ReviewContext) => Promise<Inspection>;
export type RepairFix = (bytes: Uint8Array, fix: string, ctx: ReviewContext) => Promise<Uint8Array>;
