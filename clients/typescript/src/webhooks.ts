/**
 * Checking a webhook message the service sent (Standard Webhooks): `webhook-signature` holds one or more
 * `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64 part of the
 * endpoint's `whsec_` secret; a timestamp too far from now is refused so a captured message cannot be replayed.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { QuireProblem } from "./problem.ts";
import type { components } from "./generated/openapi.ts";

export type WebhookMessage = components["schemas"]["WebhookEvent"];

export interface VerifyOptions {
  /** The largest age (or lead) of `webhook-timestamp`, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The current time (tests). */
  now?: Date;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

const header = (headers: HeaderSource, name: string): string | undefined => {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(entry) ? entry[0] : entry;
};

const invalid = (detail: string) => QuireProblem.client("webhook_invalid", "Webhook verification failed", detail, 400);

/** Returns the parsed message when the signature is right and fresh; throws a QuireProblem `webhook_invalid` otherwise. */
export const verifyWebhook = (
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  secret: string,
  options: VerifyOptions = {},
): WebhookMessage => {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw invalid("webhook-id, webhook-timestamp and webhook-signature are required");
  if (!secret.startsWith("whsec_")) throw invalid("the secret starts with whsec_");
  const seconds = Number(timestamp);
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) {
    throw invalid("webhook-timestamp is missing or outside the tolerance");
  }
  const body = typeof rawBody === "string" ? Buffer.from(rawBody) : Buffer.from(rawBody);
  const expected = createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
    .update(`${id}.${timestamp}.`)
    .update(body)
    .digest();
  // Several signatures may be sent (a secret being rotated): one match is enough.
  const matches = signatures.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw invalid("no signature matches the secret");
  return JSON.parse(body.toString("utf8")) as WebhookMessage;
};
