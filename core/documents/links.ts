/**
 * Signed links. Downloads: `/v1/downloads/{output_id}?expires=<unix seconds>&signature=<hmac>`; the HMAC covers the
 * output id and the expiry, so a link cannot be stretched or pointed at another file. Artifact pages:
 * `<scheme>://<slug>.<artifact host>/?exp=<unix seconds>&sig=<hmac>` over `<slug>.<exp>` (the slug is the document
 * id's ULID in lower case, so the page's origin is its own); `<exp>.<sig>` is also the token the page sends to its
 * storage API (core/artifacts/token.ts signs and checks it). Both are served without an API key: the signature is
 * the permission. Output ids start `out_` and slugs never do, so one kind of signature never stands for the other.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { artifactSignature, artifactSlug } from "../artifacts/token.ts";

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

/** The origin of an artifact's page: the public URL's scheme, the slug under the artifact host. */
export const artifactOrigin = (publicUrl: string, artifactHost: string, documentId: string) =>
  `${new URL(publicUrl).protocol}//${artifactSlug(documentId)}.${artifactHost}`;

/** The page link (the `html` output's `url`); its `exp` and `sig` are the token the page sends to its storage. */
export const signArtifactPage = (publicUrl: string, artifactHost: string, secret: string, documentId: string, exp: number): string =>
  `${artifactOrigin(publicUrl, artifactHost, documentId)}/?exp=${exp}&sig=${artifactSignature(secret, artifactSlug(documentId), exp)}`;
