/** The model client for OpenAI-compatible endpoints, and the strict-schema check its callers can use up front. */
export { openAiModel } from "./client.ts";
export { assertStrict } from "./strict.ts";
