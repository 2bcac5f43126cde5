/**
 * The reader test (interface, checks: "Reader test"): a second model, never the writer, plays the document's reader.
 * It sees only the request and the document (never the sources, so it cannot fill a gap from them): first it says
 * what it would want answered, then it reads the text and says which questions stay open and where the document
 * contradicts itself. Open questions are `content.unclear`, contradictions `content.contradiction`; the
 * contradictions code can prove without a model (contradictions.ts) are found here too, and are all that is
 * reported when the reader model cannot answer (`content.reader_not_run` says so).
 *
 * Only for model-written text at `standard` and `best` (interface, quality levels), and only with a model.
 */
import type { TextCheck, TextCheckContext } from "../../../core/contracts/check-plugin.ts";
import { ModelUnavailable } from "../../../core/contracts/model.ts";
import type { Diagnostic } from "../../../core/diagnostics.ts";
import { askAnswers, type ReaderReading } from "./answers.ts";
import { mergeContradictions, ruleContradictions, verifiedContradictions, type Contradiction } from "./contradictions.ts";
import { askQuestions, type ReaderQuestion } from "./questions.ts";
import { readerText, readerUnits, short, whereIs } from "./units.ts";

/** How much of the document the reader reads at once (characters of `[id] text` lines). */
export const READER_TEXT_LIMIT = 30_000;

const isUnavailable = (error: unknown): error is ModelUnavailable =>
  error instanceof ModelUnavailable || (typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "ModelUnavailable");

export const contradictionDiagnostic = (c: Contradiction): Diagnostic => ({
  code: "content.contradiction",
  severity: "warning",
  category: "content",
  message: `The document contradicts itself about ${c.what}: ${c.places.map((p) => `"${p.excerpt}" (${whereIs(p.unit)})`).join(" against ")}. A reader cannot tell which is right.`,
  nodeId: c.places[0]!.unit.id,
});

const unclearDiagnostic = (ctx: TextCheckContext, q: ReaderQuestion, nodeId: string | undefined): Diagnostic => {
  const why = q.why.replace(/[.\s]+$/, "");
  const message = `A reader of this ${ctx.type} would ask "${short(q.question, 200)}"${why ? ` (${short(why, 160)})` : ""}, and the document does not answer it.`;
  return nodeId === undefined
    ? { code: "content.unclear", severity: "warning", category: "content", message }
    : { code: "content.unclear", severity: "warning", category: "content", message, nodeId };
};

export const readerCheck: TextCheck = {
  id: "reader",
  stage: "text",
  appliesTo: (ctx) => ctx.author === "model" && (ctx.quality === "standard" || ctx.quality === "best") && ctx.model.configured,
  run: async (ir, ctx) => {
    const units = readerUnits(ir);
    const rules = ruleContradictions(units, ctx.type);
    const document = readerText(units, READER_TEXT_LIMIT);
    let questions: ReaderQuestion[];
    let reading: ReaderReading;
    try {
      questions = await askQuestions(ctx);
      reading = await askAnswers(ctx, document, questions);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      return {
        diagnostics: [
          ...rules.map(contradictionDiagnostic),
          {
            code: "content.reader_not_run",
            severity: "info",
            category: "content",
            message: `The reader test could not run (${error.message}): the questions a reader would ask were not tried against the document, and only contradictions found by rule (labelled totals, signature and effective dates) were looked for.`,
          },
        ],
      };
    }
    const contradictions = mergeContradictions(rules, verifiedContradictions(reading.contradictions, document.shown, units), units);
    const open = reading.answers.filter((a) => a.status === "unanswered");
    const diagnostics: Diagnostic[] = [];
    if (document.cut) {
      // An answer may sit in the part the reader did not see: an open question is no finding then.
      diagnostics.push({
        code: "content.reader_partial",
        severity: "info",
        category: "content",
        message: `The document is longer than the reader test reads at once (${READER_TEXT_LIMIT.toLocaleString("en")} characters); it read the beginning, and questions it did not find answered there were not reported.`,
      });
    } else {
      for (const a of open) diagnostics.push(unclearDiagnostic(ctx, questions[a.index]!, a.units[0]?.id));
    }
    diagnostics.push(...contradictions.map(contradictionDiagnostic));
    return {
      diagnostics,
      events: [
        {
          type: "reader.checked",
          data: { questions: questions.length, answered: reading.answers.length - open.length, unanswered: open.length, contradictions: contradictions.length },
        },
      ],
    };
  },
};
