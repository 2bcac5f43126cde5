/**
 * Every rule of `POST /documents` (interface, POST /documents: fields, rules, limits) on the real service with no
 * model configured: each invalid request answers 422 with a JSON pointer for every offending field and creates
 * nothing; what needs a model answers 501; dry runs validate without creating; unknown files are 404.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Service } from "../support/service.ts";
import { sharedService } from "../support/shared-service.ts";
import { assertProblem, pointersOf } from "../support/problem.ts";
import type { components } from "../../generated/openapi.ts";

type CreateRequest = components["schemas"]["CreateDocumentRequest"];

let svc: Service;
let errorsUrl: string;

before(async () => {
  svc = await sharedService();
  errorsUrl = svc.errorsUrl;
});
after(async () => {
  await svc?.stop();
});

const content = { markdown: "# Title\n\nSome text." };
const valid = { format: "docx", content } as const;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).toString("base64");
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]).toString("base64");
const TEXT = Buffer.from("plain notes to write from\n").toString("base64");
const png = (i: number) => ({ data: PNG, filename: `picture-${i}.png` });
const jpeg = (i: number) => ({ data: JPEG, filename: `photo-${i}.jpg` });
const pdfUrl = (i: number) => ({ url: `https://example.com/papers/source-${i}.pdf` });
const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i + 1));
const MISSING_FILE = "file_01ARZ3NDEKTSV4RRFFQ69G5FAV";

const post = (body: unknown, dryRun = false) =>
  svc.client.POST("/documents", { body: body as CreateRequest, params: { query: dryRun ? { dry_run: true } : {} } });

const assertNothingCreated = async () => {
  const { data, error } = await svc.client.GET("/documents");
  assert.equal(error, undefined);
  assert.deepEqual(data!.data.map((d) => d.id), [], "no document was created");
};

describe("POST /documents: every invalid field answers 422 input_invalid with its pointer", () => {
  const cases: Array<{ name: string; given: Record<string, unknown>; want: string[] }> = [
    { name: "operation outside the enum", given: { ...valid, operation: "publish" }, want: ["/operation"] },
    { name: "format outside the enum", given: { format: "odt", content }, want: ["/format"] },
    { name: "quality outside the enum", given: { ...valid, quality: "ultra" }, want: ["/quality"] },
    { name: "max_quality outside the enum (auto is not a level)", given: { ...valid, max_quality: "auto" }, want: ["/max_quality"] },
    { name: "name of 0 characters", given: { ...valid, name: "" }, want: ["/name"] },
    { name: "name of 201 characters", given: { ...valid, name: "n".repeat(201) }, want: ["/name"] },
    { name: "create with both prompt and content", given: { ...valid, prompt: "A short report on sales." }, want: ["/content", "/prompt"] },
    { name: "create with neither prompt nor content", given: { format: "docx" }, want: ["/content"] },
    { name: "prompt of 2 characters", given: { format: "docx", prompt: "ab" }, want: ["/prompt"] },
    { name: "style of 0 characters", given: { ...valid, style: "" }, want: ["/style"] },
    { name: "style of 1001 characters", given: { ...valid, style: "s".repeat(1001) }, want: ["/style"] },
    { name: "metadata value of 501 characters", given: { ...valid, metadata: { ok: "fine", note: "x".repeat(501) } }, want: ["/metadata/note"] },
    { name: "metadata values that are not strings", given: { ...valid, metadata: { n: 5, b: true, o: { a: "b" }, l: ["x"], z: null } }, want: ["/metadata/b", "/metadata/l", "/metadata/n", "/metadata/o", "/metadata/z"] },
    { name: "16 sources", given: { ...valid, sources: times(16, png) }, want: ["/sources"] },
    { name: "6 documents among sources ({url} with .pdf names)", given: { ...valid, sources: times(6, pdfUrl) }, want: ["/sources"] },
    { name: "6 documents among sources (base64 text files)", given: { ...valid, sources: times(6, (i) => ({ data: TEXT, filename: `notes-${i}.txt` })) }, want: ["/sources"] },
    { name: "11 pictures among sources (PNG heads)", given: { ...valid, sources: times(11, png) }, want: ["/sources"] },
    { name: "11 pictures among sources (PNG and JPEG heads)", given: { ...valid, sources: [...times(6, png), ...times(5, jpeg)] }, want: ["/sources"] },
    { name: "sources with review (create only)", given: { operation: "review", format: "docx", file: pdfUrl(1), sources: [png(1)] }, want: ["/sources"] },
    { name: "review without file", given: { operation: "review", format: "docx" }, want: ["/file"] },
    { name: "edit without file", given: { operation: "edit", format: "docx", prompt: "Fix the dates." }, want: ["/file"] },
    { name: "extract without file", given: { operation: "extract", format: "docx" }, want: ["/file"] },
    { name: "unknown top-level field", given: { ...valid, colour: "blue" }, want: ["/colour"] },
    { name: "content without markdown", given: { format: "docx", content: {} }, want: ["/content/markdown"] },
    {
      name: "several invalid fields at once",
      given: { operation: "create", format: "odt", name: "", quality: "ultra", style: "", metadata: { a: 1 }, content: { text: "x" }, extra: true },
      want: ["/content/markdown", "/content/text", "/extra", "/format", "/metadata/a", "/name", "/quality", "/style"],
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, async () => {
      const { error, response } = await post(given);
      const problem = assertProblem(response, error, { status: 422, code: "input_invalid", errorsUrl });
      const got = pointersOf(problem);
      for (const pointer of want) assert.ok(got.includes(pointer), `${pointer} missing from ${JSON.stringify(problem.errors)}`);
      for (const pointer of got) assert.ok(want.includes(pointer), `unexpected ${pointer} in ${JSON.stringify(problem.errors)}`);
      for (const e of problem.errors!) assert.ok(e.message.length > 0, `empty message at ${e.path}`);
      await assertNothingCreated();
    });
  }
});

describe("POST /documents: the other rules", () => {
  it("an artifact with store false and shared storage answers 422 retention_none_shared", async () => {
    const { error, response } = await post({ format: "artifact", content, store: false, artifact: { storage: "shared" } });
    const problem = assertProblem(response, error, { status: 422, code: "retention_none_shared", errorsUrl });
    assert.deepEqual(pointersOf(problem), ["/artifact/storage"]);
    await assertNothingCreated();
  });

  it("an artifact with retention none and shared storage answers 422 retention_none_shared", async () => {
    const { error, response } = await post({ format: "artifact", content, retention: "none", artifact: { storage: "shared" } });
    assertProblem(response, error, { status: 422, code: "retention_none_shared", errorsUrl });
    await assertNothingCreated();
  });

  it("files that do not exist answer 404 not_found", async () => {
    for (const given of [
      { ...valid, sources: [MISSING_FILE] },
      { ...valid, sources: ["doc_01ARZ3NDEKTSV4RRFFQ69G5FAV"] },
      { operation: "review", format: "docx", file: MISSING_FILE },
    ]) {
      const { error, response } = await post(given);
      assertProblem(response, error, { status: 404, code: "not_found", errorsUrl });
    }
    await assertNothingCreated();
  });
});

describe("POST /documents without a model", () => {
  const cases: Array<{ name: string; given: Record<string, unknown>; want: { status: number; code: string; pointers: string[] } }> = [
    { name: "a create with a prompt answers 501", given: { format: "docx", prompt: "A one-page memo about the office move." }, want: { status: 501, code: "feature_unavailable", pointers: ["/prompt"] } },
    { name: "a create without format answers 422 at /format", given: { content }, want: { status: 422, code: "input_invalid", pointers: ["/format"] } },
    {
      name: "a style no part of which the deterministic reader understands answers 501",
      given: { ...valid, style: "make it feel like a summer afternoon" },
      want: { status: 501, code: "feature_unavailable", pointers: ["/style"] },
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, async () => {
      const { error, response } = await post(given);
      const problem = assertProblem(response, error, { status: want.status, code: want.code, errorsUrl });
      assert.deepEqual(pointersOf(problem), want.pointers);
      await assertNothingCreated();
    });
  }
});

describe("POST /documents?dry_run=true", () => {
  it("a valid body answers 200 with a DryRunResult and creates nothing", async () => {
    const { data, error, response } = await post({ ...valid, style: "Georgia 12pt, landscape, with a dreamy vibe" }, true);
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    const result = data as components["schemas"]["DryRunResult"];
    assert.equal(result.object, "dry_run", JSON.stringify(data));
    assert.equal(result.valid, true);
    assert.equal(result.operation, "create");
    assert.equal(result.format, "docx");
    assert.equal(result.mode, "content");
    assert.ok(result.style_applied, "style_applied filled");
    // Georgia is not installed here: the dry run names the font the files would show, as the document would.
    assert.equal(result.style_applied.font, "Times New Roman");
    assert.equal(result.style_applied.font_size, 12);
    assert.equal(result.style_applied.orientation, "landscape");
    assert.deepEqual(result.style_unsupported, ["with a dreamy vibe", "font Georgia: not installed here; Times New Roman used instead (drawn as Liberation Serif, of the same widths)"]);
    await assertNothingCreated();
  });

  it("a valid body without style still fills style_applied with the defaults", async () => {
    const { data, response } = await post(valid, true);
    assert.equal(response.status, 200);
    const result = data as components["schemas"]["DryRunResult"];
    assert.ok(result.style_applied);
    assert.deepEqual(result.style_unsupported, []);
    await assertNothingCreated();
  });

  it("every limit at its boundary is accepted", async () => {
    const style = "landscape, ".repeat(100).slice(0, 1000);
    assert.equal(style.length, 1000);
    const body = {
      ...valid,
      name: "n".repeat(200),
      style,
      metadata: { note: "x".repeat(500) },
      sources: [...times(5, pdfUrl), ...times(5, png), ...times(5, jpeg)],
    };
    const { data, error, response } = await post(body, true);
    assert.equal(error, undefined, JSON.stringify(error));
    assert.equal(response.status, 200);
    assert.equal((data as components["schemas"]["DryRunResult"]).style_applied?.orientation, "landscape");
    const short = await post({ format: "docx", content: { markdown: "x" }, name: "n", style: "landscape" }, true);
    assert.equal(short.response.status, 200, JSON.stringify(short.error));
    await assertNothingCreated();
  });

  it("an invalid body answers 422", async () => {
    const { error, response } = await post({ ...valid, name: "", prompt: "ab" }, true);
    const problem = assertProblem(response, error, { status: 422, code: "input_invalid", errorsUrl });
    assert.deepEqual(pointersOf(problem), ["/content", "/name", "/prompt"]);
    await assertNothingCreated();
  });

  it("a request that needs a model answers 501 in a dry run too", async () => {
    const { error, response } = await post({ ...valid, style: "make it feel like a summer afternoon" }, true);
    assertProblem(response, error, { status: 501, code: "feature_unavailable", errorsUrl });
    await assertNothingCreated();
  });
});

describe("POST /documents: a style partly understood", () => {
  it("is accepted and style_unsupported lists the rest", async () => {
    const { data, error, response } = await post({ ...valid, name: "partly-styled", style: "font Cambria, make it feel like a summer afternoon" });
    assert.equal(error, undefined, JSON.stringify(error));
    assert.ok(response.status === 200 || response.status === 202, String(response.status));
    const doc = data as components["schemas"]["Document"];
    assert.equal(doc.object, "document");
    assert.equal(doc.style_applied?.font, "Cambria");
    assert.deepEqual(doc.style_unsupported, ["make it feel like a summer afternoon"]);
    const list = await svc.client.GET("/documents");
    assert.deepEqual(list.data!.data.map((d) => d.id), [doc.id], "exactly the accepted document exists");
  });
});
