/**
 * A `lookup` for node's http clients that refuses, at connect time, a name resolving to any non-public address, so
 * DNS cannot swap in a private address after a URL was checked. Used by every outgoing request to a caller's address:
 * fetched files (safe-fetch.ts) and webhook deliveries (core/webhooks/send.ts).
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { isPublicAddress } from "./addresses.ts";

export const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((a) => !allowPrivate && !isPublicAddress(a.address));
      if (refused || list.length === 0) {
        return callback(Object.assign(new Error(`${hostname} resolves to a non-public address`), { code: "QUIRE_ADDRESS" }), "", 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
