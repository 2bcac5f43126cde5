/** What an operation's pipeline gets and gives back; the runner stores the outputs and finishes the document. */
import type { Diagnostic } from "../../diagnostics.ts";
import type { DocumentRow } from "../repo.ts";
import type { StyleApplied } from "../validate.ts";

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
  readonly styleApplied?: StyleApplied | null;
}

export interface PipelineContext {
  readonly row: DocumentRow;
  readonly signal: AbortSignal;
  readonly phase: (phase: string) => Promise<void>;
  readonly event: (type: string, data: Record<string, unknown>) => Promise<void>;
}

export type Pipeline = (ctx: PipelineContext) => Promise<PipelineResult>;
