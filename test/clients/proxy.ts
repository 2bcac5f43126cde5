/**
 * A loopback HTTP proxy in front of the real service, for what the service itself never does on cue: an answer
 * that is late (a held create, an event stream that has not started) or a connection dropped after the service
 * already answered. Each request is asked of `hook` first; everything else is passed through as it is, streams too.
 */
import { createServer, request as forward, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** `forward`: pass it on; `drop`: pass it on, let the service answer, then cut the client's connection unanswered. */
export type Action = "forward" | "drop";

/** Decides what happens to a request; a promise holds the request until it settles. */
export type Hook = (req: IncomingMessage, index: number) => Action | Promise<Action>;

export interface Proxy {
  /** The proxy's base address, ending in /v1 like the service's. */
  readonly baseUrl: string;
  /** Every request seen, in order: method, path and the Idempotency-Key it carried. */
  readonly seen: Array<{ method: string; path: string; idempotencyKey?: string }>;
  hook: Hook;
  readonly close: () => Promise<void>;
}

export const startProxy = async (origin: string, hook: Hook = () => "forward"): Promise<Proxy> => {
  const target = new URL(origin);
  const sockets = new Set<Socket>();
  const seen: Proxy["seen"] = [];
  const proxy: Proxy = {
    baseUrl: "",
    seen,
    hook,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
  const server = createServer(async (req, res) => {
    const index = seen.length;
    seen.push({ method: req.method ?? "", path: (req.url ?? "").split("?")[0]!, idempotencyKey: req.headers["idempotency-key"] as string | undefined });
    const body: Buffer[] = [];
    for await (const chunk of req) body.push(chunk as Buffer);
    const action = await proxy.hook(req, index);
    const upstream = forward(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        if (action === "drop") {
          // The service has answered (and done the work); the client never hears of it.
          answer.resume();
          answer.once("end", () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.once("error", () => req.socket.destroy());
    // A client that goes away (an event stream it stopped following) ends the request to the service too.
    res.once("close", () => upstream.destroy());
    upstream.end(Buffer.concat(body));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  (proxy as { baseUrl: string }).baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return proxy;
};
