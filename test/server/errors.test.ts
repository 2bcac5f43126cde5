/**
 * The HTTP edge's errors (interface, Errors): unknown routes, wrong methods, unreadable bodies, wrong content
 * types and oversized bodies all answer RFC 9457 Problems with `type` = `{errors_url}/<code>`, a `request_id`
 * equal to the `X-Request-Id` header and `application/problem+json`.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { request as httpRequest } from "node:http";
import type { Service } from "../support/service.ts";
import { sharedService } from "../support/shared-service.ts";
import { checkResponse } from "../support/contract.ts";
import { assertProblem, fetchProblem } from "../support/problem.ts";
import type { RouteKey } from "../../generated/responses.js";

/** Where the service's Problems point: the shared service sets an errors site of its own (QUIRE_ERRORS_URL). */
let ERRORS_URL = "";
const LIMIT = 32 * 1024 * 1024;

let svc: Service;
let auth: Record<string, string>;

before(async () => {
  svc = await sharedService();
  ERRORS_URL = svc.errorsUrl;
  auth = { Authorization: `Bearer ${svc.key}` };
});
after(async () => {
  await svc?.stop();
});

/** A raw request whose answer must be a Problem; with `route`, also a status and body the spec lists there. */
const expectProblem = async (path: string, init: RequestInit, want: { status: number; code: string }, route?: RouteKey) => {
  const result = await fetchProblem(`${svc.origin}${path}`, init, { ...want, errorsUrl: ERRORS_URL });
  if (route) checkResponse(route, result.response.status, result.response.headers.get("content-type") ?? "", result.text);
  return result;
};

const assertNoDocuments = async () => {
  const { data } = await svc.client.GET("/documents");
  assert.deepEqual(data!.data, []);
};

describe("unknown routes → 404 not_found", () => {
  const cases: Array<{ given: { method: string; path: string; headers?: Record<string, string> } }> = [
    { given: { method: "GET", path: "/v1/nothing-here" } },
    { given: { method: "GET", path: "/v1/nothing-here", headers: { Authorization: "Bearer ak_eu_nope_nope_nope" } } },
    { given: { method: "GET", path: "/nothing-here" } },
    { given: { method: "GET", path: "/" } },
    { given: { method: "POST", path: "/v1/documents/doc_01ARZ3NDEKTSV4RRFFQ69G5FAV/publish" } },
    { given: { method: "GET", path: "/v2/documents" } },
    { given: { method: "DELETE", path: "/v1/documents/doc_01ARZ3NDEKTSV4RRFFQ69G5FAV/outputs/extra" } },
  ];
  for (const { given } of cases) {
    it(`${given.method} ${given.path}${given.headers ? " (with a key)" : ""}`, async () => {
      const { problem } = await expectProblem(given.path, { method: given.method, headers: { ...auth, ...given.headers } }, { status: 404, code: "not_found" });
      assert.ok(problem.detail && problem.detail.length > 0);
    });
  }

  it("an unknown document on a known route → 404 not_found through the typed client", async () => {
    const { error, response } = await svc.client.GET("/documents/{document_id}", { params: { path: { document_id: "doc_01ARZ3NDEKTSV4RRFFQ69G5FAV" } } });
    assertProblem(response, error, { status: 404, code: "not_found", errorsUrl: ERRORS_URL });
  });
});

describe("known paths with another method → 405 method_not_allowed with Allow", () => {
  const doc = "/v1/documents/doc_01ARZ3NDEKTSV4RRFFQ69G5FAV";
  const cases: Array<{ given: { method: string; path: string }; want: string[] }> = [
    { given: { method: "PUT", path: "/v1/documents" }, want: ["GET", "POST"] },
    { given: { method: "DELETE", path: "/v1/documents" }, want: ["GET", "POST"] },
    { given: { method: "PATCH", path: doc }, want: ["DELETE", "GET"] },
    { given: { method: "POST", path: doc }, want: ["DELETE", "GET"] },
    { given: { method: "GET", path: `${doc}/cancel` }, want: ["POST"] },
    { given: { method: "DELETE", path: `${doc}/report` }, want: ["GET"] },
    { given: { method: "PUT", path: "/v1/api-keys" }, want: ["GET", "POST"] },
    { given: { method: "GET", path: "/v1/api-keys/key_01ARZ3NDEKTSV4RRFFQ69G5FAV" }, want: ["DELETE"] },
    { given: { method: "POST", path: "/healthz" }, want: ["GET"] },
  ];
  for (const { given, want } of cases) {
    it(`${given.method} ${given.path} → Allow: ${want.join(", ")}`, async () => {
      const { response } = await expectProblem(given.path, { method: given.method, headers: auth }, { status: 405, code: "method_not_allowed" });
      const allow = (response.headers.get("allow") ?? "").split(",").map((m) => m.trim()).filter(Boolean).sort();
      assert.deepEqual(allow, want);
    });
  }
});

describe("unreadable bodies", () => {
  const json = { "Content-Type": "application/json" };
  const cases: Array<{ name: string; given: { headers: Record<string, string>; body?: string }; want: { status: number; code: string } }> = [
    { name: "malformed JSON → 400 malformed_request", given: { headers: json, body: '{"format": "docx", "content": ' }, want: { status: 400, code: "malformed_request" } },
    { name: "JSON with a trailing comma → 400 malformed_request", given: { headers: json, body: '{"format": "docx",}' }, want: { status: 400, code: "malformed_request" } },
    { name: "no body → 400 malformed_request", given: { headers: json }, want: { status: 400, code: "malformed_request" } },
    { name: "text/plain → 415", given: { headers: { "Content-Type": "text/plain" }, body: '{"format":"docx","content":{"markdown":"# x"}}' }, want: { status: 415, code: "unsupported_media_type" } },
    { name: "form encoding → 415", given: { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "format=docx" }, want: { status: 415, code: "unsupported_media_type" } },
    { name: "application/xml → 415", given: { headers: { "Content-Type": "application/xml" }, body: "<format>docx</format>" }, want: { status: 415, code: "unsupported_media_type" } },
  ];
  for (const { name, given, want } of cases) {
    it(`POST /documents: ${name}`, async () => {
      await expectProblem("/v1/documents", { method: "POST", headers: { ...auth, ...given.headers }, body: given.body }, want, "POST /documents");
      await assertNoDocuments();
    });
  }

  it("a JSON body that is not an object → 422 input_invalid at the root", async () => {
    const { problem } = await expectProblem("/v1/documents", { method: "POST", headers: { ...auth, ...json }, body: "[1, 2]" }, { status: 422, code: "input_invalid" }, "POST /documents");
    assert.deepEqual(problem.errors?.map((e) => e.path), [""]);
  });

  it("a chunked JSON body (no length declared) is read", async () => {
    const parts = ['{"format":"docx",', '"content":{"markdown":"# Chunked\\n\\n', "x".repeat(200_000), '"}}'];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = parts.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const res = await fetch(`${svc.baseUrl}/documents?dry_run=true`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const text = await res.text();
    assert.equal(res.status, 200, text.slice(0, 300));
    checkResponse("POST /documents", res.status, res.headers.get("content-type") ?? "", text);
    assert.equal(JSON.parse(text).object, "dry_run");
  });

  it("application/json with a charset is read", async () => {
    const res = await fetch(`${svc.baseUrl}/documents?dry_run=true`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ format: "docx", content: { markdown: "# x" } }),
    });
    assert.equal(res.status, 200);
    checkResponse("POST /documents", res.status, res.headers.get("content-type") ?? "", await res.text());
  });
});

/**
 * Sends `size` bytes to POST /documents through node:http, with a declared Content-Length or chunked, and reads the
 * answer. (HyperExpress answers only once the body is in, so the whole body is sent.)
 */
const sendRaw = (size: number, framing: "declared" | "chunked") =>
  new Promise<Response>((resolve, reject) => {
    const url = new URL(svc.origin);
    const headers: Record<string, string> = { ...auth, "Content-Type": "application/json" };
    if (framing === "declared") headers["Content-Length"] = String(size);
    else headers["Transfer-Encoding"] = "chunked";
    const req = httpRequest({ host: url.hostname, port: url.port, path: "/v1/documents", method: "POST", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: h }));
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    const block = Buffer.alloc(1024 * 1024, 0x78);
    let left = size;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, block.length);
        left -= n;
        if (!req.write(block.subarray(0, n))) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });

const assertTooLarge = async (response: Response) => {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    assert.fail(`answered ${response.status} with a body that is not a Problem: ${JSON.stringify(text.slice(0, 200))}`);
  }
  assertProblem(response, body, { status: 413, code: "payload_too_large", errorsUrl: ERRORS_URL });
  checkResponse("POST /documents", 413, response.headers.get("content-type") ?? "", text);
};

describe("bodies over the 32 MB limit of POST /documents → 413 payload_too_large", () => {
  const raw: Array<{ given: { size: number; framing: "declared" | "chunked" } }> = [
    { given: { size: LIMIT + 1, framing: "declared" } },
    { given: { size: LIMIT + 1, framing: "chunked" } },
    // Past HyperExpress's own cap (it was 64 MB), where it used to answer a bare 413 without calling the route.
    { given: { size: 70 * 1024 * 1024, framing: "declared" } },
    { given: { size: 70 * 1024 * 1024, framing: "chunked" } },
  ];
  for (const { given } of raw) {
    it(`${given.size} bytes, ${given.framing}`, async () => {
      await assertTooLarge(await sendRaw(given.size, given.framing));
    });
  }

  it("fetch: a real JSON body just over the limit (sent with its length) is refused", async () => {
    const filler = "x".repeat(LIMIT);
    const body = JSON.stringify({ format: "docx", content: { markdown: filler } });
    assert.ok(Buffer.byteLength(body) > LIMIT);
    await expectProblem("/v1/documents", { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body }, { status: 413, code: "payload_too_large" }, "POST /documents");
  });

  it("fetch: a real chunked body over the limit (no length declared) is refused", async () => {
    const chunk = new TextEncoder().encode("x".repeat(1024 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"format":"docx","content":{"markdown":"'));
      },
      pull(controller) {
        if (sent >= 33) {
          controller.enqueue(new TextEncoder().encode('"}}'));
          controller.close();
          return;
        }
        sent++;
        controller.enqueue(chunk);
      },
    });
    await expectProblem(
      "/v1/documents",
      { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: stream, duplex: "half" } as RequestInit,
      { status: 413, code: "payload_too_large" },
      "POST /documents",
    );
  });

  it("a body just under the limit is read (and then validated)", async () => {
    const body = JSON.stringify({ format: "docx", content: { markdown: "x".repeat(LIMIT - 1024) }, colour: "blue" });
    assert.ok(Buffer.byteLength(body) < LIMIT);
    const { problem } = await expectProblem(
      "/v1/documents",
      { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body },
      { status: 422, code: "input_invalid" },
      "POST /documents",
    );
    assert.deepEqual(problem.errors?.map((e) => e.path), ["/colour"]);
  });

  it("nothing was created and the service still answers", async () => {
    await assertNoDocuments();
    const health = await fetch(`${svc.origin}/healthz`);
    assert.equal(health.status, 200);
  });
});

describe("every Problem carries type, request_id and the problem content type", () => {
  it("Problems of authentication, validation and feature checks", async () => {
    const cases: Array<{ route: RouteKey; path: string; init: RequestInit; want: { status: number; code: string } }> = [
      { route: "GET /documents", path: "/v1/documents", init: {}, want: { status: 401, code: "unauthorized" } },
      { route: "GET /documents", path: "/v1/documents", init: { headers: { Authorization: "Bearer ak_us_abcdefghijklmnop" } }, want: { status: 401, code: "region_mismatch" } },
      { route: "GET /api-keys", path: "/v1/api-keys", init: { headers: auth }, want: { status: 403, code: "session_required" } },
      {
        route: "POST /documents",
        path: "/v1/documents",
        init: { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ format: "docx", prompt: "Write a memo." }) },
        want: { status: 501, code: "feature_unavailable" },
      },
      {
        route: "POST /documents",
        path: "/v1/documents",
        init: { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ format: "artifact", content: { markdown: "# x" }, store: false, artifact: { storage: "shared" } }) },
        want: { status: 422, code: "retention_none_shared" },
      },
      { route: "GET /documents", path: "/v1/documents?limit=0", init: { headers: auth }, want: { status: 422, code: "input_invalid" } },
    ];
    const ids = new Set<string>();
    for (const { route, path, init, want } of cases) {
      const { problem } = await expectProblem(path, init, want, route);
      assert.ok(!ids.has(problem.request_id), "each request has its own id");
      ids.add(problem.request_id);
    }
  });

  it("successful answers carry an X-Request-Id too", async () => {
    const res = await fetch(`${svc.baseUrl}/documents`, { headers: auth });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("x-request-id") ?? "", /^req_[0-9A-HJKMNP-TV-Z]{26}$/);
  });
});
