/**
 * The model client over the OpenAI-compatible chat completions API (OpenAI, Ollama, vLLM, llama.cpp's server).
 * The library's own retries and timeout are off: the retry, backoff, per-attempt timeout and cancel logic here is
 * the only one, so a weak or stuck local endpoint fails with a `ModelUnavailable` the caller can act on, never hangs.
 */
import OpenAI from "openai";
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import {
  ModelUnavailable,
  type AnswerSchema,
  type ModelAnswer,
  type ModelClient,
  type ModelMessage,
  type ModelRequest,
  type ModelRole,
  type ModelSettings,
  type ModelUsage,
} from "../../core/contracts/model.ts";
import { fetchWithReadableErrors } from "./error-bodies.ts";
import { AttemptFailed, failureOf, isRetryable, refusesJsonSchema, refusesMaxTokens, unavailable, type Where } from "./failures.ts";
import { parseJsonAnswer, repairMessage, schemaErrors } from "./json-answer.ts";
import { schemaInstruction, wireMessages } from "./messages.ts";
import { abortError, backoffMs, retryAfterMs, sleep } from "./retry.ts";
import { assertStrict } from "./strict.ts";

/**
 * How a JSON answer is asked for, in the order an `auto` client steps down on refusals: structured outputs; JSON mode
 * carrying the schema (llama.cpp's server enforces `{type: "json_object", schema}`, while its plain JSON mode is not
 * enforced and answers free text); plain JSON mode. The answer is validated here whichever was used.
 */
type Mode = "json_schema" | "json_object_schema" | "json_object";

const MAX_ENLARGED_TOKENS = 32_768;

/**
 * The limit an answer cut at `limit` is asked again with: twice the limit its step sized for its answer. An answer
 * that fits in neither is a model that does not stop (a JSON string never closed), and more room would only cost
 * minutes. The cap is past the largest step (the agent's program, 16,000) and what local servers' contexts hold.
 */
const enlargedLimit = (limit: number): number => Math.min(2 * limit, MAX_ENLARGED_TOKENS);

const tokens = (n: number): string => n.toLocaleString("en-US");

const hostOf = (baseUrl: string): string => {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
};

/** Rejects as soon as `signal` aborts, so nothing waits on a library promise that is slow to notice. */
const untilAborted = <T>(work: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });

const TIMED_OUT = Symbol("timed out");

const textOf = (content: unknown): string => {
  if (typeof content === "string") return content;
  // Some servers answer with content parts even for plain text.
  if (Array.isArray(content)) {
    return content.map((p) => (typeof (p as { text?: unknown }).text === "string" ? (p as { text: string }).text : "")).join("");
  }
  return "";
};

export const openAiModel = (settings: ModelSettings): ModelClient => {
  const openai = new OpenAI({
    baseURL: settings.baseUrl,
    // Local servers need no key, but the library insists on one.
    apiKey: settings.apiKey || "none",
    // Explicit nulls keep the library from reading OPENAI_* variables and sending them to a third-party endpoint.
    adminAPIKey: null,
    organization: null,
    project: null,
    maxRetries: 0,
    // Our own timer (per attempt, up to the answer's last byte) fires first; this one only backs it up.
    timeout: settings.timeoutMs + 1000,
    fetch: fetchWithReadableErrors,
  });
  const host = hostOf(settings.baseUrl);
  // Once an endpoint refuses a way of asking it will keep refusing it: the next one down is used from then on.
  let mode: Mode = settings.structured === "json_object" ? "json_object_schema" : "json_schema";
  // Local servers know `max_tokens`; OpenAI's newer models refuse it for `max_completion_tokens`, learnt on first refusal.
  let limitField: "max_tokens" | "max_completion_tokens" = "max_tokens";

  /** One HTTP call, limited by `timeoutMs` from the request to the last byte of the answer. */
  const attempt = async (body: ChatCompletionCreateParamsNonStreaming, signal: AbortSignal | undefined): Promise<ChatCompletion> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(TIMED_OUT), settings.timeoutMs);
    const cancel = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", cancel, { once: true });
    try {
      const call = openai.chat.completions.create(body, { signal: controller.signal, timeout: settings.timeoutMs + 1000, maxRetries: 0 });
      return await untilAborted(call, controller.signal);
    } catch (error) {
      if (signal?.aborted) throw abortError();
      if (controller.signal.reason === TIMED_OUT) throw new AttemptFailed({ kind: "timeout" });
      const failure = failureOf(error);
      if (failure) throw new AttemptFailed(failure);
      // A connection dropped while the answer's body was read surfaces as undici's bare TypeError ("terminated").
      if (error instanceof TypeError) throw new AttemptFailed({ kind: "connection", detail: error.message });
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", cancel);
    }
  };

  /** Attempts with retries on 429, 5xx, timeouts and connection errors; other failures come back at once. */
  const send = async (body: ChatCompletionCreateParamsNonStreaming, signal: AbortSignal | undefined): Promise<ChatCompletion> => {
    for (let n = 0; ; n++) {
      try {
        return await attempt(body, signal);
      } catch (error) {
        if (!(error instanceof AttemptFailed)) throw error;
        if (!isRetryable(error.failure)) throw new AttemptFailed(error.failure, n + 1);
        if (n >= settings.retries) throw new AttemptFailed(error.failure, n + 1);
        const asked = error.failure.kind === "status" ? retryAfterMs(error.failure.headers) : undefined;
        await sleep(asked ?? backoffMs(n), signal);
      }
    }
  };

  const ask = async <T = unknown>(request: ModelRequest): Promise<ModelAnswer<T>> => {
    const { role, schema, signal } = request;
    const model = settings.models[role];
    if (schema) {
      if (!/^[a-zA-Z0-9_-]{1,64}$/.test(schema.name)) throw new Error(`The schema name "${schema.name}" is not 1–64 letters, digits, _ or -.`);
      assertStrict(schema.schema, `schema "${schema.name}"`);
    }
    if (signal?.aborted) throw abortError();
    const where: Where = { host, model, timeoutMs: settings.timeoutMs, apiKey: settings.apiKey };
    let inputTokens = 0;
    let outputTokens = 0;
    const usage = (): ModelUsage => ({ role, model, inputTokens, outputTokens });
    let limit = request.maxTokens;
    // The first limit, once an answer cut at it was asked again with a larger one (that happens once per call).
    let enlargedFrom: number | undefined;

    const formatFor = (as: Mode | undefined): Pick<ChatCompletionCreateParamsNonStreaming, "response_format"> => {
      if (!schema || as === undefined) return {};
      if (as === "json_schema") return { response_format: { type: "json_schema", json_schema: { name: schema.name, schema: schema.schema, strict: true } } };
      // llama.cpp's extension; the library's type knows no `schema` on JSON mode.
      if (as === "json_object_schema") return { response_format: { type: "json_object", schema: schema.schema } as { type: "json_object" } };
      return { response_format: { type: "json_object" } };
    };

    const bodyFor = (messages: ReadonlyArray<ModelMessage>, as: Mode | undefined): ChatCompletionCreateParamsNonStreaming => ({
      model,
      // JSON mode enforces no schema on most endpoints, so the model reads it in the system message.
      messages: wireMessages(messages, as !== undefined && as !== "json_schema" && schema ? schemaInstruction(schema) : undefined),
      ...(limit !== undefined ? { [limitField]: limit } : {}),
      ...formatFor(as),
    });

    /** One answer from the endpoint (stepping down the ways of asking for JSON as they are refused). */
    const answer = async (messages: ReadonlyArray<ModelMessage>): Promise<Answered> => {
      let completion: ChatCompletion;
      for (;;) {
        const as = schema ? mode : undefined;
        try {
          completion = await send(bodyFor(messages, as), signal);
          break;
        } catch (error) {
          if (!(error instanceof AttemptFailed)) throw error;
          if (limitField === "max_tokens" && request.maxTokens !== undefined && refusesMaxTokens(error.failure)) {
            limitField = "max_completion_tokens";
            continue;
          }
          if (as === "json_schema" && settings.structured === "auto" && refusesJsonSchema(error.failure)) {
            mode = "json_object_schema";
            continue;
          }
          if (as === "json_object_schema" && refusesJsonSchema(error.failure)) {
            mode = "json_object";
            continue;
          }
          throw unavailable(error, where);
        }
      }
      // Local servers may leave usage out (or put something odd in it): that counts as nothing used.
      const used = { input: Number(completion?.usage?.prompt_tokens) || 0, output: Number(completion?.usage?.completion_tokens) || 0 };
      inputTokens += used.input;
      outputTokens += used.output;
      request.onUsage?.({ role, model, inputTokens: used.input, outputTokens: used.output });
      // A proxy's HTML page or a non-chat server arrives here as text or as some other object.
      const choice = typeof completion === "object" && completion !== null ? completion.choices?.[0] : undefined;
      if (!choice?.message) {
        const got = typeof completion === "string" ? `: ${JSON.stringify((completion as string).slice(0, 120))}` : "";
        throw new ModelUnavailable(`Model ${model} at ${host} did not answer with a chat completion${got}.`);
      }
      const refusal = choice.message.refusal?.trim();
      if (refusal || choice.finish_reason === "content_filter") {
        throw new ModelUnavailable(
          refusal ? `Model ${model} refused: ${refusal.slice(0, 300)}` : `Model ${model}'s answer was stopped by the endpoint's content filter.`,
          "model_refused",
        );
      }
      return { text: textOf(choice.message.content), truncated: choice.finish_reason === "length" };
    };

    /** One answer; one cut at its limit is asked again, once, with the larger limit: the same messages, no repair. */
    const complete = async (messages: ReadonlyArray<ModelMessage>): Promise<Answered> => {
      const first = await answer(messages);
      if (!first.truncated || limit === undefined || enlargedFrom !== undefined || enlargedLimit(limit) <= limit) return first;
      enlargedFrom = limit;
      limit = enlargedLimit(limit);
      try {
        return await answer(messages);
      } catch (error) {
        // A text cut short is still text (callers keep its whole blocks): a larger request refused or timed out leaves it.
        if (!schema && error instanceof ModelUnavailable) return first;
        throw error;
      }
    };

    /** Why a JSON answer cut at a limit we set is final; undefined when the endpoint's own default cut it. */
    const cutOff = (name: string): ModelUnavailable | undefined => {
      if (limit === undefined) return undefined;
      const where = enlargedFrom !== undefined ? `${tokens(enlargedFrom)} tokens and, asked again, at ${tokens(limit)}` : `${tokens(limit)} tokens`;
      return new ModelUnavailable(`Model ${model} stopped at ${where}, without finishing its "${name}" JSON.`, "model_cut_off");
    };

    if (!schema) {
      const { text, truncated } = await complete(request.messages);
      return { value: text as T, usage: usage(), truncated };
    }
    return answerWithSchema<T>(schema, request.messages, complete, settings.repairRounds, model, usage, () => cutOff(schema.name));
  };

  return { configured: true, modelFor: (role: ModelRole) => settings.models[role], ask };
};

type Answered = { text: string; truncated: boolean };

/**
 * Parses and validates each answer; an invalid one goes back to the model with its errors, `rounds` times at most.
 * An invalid answer that was cut at a limit we set (and already asked again with more room) ends the call at once:
 * a repair round would have the same limit.
 */
const answerWithSchema = async <T>(
  schema: AnswerSchema,
  initial: ReadonlyArray<ModelMessage>,
  answer: (messages: ReadonlyArray<ModelMessage>) => Promise<Answered>,
  rounds: number,
  model: string,
  usage: () => ModelUsage,
  cutOff: () => ModelUnavailable | undefined,
): Promise<ModelAnswer<T>> => {
  const messages = [...initial];
  for (let round = 0; ; round++) {
    const { text, truncated } = await answer(messages);
    const parsed = parseJsonAnswer(text);
    const errors = parsed.ok ? schemaErrors(schema, parsed.value) : [`(root) ${parsed.error}`];
    if (errors.length === 0) return { value: parsed.ok ? (parsed.value as T) : (undefined as T), usage: usage(), truncated };
    const cut = truncated ? cutOff() : undefined;
    if (cut) throw cut;
    if (round >= rounds) {
      const shown = errors.slice(0, 3).join("; ");
      throw new ModelUnavailable(
        `Model ${model} gave no valid "${schema.name}" answer in ${round + 1} tries${truncated ? " (cut off at the token limit)" : ""}: ${shown}`,
        "model_invalid_output",
      );
    }
    messages.push({ role: "assistant", content: text }, { role: "user", content: repairMessage(errors, truncated, parsed.ok) });
  }
};
