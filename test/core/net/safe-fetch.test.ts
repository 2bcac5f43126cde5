import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { safeFetch, FetchRefused } from "../../../core/net/safe-fetch.ts";

let server: Server;
let base = "";
before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    if (url.pathname === "/ok") return res.end("hello");
    if (url.pathname === "/big") return res.end(Buffer.alloc(5000));
    if (url.pathname === "/hang") return; // never answers
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) {
      res.writeHead(302, { location: Number(hop[1]) > 0 ? `/hop/${Number(hop[1]) - 1}` : "/ok" });
      return res.end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
after(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

const refused = async (promise: Promise<unknown>, reason: FetchRefused["reason"]) => {
  await assert.rejects(promise, (e: unknown) => e instanceof FetchRefused && e.reason === reason);
};

test("loopback and private addresses are refused unless explicitly allowed", async () => {
  await refused(safeFetch(`${base}/ok`, { maxBytes: 100 }), "address");
  await refused(safeFetch(`http://localhost:${new URL(base).port}/ok`, { maxBytes: 100 }), "address");
  await refused(safeFetch("http://169.254.169.254/latest/meta-data/", { maxBytes: 100 }), "address");
  await refused(safeFetch("http://[::ffff:127.0.0.1]/", { maxBytes: 100 }), "address");
  const got = await safeFetch(`${base}/ok`, { maxBytes: 100, allowPrivate: true });
  assert.equal(got.bytes.toString(), "hello");
});

test("schemes other than http and https, and URLs with credentials, are refused", async () => {
  await refused(safeFetch("file:///etc/passwd", { maxBytes: 100 }), "scheme");
  await refused(safeFetch("ftp://example.com/x", { maxBytes: 100 }), "scheme");
  await refused(safeFetch("http://user:pw@example.com/", { maxBytes: 100 }), "scheme");
});

test("redirects are followed up to five, sizes and time are bounded", async () => {
  const allow = { allowPrivate: true };
  assert.equal((await safeFetch(`${base}/hop/4`, { maxBytes: 100, ...allow })).bytes.toString(), "hello");
  await refused(safeFetch(`${base}/hop/5`, { maxBytes: 100, ...allow }), "redirects");
  await refused(safeFetch(`${base}/big`, { maxBytes: 1000, ...allow }), "size");
  await refused(safeFetch(`${base}/missing`, { maxBytes: 1000, ...allow }), "status");
  const started = Date.now();
  await refused(safeFetch(`${base}/hang`, { maxBytes: 1000, timeoutMs: 300, ...allow }), "timeout");
  // Cut at 300 ms; the bound (10×) only catches a fetch that is never cut off.
  assert.ok(Date.now() - started < 3_000);
});
