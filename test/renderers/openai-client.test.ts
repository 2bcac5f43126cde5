/**
 * The OpenAI-compatible model client (renderers/openai) against a scripted server on loopback: text and JSON
 * answers on the real wire format, repair rounds that carry the schema's errors, the structured-outputs fallback,
 * refusals, retries (429 with Retry-After, 5xx, dropped connections), timeouts, cancel, usage and images; and the
 * strict-schema check. Every valid exchange leaves the server's request checks without a violation.
 */
import assert from "node:assert/strict";
import { after, afterEach, before, describe, test } from "node:test";
import { ModelUnavailable, type AnswerSchema, type ModelUsage } from "../../core/contracts/model.ts";
import { assertStrict, openAiModel } from "../../renderers/openai/index.ts";
import { parseJsonAnswer } from "../../renderers/openai/json-answer.ts";
import { retryAfterMs } from "../../renderers/openai/retry.ts";
import { settingsFor, startModelServer, type ModelServer, type WireMessage } from "../support/model-server.ts";

const outline: AnswerSchema = {
  name: "outline",
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["title", "sections"],
    properties: {
      title: { type: "string" },
      sections: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["heading", "words"],
          properties: { heading: { type: "string" }, words: { type: "integer" } },
        },
      },
    },
  },
};

const good = { title: "Report", sections: [{ heading: "Intro", words: 120 }] };
const ask = [{ role: "system" as const, content: "You plan documents." }, { role: "user" as const, content: "Plan a report." }];

const failsWith = async (promise: Promise<unknown>, code: ModelUnavailable["code"], message?: RegExp) => {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ModelUnavailable, `expected a ModelUnavailable, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    if (message) assert.match(error.message, message);
    return true;
  });
};

const contentText = (message: WireMessage | undefined) =>
  typeof message?.content === "string" ? message.content : (message?.content ?? []).map((p) => (p.type === "text" ? p.text : "")).join("");

describe("openAiModel", () => {
  let server: ModelServer;
  before(async () => {
    server = await startModelServer();
  });
  after(() => server.close());
  afterEach(() => {
    assert.deepEqual(server.violations, []);
    server.requests.length = 0;
  });

  test("a text answer is the content, with the role's model and usage", async () => {
    server.script = (r) => ({ text: `hello from ${r.model}` });
    const client = openAiModel(settingsFor(server));
    assert.equal(client.configured, true);
    assert.equal(client.modelFor("judge"), "m-judge");
    const answer = await client.ask({ role: "writer", messages: ask, maxTokens: 50 });
    assert.equal(answer.value, "hello from m-writer");
    assert.equal(answer.truncated, false);
    assert.equal(answer.usage.model, "m-writer");
    assert.ok(answer.usage.inputTokens > 0 && answer.usage.outputTokens > 0);
    const body = server.requests[0]!.body;
    assert.equal(body.max_tokens, 50);
    assert.equal(body.response_format, undefined);
    assert.equal(server.requests[0]!.headers.authorization, "Bearer none");
  });

  test("a JSON answer under json_schema: the strict schema is on the wire and the value is parsed", async () => {
    server.script = (r) => {
      assert.equal(r.schemaName, "outline");
      return { json: good };
    };
    const client = openAiModel(settingsFor(server, { apiKey: "sk-test-key" }));
    const answer = await client.ask({ role: "best", messages: ask, schema: outline });
    assert.deepEqual(answer.value, good);
    const body = server.requests[0]!.body;
    assert.deepEqual(body.response_format, { type: "json_schema", json_schema: { name: "outline", schema: outline.schema, strict: true } });
    assert.equal(server.requests[0]!.headers.authorization, "Bearer sk-test-key");
  });

  test("an answer in fences with text around it is read", async () => {
    server.script = () => ({ text: "Here you go:\n```json\n" + JSON.stringify(good) + "\n```\nAnything else?" });
    const answer = await openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask, schema: outline });
    assert.deepEqual(answer.value, good);
    assert.equal(server.requests.length, 1);
  });

  test("unparsable JSON, then a valid answer: one repair round carries the error and the bad answer", async () => {
    server.script = (_r, i) => (i === 0 ? { text: '{"title": "Report", "sections": [' } : { json: good });
    const answer = await openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask, schema: outline });
    assert.deepEqual(answer.value, good);
    assert.equal(server.requests.length, 2);
    const messages = server.requests[1]!.body.messages as WireMessage[];
    assert.equal(messages.length, 4);
    assert.equal(messages[2]!.role, "assistant");
    assert.equal(messages[2]!.content, '{"title": "Report", "sections": [');
    assert.equal(messages[3]!.role, "user");
    assert.match(contentText(messages[3]), /not a JSON object/);
    assert.match(contentText(messages[3]), /corrected JSON/);
  });

  test("missing and extra fields are listed with their paths and repaired", async () => {
    server.script = (_r, i) =>
      i === 0 ? { json: { title: "Report", sections: [{ heading: "Intro", extra: true }] } } : { json: good };
    const answer = await openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask, schema: outline });
    assert.deepEqual(answer.value, good);
    const repair = contentText((server.requests[1]!.body.messages as WireMessage[]).at(-1));
    assert.match(repair, /\/sections\/0 must have required property 'words'/);
    assert.match(repair, /\/sections\/0 must NOT have additional properties \('extra'\)/);
  });

  test("at most ten errors go back to the model", async () => {
    const many = { title: "x", sections: Array.from({ length: 15 }, () => ({ heading: 1, words: "no" })) };
    server.script = (_r, i) => (i === 0 ? { json: many } : { json: good });
    await openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask, schema: outline });
    const repair = contentText((server.requests[1]!.body.messages as WireMessage[]).at(-1));
    assert.equal(repair.split("\n").filter((l) => l.startsWith("- ")).length, 10);
    assert.match(repair, /and 20 more/);
  });

  test("always invalid: model_invalid_output after repairRounds + 1 calls, each one's usage told", async () => {
    server.script = () => ({ json: { title: 7 } });
    const told: ModelUsage[] = [];
    await failsWith(
      openAiModel(settingsFor(server, { repairRounds: 2 })).ask({ role: "judge", messages: ask, schema: outline, onUsage: (u) => told.push(u) }),
      "model_invalid_output",
      /m-judge.*"outline".*3 tries/,
    );
    assert.equal(server.requests.length, 3);
    assert.equal(told.length, 3);
    assert.equal((server.requests[2]!.body.messages as WireMessage[]).length, 6);
  });

  test("a truncated invalid JSON answer is repaired; a truncated text answer says so", async () => {
    server.script = (r, i) =>
      r.schemaName === null ? { finish: "length", text: "It was the best of" } : i === 0 ? { finish: "length", text: '{"title": "Rep' } : { json: good };
    const client = openAiModel(settingsFor(server));
    const json = await client.ask({ role: "fast", messages: ask, schema: outline });
    assert.deepEqual(json.value, good);
    assert.equal(json.truncated, false);
    assert.match(contentText((server.requests[1]!.body.messages as WireMessage[]).at(-1)), /token limit/);
    const text = await client.ask({ role: "writer", messages: ask });
    assert.equal(text.value, "It was the best of");
    assert.equal(text.truncated, true);
  });

  test("a refusal and a content filter stop are model_refused", async () => {
    const client = openAiModel(settingsFor(server));
    server.script = () => ({ refusal: "I can't help with that." });
    await failsWith(client.ask({ role: "judge", messages: ask, schema: outline }), "model_refused", /can't help/);
    server.script = () => ({ finish: "content_filter" });
    await failsWith(client.ask({ role: "judge", messages: ask }), "model_refused", /content filter/);
    assert.equal(server.requests.length, 2);
  });

  test("a hanging endpoint: model_timeout after the retries", async () => {
    server.script = () => ({ hang: true });
    const started = Date.now();
    await failsWith(
      openAiModel(settingsFor(server, { timeoutMs: 200, retries: 1 })).ask({ role: "fast", messages: ask }),
      "model_timeout",
      /m-fast at 127\.0\.0\.1:\d+ did not answer within 200 ms after 2 attempts/,
    );
    assert.equal(server.requests.length, 2);
    assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
  });

  test("429 with Retry-After: 0, then an answer", async () => {
    server.script = (_r, i) => (i === 0 ? { status: 429, headers: { "retry-after": "0" } } : { text: "fine" });
    const started = Date.now();
    const answer = await openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask });
    assert.equal(answer.value, "fine");
    assert.equal(server.requests.length, 2);
    assert.ok(Date.now() - started < 200, "Retry-After: 0 wins over the backoff");
  });

  test("500, then an answer (after a backoff)", async () => {
    server.script = (_r, i) => (i === 0 ? { status: 500 } : { text: "fine" });
    const started = Date.now();
    assert.equal((await openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask })).value, "fine");
    assert.equal(server.requests.length, 2);
    assert.ok(Date.now() - started >= 240, "the first backoff is 0.25–0.5 s");
  });

  test("a dropped connection, then an answer", async () => {
    server.script = (_r, i) => (i === 0 ? { destroy: true } : { text: "fine" });
    assert.equal((await openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask })).value, "fine");
    assert.equal(server.requests.length, 2);
  });

  test("retries spent on 503: model_unavailable with the status, host and model", async () => {
    server.script = () => ({ status: 503, body: { error: { message: "overloaded" } }, headers: { "retry-after-ms": "10" } });
    await failsWith(
      openAiModel(settingsFor(server, { retries: 1 })).ask({ role: "best", messages: ask }),
      "model_unavailable",
      /127\.0\.0\.1:\d+ failed \(HTTP 503\) for model m-best after 2 attempts: overloaded/,
    );
  });

  test("401 is not retried and says the key was refused, without the key", async () => {
    server.script = () => ({ status: 401, body: { error: { message: "Incorrect API key provided: sk-secret-123", type: "invalid_request_error" } } });
    await assert.rejects(openAiModel(settingsFor(server, { apiKey: "sk-secret-123" })).ask({ role: "fast", messages: ask }), (error: unknown) => {
      assert.ok(error instanceof ModelUnavailable);
      assert.equal(error.code, "model_unavailable");
      assert.match(error.message, /refused the API key \(HTTP 401\)/);
      assert.doesNotMatch(error.message, /sk-secret-123/);
      return true;
    });
    assert.equal(server.requests.length, 1);
  });

  test("404 names the model", async () => {
    server.script = () => ({ status: 404, body: { error: { message: "model 'm-fast' not found" } } });
    await failsWith(openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask }), "model_unavailable", /Model m-fast not found at the endpoint/);
    assert.equal(server.requests.length, 1);
  });

  test("a vLLM-style error body still reaches the message", async () => {
    server.script = () => ({ status: 400, body: { object: "error", message: "context length exceeded", type: "BadRequestError", code: 400 } });
    await failsWith(openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask }), "model_unavailable", /HTTP 400\): context length exceeded/);
  });

  test("cancel while the endpoint hangs rejects at once with an AbortError, without a retry", async () => {
    server.script = () => ({ hang: true });
    const controller = new AbortController();
    const call = openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 100));
    const aborted = Date.now();
    controller.abort();
    await assert.rejects(call, (error: unknown) => {
      assert.ok(!(error instanceof ModelUnavailable));
      assert.equal((error as Error).name, "AbortError");
      return true;
    });
    // Not aborted, the call would wait for the 10 s timeout and retry; 2 s leaves room for a loaded machine.
    assert.ok(Date.now() - aborted < 2_000, `took ${Date.now() - aborted} ms`);
    assert.equal(server.requests.length, 1);
  });

  test("cancel during a backoff rejects at once", async () => {
    server.script = () => ({ status: 500, headers: { "retry-after": "20" } });
    const controller = new AbortController();
    const call = openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 100));
    const aborted = Date.now();
    controller.abort();
    await assert.rejects(call, { name: "AbortError" });
    // The backoff the endpoint asked for is 20 s.
    assert.ok(Date.now() - aborted < 2_000, `took ${Date.now() - aborted} ms`);
  });

  test("usage is summed over repair rounds and told per answer", async () => {
    server.script = (_r, i) => (i === 0 ? { json: { nope: 1 } } : { json: good });
    const told: ModelUsage[] = [];
    const answer = await openAiModel(settingsFor(server)).ask({ role: "reader", messages: ask, schema: outline, onUsage: (u) => told.push(u) });
    assert.equal(told.length, 2);
    assert.ok(told.every((u) => u.role === "reader" && u.model === "m-reader" && u.inputTokens > 0 && u.outputTokens > 0));
    assert.equal(answer.usage.inputTokens, told[0]!.inputTokens + told[1]!.inputTokens);
    assert.equal(answer.usage.outputTokens, told[0]!.outputTokens + told[1]!.outputTokens);
  });

  test("an image part goes out as an image_url data URL", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    server.script = () => ({ text: "a chart" });
    await openAiModel(settingsFor(server)).ask({
      role: "reader",
      messages: [{ role: "user", content: [{ type: "text", text: "What is on this page?" }, { type: "image", png }] }],
    });
    const [message] = server.requests[0]!.body.messages as WireMessage[];
    assert.deepEqual(message!.content, [
      { type: "text", text: "What is on this page?" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${Buffer.from(png).toString("base64")}` } },
    ]);
  });

  test("json_object mode: the schema is in the system message", async () => {
    server.script = (r) => {
      assert.equal(r.format, "json_object");
      return { json: good };
    };
    const answer = await openAiModel(settingsFor(server, { structured: "json_object" })).ask({ role: "fast", messages: ask, schema: outline });
    assert.deepEqual(answer.value, good);
    const [system] = server.requests[0]!.body.messages as WireMessage[];
    assert.match(contentText(system), /^You plan documents\.\n\nAnswer with one JSON object that validates against this JSON schema: \{/);
  });

  test("a non-strict schema is a programming error, thrown before any call", async () => {
    const loose = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };
    assert.throws(() => assertStrict(loose), /not strict.*additionalProperties/);
    assert.throws(
      () => assertStrict({ ...outline.schema, properties: { title: { type: "string" }, sections: { type: "array", items: { type: "object", additionalProperties: false, properties: { a: { type: "string" } } } } } }),
      /#\/properties\/sections\/items does not list every property/,
    );
    assert.throws(() => assertStrict({ type: "object", additionalProperties: false, required: [], properties: {}, $defs: { x: { type: "object", properties: {} } } }), /\$defs\/x/);
    assert.throws(() => assertStrict({ anyOf: [{ type: "object", additionalProperties: false, properties: { b: { type: "number" } } }] }), /anyOf\/0/);
    assert.doesNotThrow(() => assertStrict(outline.schema));
    await assert.rejects(openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask, schema: { name: "loose", schema: loose } }), (error: unknown) => {
      assert.ok(!(error instanceof ModelUnavailable));
      assert.match((error as Error).message, /schema "loose" is not strict/);
      return true;
    });
    assert.equal(server.requests.length, 0);
  });
});

describe("an endpoint without structured outputs", () => {
  let server: ModelServer;
  before(async () => {
    server = await startModelServer(() => ({ json: good }), { jsonSchema: false });
  });
  after(() => server.close());
  afterEach(() => assert.deepEqual(server.violations, []));

  test("auto falls back to json_object (with llama.cpp's schema) at once and stays there", async () => {
    const client = openAiModel(settingsFor(server));
    const first = await client.ask({ role: "fast", messages: ask, schema: outline });
    assert.deepEqual(first.value, good);
    assert.equal(server.requests.length, 2);
    assert.equal((server.requests[0]!.body.response_format as { type: string }).type, "json_schema");
    assert.deepEqual(server.requests[1]!.body.response_format, { type: "json_object", schema: outline.schema });
    assert.match(contentText((server.requests[1]!.body.messages as WireMessage[])[0]), /validates against this JSON schema: \{"type":"object"/);
    await client.ask({ role: "fast", messages: ask, schema: outline });
    assert.equal(server.requests.length, 3);
    assert.deepEqual(server.requests[2]!.body.response_format, { type: "json_object", schema: outline.schema });
  });

  test("json_schema without fallback reports the endpoint's refusal", async () => {
    await failsWith(
      openAiModel(settingsFor(server, { structured: "json_schema" })).ask({ role: "fast", messages: ask, schema: outline }),
      "model_unavailable",
      /HTTP 400\): response_format type json_schema is not supported/,
    );
  });

  test("a system message is added when the request has none", async () => {
    server.requests.length = 0;
    await openAiModel(settingsFor(server, { structured: "json_object" })).ask({ role: "fast", messages: [{ role: "user", content: "Plan." }], schema: outline });
    const messages = server.requests[0]!.body.messages as WireMessage[];
    assert.equal(messages[0]!.role, "system");
    assert.match(contentText(messages[0]), /^Answer with one JSON object/);
  });
});

describe("an endpoint that cuts answers at their token limit", () => {
  let server: ModelServer;
  before(async () => {
    server = await startModelServer(undefined, { cutAtLimit: true });
  });
  after(() => server.close());
  afterEach(() => {
    assert.deepEqual(server.violations, []);
    server.requests.length = 0;
  });

  const long = { title: "R".repeat(1000), sections: [{ heading: "Intro", words: 120 }] };
  const limits = () => server.requests.map((r) => r.body.max_tokens);
  const lengths = () => server.requests.map((r) => (r.body.messages as WireMessage[]).length);

  test("a JSON answer cut at its limit is asked again once with twice the limit, the same messages, no repair", async () => {
    server.script = () => ({ json: long });
    const told: ModelUsage[] = [];
    const answer = await openAiModel(settingsFor(server)).ask({ role: "judge", messages: ask, schema: outline, maxTokens: 200, onUsage: (u) => told.push(u) });
    assert.deepEqual(answer.value, long);
    assert.equal(answer.truncated, false);
    assert.deepEqual(limits(), [200, 400]);
    assert.deepEqual(lengths(), [2, 2]);
    assert.equal(told.length, 2, "the cut answer's tokens count too");
  });

  test("a model that never finishes its JSON: two attempts, then model_cut_off naming both limits", async () => {
    server.script = () => ({ text: `{"title": "${"la ".repeat(5000)}` });
    const started = Date.now();
    await failsWith(
      openAiModel(settingsFor(server, { repairRounds: 3 })).ask({ role: "judge", messages: ask, schema: outline, maxTokens: 800 }),
      "model_cut_off",
      /m-judge stopped at 800 tokens and, asked again, at 1,600, without finishing its "outline" JSON/,
    );
    assert.deepEqual(limits(), [800, 1600]);
    assert.deepEqual(lengths(), [2, 2], "never sent back for repair with the same limit");
    assert.ok(Date.now() - started < 1000);
  });

  test("a complete but invalid answer still gets its repair rounds, at the limit it reached", async () => {
    server.script = (_r, i) => (i === 0 ? { json: long } : i === 1 ? { json: { title: 7 } } : { json: good });
    const answer = await openAiModel(settingsFor(server)).ask({ role: "judge", messages: ask, schema: outline, maxTokens: 200 });
    assert.deepEqual(answer.value, good);
    assert.deepEqual(limits(), [200, 400, 400]);
    assert.deepEqual(lengths(), [2, 2, 4]);
    assert.match(contentText((server.requests[2]!.body.messages as WireMessage[]).at(-1)), /does not validate/);
  });

  test("a text answer cut twice comes back cut, after one larger attempt", async () => {
    server.script = () => ({ text: "It was the best of times. ".repeat(200) });
    const answer = await openAiModel(settingsFor(server)).ask({ role: "writer", messages: ask, maxTokens: 100 });
    assert.equal(answer.truncated, true);
    assert.equal((answer.value as string).length, 800);
    assert.deepEqual(limits(), [100, 200]);
  });
});

describe("an endpoint like llama.cpp's server", () => {
  let server: ModelServer;
  before(async () => {
    server = await startModelServer(() => ({ json: good }), { llamaCpp: true, jsonSchema: false });
  });
  after(() => server.close());
  afterEach(() => {
    assert.deepEqual(server.violations, []);
    server.requests.length = 0;
  });

  const image = { role: "user" as const, content: [{ type: "text" as const, text: "Look." }, { type: "image" as const, png: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }] };

  test("structured outputs refused: JSON mode carrying the schema, which it enforces", async () => {
    server.script = (r) => {
      assert.deepEqual(r.objectSchema, r.format === "json_object" ? outline.schema : null);
      return { json: good };
    };
    const answer = await openAiModel(settingsFor(server)).ask({ role: "fast", messages: ask, schema: outline });
    assert.deepEqual(answer.value, good);
    assert.equal(server.requests.length, 2);
    assert.deepEqual(server.requests[1]!.body.response_format, { type: "json_object", schema: outline.schema });
  });

  test("the schema in JSON mode refused too: plain JSON mode, whose free text is read, validated and repaired", async () => {
    let plain = 0;
    server.script = (r) => {
      if (r.objectSchema !== null) return { status: 400, body: { error: { message: "response_format.schema is not supported" } } };
      return plain++ === 0 ? { json: { title: "Report" } } : { json: good };
    };
    const client = openAiModel(settingsFor(server, { structured: "json_object" }));
    const answer = await client.ask({ role: "fast", messages: ask, schema: outline });
    assert.deepEqual(answer.value, good);
    assert.deepEqual(server.requests.map((r) => r.body.response_format), [
      { type: "json_object", schema: outline.schema },
      { type: "json_object" },
      { type: "json_object" },
    ]);
    const messages = server.requests[2]!.body.messages as WireMessage[];
    assert.match(String(messages[2]!.content), /^Sure! Here it is:/, "the answer was free text around the object");
    assert.match(contentText(messages[3]), /must have required property 'sections'/);
  });

  test("500 \"image input is not supported\" is not retried: model_no_images at once", async () => {
    const started = Date.now();
    await failsWith(
      openAiModel(settingsFor(server, { retries: 3 })).ask({ role: "best", messages: [image], schema: outline, maxTokens: 500 }),
      "model_no_images",
      /m-best at 127\.0\.0\.1:\d+ takes no image input \(HTTP 500\): image input is not supported/,
    );
    assert.equal(server.requests.length, 1);
    assert.ok(Date.now() - started < 200, "no backoff");
  });

  test("the same words under a 400 are no refusal of structured outputs", async () => {
    server.script = () => ({ status: 400, body: { error: { message: "image input is not supported" } } });
    await failsWith(openAiModel(settingsFor(server)).ask({ role: "best", messages: ask, schema: outline }), "model_no_images");
    // The first request's json_schema was refused as ever; the words about images do not step JSON mode down again.
    assert.deepEqual(server.requests.map((r) => (r.body.response_format as { schema?: unknown }).schema !== undefined), [false, true]);
  });
});

describe("an endpoint that takes max_completion_tokens only (OpenAI's newer models)", () => {
  test("the first refusal of max_tokens switches the client to max_completion_tokens, for good, and JSON mode is kept", async () => {
    const server = await startModelServer(() => ({ json: good }), { maxTokens: false });
    try {
      const client = openAiModel(settingsFor(server));
      assert.deepEqual((await client.ask({ role: "fast", messages: ask, schema: outline, maxTokens: 500 })).value, good);
      await client.ask({ role: "fast", messages: ask, maxTokens: 200 });
      assert.equal(server.requests.length, 3);
      assert.equal(server.requests[0]!.body.max_tokens, 500);
      assert.equal(server.requests[1]!.body.max_completion_tokens, 500);
      assert.equal(server.requests[1]!.body.max_tokens, undefined);
      assert.equal((server.requests[1]!.body.response_format as { type: string }).type, "json_schema", "not mistaken for a refusal of structured outputs");
      assert.equal(server.requests[2]!.body.max_completion_tokens, 200);
      assert.deepEqual(server.violations, []);
    } finally {
      await server.close();
    }
  });
});

describe("an endpoint that is not there", () => {
  test("connection refused: model_unavailable after the retries, naming the host", async () => {
    const server = await startModelServer();
    const settings = settingsFor(server, { retries: 1 });
    await server.close();
    await failsWith(openAiModel(settings).ask({ role: "fast", messages: ask }), "model_unavailable", /Could not reach the model endpoint 127\.0\.0\.1:\d+ \(model m-fast\) after 2 attempts/);
  });
});

describe("reading the endpoint's words", () => {
  test("Retry-After in seconds, as an HTTP date and in ms, capped at 30 s", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    assert.equal(retryAfterMs(new Headers({ "retry-after": "2" }), now), 2000);
    assert.equal(retryAfterMs(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" }), now), 5000);
    assert.equal(retryAfterMs(new Headers({ "retry-after-ms": "150", "retry-after": "9" }), now), 150);
    assert.equal(retryAfterMs(new Headers({ "retry-after": "3600" }), now), 30_000);
    assert.equal(retryAfterMs(new Headers({ "retry-after": "soon" }), now), undefined);
    assert.equal(retryAfterMs(new Headers(), now), undefined);
  });

  test("a JSON answer is dug out of reasoning, fences and prose", () => {
    assert.deepEqual(parseJsonAnswer('<think>maybe {"a": 2}?</think>\n{"a": 1}'), { ok: true, value: { a: 1 } });
    assert.deepEqual(parseJsonAnswer('Sure! {"a": "}"} Hope it helps.'), { ok: true, value: { a: "}" } });
    assert.deepEqual(parseJsonAnswer("```\n{\"a\": 1}\n```"), { ok: true, value: { a: 1 } });
    assert.equal(parseJsonAnswer("no json here").ok, false);
  });
});
