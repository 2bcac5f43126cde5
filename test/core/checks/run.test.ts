import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { runChecks } from "../../../core/checks/run.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { noModel } from "../../../core/contracts/model.ts";
import type { CheckEvent, CheckPlugin, PagesCheck, PagesCheckContext, TextCheck, TextCheckContext } from "../../../core/contracts/check-plugin.ts";
import type { Block, IRDocument, ParagraphBlock } from "../../../core/ir/types.ts";

const scope = (signal = new AbortController().signal) => ({
  operation: "create" as const,
  format: "docx",
  type: "report" as const,
  author: "caller" as const,
  request: null,
  sources: [],
  model: noModel,
  signal,
});
const textCtx = (signal?: AbortSignal): TextCheckContext => ({ ...scope(signal), stage: "text", style: defaultStyle("report") });
const pagesCtx = (): PagesCheckContext => ({ ...scope(), stage: "pages", style: defaultStyle("report"), pages: [{ page: 1, text: "x" }], pictures: [] });

const finding = (code: string) => ({ code, severity: "warning" as const, category: "content", message: code });
const text = (id: string, run: TextCheck["run"], appliesTo: TextCheck["appliesTo"] = () => true): TextCheck => ({ id, stage: "text", appliesTo, run });
const pages = (id: string, run: PagesCheck["run"]): PagesCheck => ({ id, stage: "pages", appliesTo: () => true, run });
const says = (code: string) => async () => ({ diagnostics: [finding(code)] });
const noEvents = async () => {};

/** Every id in the tree, in document order. */
const ids = (ir: IRDocument): string[] => {
  const out: string[] = [];
  const walk = (blocks: Block[]) => {
    for (const b of blocks) {
      out.push(b.id);
      if ("inlines" in b) out.push(...b.inlines.map((i) => i.id));
    }
  };
  walk(ir.blocks);
  return out;
};

describe("runChecks", () => {
  it("runs only the checks of the stage that apply, in the order of the list", async () => {
    const ir = readMarkdown("Hello").ir;
    const list: CheckPlugin[] = [
      text("a", says("a.found")),
      pages("layout", says("layout.found")),
      text("skipped", says("skipped.found"), () => false),
      text("b", says("b.found")),
    ];
    const atText = await runChecks(list, ir, textCtx(), noEvents);
    assert.deepEqual(atText.diagnostics.map((d) => d.code), ["a.found", "b.found"]);
    const atPages = await runChecks(list, ir, pagesCtx(), noEvents);
    assert.deepEqual(atPages.diagnostics.map((d) => d.code), ["layout.found"]);
  });

  it("passes a changed IR on to the next check and returns it, untouched ids kept", async () => {
    const ir = readMarkdown("The fee is 1.200 EUR.\n\nPaid by card.").ir;
    const before = ids(ir);
    // An unsupported figure becomes a gap, as the facts check will do: the paragraph keeps its id, the run its id.
    const gap = text("facts", async (given) => {
      const [first, ...rest] = given.blocks as ParagraphBlock[];
      const changed: ParagraphBlock = { ...first!, inlines: [{ type: "gap", id: first!.inlines[0]!.id, marks: [] }] };
      return { diagnostics: [], ir: { ...given, blocks: [changed, ...rest] } };
    });
    let seen: IRDocument | undefined;
    const after = text("after", async (given) => {
      seen = given;
      return { diagnostics: [] };
    });
    const run = await runChecks([gap, after], ir, textCtx(), noEvents);
    assert.equal(seen, run.ir, "the next check gets the changed IR");
    assert.notEqual(run.ir, ir);
    assert.equal((run.ir.blocks[0] as ParagraphBlock).inlines[0]!.type, "gap");
    assert.deepEqual(ids(run.ir), before);
    assert.equal((ir.blocks[0] as ParagraphBlock).inlines[0]!.type, "text", "the given IR is not changed in place");
  });

  it("emits each check's events when it ends, before the next check runs", async () => {
    const emitted: CheckEvent[] = [];
    const emit = async (type: string, data: Record<string, unknown>) => void emitted.push({ type, data });
    const list = [
      text("scored", async () => ({ diagnostics: [], events: [{ type: "quality.checked", data: { score: 80 } }] })),
      text("looks", async () => {
        assert.equal(emitted.length, 1, "the first check's event is out");
        return { diagnostics: [], events: [{ type: "a.b", data: {} }] };
      }),
    ];
    await runChecks(list, readMarkdown("x").ir, textCtx(), emit);
    assert.deepEqual(emitted, [
      { type: "quality.checked", data: { score: 80 } },
      { type: "a.b", data: {} },
    ]);
  });

  it("turns a check that throws into one check.failed warning and runs the others", async () => {
    const list = [
      text("broken", async () => {
        throw new Error("model answered nonsense");
      }),
      text("picky", async () => ({ diagnostics: [] }), () => {
        throw new Error("bad context");
      }),
      text("fine", says("fine.found")),
    ];
    const run = await runChecks(list, readMarkdown("x").ir, textCtx(), noEvents);
    assert.deepEqual(run.diagnostics.map((d) => [d.code, d.severity]), [
      ["check.failed", "warning"],
      ["check.failed", "warning"],
      ["fine.found", "warning"],
    ]);
    assert.match(run.diagnostics[0]!.message, /broken.*model answered nonsense/);
    assert.match(run.diagnostics[1]!.message, /picky.*bad context/);
  });

  it("gathers repairs with the issue they answer, marks their issues fixable, and gathers key data", async () => {
    const list = [
      pages("width", async () => ({ diagnostics: [finding("table.overflow_width")], repairs: [{ fix: "orientation.landscape", style: { orientation: "landscape" } }] })),
      pages("empty", says("layout.empty_page")),
    ];
    const run = await runChecks(list, readMarkdown("x").ir, pagesCtx(), noEvents);
    assert.deepEqual(run.repairs, [{ fix: "orientation.landscape", style: { orientation: "landscape" }, code: "table.overflow_width" }]);
    assert.deepEqual(run.diagnostics.map((d) => [d.code, d.fixable]), [
      ["table.overflow_width", true],
      ["layout.empty_page", false],
    ]);
    const item = { value: "1.200 €", kind: "amount", role: "total", context: "Total 1.200 €" };
    const keyed = await runChecks([text("key", async () => ({ diagnostics: [], report: { keyData: [item] } }))], readMarkdown("x").ir, textCtx(), noEvents);
    assert.deepEqual(keyed.keyData, [item]);
  });

  it("stops when the signal fires: before a check, and while one waits", async () => {
    let ran = 0;
    const counting = text("counting", async () => {
      ran++;
      return { diagnostics: [] };
    });
    const stopped = new AbortController();
    stopped.abort(new Error("cancelled"));
    await assert.rejects(runChecks([counting], readMarkdown("x").ir, textCtx(stopped.signal), noEvents), /cancelled/);
    assert.equal(ran, 0);

    const controller = new AbortController();
    const hanging = text("hanging", () => {
      setTimeout(() => controller.abort(new Error("time limit")), 10);
      return new Promise(() => {});
    });
    await assert.rejects(runChecks([hanging, counting], readMarkdown("x").ir, textCtx(controller.signal), noEvents), /time limit/);
    assert.equal(ran, 0, "nothing runs after the stop");
  });

  it("does not report a check stopped by the signal as a failed check", async () => {
    const controller = new AbortController();
    const obeys = text("obeys", async (_ir, ctx) => {
      controller.abort(new Error("cancelled"));
      ctx.signal.throwIfAborted();
      return { diagnostics: [] };
    });
    await assert.rejects(runChecks([obeys], readMarkdown("x").ir, textCtx(controller.signal), noEvents), /cancelled/);
  });
});
