import { test } from "node:test";
import assert from "node:assert/strict";
import { lookup } from "node:dns/promises";
import { guardedLookup, staticRefusal, urlRefusal } from "../../../core/webhooks/url-rule.ts";

test("registration: https on a public host only; http, credentials, non-public and local hosts are refused", async () => {
  const cases: Array<{ url: string; ok: boolean }> = [
    { url: "https://203.0.114.5/hooks", ok: true },
    { url: "https://[2606:4700::1111]/hooks", ok: true },
    { url: "http://203.0.114.5/hooks", ok: false },
    { url: "ftp://203.0.114.5/hooks", ok: false },
    { url: "https://user:pw@203.0.114.5/", ok: false },
    { url: "https://127.0.0.1/", ok: false },
    { url: "https://10.1.2.3/", ok: false },
    { url: "https://169.254.169.254/latest", ok: false },
    { url: "https://[::1]/", ok: false },
    { url: "https://[::ffff:192.168.0.1]/", ok: false },
    { url: "https://localhost/", ok: false },
    { url: "https://api.localhost/", ok: false },
    { url: "not a url", ok: false },
    { url: `https://example.com/${"x".repeat(2100)}`, ok: false },
  ];
  for (const c of cases) assert.equal((await urlRefusal(c.url, false)) === null, c.ok, c.url);
});

test("QUIRE_ALLOW_PRIVATE_URLS lets tests use plain http on loopback", () => {
  assert.equal(staticRefusal("http://127.0.0.1:8080/hook", true), null);
  assert.equal(staticRefusal("https://localhost/hook", true), null);
  assert.notEqual(staticRefusal("ftp://127.0.0.1/", true), null, "still http or https only");
});

test("at connect time a name that resolves to a non-public address is refused", async () => {
  const resolved = await lookup("localhost").catch(() => null);
  if (!resolved) return; // no resolver here
  const refused = await new Promise<Error | null>((resolve) => guardedLookup(false)("localhost", {}, (error) => resolve(error)));
  assert.equal((refused as Error & { code?: string })?.code, "QUIRE_ADDRESS");
  const allowed = await new Promise<Error | null>((resolve) => guardedLookup(true)("localhost", {}, (error) => resolve(error)));
  assert.equal(allowed, null);
});
