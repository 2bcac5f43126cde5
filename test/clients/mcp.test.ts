/**
 * The MCP server (clients/typescript/src/mcp) driven by the SDK's own client against the real service: over stdio
 * (the server started as an agent host starts it, by command with its key in the environment, also through the
 * package's launcher bin/quire-mcp.js) and over streamable
 * HTTP (`--http`, the key sent per request). Every tool is listed with its input schema and called: links that
 * download, the report's findings, Markdown text, artifact data, progress notifications from the document's
 * events, and Problems (the service's or the schema's) as tool errors rather than crashes.
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import type { Service } from "../support/service.ts";
import { startInProcess } from "../support/in-process.ts";
import { startModelServer, type ModelServer, type Reply } from "../support/model-server.ts";
import { stepOf } from "../support/writer-script.ts";
import { onOrigin } from "../support/origin.ts";
import { startProxy, type Action, type Proxy } from "./proxy.ts";
import { formatPlugins } from "../../plugins/index.ts";
import type { Document, Extraction, Problem, Report } from "../../clients/typescript/src/types.ts";

const ROOT = resolve(import.meta.dirname, "../..");
/** The server as scripts/build.ts builds it from clients/typescript/src/mcp/main.ts; the launcher is tested on its own below. */
const MAIN = join(ROOT, "dist/client/quire-mcp.mjs");
const LAUNCHER = join(ROOT, "clients/typescript/bin/quire-mcp.js");
const TOOLS = ["create_document", "review_document", "edit_document", "extract_markdown", "get_document", "get_report", "create_artifact", "read_artifact_data"];
/** Long work renders and converts: more than the SDK's 60-second default on a busy machine. */
const LONG = { timeout: 180_000 };

const INVOICE = [
  "# Invoice 2026-041",
  "",
  "Pay to IBAN ES91 2100 0418 4502 0005 1333 by 31 February 2026.",
  "",
  "| Concept | Amount |",
  "|---|---:|",
  "| Design | 1.000,00 € |",
  "| Build | 500,00 € |",
  "| Total | 1.600,00 € |",
].join("\n");

let svc: Service;
let model: ModelServer;
let plan: () => Reply = () => ({ json: { understood: false, reason: "no plan", track_changes: false, edits: [] } });

/** The environment of a spawned quire-mcp: this one without any Quire key, plus what the test gives. */
const envWith = (extra: Record<string, string>): Record<string, string> => {
  const env = { ...(process.env as Record<string, string>) };
  delete env.QUIRE_API_KEY;
  delete env.QUIRE_BASE_URL;
  return { ...env, ...extra };
};

const stdioClient = async (): Promise<Client> => {
  const client = new Client({ name: "quire-mcp-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [MAIN],
      cwd: ROOT,
      env: envWith({ QUIRE_API_KEY: svc.key, QUIRE_BASE_URL: svc.baseUrl }),
      stderr: "pipe",
    }),
  );
  return client;
};

interface HttpMcp {
  readonly url: URL;
  readonly child: ChildProcess;
  readonly stop: () => Promise<void>;
}

/** `quire-mcp --http --port 0` with no key of its own; resolves once it printed the address it listens on. */
const startHttpMcp = (): Promise<HttpMcp> =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [MAIN, "--http", "--port", "0"], {
      cwd: ROOT,
      env: envWith({ QUIRE_BASE_URL: svc.baseUrl }),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let log = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      log += chunk;
      const address = /listening on (http:\/\/\S+)/.exec(log)?.[1];
      if (address)
        resolvePromise({
          url: new URL(address),
          child,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
    });
    child.once("exit", (code) => reject(new Error(`quire-mcp --http exited with ${code}:\n${log}`)));
  });

const httpClient = async (url: URL, key: string): Promise<Client> => {
  const client = new Client({ name: "quire-mcp-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
};

const call = async (client: Client, name: string, args: Record<string, unknown>, onprogress?: (progress: Progress) => void) =>
  (await client.callTool({ name, arguments: args }, undefined, { ...LONG, ...(onprogress ? { onprogress, resetTimeoutOnProgress: true } : {}) })) as CallToolResult;

const textOf = (result: CallToolResult): string => result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
const documentOf = (result: CallToolResult) => (result.structuredContent as { document: Document; report: Report | null }).document;
const reportOf = (result: CallToolResult) => (result.structuredContent as { report: Report }).report;
const problemOf = (result: CallToolResult) => (result.structuredContent as { problem: Problem }).problem;
const ok = (result: CallToolResult) => assert.ok(!result.isError, textOf(result));

const downloaded = async (doc: Document, kind: string): Promise<Uint8Array> => {
  const output = doc.outputs?.find((o) => o.kind === kind);
  assert.ok(output, `a ${kind} output`);
  const res = await fetch(output.url);
  assert.equal(res.status, 200);
  return new Uint8Array(await res.arrayBuffer());
};
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

before(async () => {
  // An edit's plan is scripted; a prompt is never understood (its request hangs), so a document made from a prompt
  // runs until it is canceled: the long work the cancel tests need, with no render delay slowing every other test.
  model = await startModelServer(async (req) => {
    const step = stepOf(req);
    if (step === "edit") return plan();
    if (step === "understand") return { hang: true };
    return { status: 400, body: { error: { message: "not scripted" } } };
  });
  // A direct wait of one second: a small file's extraction is answered at once, a long read (seconds) answers 202 and
  // is collected with GET /extract/{id}. The tools make documents in background mode, which the wait does not touch.
  svc = await startInProcess({
    QUIRE_MODEL_BASE_URL: model.url,
    QUIRE_MODEL_WRITER: "m-writer",
    QUIRE_MODEL_FAST: "m-fast",
    QUIRE_MODEL_BEST: "m-best",
    QUIRE_DIRECT_WAIT_MS: "1000",
  });
});

after(async () => {
  await svc?.stop();
  await model?.close();
  assert.deepEqual(model?.violations ?? [], [], "every model request was a valid OpenAI request");
});

describe("over stdio", () => {
  let client: Client;
  let invoice: Document;

  before(async () => {
    client = await stdioClient();
  });
  after(async () => {
    await client?.close();
  });

  test("lists the eight tools, each with an input schema of its fields", async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, "object", tool.name);
      assert.ok(Object.keys(tool.inputSchema.properties ?? {}).length > 0, `${tool.name} has fields`);
      assert.ok(tool.description && tool.description.length > 40, `${tool.name} is described`);
    }
    const byName = new Map(tools.map((t) => [t.name, t.inputSchema]));
    assert.deepEqual(byName.get("review_document")!.required, ["file"]);
    assert.deepEqual([...(byName.get("edit_document")!.required ?? [])].sort(), ["file", "prompt"]);
    assert.deepEqual(byName.get("get_report")!.required, ["document_id"]);
  });

  test("create_document: a Word file from Markdown, its links download, progress came from the events", async () => {
    const progress: Progress[] = [];
    const result = await call(client, "create_document", { format: "docx", name: "Invoice", content: { markdown: INVOICE } }, (p) => progress.push(p));
    ok(result);
    invoice = documentOf(result);
    assert.ok(["ready", "ready_with_warnings", "needs_review"].includes(invoice.status), invoice.status);
    assert.equal(invoice.format, "docx");
    assert.ok(isZip(await downloaded(invoice, "docx")), "the docx link downloads a zip");
    const text = textOf(result);
    assert.match(text, new RegExp(invoice.id));
    assert.ok(text.includes(invoice.outputs!.find((o) => o.kind === "docx")!.url), "the text carries the download link");
    assert.match(text, /Report: \d+ errors?, \d+ warnings?, \d+ info/);
    assert.ok((result.structuredContent as { report: Report | null }).report, "the report comes with the document");

    assert.ok(progress.length >= 2, `progress notifications: ${progress.length}`);
    for (let i = 1; i < progress.length; i++) assert.ok(progress[i]!.progress > progress[i - 1]!.progress, "progress only grows");
    assert.ok(progress.every((p) => typeof p.message === "string" && p.message.length > 0));
    assert.match(progress.at(-1)!.message!, /^ready/);
    assert.equal(progress.at(-1)!.total, progress.at(-1)!.progress, "the final event completes it");
  });

  test("review_document and get_report: the report lists issues with severity, code and message", async () => {
    const result = await call(client, "review_document", { file: invoice.id, name: "Invoice reviewed" });
    ok(result);
    const reviewed = documentOf(result);
    assert.equal(reviewed.operation, "review");
    assert.equal(reviewed.status, "ready_with_warnings");

    const report = await call(client, "get_report", { document_id: reviewed.id });
    ok(report);
    const issues = reportOf(report).issues;
    const codes = issues.map((i) => i.code);
    assert.ok(codes.includes("key_data.impossible_date"), codes.join());
    assert.ok(codes.includes("key_data.total_mismatch"), codes.join());
    const mismatch = issues.find((i) => i.code === "key_data.total_mismatch")!;
    assert.ok(textOf(report).includes(`- ${mismatch.severity} key_data.total_mismatch`), textOf(report));
    assert.ok(textOf(report).includes(mismatch.message));
  });

  test("review_document takes a file as base64 data and a filename", async () => {
    const bytes = await downloaded(invoice, "docx");
    const result = await call(client, "review_document", { file: { data: Buffer.from(bytes).toString("base64"), filename: "invoice.docx" } });
    ok(result);
    assert.ok(isZip(await downloaded(documentOf(result), "docx")));
  });

  test("get_document: the document with fresh links", async () => {
    const result = await call(client, "get_document", { document_id: invoice.id });
    ok(result);
    const doc = documentOf(result);
    assert.equal(doc.id, invoice.id);
    assert.ok(isZip(await downloaded(doc, "docx")));
  });

  test("extract_markdown: the document's text as Markdown", async () => {
    const result = await call(client, "extract_markdown", { file: invoice.id });
    ok(result);
    assert.match(textOf(result), /# Invoice 2026-041/);
    assert.match(textOf(result), /\| *Total *\|/);
    const extraction = result.structuredContent as Pick<Extraction, "format" | "markdown">;
    assert.equal(extraction.format, "docx");
    assert.equal(extraction.markdown, textOf(result));
  });

  test("edit_document: the change the prompt asks for, with the report's edits", async () => {
    const block = formatPlugins.get("docx")!.edit!.read(await downloaded(invoice, "docx")).blocks.find((b) => b.text.includes("IBAN"))!;
    plan = () => ({
      json: {
        understood: true,
        reason: "",
        track_changes: false,
        edits: [{ op: "replace_text", block: block.id, find: "31 February", replace: "28 February", text: null, value: null, formula: null, values: [], after: null, like: null, title: null, body: [] }],
      },
    });
    const result = await call(client, "edit_document", { file: invoice.id, prompt: "Fix the due date: 28 February." });
    ok(result);
    const edited = documentOf(result);
    assert.equal(edited.operation, "edit");
    assert.equal(edited.parent_id, invoice.id);
    const report = (result.structuredContent as { report: Report }).report;
    assert.deepEqual(report.edits.map((e) => [e.op, e.outcome]), [["replace_text", "applied"]]);
    assert.match(textOf(result), /Edits: 1 of 1 applied/);
    const text = formatPlugins.get("docx")!.edit!.read(await downloaded(edited, "docx")).blocks.map((b) => b.text).join("\n");
    assert.match(text, /by 28 February 2026/);
  });

  test("create_artifact and read_artifact_data: the page's link, then what visitors stored", async () => {
    const markdown = readFileSync(join(ROOT, "examples/artifacts/poll.md"), "utf8");
    const result = await call(client, "create_artifact", { name: "Team lunch", content: { markdown } });
    ok(result);
    const artifact = documentOf(result);
    assert.equal(artifact.format, "artifact");
    const page = artifact.outputs!.find((o) => o.kind === "html")!;
    assert.ok(textOf(result).includes(page.url), "the text carries the page link");

    const empty = await call(client, "read_artifact_data", { document_id: artifact.id });
    ok(empty);
    assert.deepEqual((empty.structuredContent as { data: unknown[] }).data, []);

    // A visitor votes through the page's own storage API, as the page's script does.
    const link = new URL(page.url);
    const token = `${link.searchParams.get("exp")}.${link.searchParams.get("sig")}`;
    const put = await onOrigin(`${link.origin}/_db/lunch/ana`, {
      method: "PUT",
      headers: { "x-quire-token": token, "content-type": "application/json" },
      body: JSON.stringify({ option: "Taco Stand" }),
    });
    assert.equal(put.status, 200, put.body);

    const collections = await call(client, "read_artifact_data", { document_id: artifact.id });
    ok(collections);
    assert.deepEqual((collections.structuredContent as { data: unknown[] }).data, [{ collection: "lunch", records: 1 }]);
    assert.match(textOf(collections), /lunch \(1 record\)/);
    const records = await call(client, "read_artifact_data", { document_id: artifact.id, collection: "lunch", limit: 10 });
    ok(records);
    const page1 = records.structuredContent as { data: Array<{ key: string; data: unknown }>; has_more: boolean };
    assert.deepEqual(page1.data.map((r) => [r.key, r.data]), [["ana", { option: "Taco Stand" }]]);
    assert.equal(page1.has_more, false);
  });

  test("a request the service refuses is a tool error with the Problem's code and pointers", async () => {
    // Valid for the schema (both are optional), invalid for the service: create needs one of prompt or content.
    const result = await call(client, "create_document", { format: "docx" });
    assert.equal(result.isError, true);
    const problem = problemOf(result);
    assert.equal(problem.code, "input_invalid");
    assert.equal(problem.status, 422);
    assert.match(textOf(result), /^input_invalid \(422\): /);
    for (const error of problem.errors ?? []) assert.ok(textOf(result).includes(`- ${error.path || "/"}: ${error.message}`));

    const both = await call(client, "create_document", { format: "docx", prompt: "A memo.", content: { markdown: "# Hi" } });
    assert.equal(problemOf(both).code, "input_invalid");
  });

  test("an unknown document is a tool error not_found; the server goes on answering", async () => {
    const result = await call(client, "get_document", { document_id: "doc_01JD2Q4W6X8Y0Z1A2B3C4D5E6F" });
    assert.equal(result.isError, true);
    assert.equal(problemOf(result).code, "not_found");
    ok(await call(client, "get_report", { document_id: invoice.id }));
  });

  test("arguments outside the schema are a tool error naming the field, before any call", async () => {
    const result = await call(client, "create_document", { format: "odt", content: { markdown: "# Hi" } });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /format/);
    const extra = await call(client, "get_document", { document_id: invoice.id, expand: true });
    assert.equal(extra.isError, true);
  });

  test("a failed document is a tool error carrying the document's error", async () => {
    plan = () => ({ json: { understood: false, reason: "nothing concrete", track_changes: false, edits: [] } });
    const result = await call(client, "edit_document", { file: invoice.id, prompt: "Make it better somehow." });
    assert.equal(result.isError, true);
    const doc = documentOf(result);
    assert.equal(doc.status, "failed");
    assert.equal(doc.error?.code, "edit_not_understood");
    assert.match(textOf(result), /Error edit_not_understood: /);
  });
});

describe("canceling a call, and long reads", () => {
  let proxy: Proxy;
  let client: Client;

  before(async () => {
    // The MCP server reaches the service through a proxy that can hold a create's answer or an event stream.
    proxy = await startProxy(svc.origin);
    client = new Client({ name: "quire-mcp-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [MAIN], cwd: ROOT, env: envWith({ QUIRE_API_KEY: svc.key, QUIRE_BASE_URL: proxy.baseUrl }), stderr: "pipe" }),
    );
  });
  after(async () => {
    await client?.close();
    await proxy?.close();
  });

  const statusOf = async (name: string): Promise<string> => {
    const { data } = await svc.client.GET("/documents", { params: { query: { name } } });
    return data!.data[0]?.status ?? "";
  };
  /** The document's status once it is canceled, or the last one seen within 15 s. */
  const canceled = async (name: string): Promise<string> => {
    let status = "";
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      status = await statusOf(name);
      if (status === "canceled") break;
    }
    return status;
  };
  /** A document from a prompt: its model request never answers, so the call is still waiting when the host gives up. */
  const createCall = (name: string, signal: AbortSignal, onprogress: () => void = () => undefined) =>
    client
      .callTool({ name: "create_document", arguments: { format: "pdf", name, prompt: "A one-page memo: never mind." } }, undefined, { signal, timeout: 60_000, onprogress })
      .catch(() => undefined);

  /** Holds the first request `matches` picks until `release`; `reached` settles when it arrives. */
  const holdFirst = (matches: (method: string, path: string) => boolean) => {
    let release = (): void => undefined;
    let reach = (): void => undefined;
    const reached = new Promise<void>((r) => (reach = r));
    const released = new Promise<void>((r) => (release = r));
    let held = false;
    proxy.hook = async (req): Promise<Action> => {
      if (!held && matches(req.method ?? "", (req.url ?? "").split("?")[0]!)) {
        held = true;
        reach();
        await released;
      }
      return "forward";
    };
    return { reached, release };
  };

  test("the host canceling the tool call cancels the document", async () => {
    proxy.hook = () => "forward";
    const abort = new AbortController();
    await new Promise<void>((started) => void createCall("Abandoned", abort.signal, started));
    abort.abort("the user changed their mind");
    assert.equal(await canceled("Abandoned"), "canceled");
  });

  test("a cancel before the document's first event still cancels it", async () => {
    // The create is answered, the event stream is held: the server knows the document, no event has come.
    const events = holdFirst((method, path) => method === "GET" && path.endsWith("/events"));
    try {
      const abort = new AbortController();
      let progressed = 0;
      void createCall("Canceled before its events", abort.signal, () => progressed++);
      await events.reached;
      abort.abort("changed my mind at once");
      assert.equal(await canceled("Canceled before its events"), "canceled");
      assert.equal(progressed, 0, "no event had reached the host");
    } finally {
      events.release();
    }
  });

  test("a cancel while the create is still unanswered cancels the document once it exists", async () => {
    const create = holdFirst((method, path) => method === "POST" && path === "/v1/documents");
    try {
      const abort = new AbortController();
      void createCall("Canceled before it was created", abort.signal);
      await create.reached;
      abort.abort("changed my mind before the answer");
      // The cancel notification reaches the server while the create is held; then the service answers it.
      await new Promise((r) => setTimeout(r, 500));
      create.release();
      assert.equal(await canceled("Canceled before it was created"), "canceled");
    } finally {
      create.release();
    }
  });

  test("extract_markdown sends progress while a long read (202) runs, then answers the text", async () => {
    proxy.hook = () => "forward";
    const progress: Progress[] = [];
    // A 14-page paper: seconds of reading, so the answer is 202 even once the reading threads are warm.
    const paper = readFileSync(join(ROOT, "test/public/pdf.js/tracemonkey.pdf")).toString("base64");
    const result = await call(client, "extract_markdown", { file: { data: paper, filename: "tracemonkey.pdf" } }, (p) => progress.push(p));
    ok(result);
    assert.match(textOf(result), /Trace-based Just-in-Time Type Specialization/);
    const polls = proxy.seen.filter((r) => r.method === "GET" && r.path.startsWith("/v1/extract/"));
    assert.ok(polls.length >= 1, "the read answered 202 and was collected with GET /extract/{id}");
    assert.ok(progress.length >= 1, `progress notifications: ${progress.length}`);
    assert.match(progress[0]!.message!, /still running/);
    for (let i = 1; i < progress.length; i++) assert.ok(progress[i]!.progress > progress[i - 1]!.progress, "progress only grows");
  });
});

describe("starting by command", () => {
  test("the package's launcher (bin/quire-mcp.js), started from another folder, serves the tools over stdio", async () => {
    const client = new Client({ name: "quire-mcp-test", version: "1.0.0" });
    // As a host without a working-directory setting starts it: plain node, the launcher's path, any folder.
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [LAUNCHER], cwd: tmpdir(), env: envWith({ QUIRE_API_KEY: svc.key, QUIRE_BASE_URL: svc.baseUrl }), stderr: "pipe" }),
    );
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
      // not_found, not unauthorized or a refused connection: the key and the address reached the service.
      const result = await call(client, "get_document", { document_id: "doc_01JD2Q4W6X8Y0Z1A2B3C4D5E6F" });
      assert.equal(result.isError, true);
      assert.equal(problemOf(result).code, "not_found");
    } finally {
      await client.close();
    }
  });

  test("without a key the stdio server refuses to start, saying why", async () => {
    const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env: envWith({}), stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise<number | null>((done) => child.once("exit", done));
    assert.equal(code, 2);
    assert.match(stderr, /no API key: pass --api-key or set QUIRE_API_KEY/);
  });
});

describe("over streamable HTTP", () => {
  let server: HttpMcp;
  let client: Client;
  let made: Document;

  before(async () => {
    server = await startHttpMcp();
    client = await httpClient(server.url, svc.key);
  });
  after(async () => {
    await client?.close();
    await server?.stop();
  });

  test("lists the eight tools", async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
  });

  test("create_document with progress notifications, then extract_markdown of the result", async () => {
    const progress: Progress[] = [];
    const result = await call(client, "create_document", { format: "docx", name: "Over HTTP", content: { markdown: "# Over HTTP\n\nHello from the MCP server." } }, (p) => progress.push(p));
    ok(result);
    const doc = documentOf(result);
    made = doc;
    assert.ok(isZip(await downloaded(doc, "docx")));
    assert.ok(progress.length >= 2, `progress notifications: ${progress.length}`);
    assert.match(progress.at(-1)!.message!, /^ready/);

    const extracted = await call(client, "extract_markdown", { file: doc.id });
    ok(extracted);
    assert.match(textOf(extracted), /Hello from the MCP server\./);
  });

  test("review_document, get_report, edit_document, create_artifact and read_artifact_data answer over HTTP too", async () => {
    const review = await call(client, "review_document", { file: made.id, name: "Reviewed over HTTP" });
    ok(review);
    const reviewed = documentOf(review);
    assert.equal(reviewed.operation, "review");
    assert.ok(isZip(await downloaded(reviewed, "docx")));

    const report = await call(client, "get_report", { document_id: reviewed.id });
    ok(report);
    assert.equal(reportOf(report).document_id, reviewed.id);
    assert.match(textOf(report), new RegExp(reviewed.id));

    const block = formatPlugins.get("docx")!.edit!.read(await downloaded(made, "docx")).blocks.find((b) => b.text.includes("Hello from"))!;
    plan = () => ({
      json: {
        understood: true,
        reason: "",
        track_changes: false,
        edits: [{ op: "replace_text", block: block.id, find: "Hello", replace: "Greetings", text: null, value: null, formula: null, values: [], after: null, like: null, title: null, body: [] }],
      },
    });
    const edit = await call(client, "edit_document", { file: made.id, prompt: "Say greetings instead of hello." });
    ok(edit);
    const edited = documentOf(edit);
    assert.equal(edited.parent_id, made.id);
    const text = formatPlugins.get("docx")!.edit!.read(await downloaded(edited, "docx")).blocks.map((b) => b.text).join("\n");
    assert.match(text, /Greetings from the MCP server\./);

    const markdown = readFileSync(join(ROOT, "examples/artifacts/poll.md"), "utf8");
    const artifact = await call(client, "create_artifact", { name: "Poll over HTTP", content: { markdown } });
    ok(artifact);
    const page = documentOf(artifact);
    assert.equal(page.format, "artifact");
    assert.ok(textOf(artifact).includes(page.outputs!.find((o) => o.kind === "html")!.url), "the text carries the page link");
    const data = await call(client, "read_artifact_data", { document_id: page.id });
    ok(data);
    assert.deepEqual((data.structuredContent as { data: unknown[] }).data, [], "no visitor has stored anything yet");
  });

  test("each request's own key is used: another organization's document is not found", async () => {
    const acme = await call(client, "create_document", { format: "pdf", content: { markdown: "# Acme only" } });
    ok(acme);
    const globex = await httpClient(server.url, svc.otherKey);
    try {
      const result = await call(globex, "get_document", { document_id: documentOf(acme).id });
      assert.equal(result.isError, true);
      assert.equal(problemOf(result).code, "not_found");
    } finally {
      await globex.close();
    }
  });

  test("a request without a key, or on another path or host, is refused", async () => {
    const init = { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) };
    assert.equal((await fetch(server.url, init)).status, 401);
    assert.equal((await fetch(new URL("/other", server.url), init)).status, 404);
    const rebound = await onOrigin(`http://rebound.example:${server.url.port}/mcp`, { ...init, headers: { ...init.headers, Authorization: `Bearer ${svc.key}` } });
    assert.equal(rebound.status, 403);
    // A key the service does not know reaches the service, which says so through the tool.
    const stranger = await httpClient(server.url, "ak_eu_notakeyatallnotakeyatall");
    try {
      const result = await call(stranger, "get_document", { document_id: "doc_01JD2Q4W6X8Y0Z1A2B3C4D5E6F" });
      assert.equal(result.isError, true);
      assert.equal(problemOf(result).code, "unauthorized");
    } finally {
      await stranger.close();
    }
  });
});
