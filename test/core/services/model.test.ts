import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as Effect from "effect/Effect";
import { Model } from "../../../core/services/model.ts";
import { ModelUnavailable } from "../../../core/contracts/model.ts";

describe("Model service with no model configured", () => {
  it("says it is not configured and refuses every call with model_unavailable", async () => {
    const program = Effect.gen(function* () {
      const model = yield* Model;
      assert.equal(model.configured, false);
      assert.equal(model.modelFor("writer"), undefined);
      return yield* Effect.tryPromise({ try: () => model.ask({ role: "judge", messages: [{ role: "user", content: "Which format?" }] }), catch: (e) => e });
    });
    const error = await Effect.runPromise(Effect.flip(program.pipe(Effect.provide(Model.none))));
    assert.ok(error instanceof ModelUnavailable);
    assert.equal(error.code, "model_unavailable");
  });
});
