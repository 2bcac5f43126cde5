/**
 * The check plugin contract (DESIGN.md, "Contracts: Check plugin"): `{ id, appliesTo(ctx), run(ir, ctx) }`.
 * Checks annotate, they never throw. A layout check runs after rendering, sees the rendered PDF's text per page,
 * and may propose a safe structural repair (a style change such as the orientation) that the compiler tries,
 * keeps only when it leaves fewer issues, and records in the report's ledger either way.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { DocType, IRDocument } from "../ir/types.ts";
import type { StyleApplied } from "../style/types.ts";
import type { PdfPicture } from "./engines.ts";

export interface CheckContext {
  readonly format: "docx" | "pptx" | "xlsx" | "pdf";
  readonly type: DocType;
  readonly style: StyleApplied;
  /** Text per page of the rendered PDF (pages numbered from 1). */
  readonly pages: ReadonlyArray<{ page: number; text: string }>;
  /** Where the pictures landed in the PDF (read only when the document has pictures). */
  readonly pictures: ReadonlyArray<PdfPicture>;
}

export interface Repair {
  /** A stable name for the ledger, e.g. `orientation.landscape`. */
  readonly fix: string;
  readonly style: Partial<StyleApplied>;
}

export interface CheckResult {
  readonly diagnostics: Diagnostic[];
  readonly repairs?: Repair[];
}

export interface CheckPlugin {
  readonly id: string;
  readonly appliesTo: (ctx: CheckContext) => boolean;
  readonly run: (ir: IRDocument, ctx: CheckContext) => CheckResult;
}
