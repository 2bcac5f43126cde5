/** What an operation's pipeline gets and gives back; the runner stores the outputs and finishes the document. */
import type { Knex } from "knex";
import type { Diagnostic } from "../../diagnostics.ts";
import type { DocumentRow } from "../repo.ts";
import type { StyleApplied } from "../validate.ts";
import type { BlobStoreShape } from "../../services/blobs.ts";
import type { OfficeConverter, PdfReader } from "../../contracts/engines.ts";
import type { Screenshot, ScreenshotOptions } from "../../contracts/engines.ts";
import type { Ocr } from "../../contracts/extract.ts";
import type { LedgerEntry } from "../../compile/compile.ts";
import type { WireReport } from "../report.ts";
import type { FormatRegistry } from "../../contracts/format-plugin.ts";
import type { CheckPlugin } from "../../contracts/check-plugin.ts";

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
  /** Review: what was neutralised before the file was opened (the report's `sanitized`). */
  readonly sanitized?: { removed: string[] };
  /** The format settled while processing (a review learns it from the file). */
  readonly format?: "docx" | "pptx" | "xlsx" | "pdf";
  /** What produced the outputs, for `versions.renderer`. */
  readonly renderer?: string;
}

/** The heavy engines, started on first use and shared by every job of the process. */
export interface Engines {
  readonly converter: () => Promise<OfficeConverter>;
  readonly pdf: PdfReader;
  /** Tesseract for scanned pages and pictures; undefined where it is not available. */
  readonly ocr: () => Ocr | undefined;
  readonly describe: () => Promise<string>;
  /** The font families installed where documents are rendered (lower case). */
  readonly fonts: () => Promise<ReadonlySet<string>>;
  /** Headless Chromium, shared by the process: artifact previews. */
  readonly browser: {
    readonly screenshot: (html: string, options?: ScreenshotOptions) => Promise<Screenshot>;
    readonly version: () => Promise<string>;
  };
}

export interface PipelineContext {
  readonly row: DocumentRow;
  readonly signal: AbortSignal;
  readonly phase: (phase: string) => Promise<void>;
  readonly event: (type: string, data: Record<string, unknown>) => Promise<void>;
  readonly db: Knex;
  readonly blobs: BlobStoreShape;
  readonly engines: Engines;
  /** The format plugins and the checks that run on rendered pages, given by the composition root. */
  readonly plugins: FormatRegistry;
  readonly checks: ReadonlyArray<CheckPlugin>;
  readonly allowPrivateUrls: boolean;
}

export type Pipeline = (ctx: PipelineContext) => Promise<PipelineResult>;

/** What a job gives its pipeline; where it runs (a worker thread) adds the plugins and checks. */
export type JobContext = Omit<PipelineContext, "plugins" | "checks">;
