/** @quire/client: the typed client of the Quire API, its flow helpers, and webhook verification. */
export { createQuire, type Quire, type QuireHelpers } from "./client.ts";
export { DEFAULT_BASE_URL, type Api, type QuireOptions } from "./api.ts";
export { QuireProblem, type ClientCode } from "./problem.ts";
export { verifyWebhook, type VerifyOptions, type WebhookMessage } from "./webhooks.ts";
export { FINAL_EVENTS, sseData, type FollowOptions } from "./events.ts";
export { outputFileName, type SaveOptions } from "./outputs.ts";
export type { WaitOptions } from "./create-and-wait.ts";
export type { ExtractOptions } from "./files.ts";
export type { RetryOptions } from "./retry.ts";
export type * from "./types.ts";
export type { paths, components, operations } from "./generated/openapi.ts";
