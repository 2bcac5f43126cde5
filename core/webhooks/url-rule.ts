/**
 * Which addresses may receive webhooks (interface, Webhook endpoint: "HTTPS, public address"): `https` only, no
 * credentials in the URL, and a host that is not loopback, private, link-local or otherwise non-public — the same
 * rule as every caller URL (core/net/addresses.ts). Checked when an endpoint is registered and again on every
 * connection (deliveries resolve through `guardedLookup`), so a name that later resolves to a private address is
 * still refused. `allowPrivate` (QUIRE_ALLOW_PRIVATE_URLS=1, tests only) also lets plain `http` through.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { isPublicAddress } from "../net/addresses.ts";

export const MAX_URL_LENGTH = 2048;

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

const isLocalName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/** Refusals that need no network: the scheme, credentials, an address written in the URL, `localhost`. */
export const staticRefusal = (raw: string, allowPrivate: boolean): string | null => {
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL";
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return "must be an https URL";
  if (url.username || url.password) return "must not carry credentials";
  const host = hostOf(url);
  if (!host) return "must name a host";
  if (allowPrivate) return null;
  if (isIP(host) && !isPublicAddress(host)) return `must be a public address; ${host} is not`;
  if (isLocalName(host)) return `must be a public address; ${host} is not`;
  return null;
};

/**
 * The rule at registration: the static checks, then the host's current addresses when it resolves. A name that
 * does not resolve (yet) is accepted: every delivery resolves it again and refuses a non-public answer.
 */
export const urlRefusal = async (raw: string, allowPrivate: boolean, timeoutMs = 3000): Promise<string | null> => {
  const refusal = staticRefusal(raw, allowPrivate);
  if (refusal || allowPrivate) return refusal;
  const host = hostOf(new URL(raw));
  if (isIP(host)) return null;
  const addresses = await Promise.race([
    new Promise<LookupAddress[] | null>((resolve) => dnsLookup(host, { all: true }, (error, list) => resolve(error ? null : list))),
    delay(timeoutMs, null, { ref: false }),
  ]);
  const blocked = addresses?.find((a) => !isPublicAddress(a.address));
  return blocked ? `must be a public address; ${host} resolves to ${blocked.address}` : null;
};

/** The connect-time guard, shared with fetched files. */
export { guardedLookup } from "../net/lookup.ts";
