/**
 * The agent path (interface, "Two generation paths": `agent`): the model writes a program that builds the file, the
 * sandbox runs it, the warm pool renders its pages, the model looks at them, and the program is corrected until the
 * pages pass or the budget of the quality level is spent. Each program is one `agent.step`, each look one
 * `agent.checked`. A program that fails gets its error back; a file that is not a valid file of its format gets what
 * its review found; a look that finds problems gets them with the service's own findings. The last file that passed
 * the sandbox and the format's review is kept when the inspections run out; with none, the caller falls back to the
 * fast path (`agent.fallback`). The model failing, refusing or hanging ends the agent, never the document.
 */
import * as Effect from "effect/Effect";
import type { IRDocument } from "../../ir/types.ts";
import type { StyleApplied } from "../../style/types.ts";
import { ModelUnavailable, type ModelRequest, type ModelRole } from "../../contracts/model.ts";
import type { SandboxResult } from "../../contracts/sandbox.ts";
import type { PdfPageText } from "../../contracts/engines.ts";
import { Model } from "../../services/model.ts";
import { Sandbox } from "../../services/sandbox.ts";
import { Converter, Fonts, PdfEngine } from "../../services/engines.ts";
import { Registry } from "../../services/plugins.ts";
import { AGENT_BUDGET, INSPECTION_WIDTH, PROGRAM_LIMITS, pagesToInspect } from "../../agent/budget.ts";
import { stepMessages, inspectionMessages, type BuildBrief, type BuiltFormat, type Feedback } from "../../agent/prompts.ts";
import { inspected, inspectionSchema, stepSchema, type InspectionAnswer, type Problem, type StepAnswer } from "../../agent/schemas.ts";
import { findingText, missingIssues, missingText } from "../../agent/findings.ts";
import { offTemplate } from "../../agent/template-kept.ts";
import { inspectPackage, repairPackage } from "../../ooxml/review/index.ts";
import type { Diagnostic } from "../../diagnostics.ts";
import type { Level } from "../../writing/understand.ts";
import { event, phase } from "../job.ts";

export interface AgentTask {
  readonly brief: Omit<BuildBrief, "budget">;
  readonly level: Level;
  readonly role: ModelRole;
  /** The checked document the program lays out (its Markdown is `brief.markdown`). */
  readonly ir: IRDocument;
  readonly style: StyleApplied;
  readonly fonts: ReadonlyArray<string>;
  /** Files put in the program's folder: pictures, the design source. */
  readonly files: ReadonlyArray<{ name: string; bytes: Uint8Array }>;
  /** The name of the PowerPoint template among `files`, when the deck is built on one. */
  readonly template: string | null;
  /** The whole agent's time; past it the last good file is kept, or the fast path takes over. */
  readonly deadlineMs: number;
}

export interface AgentFile {
  readonly bytes: Uint8Array;
  readonly pdf: Uint8Array;
  readonly pages: number;
  readonly text: PdfPageText[];
}

/**
 * The file delivered, with what is known of it: the service's own checks of this very file (`issues`), and the
 * problems the last look at the pages saw (`unresolved`): on this file (`seen: "this"`), on the file before the last
 * correction when the inspections ran out before the corrected file could be looked at (`"before"`), or never a
 * look (`"none"`: no inspection, or a model that could not look, `notInspected` saying why).
 */
export type AgentOutcome =
  | {
      readonly done: true;
      readonly file: AgentFile;
      readonly steps: number;
      readonly inspections: number;
      readonly issues: ReadonlyArray<Diagnostic>;
      readonly unresolved: ReadonlyArray<Problem>;
      readonly seen: "this" | "before" | "none";
      readonly notInspected: string | null;
    }
  | { readonly done: false; readonly reason: string; readonly steps: number };

/**
 * The package's safe structural fixes, as a review applies them (pptxgenjs declares a slide master per slide in
 * [Content_Types].xml, which Office takes for damage): a library's quirk is the service's to mend, not the agent's.
 */
const mended = (bytes: Uint8Array): Uint8Array => {
  const fixes = new Set(inspectPackage(bytes).findings.flatMap((f) => (f.fix ? [f.fix] : [])));
  let out = bytes;
  for (const fix of fixes) {
    try {
      out = repairPackage(out, fix);
    } catch {
      // A fix that cannot be applied leaves its finding, which the check then reports.
    }
  }
  return out;
};

type Checked = { file: AgentFile; findings: string[]; issues: Diagnostic[] } | { invalid: string };

/** A model call that ends the agent rather than the document: its failure is data for the fallback. */
const ask = <T>(request: Omit<ModelRequest, "signal">) =>
  Effect.gen(function* () {
    const model = yield* Model;
    return yield* Effect.tryPromise({ try: (signal) => model.ask<T>({ ...request, signal }), catch: (error) => error }).pipe(
      Effect.map((answer) => ({ ok: true as const, value: answer.value })),
      Effect.catchAll((error) => (error instanceof ModelUnavailable ? Effect.succeed({ ok: false as const, reason: `${error.code}: ${error.message}` }) : Effect.die(error))),
    );
  });

/**
 * The file the program wrote, checked as its format's review and LibreOffice see it, finished as the fast path
 * finishes its own (a workbook's formula results stored), and, for a deck built on a template, compared with it.
 */
const check = (format: BuiltFormat, bytes: Uint8Array, ir: IRDocument, template: Uint8Array | null) =>
  Effect.gen(function* () {
    const plugin = (yield* Registry).get(format);
    const fonts = yield* Effect.promise((yield* Fonts).installed);
    const converter = yield* Converter;
    const pdfEngine = yield* PdfEngine;
    return yield* Effect.tryPromise({
      try: async (signal): Promise<Checked> => {
        const review = { signal, converter, fonts };
        // What a made file must not carry (linked media, remote templates, macros) is removed as in a review.
        const sanitized = plugin?.sanitize ? await plugin.sanitize(bytes, review).catch((error: Error) => ({ error })) : { bytes, removed: [] as string[] };
        if ("error" in sanitized) return { invalid: sanitized.error.message };
        const ooxml = plugin?.package === "ooxml";
        const clean = { ...sanitized, bytes: ooxml ? mended(sanitized.bytes) : sanitized.bytes };
        const removed = clean.removed.slice(0, 4).map((what) => `removed from the file, as the service never delivers it: ${what}`);
        let findings: string[] = [];
        const issues: Diagnostic[] = [];
        if (plugin?.inspect) {
          const inspection = await plugin.inspect(clean.bytes, review).catch((error: Error) => ({ error }));
          if ("error" in inspection) return { invalid: inspection.error.message };
          // The package's own checks first, as a review runs them (a relationship to nothing: Office's repair dialog).
          const found = [...(ooxml ? inspectPackage(clean.bytes).findings : []), ...inspection.findings];
          const errors = found.filter((f) => f.severity === "error");
          if (errors.length) return { invalid: errors.slice(0, 8).map(findingText).join("; ") };
          // Layout is the agent's to fix; what the request asked for (comments, tracked changes) is not a finding.
          const layout = found.filter((f) => f.severity === "warning" && f.category === "layout").slice(0, 8);
          findings = layout.map(findingText);
          issues.push(...layout.map(({ fix: _fix, ...finding }) => finding));
        }
        if (template) {
          // Compared as both would be delivered: what the review removes from a file is removed from the template too.
          const own = plugin?.sanitize ? await plugin.sanitize(template, review).then((t) => t.bytes, () => template) : template;
          const off = offTemplate(clean.bytes, own);
          if (off) {
            findings.push(`the deck does not use the template (${off}): save the bytes of await quire.compile(), which lays the deck out on the template's masters and layouts, changed where needed, not a new pptxgenjs presentation`);
            issues.push({ code: "design.not_copied", severity: "warning", category: "style", message: `The agent's deck does not use the template's masters, layouts and theme (${off}); the deck has a design of its own.` });
          }
        }
        // Formulas get their cached results as on the fast path (the xlsx plugin's afterRender), before the PDF is made.
        const finished = plugin?.afterRender ? await plugin.afterRender(clean.bytes, { converter, signal }) : clean.bytes;
        const converted = await converter.convert(finished, format, "pdf", { signal }).catch((error: Error) => ({ error }));
        if ("error" in converted) return { invalid: `LibreOffice could not open it: ${converted.error.message}` };
        const pdf = await pdfEngine.finishTags(converted, { language: ir.language }).catch(() => converted);
        const info = await pdfEngine.info(pdf).catch((error: Error) => ({ error }));
        if ("error" in info) return { invalid: `its PDF could not be read: ${info.error.message}` };
        const pageTexts = info.text.map((t) => t.text);
        return {
          file: { bytes: finished, pdf, pages: info.pages, text: info.text },
          findings: [...removed, ...findings, ...missingText(ir, pageTexts)],
          issues: [...issues, ...missingIssues(ir, pageTexts)],
        };
      },
      catch: (error) => error,
    }).pipe(Effect.orDie);
  });

const runProgram = (task: AgentTask, format: BuiltFormat, program: string) =>
  Effect.gen(function* () {
    const sandbox = yield* Sandbox;
    return yield* Effect.tryPromise({
      try: (signal): Promise<SandboxResult> =>
        sandbox.run({
          program,
          format,
          files: task.files,
          kit: {
            style: task.style,
            fonts: [...task.fonts],
            markdown: task.brief.markdown,
            title: task.brief.title,
            type: task.brief.type,
            ...(task.template ? { template: task.template } : {}),
          },
          limits: PROGRAM_LIMITS,
          signal,
        }),
      catch: (error) => error,
    }).pipe(Effect.orDie);
  });

const look = (task: AgentTask, format: BuiltFormat, file: AgentFile) =>
  Effect.gen(function* () {
    const pdfEngine = yield* PdfEngine;
    const shots = yield* Effect.promise(() => pdfEngine.previews(file.pdf, { pages: pagesToInspect(file.pages), maxPages: file.pages, width: INSPECTION_WIDTH }));
    const answer = yield* ask<InspectionAnswer>({
      role: task.role,
      messages: inspectionMessages({ ...task.brief, format }, shots, file.pages),
      schema: inspectionSchema,
      maxTokens: 2000,
    });
    return answer.ok ? { ok: true as const, answer: inspected(answer.value, file.pages), pages: shots.map((s) => s.page) } : answer;
  });

export const buildWithAgent = (task: AgentTask) =>
  Effect.gen(function* () {
    const budget = AGENT_BUDGET[task.level];
    const format: BuiltFormat = task.brief.format;
    const brief: BuildBrief = { ...task.brief, budget };
    // The deadline is a duration of this run, never stored or shown: the monotonic clock's, not the Clock service's
    // (a clock a test holds still would never let it pass, and a change of the wall clock would stretch it).
    const started = performance.now();
    const template = task.template ? (task.files.find((f) => f.name === task.template)?.bytes ?? null) : null;
    let last: { program: string; feedback: Feedback } | null = null;
    // The file to deliver with its own checks, and what the last look saw (on it, or on the file before it).
    let kept: { file: AgentFile; issues: Diagnostic[]; problems: Problem[]; seen: "this" | "before" | "none" } | null = null;
    let looked: Problem[] | null = null;
    let notInspected: string | null = null;
    let inspections = 0;
    let steps = 0;
    yield* phase("agent");
    const give = (reason: string): AgentOutcome =>
      kept ? { done: true, file: kept.file, steps, inspections, issues: kept.issues, unresolved: kept.problems, seen: kept.seen, notInspected } : { done: false, reason, steps };

    while (steps < budget.steps) {
      if (performance.now() - started > task.deadlineMs) return give(`the agent ran out of time (${Math.round(task.deadlineMs / 1000)} s)`);
      steps += 1;
      const answer: { ok: true; value: StepAnswer } | { ok: false; reason: string } = yield* ask<StepAnswer>({ role: task.role, messages: stepMessages(brief, last, budget.steps - steps), schema: stepSchema, maxTokens: 16_000 });
      if (!answer.ok) return give(`the agent's model failed: ${answer.reason}`);
      const program: string = String(answer.value.program ?? "");
      const plan = String(answer.value.plan ?? "").slice(0, 300);
      const ran = yield* runProgram(task, format, program);
      if (!ran.ok) {
        yield* event("agent.step", { step: steps, of: budget.steps, plan, outcome: ran.reason, message: ran.message.slice(0, 500), ms: ran.ms });
        last = { program, feedback: { kind: "failed", reason: ran.reason, message: ran.message, log: ran.log } };
        continue;
      }
      const checked = yield* check(format, ran.bytes, task.ir, template);
      if ("invalid" in checked) {
        yield* event("agent.step", { step: steps, of: budget.steps, plan, outcome: "invalid_file", message: checked.invalid.slice(0, 500), ms: ran.ms });
        last = { program, feedback: { kind: "invalid", message: checked.invalid } };
        continue;
      }
      yield* event("agent.step", { step: steps, of: budget.steps, plan, outcome: "file", pages: checked.file.pages, findings: checked.findings.length, ms: ran.ms });
      // Not looked at yet: the last look's problems stand until a look at this file says otherwise.
      kept = { file: checked.file, issues: checked.issues, problems: looked ?? [], seen: looked ? "before" : "none" };
      if (inspections >= budget.inspections) return give("");
      inspections += 1;
      const seen = yield* look(task, format, checked.file);
      if (!seen.ok) {
        // A model that cannot look (no image input, a refusal) leaves the file as the service's own checks passed it.
        yield* event("agent.checked", { inspection: inspections, of: budget.inspections, verdict: "not_inspected", problems: [], findings: checked.findings, error: seen.reason.slice(0, 300) });
        notInspected = seen.reason;
        return give(`the agent's model failed: ${seen.reason}`);
      }
      const problems = seen.answer.problems;
      yield* event("agent.checked", {
        inspection: inspections,
        of: budget.inspections,
        pages: seen.pages,
        verdict: seen.answer.verdict,
        problems: problems.map((p) => ({ page: p.page, kind: p.kind, description: p.description })),
        findings: checked.findings,
      });
      looked = problems;
      kept = { file: checked.file, issues: checked.issues, problems, seen: "this" };
      if (seen.answer.verdict === "good" && checked.findings.length === 0) return give("");
      last = { program, feedback: { kind: "looked", problems, findings: checked.findings, pages: checked.file.pages } };
    }
    return give(`the agent used its ${budget.steps} steps without a file that opens`);
  });
