/**
 * The language model as a service (core/contracts/model.ts). `Model.none` is the deployment without a model: every
 * call fails with `ModelUnavailable` and `configured` is false, so the model-free paths (content mode, review,
 * extraction) run unchanged. The OpenAI-compatible client is provided by the composition root.
 */
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";
import { noModel, type ModelClient } from "../contracts/model.ts";

export class Model extends Context.Tag("quire/Model")<Model, ModelClient>() {
  static none = Layer.succeed(Model, noModel);
  static layer = (client: ModelClient) => Layer.succeed(Model, client);
}
