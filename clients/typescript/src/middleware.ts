/**
 * openapi-fetch middleware of every Quire client: the bearer key, an idempotency key on creates, and non-2xx
 * answers thrown as QuireProblem (so a call either gives its typed `data` or throws, never a half-read error).
 */
import type { Middleware } from "openapi-fetch";
import { QuireProblem } from "./problem.ts";

export const bearer = (apiKey: string): Middleware => ({
  onRequest({ request }) {
    request.headers.set("Authorization", `Bearer ${apiKey}`);
    return request;
  },
});

/**
 * A random Idempotency-Key for every POST /documents that has none, set before the retrying fetch sees the
 * request: a create retried after a 429 or a dropped connection then returns the first document instead of
 * making (and charging) a second one.
 */
export const idempotency: Middleware = {
  onRequest({ request, schemaPath }) {
    if (request.method === "POST" && schemaPath === "/documents" && !request.headers.has("Idempotency-Key")) {
      request.headers.set("Idempotency-Key", crypto.randomUUID());
    }
    return request;
  },
};

export const problems: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await QuireProblem.fromResponse(response);
    return response;
  },
};
