/**
 * Asking for the edit plan: the level (the caller's, or with `auto` `best` when the request asks for tracked changes
 * or comments, rule 3, else the cheapest), the level's writer, the plan under its strict schema, and the request not
 * understood as `edit_not_understood`.
 */
import * as Effect from "effect/Effect";
import { ProcessingFailure } from "../../errors.ts";
import type { EditBlock, EditOp } from "../../contracts/edit.ts";
import type { CreateRequest } from "../../documents/validate.ts";
import { editPlanMessages, editPlanSchema, toOp, type RawPlan } from "../../writing/edit-plan.ts";
import { asksRevisions, asksTrackedChanges } from "../../writing/cues.ts";
import { capped, writerRole, type QualityChoice } from "../../writing/quality.ts";
import type { Level } from "../../writing/understand.ts";
import { askModel } from "../steps/model.ts";
import { event, phase } from "../job.ts";

export const editLevel = (request: CreateRequest): QualityChoice => {
  const requested = request.quality ?? "auto";
  if (requested !== "auto") return { requested, level: requested, reason: "requested by the caller" };
  return asksRevisions(request.prompt ?? "")
    ? capped("best", "the request asks for tracked changes or comments", request.max_quality)
    : capped("fast", "an edit of named changes: the cheapest level that serves it", request.max_quality);
};

export interface Planned {
  readonly ops: ReadonlyArray<EditOp | { readonly invalid: string; readonly op: string; readonly block: string }>;
  readonly track: boolean;
}

export const planEdits = (prompt: string, blocks: ReadonlyArray<EditBlock>, level: Level) =>
  Effect.gen(function* () {
    yield* phase("planning");
    const answer = yield* askModel<RawPlan>({ role: writerRole[level], messages: editPlanMessages(prompt, blocks), schema: editPlanSchema, maxTokens: 4000 }, "Planning the edit");
    const plan = answer.value;
    if (!plan.understood || plan.edits.length === 0) {
      return yield* new ProcessingFailure({ code: "edit_not_understood", message: `The request could not be turned into concrete changes${plan.reason ? `: ${plan.reason}` : ""}.` });
    }
    const ops = plan.edits.map((raw) => {
      const op = toOp(raw);
      return "invalid" in op ? { ...op, op: String(raw.op), block: String(raw.block ?? "") } : op;
    });
    // Asked for in words even when the model did not set the flag: "track changes" is the caller's, not the model's.
    const track = plan.track_changes || asksTrackedChanges(prompt);
    yield* event("edit.planned", { edits: ops.length, track_changes: track, ops: ops.map((o) => o.op) });
    return { ops, track } satisfies Planned;
  });
