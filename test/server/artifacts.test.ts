/**
 * Artifacts through the real service (issue 7): creation from Markdown (the `html` output opens the page on its own
 * origin, a preview, the `artifact.planned` event), the page and its origin's security headers, signed page links
 * (bad signature 404, expired 410), `expires_in` links, `DELETE` retiring the page and its storage at once,
 * `retention: none` delivering `artifact.html` as a download, local artifacts, and the Host dispatch (the service's
 * routes never answer on an artifact origin). The browser side is in artifacts-browser.test.ts.
 *
 * Pages live at `http://<slug>.localhost:<port>/`; Node's fetch neither resolves `*.localhost` nor lets a Host
 * header through, so the requests here go to 127.0.0.1 over node:http with the page's Host.
 */
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Service } from "../support/service.ts";
import { sharedService } from "../support/shared-service.ts";
import { onOrigin } from "../support/origin.ts";
import { download, getDoc, readEvents, type Doc, type Problem } from "../support/documents.ts";
import { MARKDOWN as OFFICE_MARKDOWN } from "../support/documents.ts";
import { artifactHostOf } from "../../core/config.ts";
import { hostReader } from "../../server/artifact/host.ts";
import { ARTIFACT_CSP } from "../../server/artifact/page.ts";
import { closeChromium, screenshotHtml } from "../../renderers/chromium/index.ts";

const ROOT = join(import.meta.dirname, "../..");
/** A sign-up sheet from the examples: a form, the list of entries, a vote and a chart. */
const SIGNUP = readFileSync(join(ROOT, "examples/artifacts/signup.md"), "utf8");

let svc: Service;
let secret: string;
before(async () => {
  svc = await sharedService();
  secret = readFileSync(join(svc.dataDir, "signing.key"), "utf8").trim();
});
after(async () => {
  await svc?.stop();
});

const create = async (body: Record<string, unknown>) => {
  const { data, error, response } = await svc.client.POST("/documents", { body: { format: "artifact", ...body } as never });
  return { doc: data as Doc, problem: error as Problem | undefined, status: response.status };
};
const port = () => new URL(svc.origin).port;
const slugOf = (doc: Doc) => doc.id.slice(4).toLowerCase();
const originOf = (doc: Doc) => `http://${slugOf(doc)}.localhost:${port()}`;
const sign = (slug: string, exp: number) => createHmac("sha256", secret).update(`${slug}.${exp}`).digest("base64url");
const pageOf = (doc: Doc) => doc.outputs!.find((o) => o.kind === "html")!;
const tokenOf = (pageUrl: string) => {
  const u = new URL(pageUrl);
  return `${u.searchParams.get("exp")}.${u.searchParams.get("sig")}`;
};
const outputs = (id: string, expiresIn?: string) =>
  svc.client.GET("/documents/{document_id}/outputs", { params: { path: { document_id: id }, query: expiresIn === undefined ? {} : ({ expires_in: expiresIn } as never) } });

describe("the artifact host setting", () => {
  test("defaults to the public URL's host, localhost for an IP address, and takes the public port when it has none", () => {
    const cases = [
      { given: ["http://localhost:8080", undefined], want: "localhost:8080" },
      { given: ["http://127.0.0.1:8080", undefined], want: "localhost:8080" },
      { given: ["https://api.quire.dev", undefined], want: "api.quire.dev" },
      { given: ["https://api.quire.dev", "quire.page"], want: "quire.page" },
      { given: ["http://127.0.0.1:9000", "localhost"], want: "localhost:9000" },
      { given: ["http://127.0.0.1:9000", "Pages.Example.com:8443"], want: "pages.example.com:8443" },
    ] as const;
    for (const { given, want } of cases) assert.equal(artifactHostOf(given[0], given[1]), want, `${given[0]} + ${given[1]}`);
    assert.throws(() => artifactHostOf("http://localhost:8080", "not a host!"), /QUIRE_ARTIFACT_HOST/);
  });

  test("a Host is an artifact origin only under the artifact host, never the service's own", () => {
    const read = hostReader("localhost:8080", "localhost:8080");
    const cases = [
      { host: "01jabcdefghjkmnpqrstvwxyz0.localhost:8080", want: "01jabcdefghjkmnpqrstvwxyz0" },
      { host: "01JABCDEFGHJKMNPQRSTVWXYZ0.LOCALHOST:8080", want: "01jabcdefghjkmnpqrstvwxyz0" },
      { host: "anything.localhost:8080", want: "anything" },
      { host: "localhost:8080", want: undefined },
      { host: "x.localhost:9090", want: undefined },
      { host: "127.0.0.1:8080", want: undefined },
      { host: "x.localhostile.com:8080", want: undefined },
      { host: undefined, want: undefined },
    ];
    for (const { host, want } of cases) assert.equal(read(host), want, String(host));
    const parent = hostReader("quire.dev", "api.quire.dev");
    assert.equal(parent("api.quire.dev"), undefined, "the service's own host under the artifact host");
    assert.equal(parent("01jabcdefghjkmnpqrstvwxyz0.quire.dev"), "01jabcdefghjkmnpqrstvwxyz0");
  });
});

describe("page screenshots (the previews' renderer)", () => {
  after(() => closeChromium());

  test("a shot is the page's top at the width asked, with the network cut off", async () => {
    let reached = 0;
    const server = (await import("node:http")).createServer((_req, res) => {
      reached++;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const port = (server.address() as { port: number }).port;
      const html = `<body style="margin:0"><div style="height:3000px;background:#123456"></div><img src="http://127.0.0.1:${port}/x.png"><script>fetch("http://127.0.0.1:${port}/y")</script></body>`;
      const shot = await screenshotHtml(html, { width: 640, maxHeight: 900 });
      assert.equal(shot.width, 640);
      assert.equal(shot.height, 900, "cut at maxHeight");
      assert.equal(Buffer.from(shot.png).readUInt32BE(16), 640);
      assert.equal(Buffer.from(shot.png).readUInt32BE(20), 900);
      assert.equal(reached, 0, "nothing left the browser");
    } finally {
      server.close();
    }
  });

  test("a page that never settles is cut off at the time limit, and the next shot still works", async () => {
    const started = Date.now();
    await assert.rejects(screenshotHtml("<script>for (;;) {}</script>", { timeoutMs: 2_000 }), /did not settle within 2000 ms/);
    // Cut at 2 s; the bound (10×) only catches a page that is never cut off, also on a loaded machine.
    assert.ok(Date.now() - started < 20_000);
    const next = await screenshotHtml("<h1>fine</h1>");
    assert.equal(next.width, 800);
  });
});

describe("a shared artifact from Markdown", () => {
  let doc: Doc;

  test("is created in direct mode: ready, type artifact, an html page and a preview", async () => {
    const { doc: created, status } = await create({ name: "Team sign-up", content: { markdown: SIGNUP } });
    assert.equal(status, 200);
    doc = created;
    assert.ok(["ready", "ready_with_warnings"].includes(doc.status), `status ${doc.status}: ${JSON.stringify(doc.error)}`);
    assert.equal(doc.format, "artifact");
    assert.equal(doc.type, "artifact");
    assert.deepEqual(doc.artifact, { storage: "shared" });
    assert.equal(doc.retention, "30d", "artifacts keep 30 days by default");
    assert.ok(doc.expires_at && Date.parse(doc.expires_at) - Date.parse(doc.completed_at!) === 30 * 86_400_000);

    const page = pageOf(doc);
    assert.equal(page.content_type, "text/html; charset=utf-8");
    assert.equal(page.expires_at, null, "a page link carries no expiry of its own");
    const url = new URL(page.url);
    assert.equal(url.host, `${slugOf(doc)}.localhost:${port()}`, "the page is on its own origin");
    assert.equal(url.pathname, "/");
    assert.equal(Number(url.searchParams.get("exp")), Math.floor(Date.parse(doc.expires_at!) / 1000), "valid until the document's expires_at");
    assert.equal(url.searchParams.get("sig"), sign(slugOf(doc), Number(url.searchParams.get("exp"))));

    const previews = doc.outputs!.filter((o) => o.kind === "preview");
    assert.equal(previews.length, 1);
    assert.equal(previews[0]!.page, 1);
    assert.equal(previews[0]!.width, 800);
    const { res, bytes } = await download(previews[0]!.url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "image/png");
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(Buffer.from(bytes).readUInt32BE(16), 800, "the PNG is 800 px wide");
  });

  test("the events carry artifact.planned with the page's plan", async () => {
    const { events } = await readEvents(svc.client, doc.id);
    const planned = events.find((e) => e.type === "artifact.planned");
    assert.ok(planned, `no artifact.planned among ${events.map((e) => e.type).join(", ")}`);
    const plan = planned.data as { storage: string; bytes: number; collections?: unknown[]; blocks?: Array<{ kind: string }> };
    assert.equal(plan.storage, "shared");
    assert.equal(plan.bytes, pageOf(doc).bytes);
    assert.ok(Array.isArray(plan.blocks) && plan.blocks.some((b) => b.kind === "form"), JSON.stringify(plan));
    assert.ok(Array.isArray(plan.collections) && plan.collections.length > 0);
  });

  test("the link opens the page with its settings and the origin's security headers", async () => {
    const page = pageOf(doc);
    const res = await onOrigin(page.url);
    assert.equal(res.status, 200);
    assert.equal(res.headers["content-type"], "text/html; charset=utf-8");
    assert.equal(res.headers["content-security-policy"], ARTIFACT_CSP);
    assert.match(ARTIFACT_CSP, /^default-src 'none'; /);
    assert.match(ARTIFACT_CSP, /connect-src 'self'/);
    assert.match(ARTIFACT_CSP, /frame-ancestors \*/);
    assert.equal(res.headers["x-content-type-options"], "nosniff");
    assert.equal(res.headers["referrer-policy"], "no-referrer");
    assert.equal(res.headers["cross-origin-resource-policy"], "cross-origin", "the page may be embedded");
    assert.equal(res.headers["cache-control"], "no-store");
    assert.equal(res.headers["set-cookie"], undefined);
    assert.ok(!res.body.includes("<!--quire:config-->"), "the marker is replaced");
    const config = /<script>window\.__QUIRE__=(\{[^<]*\})<\/script>/.exec(res.body);
    assert.ok(config, "the settings script is in the page");
    assert.deepEqual(JSON.parse(config[1]!), { storage: "shared", api: "/_db", token: tokenOf(page.url) });
    assert.equal(res.body.indexOf("<script"), res.body.indexOf(config[0]), "the settings come before the page's scripts");
    assert.equal(Buffer.byteLength(res.body) - config[0].length + "<!--quire:config-->".length, page.bytes, "the page as built, settings aside");
  });

  test("its storage API answers on the origin with the page's token, and not without", async () => {
    const origin = originOf(doc);
    const token = tokenOf(pageOf(doc).url);
    const put = await onOrigin(`${origin}/_db/volunteers/ana`, { method: "PUT", headers: { "x-quire-token": token, "content-type": "application/json" }, body: JSON.stringify({ Name: "Ana" }) });
    assert.equal(put.status, 200, put.body);
    assert.equal(put.headers["cross-origin-resource-policy"], "same-origin");
    assert.equal(put.headers["content-security-policy"], ARTIFACT_CSP);
    assert.equal(put.headers["set-cookie"], undefined);
    const list = await onOrigin(`${origin}/_db/volunteers`, { headers: { "x-quire-token": token } });
    assert.equal(list.status, 200);
    assert.equal(list.headers["cache-control"], "no-store");
    assert.deepEqual(JSON.parse(list.body).data.map((r: { key: string; data: unknown }) => [r.key, r.data]), [["ana", { Name: "Ana" }]]);
    const anonymous = await onOrigin(`${origin}/_db/volunteers`);
    assert.equal(anonymous.status, 401);
    assert.equal(JSON.parse(anonymous.body).code, "unauthorized");
    const forged = await onOrigin(`${origin}/_db/volunteers`, { headers: { "x-quire-token": `${token.split(".")[0]}.${sign("someoneelse", 1)}` } });
    assert.equal(forged.status, 401);

    // The owner sees the same data through the API.
    const { data } = await svc.client.GET("/documents/{document_id}/data", { params: { path: { document_id: doc.id } } });
    assert.deepEqual(data!.data, [{ collection: "volunteers", records: 1 }]);
  });

  test("a bad signature opens a 404 page, an expired link a 410 page", async () => {
    const page = new URL(pageOf(doc).url);
    const exp = page.searchParams.get("exp")!;
    const sig = page.searchParams.get("sig")!;
    const origin = originOf(doc);
    const bad = [
      `${origin}/`,
      `${origin}/?exp=${exp}`,
      `${origin}/?exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`,
      `${origin}/?exp=${Number(exp) + 60}&sig=${sig}`,
      `${origin}/?exp=soon&sig=${sig}`,
    ];
    for (const url of bad) {
      const res = await onOrigin(url);
      assert.equal(res.status, 404, url);
      assert.match(res.headers["content-type"] ?? "", /^text\/html/);
      assert.equal(res.headers["content-security-policy"], ARTIFACT_CSP);
      assert.ok(!res.body.includes("__QUIRE__"));
    }
    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = await onOrigin(`${origin}/?exp=${past}&sig=${sign(slugOf(doc), past)}`);
    assert.equal(expired.status, 410);
    assert.match(expired.body, /expired/);
    const expiredApi = await onOrigin(`${origin}/_db/volunteers`, { headers: { "x-quire-token": `${past}.${sign(slugOf(doc), past)}` } });
    assert.equal(expiredApi.status, 410);
    assert.equal(JSON.parse(expiredApi.body).code, "link_expired");
  });

  test("only the artifact routes answer on its origin", async () => {
    const origin = originOf(doc);
    for (const path of ["/healthz", "/v1/documents", `/v1/documents/${doc.id}`, "/favicon.ico", "/_dbx"]) {
      const res = await onOrigin(`${origin}${path}`, { headers: { authorization: `Bearer ${svc.key}` } });
      assert.equal(res.status, 404, path);
      assert.equal(res.headers["content-type"], "application/json; charset=utf-8");
      assert.equal(JSON.parse(res.body).code, "not_found");
      assert.equal(res.headers["content-security-policy"], ARTIFACT_CSP);
    }
    const post = await onOrigin(`${pageOf(doc).url}`, { method: "POST" });
    assert.equal(post.status, 405);
    const notASlug = await onOrigin(`http://www.localhost:${port()}/healthz`);
    assert.equal(notASlug.status, 404);
    const unknown = await onOrigin(`http://01arz3ndektsv4rrffq69g5fav.localhost:${port()}/?exp=1&sig=x`);
    assert.equal(unknown.status, 404);
    // The service's own host is untouched.
    const health = await onOrigin(`${svc.origin}/healthz`);
    assert.equal(health.status, 200);
  });

  test("expires_in gives page and preview links that live that long, up to 7 days", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { data, response } = await outputs(doc.id, "3600");
    assert.equal(response.status, 200);
    const page = data!.data.find((o) => o.kind === "html")!;
    assert.equal(page.expires_at, null);
    const exp = Number(new URL(page.url).searchParams.get("exp"));
    assert.ok(exp >= before + 3600 && exp <= before + 3600 + 20, `exp ${exp} for now ${before}`);
    assert.equal((await onOrigin(page.url)).status, 200);
    const preview = data!.data.find((o) => o.kind === "preview")!;
    const previewExpiry = Date.parse(preview.expires_at!) / 1000;
    assert.ok(previewExpiry >= before + 3600 && previewExpiry <= before + 3600 + 20);

    const week = await outputs(doc.id, "604800");
    assert.equal(week.response.status, 200);
    for (const wrong of ["604801", "0", "-5", "1.5", "abc", "", "59"]) {
      const { error, response: r } = await outputs(doc.id, wrong);
      assert.equal(r.status, 422, `expires_in=${wrong}`);
      assert.equal((error as Problem).code, "input_invalid");
      assert.equal((error as Problem).errors?.[0]?.path, "/expires_in");
    }
  });

  test("expires_in for other documents: 60 to 300 seconds, longer is 422", async () => {
    const { data } = await svc.client.POST("/documents", { body: { format: "docx", content: { markdown: OFFICE_MARKDOWN } } });
    const docx = data as Doc;
    assert.equal((await outputs(docx.id, "120")).response.status, 200);
    const { error, response } = await outputs(docx.id, "3600");
    assert.equal(response.status, 422);
    assert.equal((error as Problem).errors?.[0]?.path, "/expires_in");
  });

  test("DELETE retires the page and its storage at once", async () => {
    const { doc: other } = await create({ content: { markdown: SIGNUP } });
    const url = pageOf(other).url;
    const token = tokenOf(url);
    const origin = originOf(other);
    assert.equal((await onOrigin(url)).status, 200);
    assert.equal((await onOrigin(`${origin}/_db/volunteers/a`, { method: "PUT", headers: { "x-quire-token": token }, body: "1" })).status, 200);

    const { response } = await svc.client.DELETE("/documents/{document_id}", { params: { path: { document_id: other.id } } });
    assert.equal(response.status, 200);
    const page = await onOrigin(url);
    assert.equal(page.status, 410);
    assert.match(page.headers["content-type"] ?? "", /^text\/html/);
    const api = await onOrigin(`${origin}/_db/volunteers`, { headers: { "x-quire-token": token } });
    assert.equal(api.status, 410);
    assert.equal(JSON.parse(api.body).code, "content_deleted");
    const fresh = await outputs(other.id);
    assert.equal(fresh.response.status, 410);
    const data = await svc.client.GET("/documents/{document_id}/data", { params: { path: { document_id: other.id } } });
    assert.equal(data.response.status, 410);
    // The first artifact is untouched.
    assert.equal((await onOrigin(pageOf(doc).url)).status, 200);
  });

  test("retention: 90 days at most", async () => {
    const { status, problem } = await create({ retention: "365d", content: { markdown: SIGNUP } });
    assert.equal(status, 422);
    assert.equal(problem?.errors?.[0]?.path, "/retention");
    const kept = await create({ retention: "90d", content: { markdown: SIGNUP } });
    assert.equal(kept.status, 200);
    const doc = await getDoc(svc.client, kept.doc.id);
    assert.equal(Date.parse(doc.expires_at!) - Date.parse(doc.completed_at!), 90 * 86_400_000);
  });
});

describe("local artifacts", () => {
  test("retention none (only with local storage) delivers the page as a download named artifact.html", async () => {
    const { doc, status } = await create({ retention: "none", content: { markdown: SIGNUP } });
    assert.equal(status, 200);
    assert.deepEqual(doc.artifact, { storage: "local" }, "retention none defaults to local");
    const page = pageOf(doc);
    assert.ok(page.expires_at, "a download link expires");
    assert.match(page.url, new RegExp(`^${svc.baseUrl}/downloads/out_`));
    const { res, bytes } = await download(page.url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/html; charset=utf-8");
    assert.match(res.headers.get("content-disposition") ?? "", /^attachment; filename="artifact\.html"/);
    const html = Buffer.from(bytes).toString("utf8");
    assert.match(html, /^<!doctype html>/i);
    assert.ok(html.includes("<!--quire:config-->"), "the file is the page as built: opened from disk it runs locally");

    const shared = await create({ retention: "none", artifact: { storage: "shared" }, content: { markdown: SIGNUP } });
    assert.equal(shared.status, 422);
    assert.equal(shared.problem?.code, "retention_none_shared");
  });

  test("a local page gets no token, its origin's storage API refuses, and the owner endpoint answers 409", async () => {
    const { doc } = await create({ artifact: { storage: "local" }, content: { markdown: SIGNUP } });
    const page = await onOrigin(pageOf(doc).url);
    assert.equal(page.status, 200);
    const config = /window\.__QUIRE__=(\{[^<]*\})/.exec(page.body);
    assert.deepEqual(JSON.parse(config![1]!), { storage: "local" });
    const api = await onOrigin(`${originOf(doc)}/_db/volunteers`, { headers: { "x-quire-token": tokenOf(pageOf(doc).url) } });
    assert.equal(api.status, 409);
    assert.equal(JSON.parse(api.body).code, "artifact_is_local");
    const { error, response } = await svc.client.GET("/documents/{document_id}/data", { params: { path: { document_id: doc.id } } });
    assert.equal(response.status, 409);
    assert.equal((error as Problem).code, "artifact_is_local");
  });
});
