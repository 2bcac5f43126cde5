/**
 * The `quire` command line (clients/typescript/bin/quire.js) against the real service: a Markdown file made into
 * a .docx, --json for scripts, extract printing Markdown, a bad key exiting 1 with the Problem's code, and usage
 * errors exiting 2.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { startService, type Service } from "../support/service.ts";
import type { Document } from "../../clients/typescript/src/index.ts";
import { docxText, MEMO } from "./support.ts";

const BIN = resolve(import.meta.dirname, "../../clients/typescript/bin/quire.js");

let svc: Service;
let dir: string;
before(async () => {
  svc = await startService();
  dir = await mkdtemp(join(tmpdir(), "quire-cli-"));
  await writeFile(join(dir, "memo.md"), MEMO);
});
after(async () => {
  await svc?.stop();
  await rm(dir, { recursive: true, force: true });
});

const quire = (args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [BIN, ...args],
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

test("usage errors exit 2", async () => {
  assert.equal((await quire(["create", "memo.md"])).code, 2, "no --format");
  assert.equal((await quire(["frobnicate"])).code, 2);
  assert.equal((await quire(["get", "x"], { QUIRE_API_KEY: "" })).code, 2, "no key");
  assert.equal((await quire(["extract", "missing.pdf"])).code, 2, "no such file");
});
