/**
 * Standard Webhooks signing (interface, Authentication): a secret `whsec_<base64 key>`, and for each attempt the
 * headers `webhook-id`, `webhook-timestamp` (Unix seconds of that attempt, so a receiver's 5-minute age check
 * passes on a retry) and `webhook-signature` = `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with
 * the base64-decoded part after `whsec_`.
 */
import { createHmac, randomBytes } from "node:crypto";

export const SECRET_PREFIX = "whsec_";

/** A new endpoint secret: 32 random bytes (the key length Standard Webhooks recommends), base64. */
export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;

const keyOf = (secret: string): Buffer => {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("a webhook secret starts with whsec_");
  return Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
};

/** The `webhook-signature` value of one attempt. */
export const signature = (secret: string, id: string, timestampSeconds: number, body: string | Buffer): string => {
  const mac = createHmac("sha256", keyOf(secret));
  mac.update(`${id}.${timestampSeconds}.`);
  mac.update(body);
  return `v1,${mac.digest("base64")}`;
};

/** The three headers of one attempt made at `at`. */
export const signedHeaders = (secret: string, id: string, at: Date, body: string | Buffer): Record<string, string> => {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signature(secret, id, timestamp, body),
  };
};
