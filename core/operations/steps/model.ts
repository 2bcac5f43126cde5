/**
 * Asking the model from a program: the fiber's signal aborts the call in flight (a cancel), and a model that cannot
 * answer ends the document with the interface's code, never charged: a refusal to write is `generation_blocked`
 * (the judge refusing to even read the request is `request_refused`); invalid answers after the repair rounds,
 * timeouts, answers cut at their token limit and an endpoint that is down are `processing_failed`, the message naming
 * the step and the model's fault.
 */
import * as Effect from "effect/Effect";
import { Model } from "../../services/model.ts";
import { ModelUnavailable, type ModelAnswer, type ModelRequest } from "../../contracts/model.ts";
import { ProcessingFailure } from "../../errors.ts";

const WHAT: Record<ModelUnavailable["code"], string> = {
  model_unavailable: "the model could not be reached",
  model_refused: "the model declined",
  model_invalid_output: "the model's answers stayed invalid after the repair rounds",
  model_timeout: "the model did not answer in time",
  model_cut_off: "the model's answer was cut at its token limit",
  model_no_images: "the model takes no image input",
};

export const askModel = <T>(request: Omit<ModelRequest, "signal" | "onUsage">, stage: string, onRefusal: "generation_blocked" | "request_refused" = "generation_blocked") =>
  Effect.gen(function* () {
    const model = yield* Model;
    return yield* Effect.tryPromise({ try: (signal) => model.ask<T>({ ...request, signal }), catch: (error) => error }).pipe(
      Effect.catchAll((error): Effect.Effect<ModelAnswer<T>, ProcessingFailure> => {
        if (!(error instanceof ModelUnavailable)) return Effect.die(error);
        const code = error.code === "model_refused" ? onRefusal : "processing_failed";
        return Effect.fail(new ProcessingFailure({ code, message: `${stage}: ${WHAT[error.code]} (${error.message})` }));
      }),
    );
  });
