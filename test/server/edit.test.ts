/**
 * Edit through the real service (issue 15): real files of the corpus (made by Word, LibreOffice, pandoc, python-pptx,
 * openpyxl), a scripted model returning edit plans on loopback. The changed text is there, every zip entry the edit
 * did not touch is byte-identical (compressed bytes and all) and the `edit.identity` event says so entry by entry,
 * tracked changes are real revisions signed by the organisation (or the author metadata names), a replace everywhere
 * reaches every occurrence, the length gate counts the pages a reader sees, and the failures end with their codes,
 * not charged.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { unzipSync, strFromU8 } from "fflate";
import type { Service } from "../support/service.ts";
import { startInProcess } from "../support/in-process.ts";
import { startModelServer, type ModelServer, type Reply } from "../support/model-server.ts";
import { stepOf } from "../support/writer-script.ts";
import { download, readEvents, waitFor, type Doc } from "../support/documents.ts";
import { legacyFixture } from "../renderers/support.ts";
import { storedBytes } from "../../core/ooxml/entry-proof.ts";
import { zipDirectory } from "../../core/ooxml/package.ts";
import { formatPlugins } from "../../plugins/index.ts";
import type { EditBlock } from "../../core/contracts/edit.ts";

const CORPUS = join(import.meta.dirname, "../../../shared/corpus");
const corpus = (path: string) => new Uint8Array(readFileSync(join(CORPUS, path)));

let svc: Service;
let model: ModelServer;
let plan: (prompt: string) => Reply = () => ({ json: { understood: false, reason: "no plan", track_changes: false, edits: [] } });

const edit = (over: Partial<Record<string, unknown>>) => ({ op: "replace_text", block: "", find: null, replace: null, text: null, value: null, formula: null, values: [], after: null, like: null, title: null, body: [], ...over });
const planOf = (edits: Array<Record<string, unknown>>, track = false): Reply => ({ json: { understood: true, reason: "", track_changes: track, edits } });

before(async () => {
  model = await startModelServer(async (req) => (stepOf(req) === "edit" ? plan(req.lastUser) : { status: 400, body: { error: { message: "not scripted" } } }));
  svc = await startInProcess({ QUIRE_MODEL_BASE_URL: model.url, QUIRE_MODEL_WRITER: "m-writer", QUIRE_MODEL_FAST: "m-fast", QUIRE_MODEL_BEST: "m-best" });
});

after(async () => {
  await svc?.stop();
  await model?.close();
  assert.deepEqual(model.violations, []);
});

const blocksOf = (format: "docx" | "pptx" | "xlsx", bytes: Uint8Array): readonly EditBlock[] => formatPlugins.get(format)!.edit!.read(bytes).blocks;

const run = async (file: Uint8Array, filename: string, prompt: string, extra: Record<string, unknown> = {}) => {
  const { data, error, response } = await svc.client.POST("/documents", { body: { operation: "edit", prompt, file: { data: Buffer.from(file).toString("base64"), filename }, ...extra } as never });
  assert.ok(response.status === 200 || response.status === 202, JSON.stringify(error));
  return waitFor(svc.client, (data as Doc).id, undefined, 60_000);
};

const outputOf = async (doc: Doc, kind: string) => (await download(doc.outputs!.find((o) => o.kind === kind)!.url)).bytes;

const names = (zip: Uint8Array) => zipDirectory(zip).entries.map((e) => e.name);

test("a Word file: the change is made, every other entry is byte-identical, and the proof says so", async () => {
  const original = corpus("docx/pandoc-block_quotes.docx");
  const target = blocksOf("docx", original).find((b) => b.kind === "paragraph" && b.text.split(" ").length >= 4)!;
  const word = target.text.split(" ").find((w) => w.length >= 5 && target.text.indexOf(w) === target.text.lastIndexOf(w))!;
  plan = () => planOf([edit({ block: target.id, find: word, replace: "REPLACED" })]);
  const doc = await run(original, "quotes.docx", "Replace that word.");
  assert.ok(["ready", "ready_with_warnings"].includes(doc.status), JSON.stringify(doc.error));
  assert.equal(doc.operation, "edit");
  assert.equal(doc.quality?.level, "fast");
  const edited = await outputOf(doc, "docx");
  assert.ok(blocksOf("docx", edited).some((b) => b.text === target.text.replace(word, "REPLACED")), "the change is in the file");
  for (const name of names(original)) {
    if (name === "word/document.xml") continue;
    assert.deepEqual(storedBytes(edited, name), storedBytes(original, name), `${name} is byte-identical`);
  }
  assert.ok(doc.outputs!.some((o) => o.kind === "pdf"));
  const identity = (await readEvents(svc.client, doc.id)).events.find((e) => e.type === "edit.identity")!.data as { changed: string[]; unchanged: number };
  assert.deepEqual(identity.changed, ["word/document.xml"]);
  assert.equal(identity.unchanged, names(original).length - 1);
  const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: doc.id } } });
  assert.deepEqual(report!.edits.map((e) => [e.op, e.outcome, e.block]), [["replace_text", "applied", target.id]]);
  assert.deepEqual(report!.issues, [], "the review inspection finds nothing the original did not have");
  // A reader we did not write reads the change back.
  const text = execFileSync("pandoc", ["-f", "docx", "-t", "plain"], { input: Buffer.from(edited) }).toString("utf8");
  assert.match(text.replace(/\s+/g, " "), /REPLACED/);
  assert.ok(report!.changes.some((c) => c.change === "changed" && c.after.join(" ").includes("REPLACED")));
});

test("tracked changes when asked: auto chooses best, and the file holds real revisions", async () => {
  const original = corpus("docx/pandoc-block_quotes.docx");
  const target = blocksOf("docx", original).find((b) => b.kind === "paragraph" && b.text.length > 20)!;
  const word = target.text.split(" ").find((w) => w.length >= 4 && target.text.indexOf(w) === target.text.lastIndexOf(w))!;
  plan = () => planOf([edit({ block: target.id, find: word, replace: "revised" }), edit({ op: "insert_after", block: target.id, text: "A new paragraph." })]);
  const doc = await run(original, "quotes.docx", "With tracked changes, replace that word and add a paragraph.");
  assert.ok(["ready", "ready_with_warnings"].includes(doc.status), JSON.stringify(doc.error));
  assert.equal(doc.quality?.level, "best");
  const xml = strFromU8(unzipSync(await outputOf(doc, "docx"))["word/document.xml"]!);
  // The revisions are the organisation's (the test key's org is "acme"), as the file's author would be.
  assert.match(xml, /<w:ins [^>]*w:author="acme"/);
  assert.match(xml, /<w:del [^>]*w:author="acme"[^]*<w:delText[^>]*>[^<]*\b/);
  assert.ok(model.requests.some((r) => r.body.model === "m-best"));
});

test("an author named in metadata signs the comments and tracked changes instead", async () => {
  const original = corpus("docx/pandoc-block_quotes.docx");
  const target = blocksOf("docx", original).find((b) => b.kind === "paragraph" && b.text.length > 20)!;
  const word = target.text.split(" ").find((w) => w.length >= 4 && target.text.indexOf(w) === target.text.lastIndexOf(w))!;
  const other = target.text.split(" ").find((w) => w.length >= 4 && w !== word && target.text.indexOf(w) === target.text.lastIndexOf(w))!;
  plan = () => planOf([edit({ block: target.id, find: word, replace: "revised" }), edit({ op: "comment", block: target.id, find: other, text: "Is this still right?" })], true);
  const doc = await run(original, "quotes.docx", "With tracked changes, replace that word and comment on it.", { metadata: { author: "Dana Ortiz" } });
  assert.ok(["ready", "ready_with_warnings"].includes(doc.status), JSON.stringify(doc.error));
  const parts = unzipSync(await outputOf(doc, "docx"));
  assert.match(strFromU8(parts["word/document.xml"]!), /<w:ins [^>]*w:author="Dana Ortiz"/);
  assert.match(strFromU8(parts["word/comments.xml"]!), /<w:comment [^>]*w:author="Dana Ortiz"/);
  assert.doesNotMatch(strFromU8(parts["word/document.xml"]!) + strFromU8(parts["word/comments.xml"]!), /"Quire"|"acme"/);
});

test("a made file's author: the one metadata names, else the organisation", async () => {
  const creator = async (body: Record<string, unknown>) => {
    const { data } = await svc.client.POST("/documents", { body: { format: "docx", content: { markdown: "# Note\n\nText.\n" }, ...body } as never });
    return /<dc:creator>([^<]*)<\/dc:creator>/.exec(strFromU8(unzipSync(await outputOf(data as Doc, "docx"))["docProps/core.xml"]!))?.[1];
  };
  assert.equal(await creator({ metadata: { author: "Dana Ortiz" } }), "Dana Ortiz");
  assert.equal(await creator({}), "acme");
});

test("the edit gate counts the pages a reader sees, before any model call", async () => {
  const { Document, Packer, Paragraph, HeadingLevel } = await import("docx");
  const asked = () => model.requests.length;
  const before = asked();
  // 70 short sections, each on a new page: few words, no page count in docProps/app.xml (the issue's file).
  const broken = new Uint8Array(
    await Packer.toBuffer(new Document({ sections: [{ children: Array.from({ length: 70 }, (_, i) => new Paragraph({ text: `Part ${i + 1}`, heading: HeadingLevel.HEADING_1, pageBreakBefore: i > 0 })) }] })),
  );
  const long = await run(broken, "parts.docx", "Retitle part one.");
  assert.equal(long.error?.code, "document_too_long");
  assert.match(long.error!.message, /70 pages/);
  // 60 short paragraphs spaced a page apart: nothing in the file says so, LibreOffice's layout does.
  const spaced = new Uint8Array(
    await Packer.toBuffer(new Document({ sections: [{ children: Array.from({ length: 60 }, (_, i) => new Paragraph({ text: `Item ${i + 1}`, spacing: { after: 14_500 } })) }] })),
  );
  assert.ok(blocksOf("docx", spaced).length === 60 && formatPlugins.get("docx")!.edit!.read(spaced).pages < 50, "the file alone looks short");
  const laidOut = await run(spaced, "spaced.docx", "Retitle item one.");
  assert.equal(laidOut.error?.code, "document_too_long");
  assert.match(laidOut.error!.message, /as LibreOffice lays it out/);
  assert.equal(asked(), before, "no model was asked");
});

test("a deck and a workbook: a slide's text and a cell's formula, the rest byte-identical", async () => {
  const deck = corpus("pptx/python-pptx-ph-populated-placeholders.pptx");
  const shape = blocksOf("pptx", deck).find((b) => b.kind === "shape_paragraph" && b.text.trim().length >= 3)!;
  plan = () => planOf([edit({ block: shape.id, find: shape.text, replace: "Edited by Quire" })]);
  const d = await run(deck, "deck.pptx", "Retitle it.");
  assert.ok(["ready", "ready_with_warnings"].includes(d.status), JSON.stringify(d.error));
  const deckOut = await outputOf(d, "pptx");
  assert.ok(blocksOf("pptx", deckOut).some((b) => b.text === "Edited by Quire"));
  const changedDeck = names(deck).filter((n) => !Buffer.from(storedBytes(deckOut, n) ?? []).equals(Buffer.from(storedBytes(deck, n) ?? [])));
  assert.deepEqual(changedDeck, [shape.part], "only the slide's part moved");

  const book = corpus("xlsx/exceljs-formulas.xlsx");
  const cell = blocksOf("xlsx", book)[0]!;
  const sheet = cell.id.slice(0, cell.id.lastIndexOf("!"));
  plan = () => planOf([edit({ op: "set_cell", block: `${sheet}!Z1`, value: "=1+41", formula: true })]);
  const b = await run(book, "book.xlsx", "Put 1+41 in Z1.");
  assert.ok(["ready", "ready_with_warnings"].includes(b.status), JSON.stringify(b.error));
  const bookOut = await outputOf(b, "xlsx");
  assert.ok(blocksOf("xlsx", bookOut).some((c) => c.id === `${sheet}!Z1` && c.text === "=1+41"));
  assert.deepEqual(storedBytes(bookOut, "xl/sharedStrings.xml"), storedBytes(book, "xl/sharedStrings.xml"));
});

test("a legacy .doc is converted and comes back as .docx with the change", async () => {
  const doc0 = legacyFixture("doc");
  plan = (prompt) => {
    // The blocks the model is shown come from the converted file: take the first with a word to change.
    const line = /\[(p\d+)\] \([^)]*\) (\S{4,})/.exec(prompt);
    return line ? planOf([edit({ block: line[1], find: line[2], replace: "LEGACY-EDITED" })]) : planOf([]);
  };
  const doc = await run(doc0, "old.doc", "Change the first word.");
  assert.ok(["ready", "ready_with_warnings"].includes(doc.status), JSON.stringify(doc.error));
  assert.equal(doc.format, "docx");
  assert.ok(doc.outputs!.some((o) => o.kind === "docx"));
  assert.ok(blocksOf("docx", await outputOf(doc, "docx")).some((b) => b.text.includes("LEGACY-EDITED")));
});

test("an edit of a document Quire made is its version: parent_id", async () => {
  const { data } = await svc.client.POST("/documents", { body: { format: "docx", content: { markdown: "# Memo\n\nThe meeting is on Monday in room four.\n" } } });
  const made = data as Doc;
  const bytes = await outputOf(made, "docx");
  const target = blocksOf("docx", bytes).find((b) => b.text.includes("Monday"))!;
  plan = () => planOf([edit({ block: target.id, find: "Monday", replace: "Tuesday" })]);
  const { data: edited } = await svc.client.POST("/documents", { body: { operation: "edit", prompt: "Move the meeting to Tuesday.", file: made.id } });
  const doc = edited as Doc;
  assert.equal(doc.parent_id, made.id);
  assert.ok(blocksOf("docx", await outputOf(doc, "docx")).some((b) => b.text.includes("Tuesday")));
});

test("failures: not understood, nothing applied, too long; none charged", async () => {
  const original = corpus("docx/pandoc-block_quotes.docx");
  plan = () => ({ json: { understood: false, reason: "the request names no change", track_changes: false, edits: [] } });
  const vague = await run(original, "a.docx", "Make it better.");
  assert.equal(vague.error?.code, "edit_not_understood");
  const target = blocksOf("docx", original)[0]!;
  plan = () => planOf([edit({ block: target.id, find: "text that is not there at all", replace: "x" }), edit({ block: "p99999", op: "delete" })]);
  const missing = await run(original, "a.docx", "Change the missing text.");
  assert.equal(missing.error?.code, "edit_not_applied");
  assert.match(missing.error!.message, /not_found/);
  const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: missing.id } } });
  assert.deepEqual(report!.edits.map((e) => e.outcome), ["not_found", "not_found"], "the report says why nothing was applied");

  const slides = Array.from({ length: 52 }, (_, i) => `## Slide ${i + 1}\n\n- point`).join("\n\n");
  const { data } = await svc.client.POST("/documents", { body: { format: "pptx", content: { markdown: `# Long deck\n\n${slides}\n` } } });
  const long = await run(await outputOf(data as Doc, "pptx"), "long.pptx", "Retitle the first slide.");
  assert.equal(long.error?.code, "document_too_long");
  for (const doc of [vague, missing, long]) assert.equal(doc.status, "failed");
});

test("a PDF cannot be edited: 422 at /file", async () => {
  const { data } = await svc.client.POST("/documents", { body: { format: "pdf", content: { markdown: "# A\n\nText.\n" } } });
  const pdf = await outputOf(data as Doc, "pdf");
  const { error, response } = await svc.client.POST("/documents", { body: { operation: "edit", prompt: "Change it.", file: { data: Buffer.from(pdf).toString("base64"), filename: "a.pdf" } } });
  assert.equal(response.status, 422);
  assert.deepEqual((error as { errors: Array<{ path: string }> }).errors.map((e) => e.path), ["/file"]);
});

// "Replace X with Y everywhere" (issue 29, point 4): the scripted model answers one `replace_all` with no block, the
// service replaces every occurrence (also in blocks it never showed the model as one), and the report lists each
// occurrence with its block, before and after; pandoc reads the result and accepts or rejects the revisions.
const replaceAllOp = (find: string, replace: string) => ({ op: "replace_all", block: "", find, replace, text: null, value: null, formula: null, values: [], after: null, like: null, title: null, body: [] });

const ACME = `# Acme Corp annual report

Acme Corp grew this year, and Acme Corp hired.

| Client | Supplier |
| --- | --- |
| Acme Corp | Initech |

The board of **Acme** Corp met twice.
`;

const acmeReport = async (): Promise<{ id: string; bytes: Uint8Array }> => {
  const { data } = await svc.client.POST("/documents", { body: { format: "docx", content: { markdown: ACME } } });
  const doc = data as Doc;
  return { id: doc.id, bytes: (await download(doc.outputs!.find((o) => o.kind === "docx")!.url)).bytes };
};

const editById = async (file: string, prompt: string): Promise<Doc> => {
  const { data, error, response } = await svc.client.POST("/documents", { body: { operation: "edit", prompt, file } as never });
  assert.ok(response.status === 200 || response.status === 202, JSON.stringify(error));
  return waitFor(svc.client, (data as Doc).id, undefined, 60_000);
};

const pandoc = (bytes: Uint8Array, track: "accept" | "reject") =>
  execFileSync("pandoc", ["-f", "docx", "-t", "plain", `--track-changes=${track}`, "--wrap=none"], { input: Buffer.from(bytes) })
    .toString("utf8")
    .replace(/\s+/g, " ");

test("one replace_all replaces every occurrence and the report lists each", async () => {
  const source = await acmeReport();
  plan = () => planOf([replaceAllOp("Acme Corp", "Globex Inc")]);
  const doc = await editById(source.id, "Replace Acme Corp with Globex Inc everywhere in the document.");
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
  const source = await acmeReport();
  plan = () => planOf([replaceAllOp("Acme Corp", "Globex Inc")]);
  const doc = await editById(source.id, "With tracked changes, replace Acme Corp with Globex Inc throughout.");
  assert.ok(["ready", "ready_with_warnings"].includes(doc.status), JSON.stringify(doc.error));
  const bytes = (await download(doc.outputs!.find((o) => o.kind === "docx")!.url)).bytes;
  assert.match(pandoc(bytes, "accept"), /Globex Inc grew this year, and Globex Inc hired\./);
  const rejected = pandoc(bytes, "reject");
  assert.doesNotMatch(rejected, /Globex/);
  assert.match(rejected, /Acme Corp grew this year, and Acme Corp hired\./);

  plan = () => planOf([replaceAllOp("Initrode", "Globex Inc")]);
  const missing = await editById(source.id, "Replace Initrode with Globex Inc everywhere.");
  assert.equal(missing.status, "failed");
  assert.equal(missing.error?.code, "edit_not_applied");
  const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: missing.id } } });
  assert.deepEqual(
    report!.edits.map((e) => [e.op, e.outcome, e.block, e.target]),
    [["replace_all", "not_found", null, "Initrode"]],
  );
});
