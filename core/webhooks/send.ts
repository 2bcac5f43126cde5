/**
 * One delivery attempt: a signed `POST` of the stored body to the endpoint, through keep-alive agents whose
 * connections resolve names with the public-address guard (url-rule.ts). The attempt counts as delivered only on a
 * `2xx` within the time limit; a redirect is not followed (it is a failure), nor is anything else retried here —
 * the schedule is the outbox's business.
 */
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isPublicAddress } from "../net/addresses.ts";
import { guardedLookup } from "./url-rule.ts";
import { signedHeaders } from "./signing.ts";
import type { Outcome } from "./outbox.ts";

/** What is read of a receiver's answer before it is cut off; the body is not used. */
const MAX_REPLY_BYTES = 64 * 1024;

/** The error of an attempt aborted by the caller (shutdown), which therefore does not count. */
export const CUT_SHORT = "the attempt was cut short";

export interface Sender {
  readonly send: (message: { id: string; url: string; secret: string; body: string }, at: Date, signal?: AbortSignal) => Promise<Outcome>;
  readonly close: () => void;
}

export const makeSender = (opts: { allowPrivate: boolean; timeoutMs: number; freeSocketsPerHost: number }): Sender => {
  const lookup = guardedLookup(opts.allowPrivate);
  // No per-host socket limit here: the deliverer's per-endpoint cap bounds connections, and a limit per host would
  // let a dead endpoint's hanging attempts hold up another endpoint on the same host.
  const agentOptions = { keepAlive: true, maxSockets: Infinity, maxFreeSockets: opts.freeSocketsPerHost, lookup, scheduling: "lifo" as const };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  const send: Sender["send"] = (message, at, signal) =>
    new Promise<Outcome>((resolve) => {
      let url: URL;
      try {
        url = new URL(message.url);
      } catch {
        return resolve({ ok: false, status: null, error: "the endpoint URL is not valid" });
      }
      const secure = url.protocol === "https:";
      if (!secure && !(opts.allowPrivate && url.protocol === "http:")) return resolve({ ok: false, status: null, error: "only https endpoints are called" });
      const host = url.hostname.replace(/^\[|\]$/g, "");
      if (isIP(host) && !opts.allowPrivate && !isPublicAddress(host)) return resolve({ ok: false, status: null, error: `${host} is not a public address` });
      const body = Buffer.from(message.body, "utf8");
      let settled = false;
      const finish = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        resolve(outcome);
      };
      const req = (secure ? https : http).request(url, {
        method: "POST",
        agent: secure ? agents.https : agents.http,
        headers: {
          ...signedHeaders(message.secret, message.id, at, body),
          "content-type": "application/json",
          "content-length": String(body.length),
          "user-agent": "Quire-Webhooks/0.1",
        },
      });
      const timer = setTimeout(() => {
        finish({ ok: false, status: null, error: `no answer within ${opts.timeoutMs} ms` });
        req.destroy();
      }, opts.timeoutMs);
      const onAbort = () => {
        finish({ ok: false, status: null, error: CUT_SHORT });
        req.destroy();
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      req.on("response", (res) => {
        // The status decides; the reply's body is drained (so the connection can be reused) and never read.
        const status = res.statusCode ?? 0;
        finish(
          status >= 200 && status < 300
            ? { ok: true, status }
            : { ok: false, status, error: status >= 300 && status < 400 ? `answered ${status}; redirects are not followed` : `answered ${status}` },
        );
        let read = 0;
        const drain = setTimeout(() => res.destroy(), opts.timeoutMs);
        drain.unref();
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_REPLY_BYTES) res.destroy();
        });
        res.on("close", () => clearTimeout(drain));
        res.on("error", () => clearTimeout(drain));
      });
      req.on("error", (error: Error & { code?: string }) => {
        const reason = error.code === "QUIRE_ADDRESS" ? error.message : error.code ? `${error.code}: ${error.message}` : error.message;
        finish({ ok: false, status: null, error: reason });
      });
      req.end(body);
    });

  return {
    send,
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
};
