/**
 * Signed download links: `/v1/downloads/{output_id}?expires=<unix seconds>&signature=<hmac>`. The HMAC covers the
 * output id and the expiry, so a link cannot be stretched or pointed at another file. Served without an API key:
 * the signature is the permission.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const DOWNLOAD_TTL_SECONDS = 300;

const mac = (secret: string, outputId: string, expires: number) =>
  createHmac("sha256", secret).update(`${outputId}.${expires}`).digest("base64url");

export const signDownload = (publicUrl: string, secret: string, outputId: string, expiresAt: Date): string => {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${publicUrl}/v1/downloads/${outputId}?expires=${expires}&signature=${mac(secret, outputId, expires)}`;
};

export type LinkCheck = "ok" | "expired" | "invalid";

export const checkDownload = (secret: string, outputId: string, expires: string | undefined, signature: string | undefined, now: Date): LinkCheck => {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return "invalid";
  const expected = Buffer.from(mac(secret, outputId, Number(expires)));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  return Number(expires) * 1000 <= now.getTime() ? "expired" : "ok";
};
