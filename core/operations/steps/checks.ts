/** The checks' `text` stage (core/checks/run.ts): on the IR before it is rendered; the IR they leave is the one rendered. */
import * as Effect from "effect/Effect";
import { Checks } from "../../services/plugins.ts";
import { Clock } from "../../services/clock.ts";
import { Model } from "../../services/model.ts";
import { runChecks } from "../../checks/run.ts";
import type { TextCheckContext } from "../../contracts/check-plugin.ts";
import type { IRDocument } from "../../ir/types.ts";
import { attempt } from "../attempt.ts";
import { Progress } from "../job.ts";

export const checkText = (ir: IRDocument, scope: Omit<TextCheckContext, "stage" | "model" | "signal" | "now">) =>
  Effect.gen(function* () {
    const checks = yield* Checks;
    const model = yield* Model;
    const progress = yield* Progress;
    const now = (yield* Clock).now();
    return yield* attempt((signal) => runChecks(checks, ir, { ...scope, stage: "text", model, signal, now }, progress.event));
  });
