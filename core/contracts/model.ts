/**
 * The model contract: what core asks of a language model, whatever serves it (OpenAI, Ollama, vLLM, llama.cpp's
 * server, all through the OpenAI-compatible API). Core and check plugins depend on this shape only; the client
 * that speaks HTTP to an endpoint is an implementation given by the composition root. A deployment with no model
 * configured gets `configured: false` and every call fails with `ModelUnavailable`, so model-free paths keep working.
 */

/** Who is asked: each role may be served by its own model (interface, quality levels and checks). */
export type ModelRole = "fast" | "writer" | "best" | "judge" | "reader";

export const MODEL_ROLES: ReadonlyArray<ModelRole> = ["fast", "writer", "best", "judge", "reader"];

export type ModelContent = string | ReadonlyArray<{ type: "text"; text: string } | { type: "image"; png: Uint8Array }>;

export interface ModelMessage {
  readonly role: "system" | "user" | "assistant";
  readonly content: ModelContent;
}

/** A strict JSON schema for the answer (every property required, no additional properties). */
export interface AnswerSchema {
  readonly name: string;
  readonly schema: Record<string, unknown>;
}

export interface ModelRequest {
  readonly role: ModelRole;
  readonly messages: ReadonlyArray<ModelMessage>;
  /** With a schema the answer is parsed and validated JSON; without one it is the text. */
  readonly schema?: AnswerSchema;
  readonly signal?: AbortSignal;
  /**
   * Upper bound of the answer's tokens (`max_tokens`); the endpoint's default when absent. An answer cut at it is asked
   * again once with a larger bound (renderers/openai: twice this), never sent back for repair with the same one.
   */
  readonly maxTokens?: number;
  /** Told of every answer the endpoint gives, including rounds that failed validation: each one costs. */
  readonly onUsage?: (usage: ModelUsage) => void;
}

export interface ModelUsage {
  readonly role: ModelRole;
  readonly model: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export interface ModelAnswer<T = unknown> {
  readonly value: T;
  /** The usage of all rounds of this call together (retries and repairs included). */
  readonly usage: ModelUsage;
  /** The answer stopped at the token limit (`finish_reason: length`): a text answer is cut short. */
  readonly truncated: boolean;
}

/**
 * How the service reaches its models (README: QUIRE_MODEL_*). `structured` says how JSON answers are asked for:
 * `json_schema` (strict structured outputs), `json_object` (JSON mode, validated here, with repair rounds; it carries
 * the schema as llama.cpp's server takes it until an endpoint refuses that), or `auto` (structured outputs, falling
 * back to JSON mode for good once the endpoint refuses them).
 */
export interface ModelSettings {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly models: Readonly<Record<ModelRole, string>>;
  /** One HTTP call's limit; past it the call is aborted (and retried, as a connection error). */
  readonly timeoutMs: number;
  /** Retries of one call on 429, 5xx, timeouts and connection errors, with exponential backoff (Retry-After wins). */
  readonly retries: number;
  /** Rounds that send an invalid JSON answer's errors back to the model before giving up. */
  readonly repairRounds: number;
  readonly structured: "auto" | "json_schema" | "json_object";
}

/**
 * Raised by every call when no model is configured, or the configured one cannot answer (code for the Problem).
 * `model_cut_off`: a JSON answer stopped at its token limit, also once asked again with more room (a model that does
 * not stop, such as one that never closes a string). `model_no_images`: the endpoint takes no image input (a
 * llama.cpp server without a vision projector), which no retry changes.
 */
export class ModelUnavailable extends Error {
  readonly _tag = "ModelUnavailable";
  constructor(
    message: string,
    readonly code: "model_unavailable" | "model_refused" | "model_invalid_output" | "model_timeout" | "model_cut_off" | "model_no_images" = "model_unavailable",
  ) {
    super(message);
  }
}

export interface ModelClient {
  /** False when the deployment has no model: callers take their model-free path instead of calling. */
  readonly configured: boolean;
  /** The model name serving a role, for `versions.model`; undefined when none is configured. */
  readonly modelFor: (role: ModelRole) => string | undefined;
  readonly ask: <T = unknown>(request: ModelRequest) => Promise<ModelAnswer<T>>;
}

/** The client of a deployment with no model: says so, and refuses every call. */
export const noModel: ModelClient = {
  configured: false,
  modelFor: () => undefined,
  ask: () => Promise.reject(new ModelUnavailable("No model is configured (QUIRE_MODEL_BASE_URL is not set).")),
};
