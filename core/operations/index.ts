/** The operations' programs by name, so a job can name its program to a worker thread (core/work). */
import type * as Effect from "effect/Effect";
import type { DocumentRow } from "../documents/repo.ts";
import type { ProcessingFailure } from "../errors.ts";
import type { OperationServices } from "./services.ts";
import type { PipelineResult } from "./types.ts";
import { createFromContent } from "./create-content.ts";
import { createArtifact } from "./create-artifact.ts";
import { review } from "./review.ts";
import { createFromPrompt } from "./create-prompt.ts";
import { edit } from "./edit.ts";

export type OperationName = "create-content" | "create-artifact" | "create-prompt" | "review" | "edit";

export const operations: Record<OperationName, Effect.Effect<PipelineResult, ProcessingFailure, OperationServices>> = {
  "create-content": createFromContent,
  "create-artifact": createArtifact,
  "create-prompt": createFromPrompt,
  review,
  edit,
};

/** An artifact (a document with `artifact` settings: its format's plugin delivers a page) is built as a page. */
export const operationNameFor = (row: Pick<DocumentRow, "operation" | "mode" | "artifact">): OperationName | null => {
  if (row.operation === "create" && row.mode === "content") return row.artifact !== null ? "create-artifact" : "create-content";
  if (row.operation === "create" && row.mode === "prompt") return "create-prompt";
  return row.operation === "review" ? "review" : row.operation === "edit" ? "edit" : null;
};
