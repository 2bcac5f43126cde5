/**
 * Loopback servers for the page's browser tests. The page's outside world is the service's artifact origin; here
 * it is played, in memory, by a small server that follows the page ↔ service protocol of the artifact contract
 * (token header, `/_db` records, 16 KB and name rules, server-sent events with `Last-Event-ID` replay). The real
 * service is exercised by the integration tests; these prove the page's runtime against the protocol alone.
 *
 * `serveShared` answers on any `*.localhost` host, like an artifact origin; `serveStatic` serves a page with the
 * local-mode settings and nothing else, so any other request shows up in its log.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export const TOKEN = "1900000000.test-signature";
const NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const MARKER = "<!--quire:config-->";

export interface StoredRecord {
  key: string;
  data: unknown;
  updated_at: string;
  order: number;
}

interface Change {
  seq: number;
  collection: string;
  key: string;
  data: unknown;
  updated_at: string;
}

export interface Served {
  port: number;
  /** `http://<slug>.localhost:<port>/`. */
  url(slug: string): string;
  /** Every request the server saw: method and path with query. */
  log: Array<{ method: string; url: string }>;
  close(): Promise<void>;
}

export interface SharedServer extends Served {
  collections: Map<string, Map<string, StoredRecord>>;
  /** Writes a record as a visitor would (and tells the open streams). */
  put(collection: string, key: string, data: unknown, at?: Date): StoredRecord;
  /** Cuts every open event stream, as a proxy or a network change would. */
  dropStreams(): void;
  streams(): number;
  /** From now on every storage request answers `410 link_expired`, as for a link past its `exp`. */
  expire(): void;
  /** From now on each write waits this long before it is stored: writes in flight together land in any order. */
  slowWrites(ms: () => number): void;
  /** From now on a collection's list is read at once but answered this much later, as from a busy store. */
  slowLists(ms: number): void;
  /** Tells the open streams to read their lists afresh (the service's `resync`). */
  resync(): void;
}

function inject(html: string, config: Record<string, unknown>): string {
  if (!html.includes(MARKER)) throw new Error("the page has no config marker");
  return html.replace(MARKER, `<script>window.__QUIRE__=${JSON.stringify(config)}</script>`);
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

function closer(server: http.Server, sockets: Set<import("node:net").Socket>): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

function json(res: http.ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

/** A page served in local mode: the document, and a 404 (logged) for anything else. */
export async function serveStatic(html: string): Promise<Served> {
  const log: Served["log"] = [];
  const page = inject(html, { storage: "local" });
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    log.push({ method: req.method ?? "", url: req.url ?? "" });
    if (req.method === "GET" && req.url?.split("?")[0] === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(page);
    } else json(res, 404, { code: "not_found", message: "Not here." });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  const port = await listen(server);
  return { port, url: (slug) => `http://${slug}.localhost:${port}/`, log, close: closer(server, sockets) };
}

/** The shared-mode stand-in: the page at `/`, the records at `/_db`, all in memory. */
export async function serveShared(html: string): Promise<SharedServer> {
  const log: Served["log"] = [];
  const page = inject(html, { storage: "shared", api: "/_db", token: TOKEN });
  const collections = new Map<string, Map<string, StoredRecord>>();
  const changes: Change[] = [];
  const streams = new Set<{ collection: string; res: http.ServerResponse }>();
  const sockets = new Set<import("node:net").Socket>();
  let seq = 0;
  let order = 0;
  let expired = false;
  let writeDelay = () => 0;
  let listDelay = 0;

  const send = (res: http.ServerResponse, change: Change) => {
    const { seq: id, ...rest } = change;
    res.write(`id: ${id}\nevent: change\ndata: ${JSON.stringify({ ...rest, seq: id })}\n\n`);
  };
  const record = (collection: string, key: string, data: unknown, at = new Date()): StoredRecord => {
    let records = collections.get(collection);
    if (!records) collections.set(collection, (records = new Map()));
    const stored: StoredRecord = { key, data, updated_at: at.toISOString(), order: (order += 1) };
    records.set(key, stored);
    const change: Change = { seq: (seq += 1), collection, key, data, updated_at: stored.updated_at };
    changes.push(change);
    for (const s of streams) if (s.collection === collection) send(s.res, change);
    return stored;
  };
  const remove = (collection: string, key: string) => {
    const records = collections.get(collection);
    if (!records?.delete(key)) return;
    const change: Change = { seq: (seq += 1), collection, key, data: null, updated_at: new Date().toISOString() };
    changes.push(change);
    for (const s of streams) if (s.collection === collection) send(s.res, change);
  };
  const count = () => [...collections.values()].reduce((n, m) => n + m.size, 0);

  const server = http.createServer((req, res) => {
    log.push({ method: req.method ?? "", url: req.url ?? "" });
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (req.method === "GET" && url.pathname === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(page);
      return;
    }
    const parts = url.pathname.split("/").slice(1).map(decodeURIComponent);
    if (parts[0] !== "_db" || parts.length < 2 || parts.length > 3) return json(res, 404, { code: "not_found", message: "Not here." });
    const [, collection, key] = parts as [string, string, string | undefined];
    const events = key === "events" && req.method === "GET" && url.searchParams.has("token");
    const token = events ? url.searchParams.get("token") : req.headers["x-quire-token"];
    if (token !== TOKEN) return json(res, 401, { code: "unauthorized", message: "A valid token is required." });
    if (expired) return json(res, 410, { code: "link_expired", message: "The link has expired." });
    if (!NAME.test(collection) || (key !== undefined && !NAME.test(key))) return json(res, 422, { code: "input_invalid", message: "Bad name." });

    if (events) {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
      // A short retry keeps the reconnect test quick; the real service leaves EventSource's default.
      res.write("retry: 100\n\n");
      const last = Number(req.headers["last-event-id"] ?? NaN);
      if (Number.isFinite(last)) for (const c of changes) if (c.seq > last && c.collection === collection) send(res, c);
      const stream = { collection, res };
      streams.add(stream);
      req.on("close", () => streams.delete(stream));
      return;
    }
    if (key === undefined) {
      if (req.method !== "GET") return json(res, 405, { code: "method_not_allowed", message: "GET only." });
      const list = [...(collections.get(collection)?.values() ?? [])].sort((a, b) => b.order - a.order);
      const body = { data: list.map(({ key: k, data, updated_at }) => ({ key: k, data, updated_at })) };
      setTimeout(() => json(res, 200, body), listDelay);
      return;
    }
    if (req.method === "GET") {
      const found = collections.get(collection)?.get(key);
      return found ? json(res, 200, { key, data: found.data, updated_at: found.updated_at }) : json(res, 404, { code: "not_found", message: "No such record." });
    }
    if (req.method === "DELETE") {
      remove(collection, key);
      return json(res, 200, { key, deleted: true });
    }
    if (req.method === "PUT") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => setTimeout(() => {
        const body = Buffer.concat(chunks);
        if (body.byteLength > 16384) return json(res, 413, { code: "record_too_large", message: "At most 16 KB." });
        let data: unknown;
        try {
          data = JSON.parse(body.toString("utf8"));
        } catch {
          return json(res, 422, { code: "input_invalid", message: "Not JSON." });
        }
        if (!collections.get(collection)?.has(key) && count() >= 5000) return json(res, 409, { code: "too_many_records", message: "Full." });
        const stored = record(collection, key, data);
        json(res, 200, { key, data: stored.data, updated_at: stored.updated_at });
      }, writeDelay()));
      return;
    }
    json(res, 405, { code: "method_not_allowed", message: "No." });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  const port = await listen(server);
  return {
    port,
    url: (slug) => `http://${slug}.localhost:${port}/`,
    log,
    collections,
    put: record,
    dropStreams: () => {
      for (const s of streams) s.res.destroy();
      streams.clear();
    },
    streams: () => streams.size,
    expire: () => {
      expired = true;
    },
    slowWrites: (ms) => {
      writeDelay = ms;
    },
    slowLists: (ms) => {
      listDelay = ms;
    },
    resync: () => {
      for (const s of streams) s.res.write("event: resync\ndata: {}\n\n");
    },
    close: closer(server, sockets),
  };
}
