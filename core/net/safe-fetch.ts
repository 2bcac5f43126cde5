/**
 * Fetching a caller's URL safely: http or https only, every resolved address public (checked again at connect
 * time, so DNS cannot swap in a private address after the check), at most 5 redirects each checked the same way,
 * a time limit for the whole fetch and a size limit enforced while the body streams in.
 * `allowPrivate` (QUIRE_ALLOW_PRIVATE_URLS=1) lifts the address rule for local tests only.
 */
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isPublicAddress } from "./addresses.ts";
import { guardedLookup } from "./lookup.ts";

export class FetchRefused extends Error {
  constructor(
    message: string,
    readonly reason: "scheme" | "address" | "redirects" | "status" | "size" | "timeout" | "network",
  ) {
    super(message);
  }
}

export interface SafeFetchOptions {
  readonly maxBytes: number;
  readonly timeoutMs?: number;
  readonly maxRedirects?: number;
  readonly allowPrivate?: boolean;
  readonly signal?: AbortSignal;
}

export interface Fetched {
  readonly url: string;
  readonly bytes: Buffer;
  readonly contentType: string | null;
}

const once = (url: URL, opts: SafeFetchOptions, signal: AbortSignal) =>
  new Promise<{ status: number; location?: string; contentType: string | null; bytes?: Buffer }>((resolve, reject) => {
    const allowPrivate = opts.allowPrivate ?? false;
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && !allowPrivate && !isPublicAddress(host)) {
      return reject(new FetchRefused(`${url.hostname} is not a public address`, "address"));
    }
    const client = url.protocol === "https:" ? https : http;
    const req = client.get(url, { lookup: guardedLookup(allowPrivate), signal, headers: { "user-agent": "Quire/0.1 (+document service)", accept: "*/*" } }, (res) => {
      const status = res.statusCode ?? 0;
      const contentType = res.headers["content-type"] ?? null;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ status, location: res.headers.location, contentType });
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return reject(new FetchRefused(`${url.href} answered ${status}`, "status"));
      }
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        res.destroy();
        return reject(new FetchRefused(`${url.href} is over ${opts.maxBytes} bytes`, "size"));
      }
      const chunks: Buffer[] = [];
      let total = 0;
      res.on("data", (chunk: Buffer) => {
        total += chunk.length;
        if (total > opts.maxBytes) {
          res.destroy();
          reject(new FetchRefused(`${url.href} is over ${opts.maxBytes} bytes`, "size"));
          return;
        }
        chunks.push(chunk);
      });
      res.on("end", () => resolve({ status, contentType, bytes: Buffer.concat(chunks, total) }));
      res.on("error", (error) => reject(new FetchRefused(error.message, "network")));
    });
    req.on("error", (error: Error & { code?: string }) => {
      if (error.code === "QUIRE_ADDRESS") reject(new FetchRefused(error.message, "address"));
      else if (signal.aborted) reject(new FetchRefused(`fetching ${url.href} took too long`, "timeout"));
      else reject(new FetchRefused(`${url.href}: ${error.message}`, "network"));
    });
  });

export const safeFetch = async (address: string, opts: SafeFetchOptions): Promise<Fetched> => {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 15_000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused(`not a URL: ${address}`, "scheme");
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused(`only http and https URLs are fetched, not ${url.protocol}`, "scheme");
    if (url.username || url.password) throw new FetchRefused("URLs with credentials are not fetched", "scheme");
    const answer = await once(url, opts, signal);
    if (answer.bytes) return { url: url.href, bytes: answer.bytes, contentType: answer.contentType };
    if (redirects >= (opts.maxRedirects ?? 5)) throw new FetchRefused(`more than ${opts.maxRedirects ?? 5} redirects`, "redirects");
    url = new URL(answer.location!, url);
  }
};
