/**
 * Writing from a prompt against a server that acts like llama.cpp's own (issue 29): answers cut at the request's token
 * limit, and no image input. A model that never finishes its JSON fails the document in two attempts with a message
 * naming the step and the fault, and `versions.model` names the model that answered; pages the model cannot look at
 * end the agent's inspection at once (`layout.not_inspected`) and the document goes on.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Service } from "../support/service.ts";
import { startInProcess } from "../support/in-process.ts";
import { startModelServer, type ModelServer, type Reply } from "../support/model-server.ts";
import { understanding, writer, stepOf } from "../support/writer-script.ts";
import { readEvents, waitFor, type Doc } from "../support/documents.ts";

let svc: Service;
let model: ModelServer;

before(async () => {
  model = await startModelServer(writer(), { llamaCpp: true, cutAtLimit: true });
  svc = await startInProcess({
    QUIRE_MODEL_BASE_URL: model.url,
    QUIRE_MODEL_WRITER: "m-local",
    QUIRE_MODEL_JUDGE: "m-judge",
    QUIRE_MODEL_TIMEOUT_MS: "5000",
    QUIRE_MODEL_RETRIES: "2",
    QUIRE_MODEL_REPAIR_ROUNDS: "3",
  });
});

after(async () => {
  await svc?.stop();
  await model?.close();
  assert.deepEqual(model.violations, []);
});

const create = async (body: Record<string, unknown>) => {
  const { data, error, response } = await svc.client.POST("/documents", { body: { background: true, ...body } as never });
  assert.equal(response.status, 202, JSON.stringify(error));
  return (data as Doc).id;
};

const sentFor = (marker: string) => model.requests.filter((r) => JSON.stringify(r.body.messages).includes(marker));

describe("a local model server", () => {
  test("a judge that never closes its JSON string: two attempts, the larger one twice the limit, then a failure that says so", async () => {
    model.script = writer({ understand: { text: `{"format": "docx", "title": "${"la ".repeat(5000)}` } });
    const id = await create({ format: "docx", prompt: "A short report on the move [CUT]." });
    const doc = await waitFor(svc.client, id, undefined, 30_000);
    assert.equal(doc.status, "failed");
    assert.equal(doc.error?.code, "processing_failed");
    assert.match(doc.error!.message, /^Understanding the request: the model's answer was cut at its token limit \(Model m-judge stopped at 800 tokens and, asked again, at 1,600, without finishing its "request_understanding" JSON\.\)$/);
    assert.doesNotMatch(doc.error!.message, /unexpectedly/);
    assert.equal(doc.versions.model, "m-judge (judge)", "a failed document names the models that answered");
    assert.deepEqual(sentFor("[CUT]").map((r) => r.body.max_tokens), [800, 1600]);
  });

  test("pages the model cannot look at (500 \"image input is not supported\"): one try, not inspected, the document delivered", async () => {
    const script = writer({ understand: { json: understanding({ quality: "fast", needs: { comments: true, tracked_changes: false, template: false, copy_design: false, charts: false, free_layout: false } }) } });
    model.script = async (req, i): Promise<Reply> =>
      stepOf(req) === "agent" ? { json: { plan: "the service's own layout", program: "await quire.save(await quire.compile());" } } : script(req, i);
    const from = model.requests.length;
    const id = await create({ format: "docx", quality: "fast", prompt: "A memo on the office move with comments for the team [NO-EYES]." });
    const doc = await waitFor(svc.client, id, undefined, 60_000);
    assert.ok(["ready", "ready_with_warnings"].includes(doc.status), `${doc.status} ${JSON.stringify(doc.error)}`);
    assert.equal(doc.route?.path, "agent", doc.route?.reason);
    const inspections = model.requests.slice(from).filter((r) => JSON.stringify(r.body.messages).includes('"image_url"'));
    assert.equal(inspections.length, 1, "the refusal is not retried as a server fault");
    const events = (await readEvents(svc.client, id)).events;
    const checked = events.filter((e) => e.type === "agent.checked").map((e) => e.data as Record<string, unknown>);
    assert.deepEqual(checked.map((c) => c.verdict), ["not_inspected"]);
    assert.match(String(checked[0]!.error), /model_no_images/);
    assert.ok(!events.some((e) => e.type === "agent.fallback"));
    const issues = (await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: id } } })).data!.issues;
    assert.ok(issues.some((i) => i.code === "layout.not_inspected" && /takes no image input/.test(i.message)), JSON.stringify(issues.map((i) => i.code)));
  });
});
