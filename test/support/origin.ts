/** Requests to an artifact's own origin (`<slug>.localhost:<port>`): sent to 127.0.0.1 with the URL's host as Host. */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const send = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string }, onResponse: (res: IncomingMessage) => void, onError: (error: Error) => void) => {
  const u = new URL(url);
  const req = httpRequest({ host: "127.0.0.1", port: u.port, path: `${u.pathname}${u.search}`, method: init.method ?? "GET", headers: { host: u.host, ...init.headers } }, onResponse);
  req.on("error", onError);
  req.end(init.body);
  return req;
};

/** A whole answer. */
export const onOrigin = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  new Promise<Answer>((resolve, reject) => {
    send(
      url,
      init,
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      },
      reject,
    );
  });

/** An answer read as it comes (an event stream): `received` grows; `close` ends it. */
export const streamOnOrigin = (url: string, headers: Record<string, string>) =>
  new Promise<{ readonly status: number; readonly received: () => string; readonly close: () => void }>((resolve, reject) => {
    let text = "";
    const req = send(
      url,
      { headers },
      (res) => {
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        resolve({ status: res.statusCode!, received: () => text, close: () => req.destroy() });
      },
      reject,
    );
  });
