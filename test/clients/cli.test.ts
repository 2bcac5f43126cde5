/**
 * The `quire` command line (clients/typescript/src/cli, built; its launcher bin/quire.js once) against the real service: a Markdown file made into
 * a .docx, a document written from a prompt and a source file, an edit, --json for scripts, extract printing the
 * Markdown of a Word file and of a PDF, an artifact opened with $BROWSER, the key and address from flags, a bad
 * key exiting 1 with the Problem's code, and usage errors exiting 2. The model is the scripted one on loopback.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import type { Service } from "../support/service.ts";
import { startInProcess } from "../support/in-process.ts";
import { startModelServer, type ModelServer, type Reply } from "../support/model-server.ts";
import { stepOf, writer } from "../support/writer-script.ts";
import { formatPlugins } from "../../plugins/index.ts";
import type { Document } from "../../clients/typescript/src/index.ts";
import { docxText, MEMO } from "./support.ts";

/** The command line as scripts/build.ts builds it from its source; the package's launcher runs once, below. */
const BIN = resolve(import.meta.dirname, "../../dist/client/quire.mjs");
const LAUNCHER = resolve(import.meta.dirname, "../../clients/typescript/bin/quire.js");

let svc: Service;
let model: ModelServer;
let dir: string;
let plan: () => Reply = () => ({ json: { understood: false, reason: "no plan", track_changes: false, edits: [] } });
before(async () => {
  model = await startModelServer(async (req, i) => (stepOf(req) === "edit" ? plan() : writer()(req, i)));
  svc = await startInProcess({ QUIRE_MODEL_BASE_URL: model.url, QUIRE_MODEL_WRITER: "m-writer", QUIRE_MODEL_FAST: "m-fast", QUIRE_MODEL_BEST: "m-best" });
  dir = await mkdtemp(join(tmpdir(), "quire-cli-"));
  await writeFile(join(dir, "memo.md"), MEMO);
});
after(async () => {
  await svc?.stop();
  await model?.close();
  await rm(dir, { recursive: true, force: true });
  assert.deepEqual(model?.violations ?? [], [], "every model request was a valid OpenAI request");
});

const quire = (args: string[], env: Record<string, string> = {}, bin = BIN) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd: dir, env: { PATH: process.env.PATH ?? "", QUIRE_API_KEY: svc.key, QUIRE_BASE_URL: svc.baseUrl, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

test("quire create x.md --format docx -o out.docx writes the file and summarises the report", async () => {
  const run = await quire(["create", "memo.md", "--format", "docx", "-o", "out.docx"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(docxText(await readFile(join(dir, "out.docx"))), /Sales rose 12% in the third quarter/);
  assert.match(run.stdout, /^doc_\S+ +create docx +ready/);
  assert.match(run.stdout, /wrote out\.docx/);
});

test("--json prints the Document; get and report take its id", async () => {
  const run = await quire(["create", "memo.md", "--format", "docx", "--name", "Scripted", "--json", "-o", "scripted.docx"]);
  assert.equal(run.code, 0, run.stderr);
  const doc = JSON.parse(run.stdout) as Document;
  assert.equal(doc.name, "Scripted");
  assert.match(doc.status, /^ready/);

  const got = await quire(["get", doc.id, "--json"]);
  assert.equal((JSON.parse(got.stdout) as Document).id, doc.id);
  const report = await quire(["report", doc.id, "--json"]);
  assert.equal(JSON.parse(report.stdout).document_id, doc.id);
  const summary = await quire(["report", doc.id]);
  assert.equal(summary.code, 0, summary.stderr);
});

test("--progress draws phase lines on stderr from the events", async () => {
  const run = await quire(["create", "memo.md", "--format", "docx", "-o", "progress.docx", "--progress"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /^quire: \S+/m);
});

test("quire extract prints Markdown on stdout", async () => {
  const run = await quire(["extract", "out.docx"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^# Quarterly memo/m);
  assert.match(run.stdout, /Sales rose \*\*12%\*\*/);
});

test("quire extract of a PDF prints its text as Markdown", async () => {
  const made = await quire(["create", "memo.md", "--format", "pdf", "-o", "memo.pdf"]);
  assert.equal(made.code, 0, made.stderr);
  assert.equal((await readFile(join(dir, "memo.pdf"))).subarray(0, 5).toString(), "%PDF-");
  const run = await quire(["extract", "memo.pdf"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /Quarterly memo/);
  assert.match(run.stdout, /Sales rose \**12%\**\s+in the third quarter/);
  assert.match(run.stdout, /North: 4\.1 M/);
});

test("quire create --prompt writes from the prompt, with a file given as its source", async () => {
  await writeFile(join(dir, "notes.txt"), "Move notes: the new office opens on 3 March at Calle Mayor 12.\n");
  const before = model.requests.length;
  const run = await quire(["create", "--prompt", "A memo on the office move from my notes [CLI-SRC].", "--format", "docx", "notes.txt", "-o", "move.docx"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^doc_\S+ +create docx +ready/);
  // The scripted writer's outline and parts: the document was written by the model, not from Markdown.
  const text = docxText(await readFile(join(dir, "move.docx")));
  assert.match(text, /Why we move/);
  assert.match(text, /The timeline section, written from the request\./);
  const sent = model.requests.slice(before).map((r) => JSON.stringify(r.body.messages));
  assert.ok(sent.some((m) => m.includes("CLI-SRC")), "the prompt reached the model");
  assert.ok(
    sent.some((m) => /BEGIN source 1: notes\.txt[^]*Calle Mayor 12[^]*END source 1/.test(m)),
    "the file went to the writer as a source",
  );
});

test("quire edit applies the prompt's change and writes the edited file", async () => {
  const block = formatPlugins.get("docx")!.edit!.read(await readFile(join(dir, "out.docx"))).blocks.find((b) => b.text.includes("Sales rose"))!;
  plan = () => ({
    json: {
      understood: true,
      reason: "",
      track_changes: false,
      edits: [{ op: "replace_text", block: block.id, find: "third quarter", replace: "fourth quarter", text: null, value: null, formula: null, values: [], after: null, like: null, title: null, body: [] }],
    },
  });
  const run = await quire(["edit", "out.docx", "--prompt", "It was the fourth quarter, not the third.", "-o", "edited.docx"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^doc_\S+ +edit docx +ready/);
  assert.match(run.stdout, /wrote edited\.docx/);
  const text = docxText(await readFile(join(dir, "edited.docx")));
  assert.match(text, /Sales rose 12% in the fourth quarter/);
  assert.doesNotMatch(text, /third quarter/);
  assert.match(text, /North:\s4\.1\sM/, "the rest is kept");
});

test("--api-key and --base-url win over the environment", async () => {
  const made = await quire(["create", "memo.md", "--format", "docx", "--json", "-o", "flags.docx"]);
  const id = (JSON.parse(made.stdout) as Document).id;
  // The environment names a key the service does not know and an address nothing listens on.
  const wrong = { QUIRE_API_KEY: "ak_eu_notakeynotakeynotakey", QUIRE_BASE_URL: "http://127.0.0.1:9/v1" };
  const refused = await quire(["get", id], wrong);
  assert.equal(refused.code, 1);
  const run = await quire(["get", id, "--json", "--api-key", svc.key, "--base-url", svc.baseUrl], wrong);
  assert.equal(run.code, 0, run.stderr);
  assert.equal((JSON.parse(run.stdout) as Document).id, id);
  const stranger = await quire(["get", id, "--api-key", svc.otherKey, "--base-url", svc.baseUrl], wrong);
  assert.equal(stranger.code, 1, "another organization's key, from the flag, is the key used");
  assert.match(stranger.stderr, /^quire: not_found: /);
});

test("quire review writes the reviewed file", async () => {
  const run = await quire(["review", "out.docx", "-o", "reviewed.docx"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /review docx/);
  assert.match(docxText(await readFile(join(dir, "reviewed.docx"))), /Sales rose 12%/);
});

test("quire artifact prints the page link", async () => {
  await writeFile(join(dir, "page.md"), "# A page\n\nHello.");
  const run = await quire(["artifact", "page.md"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout.trim(), /^http:\/\/[^ ]+\.localhost:\d+\/\?/);
});

test("quire artifact --open hands the page link to $BROWSER", async () => {
  await writeFile(join(dir, "open.md"), "# Opened page\n\nHello.");
  const browser = join(dir, "browser.sh");
  await writeFile(browser, `#!/bin/sh\nprintf '%s' "$1" > '${join(dir, "opened.txt")}'\n`);
  await chmod(browser, 0o755);
  const run = await quire(["artifact", "open.md", "--open"], { BROWSER: browser });
  assert.equal(run.code, 0, run.stderr);
  const link = run.stdout.trim();
  assert.match(link, /^http:\/\/[^ ]+\.localhost:\d+\/\?/);
  // The browser runs detached, so it may finish after quire exits.
  let opened = "";
  for (const deadline = Date.now() + 10_000; !opened && Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    opened = await readFile(join(dir, "opened.txt"), "utf8").catch(() => "");
  }
  assert.equal(opened, link);
});

test("a bad key exits 1 with unauthorized on stderr", async () => {
  const run = await quire(["get", "doc_01ARZ3NDEKTSV4RRFFQ69G5FAV"], { QUIRE_API_KEY: "ak_eu_notakeynotakeynotakey" });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /^quire: unauthorized: /);
});

test("an invalid request exits 1 with input_invalid and the field's pointer", async () => {
  const run = await quire(["create", "memo.md", "--format", "docx", "--quality", "perfect"]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /^quire: input_invalid: /);
  assert.match(run.stderr, /\/quality: /);
});

test("the package's launcher (bin/quire.js) runs the command line", async () => {
  const run = await quire(["extract", "out.docx"], {}, LAUNCHER);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^# Quarterly memo/m);
});

test("usage errors exit 2", async () => {
  assert.equal((await quire(["create", "memo.md"])).code, 2, "no --format");
  assert.equal((await quire(["frobnicate"])).code, 2);
  assert.equal((await quire(["get", "x"], { QUIRE_API_KEY: "" })).code, 2, "no key");
  assert.equal((await quire(["extract", "missing.pdf"])).code, 2, "no such file");
});
