/** The checks' `text` stage (core/checks/run.ts): on the IR before it is rendered; the IR they leave is the one rendered. */
import * as Effect from "effect/Effect";
import { Checks } from "../../services/plugins.ts";
import { Model } from "../../services/model.ts";
import { runChecks } from "../../checks/run.ts";
import type { TextCheckContext } from "../../contracts/check-plugin.ts";
import type { IRDocument } from "../../ir/types.ts";
import { attempt } from "../attempt.ts";
import { Progress } from "../job.ts";

export const checkText = (ir: IRDocument, scope: Omit<TextCheckContext, "stage" | "model" | "signal">) =>
  Effect.gen(function* () {
    const checks = yield* Checks;
    const model = yield* Model;
    const progress = yield* Progress;
    return yield* attempt((signal) => runChecks(checks, ir, { ...scope, stage: "text", model, signal }, progress.event));
  });
