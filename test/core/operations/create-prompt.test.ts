/**
 * The prompt program's time (core/operations/create-prompt.ts): run with fake parts (a format only this test knows, a
 * model in this process that answers each step and keeps what it was asked, no sandbox), the writer is told today's date by the
 * Clock service, and the text checks are given the same time, so a test can hold the day still.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as Effect from "effect/Effect";
import { createFromPrompt } from "../../../core/operations/create-prompt.ts";
import { Clock } from "../../../core/services/clock.ts";
import { Sandbox } from "../../../core/services/sandbox.ts";
import type { FormatPlugin } from "../../../core/contracts/format-plugin.ts";
import type { TextCheck } from "../../../core/contracts/check-plugin.ts";
import type { ModelClient, ModelRequest } from "../../../core/contracts/model.ts";
import { jobRow, operationLayer } from "../../support/layers.ts";
import { outline, understanding } from "../../support/writer-script.ts";

/** A format only this test knows: its file is the text of its blocks. */
const note: FormatPlugin = {
  id: "note",
  format: "note",
  mediaTypes: ["text/x-note"],
  extensions: ["note"],
  delivers: { file: true, pdf: "converted", previews: true },
  writing: { unit: "section", guide: "Write Markdown sections." },
  render: async (ir) => ({ bytes: new TextEncoder().encode(JSON.stringify(ir.blocks)), diagnostics: [] }),
};

/** The understanding, the plan and each part; every request is kept. */
const scripted = (asked: ModelRequest[]): ModelClient => ({
  configured: true,
  modelFor: () => "scripted",
  ask: async <T,>(request: ModelRequest) => {
    asked.push(request);
    const value =
      request.schema?.name === "request_understanding"
        ? understanding({ format: "note" as never, title: "Office move" })
        : request.schema?.name === "document_outline"
          ? outline([{ heading: "Why we move" }])
          : "## Why we move\n\nThe lease ends in spring.";
    return { value: value as T, usage: { role: request.role, model: "scripted", inputTokens: 1, outputTokens: 1 }, truncated: false };
  },
});

const system = (request: ModelRequest) => String(request.messages.find((m) => m.role === "system")?.content ?? "");

describe("the prompt program and the Clock", () => {
  it("tells the writer the Clock's day as today and gives the text checks the same time", async () => {
    const at = new Date("2020-02-29T10:00:00Z");
    const asked: ModelRequest[] = [];
    const told: Array<Date | undefined> = [];
    const clockOfChecks: TextCheck = { id: "clock-of-checks", stage: "text", appliesTo: () => true, run: async (ir, ctx) => (told.push(ctx.now), { ir, diagnostics: [] }) };
    const ops = operationLayer({
      row: jobRow({ format: "note" as never, mode: "prompt", name: "Office move", request: { format: "note", prompt: "A short note on why the office moves." } }),
      plugins: [note],
      checks: [clockOfChecks],
      model: scripted(asked),
      clock: Clock.fixed(at).clock,
    });
    await Effect.runPromise(createFromPrompt.pipe(Effect.provide(Sandbox.none), Effect.provide(ops.layer)));
    await ops.close();

    const writers = asked.filter((r) => /^You write /.test(system(r)));
    assert.equal(writers.length, 1, "one part was written");
    assert.match(system(writers[0]!), /Today is 2020-02-29\./);
    assert.deepEqual(told, [at]);
  });
});
