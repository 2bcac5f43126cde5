/**
 * The check plugin contract (DESIGN.md, "Contracts: Check plugin"; interface, "Automatic checks").
 *
 * A check declares when it runs: on the text before rendering (`text`: source instructions, key data, and the
 * model-driven checks such as unsupported facts, citations, the sector checklist and the reader test), or on the
 * rendered pages (`pages`: the layout checks). It is async, because a check may ask a model, and it gets the IR and
 * a context: what is being done (create or review), to what (format, type, style), from what (the request and the
 * sources' texts), with which model, under which signal, and at the `pages` stage what the rendered PDF shows.
 *
 * It returns diagnostics and, as needed, a changed IR (text stage: the runner renders that one, e.g. an unsupported
 * figure replaced by a `[DATO]` gap), events (emitted as document events, e.g. `quality.checked`), safe style
 * repairs (pages stage: the compiler tries each, keeps it only when it leaves fewer issues, and records it in the
 * ledger) and what it adds to the report (`key_data`). Checks annotate: a finding is a diagnostic, never an
 * exception; the runner (core/checks/run.ts) turns an exception into one `check.failed` diagnostic and goes on.
 */
import type { components } from "../../generated/openapi.ts";
import type { Diagnostic } from "../diagnostics.ts";
import type { DocType, IRDocument } from "../ir/types.ts";
import type { StyleApplied } from "../style/types.ts";
import type { PdfPageText, PdfPicture } from "./engines.ts";
import type { ModelClient } from "./model.ts";

export type CheckStage = "text" | "pages";

/** A document of `sources`, read into text (the passages are the writer's selection; checks see the whole text). */
export interface CheckSource {
  /** The source's position in `sources`, from 1, as messages name it. */
  readonly index: number;
  readonly name: string;
  readonly text: string;
}

/** What every stage tells a check. */
export interface CheckScope {
  readonly operation: "create" | "review";
  /** The format plugin's id (`docx`, `pdf`, `artifact`…): the format asked for, or of the file under review. */
  readonly format: string;
  readonly type: DocType;
  /**
   * Who wrote the text: the caller's Markdown (`caller`), a model (`model`; the reader test and the unsupported-facts
   * check run only then), or a file under review (`file`).
   */
  readonly author: "caller" | "model" | "file";
  /** The request as the pipeline has it; null when the operation runs without one (a review outside a document). */
  readonly request: components["schemas"]["CreateDocumentRequest"] | null;
  readonly sources: ReadonlyArray<CheckSource>;
  /**
   * The quality level a prompt's document is written at: which text checks run (interface, quality levels: `fast`
   * checks data not supplied by the caller; `standard` and `best` add quality, key data and the reader test).
   * Absent for the caller's own Markdown and for a review.
   */
  readonly quality?: "fast" | "standard" | "best";
  /** The professional sector the judge recognised in a prompt (`legal`, `finance`…); absent or null when none. */
  readonly sector?: string | null;
  /** The language the document is written in (ISO 639-1), when a prompt's understanding said it. */
  readonly language?: string;
  /** `noModel` where none is configured: a model-driven check then declines in `appliesTo` (`model.configured`). */
  readonly model: ModelClient;
  /** Cancel and time limits: pass it on to model calls; the runner stops between checks once it fires. */
  readonly signal: AbortSignal;
}

export interface TextCheckContext extends CheckScope {
  readonly stage: "text";
  /** The style the document will be rendered with; null in a review, where the look is the file's own. */
  readonly style: StyleApplied | null;
  /** The time by the Clock service: the writer was told its day as today (core/writing/write.ts). Absent: the real clock. */
  readonly now?: Date;
}

export interface PagesCheckContext extends CheckScope {
  readonly stage: "pages";
  readonly style: StyleApplied;
  /** Text per page of the rendered PDF (pages numbered from 1). */
  readonly pages: ReadonlyArray<PdfPageText>;
  /** Where the pictures landed in the PDF (read only when the document has pictures). */
  readonly pictures: ReadonlyArray<PdfPicture>;
}

export type CheckContext = TextCheckContext | PagesCheckContext;

/** A document event a check asks for, e.g. `{ type: "quality.checked", data: { score: 80 } }`. */
export interface CheckEvent {
  readonly type: string;
  readonly data: Record<string, unknown>;
}

/** What a check adds to the report beside its issues. */
export interface CheckReport {
  readonly keyData?: ReadonlyArray<components["schemas"]["KeyData"]>;
}

export interface CheckResult {
  readonly diagnostics: Diagnostic[];
  readonly events?: ReadonlyArray<CheckEvent>;
  readonly report?: CheckReport;
}

export interface TextCheckResult extends CheckResult {
  /**
   * The document to go on with, when the check changed it. Build it from the given one without renumbering
   * (core/ir/ids.ts): untouched nodes keep their ids, which diagnostics and key data point at.
   */
  readonly ir?: IRDocument;
}

/** A safe structural repair, tried by the compiler after rendering. */
export interface Repair {
  /** A stable name for the ledger, e.g. `orientation.landscape`. */
  readonly fix: string;
  readonly style: Partial<StyleApplied>;
}

/**
 * The pages were rendered from the IR, so a pages check cannot change it: what it can change is the style, and
 * the compiler renders again to see whether that helps.
 */
export interface PagesCheckResult extends CheckResult {
  readonly repairs?: ReadonlyArray<Repair>;
}

/** What a writer is about to write, so a check can say what the writing should heed (its sector's guide). */
export interface WritingScope {
  readonly type: DocType;
  readonly format: string;
  readonly sector: string | null;
  readonly language: string;
  readonly quality: "fast" | "standard" | "best";
  readonly request: components["schemas"]["CreateDocumentRequest"] | null;
}

export interface TextCheck {
  readonly id: string;
  readonly stage: "text";
  readonly appliesTo: (ctx: TextCheckContext) => boolean;
  readonly run: (ir: IRDocument, ctx: TextCheckContext) => Promise<TextCheckResult>;
  /**
   * Guidance for the writer's prompt before the text exists (interface: "the recognised sector's guide shapes the
   * text; the caller's instructions win"): short rules in English, or undefined when the check has none here.
   */
  readonly writingGuide?: (scope: WritingScope) => string | undefined;
}

export interface PagesCheck {
  readonly id: string;
  readonly stage: "pages";
  readonly appliesTo: (ctx: PagesCheckContext) => boolean;
  readonly run: (ir: IRDocument, ctx: PagesCheckContext) => Promise<PagesCheckResult>;
}

export type CheckPlugin = TextCheck | PagesCheck;
