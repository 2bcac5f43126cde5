/**
 * Checks one Problem answer (interface, Errors): the status, `application/problem+json`, the body valid against
 * the spec's `Problem`, `code`, `type` = `{errors_url}/<code>` and `request_id` equal to the `X-Request-Id` header.
 * Works for answers of the typed client (pass its parsed `error`) and of raw `fetch` (see `fetchProblem`).
 */
import assert from "node:assert/strict";
import { validateProblem } from "../../generated/validators.js";
import type { components } from "../../generated/openapi.ts";

export type Problem = components["schemas"]["Problem"];

export const assertProblem = (response: Response, body: unknown, want: { status: number; code: string; errorsUrl: string }): Problem => {
  const shown = JSON.stringify(body);
  assert.equal(response.status, want.status, `status of ${shown}`);
  assert.match(response.headers.get("content-type") ?? "", /^application\/problem\+json(\s*;.*)?$/, "content type");
  assert.ok(validateProblem(body), `not a Problem: ${JSON.stringify(validateProblem.errors)} ${shown}`);
  const problem = body as Problem;
  assert.equal(problem.code, want.code, shown);
  assert.equal(problem.status, want.status, shown);
  assert.equal(problem.type, `${want.errorsUrl}/${want.code}`, shown);
  const requestId = response.headers.get("x-request-id");
  assert.match(requestId ?? "", /^req_[0-9A-HJKMNP-TV-Z]{26}$/, "X-Request-Id header");
  assert.equal(problem.request_id, requestId, "request_id equals X-Request-Id");
  return problem;
};

/** The JSON pointers of a Problem's `errors`, sorted and deduplicated. */
export const pointersOf = (problem: Problem) => [...new Set((problem.errors ?? []).map((e) => e.path))].sort();

/** Raw request (for what the typed client cannot send) whose answer must be a Problem. */
export const fetchProblem = async (url: string, init: RequestInit, want: { status: number; code: string; errorsUrl: string }) => {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    assert.fail(`${init.method ?? "GET"} ${url} answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  return { response, problem: assertProblem(response, body, want), text };
};
