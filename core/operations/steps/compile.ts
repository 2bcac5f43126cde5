/**
 * Rendering and checking (core/compile/compile.ts): the format plugin's file, its PDF through the converter, the
 * checks' `pages` stage and the safe repairs they propose, recorded in the ledger.
 */
import * as Effect from "effect/Effect";
import { Checks, Registry } from "../../services/plugins.ts";
import { Converter, PdfEngine } from "../../services/engines.ts";
import { Model } from "../../services/model.ts";
import { compile, type CompileInput } from "../../compile/compile.ts";
import { ProcessingFailure } from "../../errors.ts";
import { attempt } from "../attempt.ts";
import { Progress } from "../job.ts";

export const render = (input: Omit<CompileInput, "signal">) =>
  Effect.gen(function* () {
    const plugins = yield* Registry;
    const pdf = yield* PdfEngine;
    const progress = yield* Progress;
    const deps = {
      plugin: (kind: string) => {
        const plugin = plugins.get(kind);
        if (!plugin) throw new ProcessingFailure({ code: "processing_failed", message: `No renderer for ${kind}.` });
        return plugin;
      },
      converter: yield* Converter,
      pdf,
      outline: pdf.outline,
      pictures: pdf.pictures,
      checks: yield* Checks,
      model: yield* Model,
      event: progress.event,
      onPhase: progress.phase,
    };
    return yield* attempt((signal) => compile({ ...input, signal }, deps));
  });
