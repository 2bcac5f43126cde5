/**
 * "Replace X with Y everywhere" through the real service (issue 29, point 4): the scripted model answers one
 * `replace_all` with no block, the service replaces every occurrence (also in blocks it never showed the model as
 * one), and the report lists each occurrence with its block, before and after. pandoc, a reader we did not write,
 * reads the result; tracked, it accepts and rejects the revisions.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, before, test } from "node:test";
import { startService, type Service } from "../support/service.ts";
import { startModelServer, type ModelServer, type Reply } from "../support/model-server.ts";
import { stepOf } from "../support/writer-script.ts";
import { download, waitFor, type Doc } from "../support/documents.ts";
import { storedBytes } from "../../core/ooxml/entry-proof.ts";
import { zipDirectory } from "../../core/ooxml/package.ts";

let svc: Service;
let model: ModelServer;
let plan: () => Reply = () => ({ json: { understood: false, reason: "no plan", track_changes: false, edits: [] } });

const replaceAll = (find: string, replace: string) => ({ op: "replace_all", block: "", find, replace, text: null, value: null, formula: null, values: [], after: null, like: null, title: null, body: [] });
const planOf = (edits: Array<Record<string, unknown>>): Reply => ({ json: { understood: true, reason: "", track_changes: false, edits } });

before(async () => {
  model = await startModelServer(async (req) => (stepOf(req) === "edit" ? plan() : { status: 400, body: { error: { message: "not scripted" } } }));
  svc = await startService({ QUIRE_MODEL_BASE_URL: model.url, QUIRE_MODEL_WRITER: "m-writer", QUIRE_MODEL_FAST: "m-fast", QUIRE_MODEL_BEST: "m-best" });
});

after(async () => {
  await svc?.stop();
  await model?.close();
  assert.deepEqual(model.violations, []);
});

const MARKDOWN = `# Acme Corp annual report

Acme Corp grew this year, and Acme Corp hired.

| Client | Supplier |
| --- | --- |
| Acme Corp | Initech |

The board of **Acme** Corp met twice.
`;

const made = async (): Promise<{ id: string; bytes: Uint8Array }> => {
  const { data } = await svc.client.POST("/documents", { body: { format: "docx", content: { markdown: MARKDOWN } } });
  const doc = data as Doc;
  return { id: doc.id, bytes: (await download(doc.outputs!.find((o) => o.kind === "docx")!.url)).bytes };
};

const edit = async (file: string, prompt: string): Promise<Doc> => {
  const { data, error, response } = await svc.client.POST("/documents", { body: { operation: "edit", prompt, file } as never });
  assert.ok(response.status === 200 || response.status === 202, JSON.stringify(error));
  return waitFor(svc.client, (data as Doc).id, undefined, 60_000);
};

const pandoc = (bytes: Uint8Array, track: "accept" | "reject") =>
  execFileSync("pandoc", ["-f", "docx", "-t", "plain", `--track-changes=${track}`, "--wrap=none"], { input: Buffer.from(bytes) })
    .toString("utf8")
    .replace(/\s+/g, " ");

test("one replace_all replaces every occurrence and the report lists each", async () => {
  const source = await made();
  plan = () => planOf([replaceAll("Acme Corp", "Globex Inc")]);
  const doc = await edit(source.id, "Replace Acme Corp with Globex Inc everywhere in the document.");
  assert.ok(["ready", "ready_with_warnings"].includes(doc.status), JSON.stringify(doc.error));
  const system = String((model.requests.at(-1)!.body.messages as Array<{ content: string }>)[0]!.content);
  assert.match(system, /replace_all: .*everywhere/, "the model is told when to use it");
  const bytes = (await download(doc.outputs!.find((o) => o.kind === "docx")!.url)).bytes;
  const text = pandoc(bytes, "accept");
  assert.doesNotMatch(text, /Acme Corp/);
  assert.match(text, /Globex Inc grew this year, and Globex Inc hired\./);
  assert.match(text, /Globex Inc Initech/);
  assert.match(text, /The board of Globex Inc met twice\./, "the occurrence split across a bold and a plain run");
  for (const entry of zipDirectory(source.bytes).entries) {
    if (entry.name !== "word/document.xml") assert.deepEqual(storedBytes(bytes, entry.name), storedBytes(source.bytes, entry.name), entry.name);
  }
  const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: doc.id } } });
  const edits = report!.edits;
  assert.equal(edits.length, 5, JSON.stringify(edits));
  assert.ok(edits.every((e) => e.op === "replace_all" && e.outcome === "applied" && e.target === "Acme Corp" && e.block !== null));
  const grew = edits.filter((e) => e.before === "Acme Corp grew this year, and Acme Corp hired.");
  assert.equal(grew.length, 2, "two occurrences in one paragraph, two entries");
  assert.equal(grew[0]!.after, "Globex Inc grew this year, and Globex Inc hired.");
  assert.ok(edits.some((e) => e.block === "t1.r2.c1" && e.after === "Globex Inc"), "the table cell");
  // pandoc reads the title into its metadata, not the text: the report shows it changed.
  assert.ok(edits.some((e) => e.before === "Acme Corp annual report" && e.after === "Globex Inc annual report"));
});

test("tracked when asked, and a phrase found nowhere fails as not applied", async () => {
  const source = await made();
  plan = () => planOf([replaceAll("Acme Corp", "Globex Inc")]);
  const doc = await edit(source.id, "With tracked changes, replace Acme Corp with Globex Inc throughout.");
  assert.ok(["ready", "ready_with_warnings"].includes(doc.status), JSON.stringify(doc.error));
  const bytes = (await download(doc.outputs!.find((o) => o.kind === "docx")!.url)).bytes;
  assert.match(pandoc(bytes, "accept"), /Globex Inc grew this year, and Globex Inc hired\./);
  const rejected = pandoc(bytes, "reject");
  assert.doesNotMatch(rejected, /Globex/);
  assert.match(rejected, /Acme Corp grew this year, and Acme Corp hired\./);

  plan = () => planOf([replaceAll("Initrode", "Globex Inc")]);
  const missing = await edit(source.id, "Replace Initrode with Globex Inc everywhere.");
  assert.equal(missing.status, "failed");
  assert.equal(missing.error?.code, "edit_not_applied");
  const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: missing.id } } });
  assert.deepEqual(
    report!.edits.map((e) => [e.op, e.outcome, e.block, e.target]),
    [["replace_all", "not_found", null, "Initrode"]],
  );
});
