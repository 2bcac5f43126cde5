/**
 * An artifact's origin name and the token its page carries (artifact contract, Names and places). The slug is the
 * lower-cased ULID part of the document id (`doc_01JABC…` → `01jabc…`), a DNS label. The token is
 * `<exp>.<sig>`: `exp` in unix seconds, `sig` the base64url HMAC-SHA256 of `<slug>.<exp>` with the service's
 * signing secret, the same pair as the page link's `exp` and `sig`, so the page passes on what its link held.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const SLUG = /^[0-9a-hjkmnp-tv-z]{26}$/;

export const artifactSlug = (documentId: string): string => documentId.slice(4).toLowerCase();

/** The document id of a slug, or null when the label is not one. */
export const documentIdOfSlug = (slug: string): string | null => (SLUG.test(slug) ? `doc_${slug.toUpperCase()}` : null);

export const artifactSignature = (secret: string, slug: string, exp: number): string =>
  createHmac("sha256", secret).update(`${slug}.${exp}`).digest("base64url");

export const signArtifactToken = (secret: string, slug: string, exp: number): string => `${exp}.${artifactSignature(secret, slug, exp)}`;

export type TokenCheck = "ok" | "expired" | "invalid";

/** Checks `exp` and `sig` for `slug` at `now`: a wrong signature is invalid whatever its time. */
export const checkArtifactSignature = (secret: string, slug: string, exp: string | undefined, sig: string | undefined, now: Date): TokenCheck => {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return "invalid";
  const expected = Buffer.from(artifactSignature(secret, slug, Number(exp)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  return Number(exp) * 1000 <= now.getTime() ? "expired" : "ok";
};

/** Checks a token `<exp>.<sig>`; also returns its expiry (ms) when it holds. */
export const checkArtifactToken = (secret: string, slug: string, token: string | undefined, now: Date): { check: TokenCheck; expiresAtMs: number } => {
  const dot = token?.indexOf(".") ?? -1;
  if (!token || dot <= 0) return { check: "invalid", expiresAtMs: 0 };
  const exp = token.slice(0, dot);
  return { check: checkArtifactSignature(secret, slug, exp, token.slice(dot + 1), now), expiresAtMs: Number(exp) * 1000 };
};
