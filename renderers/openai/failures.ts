/**
 * What went wrong with one HTTP attempt, and how it reads to an operator once retries are spent. Messages name
 * the status, the endpoint's host and the model, never the API key (some endpoints echo it back in their errors).
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { ModelUnavailable } from "../../core/contracts/model.ts";

export type Failure =
  | { readonly kind: "timeout" }
  | { readonly kind: "connection"; readonly detail: string }
  | { readonly kind: "status"; readonly status: number; readonly detail: string; readonly headers: Headers | undefined };

/** Thrown by one attempt (and by the retry loop once it gives up) so callers can look at the failure's kind. */
export class AttemptFailed extends Error {
  constructor(readonly failure: Failure, readonly attempts = 1) {
    super(failure.kind);
  }
}

const MAX_DETAIL = 300;

const clip = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_DETAIL ? `${flat.slice(0, MAX_DETAIL)}…` : flat;
};

/** The endpoint's own words about an error: its `error.message` when it gave one, else the library's message. */
const detailOf = (error: APIError): string => {
  const body = error.error as { message?: unknown } | undefined;
  if (typeof body?.message === "string") return clip(body.message);
  if (body !== undefined && body !== null) return clip(JSON.stringify(body));
  return clip(error.message.replace(/^\d{3}\s+/, ""));
};

export const failureOf = (error: unknown): Failure | undefined => {
  if (error instanceof APIConnectionTimeoutError) return { kind: "timeout" };
  if (error instanceof APIConnectionError) {
    const cause = (error as { cause?: unknown }).cause;
    const code = (cause as { cause?: { code?: unknown } } | undefined)?.cause?.code;
    return { kind: "connection", detail: clip(typeof code === "string" ? `${error.message} (${code})` : error.message) };
  }
  if (error instanceof APIError && typeof error.status === "number") {
    return { kind: "status", status: error.status, detail: detailOf(error), headers: error.headers as Headers | undefined };
  }
  return undefined;
};

/**
 * An endpoint that cannot read images says so in its words, under any status: llama.cpp's server without a vision
 * projector answers 500 "image input is not supported", which is no server fault a retry would get past.
 */
export const refusesImages = (failure: Failure): boolean =>
  failure.kind === "status" &&
  /image input is not supported|image_url is only supported|does not support (image|vision)|images? (input )?(is|are) not supported/i.test(failure.detail);

export const isRetryable = (failure: Failure): boolean =>
  failure.kind !== "status" || (!refusesImages(failure) && (failure.status === 429 || (failure.status >= 500 && failure.status <= 599)));

/** Newer OpenAI models take `max_completion_tokens` only, and say so in a 400 naming `max_tokens`. */
export const refusesMaxTokens = (failure: Failure): boolean =>
  failure.kind === "status" && failure.status === 400 && /max_tokens/.test(failure.detail) && /max_completion_tokens|unsupported|not supported/i.test(failure.detail);

/** An endpoint without structured outputs (or without llama.cpp's `schema` in JSON mode) says so with a 400 (422, 501) about the response format. */
export const refusesJsonSchema = (failure: Failure): boolean =>
  failure.kind === "status" &&
  !refusesImages(failure) &&
  [400, 422, 501].includes(failure.status) &&
  /response_format|json_schema|schema|not supported/i.test(failure.detail);

export interface Where {
  readonly host: string;
  readonly model: string;
  readonly timeoutMs: number;
  readonly apiKey: string | undefined;
}

const redact = (text: string, apiKey: string | undefined): string =>
  apiKey && apiKey.length >= 4 ? text.split(apiKey).join("[redacted]") : text;

export const unavailable = (failed: AttemptFailed, where: Where): ModelUnavailable => {
  const { failure, attempts } = failed;
  const { host, model } = where;
  const tries = attempts > 1 ? ` after ${attempts} attempts` : "";
  const say = (message: string, code?: ModelUnavailable["code"]) => new ModelUnavailable(redact(message, where.apiKey), code);
  switch (failure.kind) {
    case "timeout":
      return say(`Model ${model} at ${host} did not answer within ${where.timeoutMs} ms${tries}.`, "model_timeout");
    case "connection":
      return say(`Could not reach the model endpoint ${host} (model ${model})${tries}: ${failure.detail}`);
  }
  const { status, detail } = failure;
  if (refusesImages(failure)) return say(`Model ${model} at ${host} takes no image input (HTTP ${status}): ${detail}`, "model_no_images");
  if (status === 401 || status === 403) {
    return say(`The model endpoint ${host} refused the API key (HTTP ${status}) for model ${model}: ${detail}`);
  }
  if (status === 404) return say(`Model ${model} not found at the endpoint ${host} (HTTP 404): ${detail}`);
  if (status === 429) return say(`The model endpoint ${host} kept rate-limiting model ${model} (HTTP 429)${tries}: ${detail}`);
  if (status >= 500) return say(`The model endpoint ${host} failed (HTTP ${status}) for model ${model}${tries}: ${detail}`);
  return say(`The model endpoint ${host} rejected the request for model ${model} (HTTP ${status}): ${detail}`);
};
