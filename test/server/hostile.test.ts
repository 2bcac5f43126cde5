/**
 * One tenant's hostile input through the real service (issue 11): deeply nested or quadratic Markdown ends the
 * document `failed` with its code, PDF and zip bombs, DTDs and huge pictures are refused with `file_rejected` in
 * every way a file arrives, and a JSON body nested millions deep gets a 4xx Problem. Meanwhile another tenant keeps
 * asking for `/healthz` and one of its own documents every ~20 ms: every one of those answers, none slowly (the test
 * catches a frozen event loop; bench/hostile measures the latencies), and the service is alive at the end.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { serveFiles, type FileServer } from "../support/file-server.ts";
import { startService, type Service } from "../support/service.ts";
import { checkResponse } from "../support/contract.ts";
import { MARKDOWN, waitFor, type Doc, type Problem } from "../support/documents.ts";
import { deepJsonBody, hostileMarkdown } from "../support/hostile-inputs.ts";
import { docxWithDtd, hugePng, overlappingZipDocx, pdfInflateBomb } from "../support/hostile-files.ts";

/** Slowest answer to the other tenant that still counts as "not frozen"; the bench holds the real target (200 ms p99). */
const SLOWEST_MS = 1_000;
/** How long hostile Markdown may take to end `failed`. */
const MARKDOWN_FINAL_MS = 60_000;
const PROBE_EVERY_MS = 20;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

let svc: Service;
let web: FileServer;
/** The other tenant's finished document, read over and over while the attack runs. */
let otherDocId = "";

before(async () => {
  svc = await startService({ QUIRE_ALLOW_PRIVATE_URLS: "1", QUIRE_RATE_LIMIT_PER_MINUTE: "10000" });
  web = await serveFiles();
  const other = svc.as(svc.otherKey);
  const { data, response } = await other.POST("/documents", { body: { format: "docx", name: "bystander", content: { markdown: MARKDOWN } } as never });
  assert.ok(response.status === 200 || response.status === 202, `the other tenant's document: ${response.status}`);
  const done = await waitFor(other, (data as Doc).id, undefined, 60_000);
  assert.equal(done.status, "ready", JSON.stringify(done.error));
  otherDocId = done.id;
});

after(async () => {
  await svc?.stop();
  await web?.close();
});

/** A test whose failure shows the end of the service's log too (a crash or a stuck job explains itself there). */
const check = (name: string, body: () => Promise<void>) =>
  test(name, async () => {
    try {
      await body();
    } catch (error) {
      if (error instanceof Error) error.message += `\n--- service log (end) ---\n${svc.logs().slice(-3000)}`;
      throw error;
    }
  });

interface Probe {
  readonly what: string;
  readonly ms: number;
  readonly status: number;
  readonly error?: string;
}

/**
 * The other tenant, while `attack` runs: two loops (`GET /healthz`, `GET /v1/documents/{id}` with its own key), each
 * sending a request, checking the answer against the spec, waiting ~20 ms, again. A request is given 30 s before it
 * counts as unanswered, so a frozen service shows up as a slow or missing answer, never as a hung test.
 */
const whileOtherTenantReads = async <T>(attack: () => Promise<T>): Promise<T> => {
  const probes: Probe[] = [];
  let running = true;
  const loop = async (what: string, url: string, route: "GET /healthz" | "GET /documents/{document_id}", headers: Record<string, string>) => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
        const text = await res.text();
        const ms = performance.now() - started;
        checkResponse(route, res.status, res.headers.get("content-type") ?? "", text);
        probes.push({ what, ms, status: res.status });
      } catch (error) {
        probes.push({ what, ms: performance.now() - started, status: 0, error: (error as Error).message });
      }
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  };
  const loops = [
    loop("GET /healthz", `${svc.origin}/healthz`, "GET /healthz", {}),
    loop("GET /v1/documents/{id}", `${svc.baseUrl}/documents/${otherDocId}`, "GET /documents/{document_id}", { Authorization: `Bearer ${svc.otherKey}` }),
  ];
  let result: T;
  try {
    result = await attack();
  } finally {
    running = false;
    await Promise.all(loops);
  }
  const failed = probes.filter((p) => p.status !== 200);
  assert.deepEqual(failed, [], `the other tenant's requests that did not answer 200`);
  for (const what of ["GET /healthz", "GET /v1/documents/{id}"]) {
    const mine = probes.filter((p) => p.what === what);
    assert.ok(mine.length > 0, `no ${what} was answered during the attack`);
    const slowest = Math.max(...mine.map((p) => p.ms));
    assert.ok(slowest < SLOWEST_MS, `the slowest ${what} of ${mine.length} took ${Math.round(slowest)} ms (bound ${SLOWEST_MS} ms)`);
  }
  return result;
};

/** A raw request whose answer is checked against the spec for `route`. */
const send = async (route: Parameters<typeof checkResponse>[0], path: string, body: BodyInit, headers: Record<string, string> = {}) => {
  const res = await fetch(`${svc.baseUrl}${path}`, { method: "POST", body, headers: { Authorization: `Bearer ${svc.key}`, ...headers } });
  const text = await res.text();
  checkResponse(route, res.status, res.headers.get("content-type") ?? "", text);
  return { status: res.status, body: JSON.parse(text) as Problem & Record<string, unknown> };
};
const json = (value: unknown) => [JSON.stringify(value), { "content-type": "application/json" }] as const;
const multipart = (bytes: Uint8Array, filename: string) => {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), filename);
  return form;
};

const assertRejected = (answer: { status: number; body: Problem & Record<string, unknown> }, label: string) => {
  assert.equal(answer.status, 422, `${label}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  assert.equal(answer.body.code, "file_rejected", label);
  assert.ok(typeof answer.body.detail === "string" && answer.body.detail.length > 0, `${label}: the Problem says why`);
};

describe("hostile Markdown", () => {
  for (const input of hostileMarkdown()) {
    check(`${input.name}: the document ends failed with a code, the other tenant is not slowed`, async () => {
      const started = performance.now();
      const doc = await whileOtherTenantReads(async () => {
        const { data, error, response } = await svc.client.POST("/documents", {
          body: { format: "docx", name: input.name, content: { markdown: input.markdown }, background: true } as never,
        });
        assert.equal(response.status, 202, JSON.stringify(error));
        return waitFor(svc.client, (data as Doc).id, undefined, MARKDOWN_FINAL_MS);
      });
      assert.equal(doc.status, "failed");
      assert.ok(doc.error?.code, "the failure has a code");
      assert.ok(doc.error.message.length > 0, "the failure has a message");
      assert.ok(performance.now() - started < MARKDOWN_FINAL_MS, "final in time");
    });
  }
});

describe("hostile files", () => {
  const files = () => [
    { name: "PDF whose stream inflates to 1 GB", bytes: pdfInflateBomb(1024 * 1024 * 1024), filename: "bomb.pdf" },
    { name: "docx whose zip entries overlap", bytes: overlappingZipDocx(), filename: "overlap.docx" },
    { name: "docx with a DTD", bytes: docxWithDtd(), filename: "dtd.docx" },
    { name: "PNG of 30,000 × 30,000 pixels", bytes: hugePng(30_000, 30_000), filename: "huge.png" },
  ];
  for (const file of files()) {
    check(`${file.name}: refused with file_rejected in every form, the other tenant is not slowed`, async () => {
      await whileOtherTenantReads(async () => {
        assertRejected(await send("POST /files", "/files", multipart(file.bytes, file.filename)), "POST /files multipart");
        assertRejected(await send("POST /files", "/files", ...json({ data: b64(file.bytes), filename: file.filename })), "POST /files base64");
        assertRejected(await send("POST /extract", "/extract", ...json({ file: { data: b64(file.bytes), filename: file.filename } })), "POST /extract base64");
        assertRejected(await send("POST /extract", "/extract", multipart(file.bytes, file.filename)), "POST /extract multipart");
        const review = await send("POST /documents", "/documents", ...json({ operation: "review", file: { data: b64(file.bytes), filename: file.filename } }));
        assertRejected(review, "review with the file inline");
        assert.deepEqual(review.body.errors?.map((e) => e.path), ["/file/data"]);
      });
    });
  }

  check("a review of a PDF bomb fetched from a URL ends failed with file_rejected", async () => {
    web.served.set("/bomb.pdf", pdfInflateBomb(1024 * 1024 * 1024));
    const doc = await whileOtherTenantReads(async () => {
      const { data, error, response } = await svc.client.POST("/documents", { body: { operation: "review", background: true, file: { url: `${web.base}/bomb.pdf` } } as never });
      assert.equal(response.status, 202, JSON.stringify(error));
      return waitFor(svc.client, (data as Doc).id, undefined, 60_000);
    });
    assert.equal(doc.status, "failed");
    assert.equal(doc.error?.code, "file_rejected", JSON.stringify(doc.error));
    assert.ok(doc.error.message.length > 0);
  });
});

describe("hostile JSON", () => {
  check("a body nested 2,000,000 deep gets a 4xx Problem, the other tenant is not slowed", async () => {
    const body = deepJsonBody(2_000_000);
    const answer = await whileOtherTenantReads(() => send("POST /documents", "/documents", body, { "content-type": "application/json" }));
    assert.ok(answer.status >= 400 && answer.status < 500, `answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    assert.ok(answer.body.code, "a Problem with a code");
  });
});

check("after all of it the service is alive", async () => {
  const res = await fetch(`${svc.origin}/healthz`);
  const text = await res.text();
  checkResponse("GET /healthz", res.status, res.headers.get("content-type") ?? "", text);
  assert.equal(res.status, 200);
});
