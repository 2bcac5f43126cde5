/** The typed openapi-fetch client of the spec's paths, with the Quire middleware in place. */
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./generated/openapi.ts";
import { bearer, idempotency, problems } from "./middleware.ts";
import { retryingFetch, type RetryOptions } from "./retry.ts";

export type Api = Client<paths>;

export interface QuireOptions {
  /** The regional base address, ending in `/v1`. Default http://localhost:8080/v1. */
  baseUrl?: string;
  apiKey: string;
  /** A fetch to send with (tests, proxies); default the global fetch. */
  fetch?: typeof fetch;
  /**
   * Resends after 429 and 503 honouring Retry-After, and a request with an Idempotency-Key after a dropped
   * connection: a count, or the full options. Default 3.
   */
  retries?: number | RetryOptions;
}

export const DEFAULT_BASE_URL = "http://localhost:8080/v1";

/** The fetch every call goes through: the caller's (or the global one) with retries. */
export const sendingFetch = (options: QuireOptions): typeof fetch => {
  const retry = typeof options.retries === "number" ? { retries: options.retries } : options.retries;
  return retryingFetch(options.fetch ?? globalThis.fetch, retry);
};

export const createApi = (options: QuireOptions, send = sendingFetch(options)): Api => {
  const api = createClient<paths>({
    baseUrl: (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ""),
    fetch: (request) => send(request),
  });
  api.use(bearer(options.apiKey), idempotency, problems);
  return api;
};
