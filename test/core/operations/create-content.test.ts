/**
 * The create program run with fake parts only (a format no plugin of ours has, a converter that echoes, checks of the
 * test's own): proof that core runs on contracts, that a text check's IR is the one rendered, that failures are
 * typed and that interrupting the program aborts the engine call in flight.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Cause from "effect/Cause";
import * as Fiber from "effect/Fiber";
import * as Option from "effect/Option";
import * as Layer from "effect/Layer";
import { createFromContent } from "../../../core/operations/create-content.ts";
import { ProcessingFailure } from "../../../core/errors.ts";
import { Fonts } from "../../../core/services/engines.ts";
import type { FormatPlugin } from "../../../core/contracts/format-plugin.ts";
import type { PagesCheck, TextCheck } from "../../../core/contracts/check-plugin.ts";
import type { Block, Inline } from "../../../core/ir/types.ts";
import { fakeConverter, jobRow, operationLayer } from "../../support/layers.ts";

const plainText = (inlines: Inline[]): string => inlines.map((i) => (i.type === "text" ? i.text : i.type === "gap" ? "[DATO]" : "")).join("");
const blockText = (block: Block): string => ("inlines" in block ? plainText(block.inlines) : "");

/** A format only this test knows: its file is the blocks' text, one line each. */
const note: FormatPlugin = {
  id: "note",
  format: "note",
  mediaTypes: ["text/x-note"],
  extensions: ["note"],
  delivers: { file: true, pdf: "converted", previews: true },
  render: async (ir) => ({ bytes: new TextEncoder().encode(ir.blocks.map(blockText).join("\n")), diagnostics: [] }),
};

/** Replaces a figure with a gap marker and says so, as the unsupported-facts check will. */
const redact: TextCheck = {
  id: "redact",
  stage: "text",
  appliesTo: () => true,
  run: async (ir) => ({
    ir: {
      ...ir,
      blocks: ir.blocks.map((b) =>
        b.type === "paragraph" ? { ...b, inlines: b.inlines.flatMap((i): Inline[] => (i.type === "text" && i.text.includes("42") ? [{ type: "gap", id: i.id, marks: [] }] : [i])) } : b,
      ),
    },
    diagnostics: [{ code: "content.redacted", severity: "warning", category: "content", message: "A figure was replaced." }],
    events: [{ type: "check.redacted", data: { count: 1 } }],
  }),
};

const pageCount: PagesCheck = {
  id: "page-count",
  stage: "pages",
  appliesTo: () => true,
  run: async (_ir, ctx) => ({ diagnostics: [{ code: "layout.pages", severity: "info", category: "layout", message: `${ctx.pages.length} page(s)` }] }),
};

const row = (markdown: string) => jobRow({ format: "note" as never, name: "Budget", request: { format: "note", content: { markdown } } });

describe("the create program on fake parts", () => {
  it("renders the IR the text checks left, through the plugin the registry names, and delivers what it declares", async () => {
    const converted: Array<{ from: string; to: string; signal?: AbortSignal }> = [];
    const ops = operationLayer({ row: row("# Budget\n\nThe total is 42 euros.\n"), plugins: [note], checks: [redact, pageCount], converter: fakeConverter(converted) });
    const result = await Effect.runPromise(createFromContent.pipe(Effect.provide(ops.layer)));
    await ops.close();

    const file = result.outputs.find((o) => o.kind === ("note" as never));
    assert.ok(file, "the office file of the fake format is delivered");
    assert.equal(file.filename, "Budget.note");
    assert.equal(file.contentType, "text/x-note");
    assert.match(Buffer.from(file.bytes).toString("utf8"), /\[DATO\]/);
    assert.doesNotMatch(Buffer.from(file.bytes).toString("utf8"), /42/);
    assert.deepEqual(converted.map(({ from, to }) => `${from}→${to}`), ["note→pdf"]);
    assert.ok(result.outputs.some((o) => o.kind === "pdf") && result.outputs.some((o) => o.kind === "preview"));
    assert.deepEqual(result.diagnostics.map((d) => d.code).sort(), ["content.redacted", "layout.pages"]);
    assert.ok(ops.reported.events.some((e) => e.type === "check.redacted"));
    assert.ok(ops.reported.events.some((e) => e.type === "request.understood"));
    assert.ok(ops.reported.phases.includes("reading") && ops.reported.phases.includes("previewing"));
  });

  it("lays a font this machine lacks out in one it has, and says so in style_unsupported", async () => {
    const styled = (style: string) =>
      jobRow({ format: "note" as never, name: "Budget", request: { format: "note", style, content: { markdown: "# Budget\n\nThe total.\n" } } });
    const machine = Layer.succeed(Fonts, { installed: async () => new Set(["carlito", "liberation serif", "liberation sans"]) });
    const run = async (style: string) => {
      const ops = operationLayer({ row: styled(style), plugins: [note] });
      const result = await Effect.runPromise(createFromContent.pipe(Effect.provide(machine), Effect.provide(ops.layer)));
      await ops.close();
      return result.style!;
    };
    const garamond = await run("font Garamond, 12pt");
    assert.equal(garamond.applied.font, "Times New Roman");
    assert.equal(garamond.applied.font_size, 12);
    assert.deepEqual(garamond.unsupported, ["font Garamond: not installed here; Times New Roman used instead (drawn as Liberation Serif, of the same widths)"]);
    const calibri = await run("font Calibri");
    assert.equal(calibri.applied.font, "Calibri");
    assert.deepEqual(calibri.unsupported, []);
  });

  it("fails with a typed content_empty for Markdown with nothing to show", async () => {
    const ops = operationLayer({ row: row("<!-- nothing -->\n"), plugins: [note] });
    const exit = await Effect.runPromiseExit(createFromContent.pipe(Effect.provide(ops.layer)));
    await ops.close();
    assert.ok(Exit.isFailure(exit));
    const failure = Cause.failureOption(exit.cause);
    assert.ok(Option.isSome(failure) && failure.value instanceof ProcessingFailure);
    assert.equal(failure.value.code, "content_empty");
  });

  it("aborts the conversion in flight when the program is interrupted", async () => {
    let seen: AbortSignal | undefined;
    let started!: () => void;
    const converting = new Promise<void>((resolve) => (started = resolve));
    const hanging = {
      ...fakeConverter(),
      convert: (_input: Uint8Array, _from: string, _to: string, options?: { signal?: AbortSignal }) => {
        seen = options?.signal;
        started();
        return new Promise<Uint8Array>(() => undefined);
      },
    };
    const ops = operationLayer({ row: row("# Title\n\nText.\n"), plugins: [note], converter: hanging });
    const fiber = Effect.runFork(createFromContent.pipe(Effect.provide(ops.layer)));
    await converting;
    assert.equal(seen?.aborted, false);
    const exit = await Effect.runPromise(Fiber.interrupt(fiber));
    await ops.close();
    assert.ok(Exit.isInterrupted(exit));
    assert.equal(seen?.aborted, true);
  });
});
