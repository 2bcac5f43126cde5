/**
 * `source.instructions` (interface, checks: "Instructions inside sources"): a source that tries to instruct the AI
 * is reported and not obeyed (the writer is told sources are data, core/writing). The patterns of
 * core/sources/instructions.ts find the common phrasings without a model; where a judge is configured it reads the
 * sources too and its quotes, checked against the source, are added. Each finding names its source and quotes it,
 * so the caller sees which document tried what.
 */
import type { TextCheck } from "../../../core/contracts/check-plugin.ts";
import type { Diagnostic } from "../../../core/diagnostics.ts";
import { ModelUnavailable } from "../../../core/contracts/model.ts";
import { findInstructions } from "../../../core/sources/instructions.ts";
import { judgeInstructions } from "./judge.ts";

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

const finding = (index: number, name: string, excerpt: string, how: string): Diagnostic => ({
  code: "source.instructions",
  severity: "warning",
  category: "security",
  message: `Source ${index} (${name}) tries to instruct the AI ("${excerpt}")${how}; it was treated as quoted material and not obeyed.`,
});

export const sourceInstructionsCheck: TextCheck = {
  id: "source.instructions",
  stage: "text",
  appliesTo: (ctx) => ctx.sources.length > 0,
  run: async (_ir, ctx) => {
    const found = ctx.sources.flatMap((s) => findInstructions(s.text).map((hit) => ({ source: s, excerpt: hit.excerpt })));
    const diagnostics = found.map((f) => finding(f.source.index, f.source.name, f.excerpt, ""));
    // The judge reads what a model was given; the caller's own Markdown was never written from the sources.
    if (!ctx.model.configured || ctx.author !== "model") return { diagnostics };
    try {
      const judged = await judgeInstructions(ctx.model, ctx.sources, ctx.signal);
      const seen = found.map((f) => ({ index: f.source.index, text: squeeze(f.excerpt) }));
      for (const j of judged) {
        const quote = squeeze(j.quote);
        // One finding per passage: a pattern hit inside the judge's quote (or the other way round) is the same one.
        if (seen.some((s) => s.index === j.source.index && (quote.includes(s.text) || s.text.includes(quote)))) continue;
        seen.push({ index: j.source.index, text: quote });
        diagnostics.push(finding(j.source.index, j.source.name, j.quote, j.intent ? ` to ${j.intent.replace(/^to\s+/i, "")}` : ""));
      }
    } catch (error) {
      if (!(error instanceof ModelUnavailable)) throw error;
    }
    return { diagnostics };
  },
};
