/**
 * The judge's mapping of free-word style phrases. The model is a small in-process object implementing the model
 * contract (core/contracts/model.ts), scripted per test; it records what it was asked.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ModelUnavailable, type ModelClient, type ModelRequest, type ModelUsage } from "../../../core/contracts/model.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { judgeStyle, styleJudgeSchema } from "../../../core/style/judge.ts";
import { readStyle } from "../../../core/style/read.ts";

const usage: ModelUsage = { role: "judge", model: "judge-model", inputTokens: 100, outputTokens: 50 };

/** A model that answers every call with `answer` (or throws it) and keeps the requests. */
function scripted(answer: unknown | Error, configured = true) {
  const requests: ModelRequest[] = [];
  const model: ModelClient = {
    configured,
    modelFor: () => (configured ? "judge-model" : undefined),
    ask: async <T,>(request: ModelRequest) => {
      requests.push(request);
      request.onUsage?.(usage);
      if (answer instanceof Error) throw answer;
      return { value: answer as T, usage, truncated: false };
    },
  };
  return { model, requests };
}

const nothing = {
  font: null, font_size: null, line_spacing: null,
  colors: { title: null, headings: null, text: null, accent: null },
  align: { title: null, headings: null, body: null },
  margins_cm: null, orientation: null, cover_page: null, table_of_contents: null, page_numbers: null,
  page_numbers_position: null, header: null, footer: null,
};
const changes = (partial: Record<string, unknown>) => ({ ...nothing, ...partial });
const mapped = (phrase: string, partial: Record<string, unknown>) => ({ phrase, supported: true, changes: changes(partial), reason: null });
const refused = (phrase: string, reason: string) => ({ phrase, supported: false, changes: nothing, reason });

const style = "Calibri, corporate blue, airy, add our logo";
const reading = readStyle(style, defaultStyle("report"));

describe("judgeStyle", () => {
  it("starts from what the deterministic reader leaves", () => {
    // "corporate" is what the reader could not honour of "corporate blue": the caller's own blue.
    assert.deepEqual(reading.unsupported, ["corporate", "airy", "add our logo"]);
  });

  it("asks nothing when everything was read or no model is configured", async () => {
    const all = scripted({ phrases: [] });
    const read = { style, applied: reading.applied, unsupported: [] };
    assert.deepEqual(await judgeStyle(all.model, read), { applied: reading.applied, unsupported: [] });
    const none = scripted({ phrases: [] }, false);
    const input = { style, applied: reading.applied, unsupported: ["airy"] };
    assert.deepEqual(await judgeStyle(none.model, input), { applied: reading.applied, unsupported: ["airy"] });
    assert.equal(all.requests.length + none.requests.length, 0);
  });

  it("asks the judge once, with a strict schema and the phrases as data", async () => {
    const { model, requests } = scripted({ phrases: [] });
    const controller = new AbortController();
    const seen: ModelUsage[] = [];
    await judgeStyle(model, { style, applied: reading.applied, unsupported: ["airy", "add our logo"], signal: controller.signal, onUsage: (u) => seen.push(u) });
    assert.equal(requests.length, 1);
    const request = requests[0]!;
    assert.equal(request.role, "judge");
    assert.equal(request.signal, controller.signal);
    assert.deepEqual(seen, [usage]);
    assert.equal(request.schema, styleJudgeSchema);
    assert.equal(request.messages[0]!.role, "system");
    assert.match(String(request.messages[0]!.content), /line_spacing/);
    const user = JSON.parse(String(request.messages[1]!.content));
    assert.deepEqual(user.phrases_to_map, ["airy", "add our logo"]);
    assert.equal(user.style_request, style);

    // Strict structured outputs: every object closed, every property required, optional values nullable.
    const objects: Array<Record<string, unknown>> = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== "object") return;
      const schema = node as Record<string, unknown>;
      if (schema.type === "object") objects.push(schema);
      for (const value of Object.values(schema)) walk(value);
    };
    walk(request.schema!.schema);
    assert.ok(objects.length >= 5);
    for (const object of objects) {
      assert.equal(object.additionalProperties, false);
      assert.deepEqual([...(object.required as string[])].sort(), Object.keys(object.properties as object).sort());
    }
    const fields = (styleJudgeSchema.schema.properties.phrases.items.properties.changes as { properties: Record<string, { type: unknown }> }).properties;
    assert.deepEqual(fields.font_size!.type, ["number", "null"]);
    assert.deepEqual(fields.header!.type, ["string", "null"]);
  });

  it("applies the mappings and keeps what no field can express", async () => {
    const { model } = scripted({
      phrases: [
        mapped("Corporate Blue", { colors: { title: "#1f4e9a", headings: "#1F4E9A", text: null, accent: "#1F4E9A" } }),
        mapped("airy", { line_spacing: 1.5, margins_cm: 3 }),
        refused("add our logo", "no field holds images"),
      ],
    });
    const applied = defaultStyle("report");
    const result = await judgeStyle(model, { style: "corporate blue, airy, add our logo", applied, unsupported: ["corporate blue", "airy", "add our logo"] });
    assert.deepEqual(result.unsupported, ["add our logo"]);
    assert.equal(result.applied.colors.title, "#1F4E9A");
    assert.equal(result.applied.colors.headings, "#1F4E9A");
    assert.equal(result.applied.colors.accent, "#1F4E9A");
    assert.equal(result.applied.colors.text, applied.colors.text);
    assert.equal(result.applied.line_spacing, 1.5);
    assert.equal(result.applied.margins_cm, 3);
    assert.equal(result.applied.font, "Calibri");
    // The caller's object is not changed.
    assert.deepEqual(applied, defaultStyle("report"));
  });

  it("places the page numbers where the judge says, and says nothing for the foot's centre", async () => {
    const { model } = scripted({
      phrases: [mapped("numbers up in the right-hand corner", { page_numbers: true, page_numbers_position: "top-right" }), mapped("nowhere odd", { page_numbers_position: "somewhere" })],
    });
    const applied = { ...defaultStyle("report"), page_numbers_position: "bottom-left" as const };
    const result = await judgeStyle(model, { style: "numbers up in the right-hand corner", applied, unsupported: ["numbers up in the right-hand corner", "nowhere odd"] });
    assert.equal(result.applied.page_numbers_position, "top-right");
    const centre = await judgeStyle(scripted({ phrases: [mapped("numbers centred at the foot", { page_numbers_position: "bottom-center" })] }).model, {
      style: "numbers centred at the foot",
      applied,
      unsupported: ["numbers centred at the foot"],
    });
    assert.equal(centre.applied.page_numbers_position, undefined);
    assert.deepEqual(centre.unsupported, []);
  });

  it("ignores or clamps values it cannot trust", async () => {
    const { model } = scripted({
      phrases: [
        mapped("hacker look", { font: "Totally Real Font; rm -rf", colors: { title: "blue", headings: "#12345", text: "#GGGGGG", accent: "red" } }),
        mapped("big", { font_size: 26, line_spacing: 400, margins_cm: 0.2, align: { title: "middle", headings: null, body: "justify" } }),
        mapped("sideways", { orientation: "sideways", page_numbers: "yes", cover_page: true }),
        mapped("nice type", { font: "georgia", font_size: -3 }),
        mapped("running footer", { footer: "  Confidential \u0007 draft  ", header: "" }),
      ],
    });
    const applied = defaultStyle("report");
    const result = await judgeStyle(model, {
      style: "…",
      applied,
      unsupported: ["hacker look", "big", "sideways", "nice type", "running footer"],
    });
    // Nothing valid in "hacker look": it stays unsupported and nothing changes.
    assert.deepEqual(result.unsupported, ["hacker look"]);
    assert.equal(result.applied.font, "Georgia");
    assert.deepEqual(result.applied.colors, applied.colors);
    assert.equal(result.applied.font_size, 20);
    assert.equal(result.applied.line_spacing, applied.line_spacing);
    assert.equal(result.applied.margins_cm, 1);
    assert.deepEqual(result.applied.align, { ...applied.align, body: "justify" });
    assert.equal(result.applied.orientation, "portrait");
    assert.equal(result.applied.page_numbers, true);
    assert.equal(result.applied.cover_page, true);
    assert.equal(result.applied.footer, "Confidential   draft");
    assert.equal(result.applied.header, undefined);
  });

  it("keeps phrases the model skipped or invented", async () => {
    const { model } = scripted({ phrases: [mapped("something else entirely", { font_size: 12 })] });
    const applied = defaultStyle("letter");
    const result = await judgeStyle(model, { style: "s", applied, unsupported: ["make it sparkle"] });
    assert.deepEqual(result, { applied, unsupported: ["make it sparkle"] });
  });

  it("keeps the deterministic reading when the model is unavailable", async () => {
    const { model } = scripted(new ModelUnavailable("down", "model_timeout"));
    const input = { style, applied: reading.applied, unsupported: reading.unsupported };
    assert.deepEqual(await judgeStyle(model, input), { applied: reading.applied, unsupported: reading.unsupported });
    const garbled = scripted({ nope: true });
    assert.deepEqual(await judgeStyle(garbled.model, input), { applied: reading.applied, unsupported: reading.unsupported });
  });

  it("lets other failures through", async () => {
    const { model } = scripted(new TypeError("a bug"));
    await assert.rejects(judgeStyle(model, { style, applied: reading.applied, unsupported: ["airy"] }), TypeError);
  });
});
