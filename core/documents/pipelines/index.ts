/** The pipelines of document jobs by name, so a job can name its pipeline to a worker thread (core/work). */
import type { DocumentRow } from "../repo.ts";
import { createFromContent } from "./create-content.ts";
import { createArtifact } from "./create-artifact.ts";
import { reviewFile } from "./review.ts";
import type { Pipeline } from "./types.ts";

export const pipelines = {
  "create-content": createFromContent,
  "create-artifact": createArtifact,
  review: reviewFile,
} satisfies Record<string, Pipeline>;

export type PipelineName = keyof typeof pipelines;

export const pipelineNameFor = (row: Pick<DocumentRow, "operation" | "mode" | "format">): PipelineName | null => {
  if (row.operation === "create" && row.mode === "content") return row.format === "artifact" ? "create-artifact" : "create-content";
  return row.operation === "review" ? "review" : null;
};
