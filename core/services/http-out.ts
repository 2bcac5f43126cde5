/**
 * Outgoing HTTP as a service: every call the service makes to an address a caller named (source URLs, pictures,
 * webhooks) goes through the guarded fetch, which checks the address at connect time (core/net), so a test can
 * count or refuse calls without a network and a DNS answer cannot be swapped between check and connect.
 */
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";
import { safeFetch, type Fetched, type SafeFetchOptions } from "../net/safe-fetch.ts";

export interface HttpOutShape {
  readonly fetch: (address: string, options: SafeFetchOptions) => Promise<Fetched>;
}

export class HttpOut extends Context.Tag("quire/HttpOut")<HttpOut, HttpOutShape>() {
  static layer = Layer.succeed(HttpOut, { fetch: safeFetch });
}
