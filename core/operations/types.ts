/** What an operation's program gives back; the runner (core/jobs/run.ts) stores the outputs and finishes the document. */
import type { Diagnostic } from "../diagnostics.ts";
import type { DocumentRow } from "../documents/repo.ts";
import type { StyleApplied } from "../documents/validate.ts";
import type { LedgerEntry } from "../compile/compile.ts";
import type { WireReport } from "../documents/report.ts";
import type { ModelUsage } from "../contracts/model.ts";

export interface PipelineOutput {
  readonly kind: "docx" | "pptx" | "xlsx" | "pdf" | "preview" | "html" | "md";
  readonly contentType: string;
  readonly bytes: Uint8Array;
  readonly filename: string;
  readonly page?: number;
  readonly width?: number;
  readonly height?: number;
}

export interface PipelineResult {
  readonly outputs: ReadonlyArray<PipelineOutput>;
  readonly diagnostics: ReadonlyArray<Diagnostic>;
  readonly pages: number | null;
  readonly type?: DocumentRow["type"];
  readonly style?: { applied: StyleApplied; unsupported: string[] };
  readonly keyData?: WireReport["key_data"];
  readonly ledger?: LedgerEntry[];
  readonly repairSummary?: { iterations: number; applied: number; rejected: number } | null;
  /** Edit: each change asked for, and what changed (the report's `edits` and `changes`). */
  readonly edits?: WireReport["edits"];
  readonly changes?: WireReport["changes"];
  /** Review: what was neutralised before the file was opened (the report's `sanitized`). */
  readonly sanitized?: { removed: string[] };
  /** The format settled while processing (a review learns it from the file). */
  readonly format?: "docx" | "pptx" | "xlsx" | "pdf" | "artifact";
  /** What produced the outputs, for `versions.renderer`. */
  readonly renderer?: string;
  /** What a prompt settled: the recognised sector, the quality level and the route taken, and an artifact's storage. */
  readonly sector?: string | null;
  readonly quality?: { requested: string; level: string; reason: string };
  readonly route?: { path: "fast" | "agent"; reason: string };
  readonly artifact?: { storage: "local" | "shared" };
  /** The level charged (a `best` document written on the fast path is charged as `standard`). */
  readonly chargeLevel?: "fast" | "standard" | "best";
}

/** What the runner hands the thread that runs a job's program, and how it hears back (phases and events). */
export interface JobContext {
  readonly row: DocumentRow;
  readonly allowPrivateUrls: boolean;
  readonly signal: AbortSignal;
  readonly phase: (phase: string) => Promise<void>;
  readonly event: (type: string, data: Record<string, unknown>) => Promise<void>;
  /** Each answer a model gave for this document, recorded for cost. */
  readonly usage: (usage: ModelUsage) => Promise<void>;
}
