/**
 * The reader test through the real wire: the check asks the loopback model server (as the `reader` role) for the
 * questions, then for the answers over the document's `[id] text` lines, and turns what comes back into
 * `content.unclear` and `content.contradiction`, dropping what does not hold (unknown ids, excerpts not in their
 * block). Also: when it runs, what it reports when the model cannot answer, and a document too long to read whole.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runChecks } from "../../../../core/checks/run.ts";
import { noModel, type ModelClient } from "../../../../core/contracts/model.ts";
import type { TextCheckContext } from "../../../../core/contracts/check-plugin.ts";
import { readMarkdown } from "../../../../core/markdown/read.ts";
import { openAiModel, assertStrict } from "../../../../renderers/openai/index.ts";
import { readerCheck } from "../../../../plugins/checks/reader/index.ts";
import { answersSchema, questionsSchema } from "../../../../plugins/checks/reader/schemas.ts";
import { startModelServer, settingsFor, type ChatRequest, type ModelServer, type Reply } from "../../../support/model-server.ts";

const SECRET = "The landlord's private note: the flat has damp in the bedroom.";

const ctx = (model: ModelClient, over: Partial<TextCheckContext> = {}): TextCheckContext => ({
  stage: "text",
  operation: "create",
  format: "docx",
  type: "letter",
  author: "model",
  quality: "standard",
  language: "en",
  style: null,
  request: { prompt: "Write a letter offering my flat for rent to Ana: rent, term, deposit and when she can move in." },
  sources: [{ index: 1, name: "notes.txt", text: SECRET }],
  model,
  signal: new AbortController().signal,
  ...over,
});

const LETTER = [
  "# Offer to rent the flat",
  "",
  "Dear Ana, the lease runs for two years from 1 May 2025.", // b0
  "",
  "## Rent", // b1
  "",
  "The rent is 900 € a month, paid by bank transfer.", // b2
  "",
  "## Term", // b3
  "",
  "The lease runs for three years.", // b4
  "",
  "Total: 1.200 €", // b5
  "",
  "The total is 1,500 €.", // b6
].join("\n");

const QUESTIONS = {
  reader: "Ana, a prospective tenant",
  questions: [
    { question: "How much is the rent?", why: "She must know whether she can afford it." },
    { question: "How large is the deposit?", why: "She must have it ready." },
    { question: "When can she move in?", why: "She has to give notice on her current flat." },
    { question: "How long is the lease?", why: "She plans to stay a while." },
    { question: "How is the rent paid?", why: "She needs the bank details." },
    { question: "How is the rent paid?", why: "A repeat the check drops." },
  ],
};

const ANSWERS = {
  answers: [
    { question: 1, status: "answered", answer: "900 € a month", block_ids: ["b2", "b77"] },
    { question: 2, status: "unanswered", answer: null, block_ids: ["b2"] },
    { question: 3, status: "unanswered", answer: null, block_ids: ["b99"] },
    { question: 4, status: "answered", answer: "two or three years", block_ids: ["b0", "b4"] },
    { question: 5, status: "answered", answer: "bank transfer", block_ids: ["b2"] },
    { question: 5, status: "unanswered", answer: null, block_ids: [] },
    { question: 9, status: "unanswered", answer: null, block_ids: [] },
  ],
  contradictions: [
    { what: "the length of the lease", places: [{ block_id: "b0", excerpt: "the lease runs for two years" }, { block_id: "b4", excerpt: "The lease runs for three years." }] },
    { what: "the rent", places: [{ block_id: "b2", excerpt: "The rent is 1,000 € a month" }, { block_id: "b0", excerpt: "two years" }] },
    { what: "the start date", places: [{ block_id: "b0", excerpt: "1 May 2025" }, { block_id: "b42", excerpt: "1 June 2025" }] },
    { what: "the first payment", places: [{ block_id: "b5", excerpt: "Total: 1.200 €" }, { block_id: "b6", excerpt: "The total is 1,500 €" }] },
  ],
};

const script = (answers: unknown = ANSWERS) => (request: ChatRequest): Reply =>
  request.schemaName === "reader_questions" ? { json: QUESTIONS } : request.schemaName === "reader_answers" ? { json: answers } : { status: 400 };

describe("reader test", () => {
  let server: ModelServer;
  before(async () => {
    server = await startModelServer();
  });
  after(() => server.close());

  it("asks the reader model for questions, then answers: open questions and verified contradictions are reported", async () => {
    server.script = script();
    const from = server.requests.length;
    const events: Array<{ type: string; data: Record<string, unknown> }> = [];
    const result = await runChecks([readerCheck], readMarkdown(LETTER).ir, ctx(openAiModel(settingsFor(server))), async (type, data) => void events.push({ type, data }));

    const calls = server.requests.slice(from).map((r) => r.body);
    assert.equal(calls.length, 2);
    assert.deepEqual(calls.map((b) => b.model), ["m-reader", "m-reader"], "the reader role's model, not the writer's");
    const formats = calls.map((b) => b.response_format as { type: string; json_schema: { name: string; strict: boolean } });
    assert.deepEqual(formats.map((f) => [f.type, f.json_schema.name, f.json_schema.strict]), [["json_schema", "reader_questions", true], ["json_schema", "reader_answers", true]]);
    const texts = calls.map((b) => JSON.stringify(b.messages));
    assert.ok(!texts[0]!.includes("two years"), "the questions come from the request, before the document is read");
    assert.ok(texts[0]!.includes("offering my flat for rent"));
    assert.ok(texts[1]!.includes("[b0] Dear Ana, the lease runs for two years") && texts[1]!.includes("[b1] # Rent"), texts[1]);
    assert.ok(texts[1]!.includes("3. When can she move in?") && !texts[1]!.includes("6. How is the rent paid?"), "the repeated question is asked once");
    for (const text of texts) assert.ok(!text.includes("damp in the bedroom"), "the reader never sees the sources");

    const unclear = result.diagnostics.filter((d) => d.code === "content.unclear");
    assert.deepEqual(
      unclear.map((d) => [d.severity, d.category, d.nodeId]),
      [["warning", "content", "b2"], ["warning", "content", undefined]],
    );
    assert.equal(unclear[0]!.message, 'A reader of this letter would ask "How large is the deposit?" (She must have it ready), and the document does not answer it.');
    assert.ok(!("nodeId" in unclear[1]!), "an id the document does not have points nowhere");

    const contradictions = result.diagnostics.filter((d) => d.code === "content.contradiction");
    assert.deepEqual(contradictions.map((d) => [d.severity, d.category, d.nodeId]), [["warning", "content", "b0"], ["warning", "content", "b5"]]);
    assert.equal(
      contradictions[0]!.message,
      'The document contradicts itself about the length of the lease: "the lease runs for two years" (the text at the start of the document) against "The lease runs for three years." (the text under "Term"). A reader cannot tell which is right.',
    );
    assert.equal(
      contradictions[1]!.message,
      'The document contradicts itself about the total: "Total: 1.200 €" (the text under "Term") against "The total is 1,500 €" (the text under "Term"). A reader cannot tell which is right.',
      "found by rule; the reader's report of the same two blocks is not repeated",
    );
    assert.equal(result.diagnostics.length, 4, JSON.stringify(result.diagnostics));
    assert.deepEqual(events, [{ type: "reader.checked", data: { questions: 5, answered: 3, unanswered: 2, contradictions: 2 } }]);
    assert.deepEqual(server.violations, []);
  });

  it("its schemas are strict", () => {
    assert.doesNotThrow(() => assertStrict(questionsSchema.schema));
    assert.doesNotThrow(() => assertStrict(answersSchema.schema));
    for (const schema of [questionsSchema, answersSchema]) {
      assert.doesNotMatch(JSON.stringify(schema.schema), /"(minimum|maximum|pattern|minItems|maxItems|minLength|maxLength)"/, "ranges are enforced in code");
    }
  });

  it("when the model cannot answer, reports the contradictions found by rule and that the reader did not run", async () => {
    for (const failing of ["reader_questions", "reader_answers"]) {
      server.script = (request) => (request.schemaName === failing ? { status: 503 } : script()(request));
      const result = await readerCheck.run(readMarkdown(LETTER).ir, ctx(openAiModel(settingsFor(server, { retries: 0 }))));
      assert.deepEqual(result.diagnostics.map((d) => [d.code, d.severity, d.nodeId]), [["content.contradiction", "warning", "b5"], ["content.reader_not_run", "info", undefined]], failing);
      assert.match(result.diagnostics[1]!.message, /^The reader test could not run \(.+\): the questions a reader would ask were not tried/);
      assert.equal(result.events, undefined, "no reader.checked when the reader did not read");
    }
    assert.deepEqual(server.violations, []);
  });

  it("a document longer than the reader reads at once: what it saw is judged, open questions are not reported", async () => {
    const long = `${LETTER}\n\n${Array.from({ length: 300 }, (_, i) => `Paragraph ${i} about the neighbourhood, its shops, parks and transport links, written at some length.`).join("\n\n")}`;
    server.script = script();
    const from = server.requests.length;
    const result = await readerCheck.run(readMarkdown(long).ir, ctx(openAiModel(settingsFor(server))));
    const sent = JSON.stringify(server.requests.slice(from)[1]!.body.messages);
    assert.ok(sent.length < 34_000 && sent.includes("longer than what is shown"), `${sent.length}`);
    const codes = result.diagnostics.map((d) => d.code);
    assert.deepEqual(codes, ["content.reader_partial", "content.contradiction", "content.contradiction"]);
    assert.deepEqual(result.events?.[0]?.data, { questions: 5, answered: 3, unanswered: 2, contradictions: 2 });
    assert.deepEqual(server.violations, []);
  });

  it("runs only on model-written text at standard and best, with a model", () => {
    const model = openAiModel(settingsFor(server));
    const cases: Array<[Partial<TextCheckContext>, boolean]> = [
      [{ quality: "standard" }, true],
      [{ quality: "best" }, true],
      [{ quality: "fast" }, false],
      [{ quality: undefined }, false],
      [{ author: "caller" }, false],
      [{ author: "file", operation: "review" }, false],
      [{ model: noModel }, false],
    ];
    for (const [over, expected] of cases) assert.equal(readerCheck.appliesTo(ctx(model, over)), expected, JSON.stringify({ ...over, model: undefined }));
  });
});
