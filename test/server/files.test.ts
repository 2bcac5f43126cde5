/**
 * Files and extraction through the real service: the three body forms of POST /files give the same File, the kind
 * comes from the bytes, macros and password-protected PDFs are refused with the reason, the 20 MB limit holds in
 * every form, URLs obey the public-address rule (and its test override), and extractions are reads: answered
 * once, then gone, never listed as documents.
 *
 * Two services, no restarts (issue 31): the suite's shared one, where loopback URLs may be fetched (the override) and
 * extractions are answered at once, for most tests; and one of this file's own without the override, with the
 * smallest upload queue (the burst) and extractions answered 202 at once, for the tests that need those, started in
 * this test process (support/in-process.ts).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { zipSync, unzipSync, strToU8 } from "fflate";
import { gunzipSync } from "node:zlib";
import type { Service } from "../support/service.ts";
import { startInProcess } from "../support/in-process.ts";
import { sharedService } from "../support/shared-service.ts";
import { checkResponse } from "../support/contract.ts";
import type { Problem } from "../support/documents.ts";
import { corpusPath } from "../support/corpus.ts";

const CORPUS = corpusPath();
const corpus = (path: string) => readFileSync(join(CORPUS, path));

/** The suite's shared service: QUIRE_ALLOW_PRIVATE_URLS=1 (loopback URLs are fetched), extractions answered directly. */
let shared: Service;
/**
 * This file's own: no private-URL override; room for 32 MB of upload bodies at once (the least it can be), which the
 * burst below is larger than; and every extraction answered 202 at once (QUIRE_DIRECT_WAIT_MS=0).
 */
let own: Service;
let web: Server;
let webBase = "";
before(async () => {
  [shared, own] = await Promise.all([sharedService(), startInProcess({ QUIRE_DIRECT_WAIT_MS: "0", QUIRE_QUEUE_BYTES: String(32 * 1024 * 1024) })]);
  web = createServer((req, res) => {
    if (req.url === "/report.docx") return res.end(corpus("docx/pandoc-headers.docx"));
    if (req.url === "/huge") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return res.end(Buffer.alloc(21 * 1024 * 1024, 65));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  webBase = `http://127.0.0.1:${(web.address() as { port: number }).port}`;
});
after(async () => {
  await Promise.all([own?.stop(), shared?.stop()]);
  await new Promise<void>((r) => (web.closeAllConnections(), web.close(() => r())));
});

/** POST /files raw (multipart or JSON) to `svc`, the answer checked against the spec. */
const upload = async (svc: Service, body: BodyInit, headers: Record<string, string> = {}) => {
  const res = await fetch(`${svc.baseUrl}/files`, { method: "POST", body, headers: { Authorization: `Bearer ${svc.key}`, ...headers } });
  const text = await res.text();
  checkResponse("POST /files", res.status, res.headers.get("content-type") ?? "", text);
  return { status: res.status, body: JSON.parse(text) };
};
const multipart = (bytes: Uint8Array, filename: string) => {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), filename);
  return form;
};
const json = (value: unknown) => [JSON.stringify(value), { "content-type": "application/json" }] as const;

describe("POST /files", () => {
  test("the three body forms give the same File, its kind read from the bytes", async () => {
    const bytes = corpus("docx/pandoc-headers.docx");
    const svc = shared;
    const a = await upload(svc, multipart(bytes, "report.docx"));
    const b = await upload(svc, ...json({ data: bytes.toString("base64"), filename: "report.docx" }));
    const c = await upload(svc, ...json({ url: `${webBase}/report.docx` }));
    for (const r of [a, b, c]) assert.equal(r.status, 201, JSON.stringify(r.body));
    const same = (f: Record<string, unknown>) => ({ bytes: f.bytes, sha256: f.sha256, content_type: f.content_type, pages: f.pages, filename: f.filename });
    assert.deepEqual(same(b.body), same(a.body));
    assert.deepEqual(same(c.body), same(a.body));
    assert.equal(a.body.content_type, "application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const named = await upload(svc, multipart(bytes, "misleading-name.pdf"));
    assert.equal(named.body.content_type, a.body.content_type, "the name does not decide the kind");
    const got = await svc.client.GET("/files/{file_id}", { params: { path: { file_id: a.body.id } } });
    assert.deepEqual(got.data, a.body);
    const other = await svc.as(svc.otherKey).GET("/files/{file_id}", { params: { path: { file_id: a.body.id } } });
    assert.equal(other.response.status, 404);
  });

  // With the override on, the same URL is fetched: the test above, on the shared service.
  test("loopback URLs are refused unless the test override is on", async () => {
    const refused = await upload(own, ...json({ url: `${webBase}/report.docx` }));
    assert.equal(refused.status, 422);
    assert.equal((refused.body as Problem).code, "input_invalid");
    assert.deepEqual((refused.body as Problem).errors!.map((e) => e.path), ["/url"]);
    const metadata = await upload(own, ...json({ url: "http://169.254.169.254/latest/meta-data/" }));
    assert.equal(metadata.status, 422);
  });

  test("over 20 MB is refused in every form: 413 file_too_large", async () => {
    // On the shared service: the URL form needs the loopback override.
    const big = Buffer.alloc(21 * 1024 * 1024, 65);
    const viaMultipart = await upload(shared, multipart(big, "big.txt"));
    assert.equal(viaMultipart.status, 413);
    assert.equal((viaMultipart.body as Problem).code, "file_too_large");
    const viaBase64 = await upload(shared, ...json({ data: big.toString("base64"), filename: "big.txt" }));
    assert.equal(viaBase64.status, 413);
    const viaUrl = await upload(shared, ...json({ url: `${webBase}/huge` }));
    assert.equal(viaUrl.status, 413);
    assert.equal((viaUrl.body as Problem).code, "file_too_large");
  });

  test("macros, password-protected PDFs and unknown kinds are refused with the reason", async () => {
    const docx = unzipSync(corpus("docx/pandoc-headers.docx"));
    const withMacros = zipSync({ ...docx, "word/vbaProject.bin": strToU8("VBA") });
    const docm = zipSync({ ...docx, "[Content_Types].xml": strToU8(new TextDecoder().decode(docx["[Content_Types].xml"]).replace("document.main+xml", "document.macroEnabled.main+xml")) });
    const cases = [
      { bytes: withMacros, name: "a.docx", reason: /macros/ },
      { bytes: docm, name: "a.docm", reason: /macros/ },
      { bytes: corpus("pdf/005-libreoffice-writer-password-libreoffice-writer-password.pdf"), name: "p.pdf", reason: /password/ },
      { bytes: Buffer.from([0x00, 0x01, 0x02, 0x03, 0x00, 0xff]), name: "x.bin", reason: /not a supported kind/ },
      { bytes: corpus("docx/pandoc-headers.docx").subarray(0, 3000), name: "cut.docx", reason: /damaged/ },
    ];
    for (const c of cases) {
      const r = await upload(own, multipart(c.bytes, c.name));
      assert.equal(r.status, 422, c.name);
      assert.equal((r.body as Problem).code, "file_rejected", c.name);
      assert.match((r.body as Problem & { detail: string }).detail, c.reason, c.name);
    }
  });
});

describe("a burst of uploads", () => {
  test("larger than the queue: each is stored (201) or refused before its body with 503 overloaded and Retry-After, never 422", async () => {
    const svc = own;
    const bytes = corpus("pdf/009-pdflatex-geotopo-GeoTopo-komprimiert.pdf");
    // 40 bodies of 1.8 MB at once: more than the 32 MB the service lets in together.
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const res = await fetch(`${svc.baseUrl}/files`, { method: "POST", body: multipart(bytes, "geotopo.pdf"), headers: { Authorization: `Bearer ${svc.key}` } });
        const text = await res.text();
        checkResponse("POST /files", res.status, res.headers.get("content-type") ?? "", text);
        return { status: res.status, retryAfter: res.headers.get("retry-after"), body: JSON.parse(text) };
      }),
    );
    const statuses = answers.map((a) => a.status);
    assert.deepEqual([...new Set(statuses)].filter((s) => s !== 201 && s !== 503), [], `only 201 and 503: ${statuses}`);
    const refused = answers.filter((a) => a.status === 503);
    const stored = answers.filter((a) => a.status === 201);
    assert.ok(refused.length > 0 && stored.length > 0, `some stored, some refused: ${statuses}`);
    for (const a of refused) {
      assert.equal(a.body.code, "overloaded");
      assert.ok(Number(a.retryAfter) >= 1 && Number(a.retryAfter) <= 60, `Retry-After ${a.retryAfter}`);
    }
    // Nothing lost: every 201 is a stored file, the whole file.
    for (const a of stored) {
      const file = await fetch(`${svc.baseUrl}/files/${a.body.id}`, { headers: { Authorization: `Bearer ${svc.key}` } });
      assert.equal(file.status, 200);
      assert.equal(((await file.json()) as { bytes: number }).bytes, bytes.byteLength);
    }
    // Once the burst is served, the same upload is taken.
    assert.equal((await upload(svc, multipart(bytes, "geotopo.pdf"))).status, 201);
  });
});

describe("extraction", () => {
  const extract = async (body: unknown, svc = shared) => {
    const res = await fetch(`${svc.baseUrl}/extract`, { method: "POST", body: JSON.stringify(body), headers: { Authorization: `Bearer ${svc.key}`, "content-type": "application/json" } });
    const text = await res.text();
    checkResponse("POST /extract", res.status, res.headers.get("content-type") ?? "", text);
    return { status: res.status, body: JSON.parse(text) };
  };

  test("text is read with its charset detected; Markdown comes back as given", async () => {
    const latin1 = Buffer.from("Año fiscal: cañón\r\nSegunda línea", "latin1");
    const txt = await extract({ file: { data: latin1.toString("base64"), filename: "notes.txt" } });
    assert.equal(txt.status, 200);
    assert.equal(txt.body.format, "txt");
    assert.equal(txt.body.markdown, "Año fiscal: cañón\nSegunda línea");
    assert.equal(txt.body.chars, txt.body.markdown.length);
    assert.equal(txt.body.truncated, false);
    assert.equal(txt.body.charset, "windows-1252");
    const md = await extract({ file: { data: Buffer.from("# Title\n\n- a\n").toString("base64"), filename: "x.md" } });
    assert.equal(md.body.format, "md");
    assert.equal(md.body.markdown, "# Title\n\n- a\n");
    assert.equal(md.body.charset, "utf-8");
    // MarkItDown's Shift-JIS CSV (test/public/markitdown): Japanese names and cities, not mojibake.
    const csv = await extract({ file: { data: readFileSync(resolve(import.meta.dirname, "../public/markitdown/test_mskanji.csv")).toString("base64"), filename: "test_mskanji.csv" } });
    assert.equal(csv.body.format, "txt");
    assert.equal(csv.body.charset, "shift_jis");
    assert.match(csv.body.markdown, /^名前,年齢,住所\n佐藤太郎,30,東京\n三木英子,25,大阪\n/);
    // A Word docx has no pages of its own until laid out: 1, whatever its saved count says, as its upload.
    const docx = await extract({ file: { data: corpus("docx/pandoc-0_level_headers.docx").toString("base64"), filename: "h.docx" } });
    assert.equal(docx.body.pages, 1);
    assert.equal(docx.body.charset, undefined);
    assert.equal(docx.body.ocr_pages, undefined);
  });

  test("office files, PDFs and legacy files are read into Markdown through the service", async () => {
    const legacy = (ext: string) => gunzipSync(readFileSync(resolve(import.meta.dirname, `../renderers/fixtures/legacy.${ext}.gz`)));
    const cases = [
      { bytes: corpus("docx/pandoc-headers.docx"), name: "h.docx", format: "docx", want: /^#{1,6} /m },
      { bytes: corpus("docx/pandoc-tables.docx"), name: "t.docx", format: "docx", want: /^\|.*\|$/m },
      { bytes: corpus("pptx/python-pptx-cht-category-access.pptx"), name: "c.pptx", format: "pptx", want: /Slide 1/ },
      { bytes: corpus("xlsx/exceljs-1904.xlsx"), name: "d.xlsx", format: "xlsx", want: /\|/ },
      { bytes: corpus("pdf/004-pdflatex-4-pages-pdflatex-4-pages.pdf"), name: "p.pdf", format: "pdf", want: /<!-- page 4 -->/ },
      { bytes: legacy("doc"), name: "old.doc", format: "doc", want: /\w/ },
      { bytes: legacy("xls"), name: "old.xls", format: "xls", want: /\|/ },
    ];
    for (const c of cases) {
      const r = await extract({ file: { data: Buffer.from(c.bytes).toString("base64"), filename: c.name } });
      assert.equal(r.status, 200, `${c.name}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.format, c.format);
      assert.match(r.body.markdown, c.want, c.name);
      assert.ok(r.body.pages >= 1);
    }
    const locked = await extract({ file: { data: corpus("pdf/005-libreoffice-writer-password-libreoffice-writer-password.pdf").toString("base64"), filename: "p.pdf" } });
    assert.equal(locked.status, 422);
    assert.match(locked.body.detail, /password/);
  });

  test("a scanned PDF is read with OCR", async () => {
    const r = await extract({ file: { data: corpus("scans/pdf_scanned_minimal.pdf").toString("base64"), filename: "scan.pdf" } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.match(r.body.markdown, /minimal test document/i);
    assert.match(r.body.markdown, /<!-- page 1 -->/);
    // The caller is told which pages are OCR's reading, not the file's own text.
    assert.deepEqual(r.body.ocr_pages, [1]);
    const born = await extract({ file: { data: corpus("pdf/004-pdflatex-4-pages-pdflatex-4-pages.pdf").toString("base64"), filename: "p.pdf" } });
    assert.deepEqual(born.body.ocr_pages, []);
  });

  // On this file's own service, which answers every extraction 202 at once (QUIRE_DIRECT_WAIT_MS=0).
  test("an extraction is not a document: not listed, collected once, then gone", async () => {
    const svc = own;
    const started = await extract({ file: { data: Buffer.from("hello").toString("base64"), filename: "a.txt" } }, svc);
    assert.ok([200, 202].includes(started.status));
    const id = started.body.id as string;
    let collected = started.status === 200 ? started.body : null;
    // A service loads its reading threads on first use: on a busy machine that takes seconds.
    for (const deadline = Date.now() + 30_000; !collected && Date.now() < deadline; ) {
      const { data, response } = await svc.client.GET("/extract/{id}", { params: { path: { id } } });
      if (response.status === 200) collected = data;
      else await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(collected, "the extraction finished within 30 s");
    assert.equal(collected.markdown, "hello");
    const again = await svc.client.GET("/extract/{id}", { params: { path: { id } } });
    assert.equal(again.response.status, 404, "delivered once, then gone");
    const { data: list } = await svc.client.GET("/documents", { params: { query: {} } });
    assert.ok(!list!.data.some((d) => d.id === id), "not in the document list");
  });

  test("operation extract on POST /documents answers like POST /extract", async () => {
    const { data, response } = await shared.client.POST("/documents", { body: { operation: "extract", file: { data: Buffer.from("plain words").toString("base64"), filename: "a.txt" } } });
    assert.equal(response.status, 200);
    assert.equal((data as { object: string }).object, "extraction");
    assert.equal((data as { markdown: string }).markdown, "plain words");
  });
});
