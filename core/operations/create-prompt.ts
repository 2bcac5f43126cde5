/**
 * `create` from a prompt (interface, "Two generation paths": the fast path): screen the request → the judge
 * understands it (format, type, language, sector, storage, harm, the level it needs) → refuse, or fail
 * `format_unclear` → choose the quality level → read the sources → the writer's model plans the document (a JSON
 * outline) → writes its parts (concurrently) in the Markdown the compiler reads → the same layout as content mode
 * (checks, pictures, render, deliver), with `author: model` so the checks that judge a writer's facts run.
 * A refusal, a weak model's invalid answers or a hang end the document `failed` with a code and no charge.
 */
import * as Effect from "effect/Effect";
import type { FileRef } from "../documents/file-refs.ts";
import { kindOfRef } from "../documents/file-refs.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { ProcessingFailure } from "../errors.ts";
import { Db, fromJson } from "../store/db.ts";
import { Checks, Registry } from "../services/plugins.ts";
import { Clock } from "../services/clock.ts";
import type { WritingScope } from "../contracts/check-plugin.ts";
import { Model } from "../services/model.ts";
import type { WritingGuide } from "../contracts/format-plugin.ts";
import { screenRequest } from "../writing/screen.ts";
import { FORMAT_CONFIDENCE_MIN, understandingMessages, understandingSchema, understood, type Understanding, type WritableFormat } from "../writing/understand.ts";
import { chooseLevel, writerRole, type QualityChoice } from "../writing/quality.ts";
import { boundedOutline, outlineMessages, outlineSchema, type Outline } from "../writing/outline.ts";
import { assemble, cleanPart, isRefusal, lastWholeBlock, pageMessages, partMessages } from "../writing/write.ts";
import { fencedPassages } from "../writing/passages.ts";
import { judgeStyle } from "../style/judge.ts";
import * as read from "./steps/read.ts";
import * as understand from "./steps/understand.ts";
import { sources } from "./steps/sources.ts";
import { askModel } from "./steps/model.ts";
import { attempt } from "./attempt.ts";
import { prepare, renderPrepared } from "./create-content.ts";
import { chooseRoute, agentNeeds } from "../agent/route.ts";
import { chooseDesign, loadDesign } from "./steps/design.ts";
import { agentPath } from "./agent/path.ts";
import { buildPage } from "./create-artifact.ts";
import { event, Job, phase } from "./job.ts";
import type { PipelineResult } from "./types.ts";
import type { OperationServices } from "./services.ts";

/** Parts written at once: enough to hide a model's latency, few enough not to trip an endpoint's rate limit. */
const WRITERS = 4;
/** Source passages handed to the planner, and to the writer of each part. */
const PLAN_SOURCE_CHARS = 24_000;
const PART_SOURCE_CHARS = 12_000;

const fail = (code: ProcessingFailure["code"], message: string) => Effect.fail(new ProcessingFailure({ code, message }));

/** The writing guide of a format, or of the format it is rendered as (pdf is Word's layout). */
const guideOf = (format: WritableFormat) =>
  Effect.gen(function* () {
    const registry = yield* Registry;
    const plugin = registry.get(format);
    const guide = plugin?.writing ?? (plugin?.renderedAs ? registry.get(plugin.renderedAs)?.writing : undefined);
    if (!guide) return yield* fail("processing_failed", `No writer for ${format} in this deployment.`);
    return guide;
  });

const understandRequest = (prompt: string, fixed: WritableFormat | null, facts: Omit<Parameters<typeof understandingMessages>[0], "prompt" | "format">) =>
  Effect.gen(function* () {
    yield* phase("understanding");
    // The judge refusing even to read the request says what the request is.
    const answer = yield* askModel<Parameters<typeof understood>[0]>(
      { role: "judge", messages: understandingMessages({ prompt, format: fixed, ...facts }), schema: understandingSchema, maxTokens: 800 },
      "Understanding the request",
      "request_refused",
    );
    return understood(answer.value, fixed, yield* Registry, prompt);
  });

const plan = (brief: Parameters<typeof outlineMessages>[0], role: ReturnType<typeof roleOf>) =>
  Effect.gen(function* () {
    yield* phase("planning");
    const answer = yield* askModel<Parameters<typeof boundedOutline>[0]>({ role, messages: outlineMessages(brief), schema: outlineSchema, maxTokens: 3000 }, "Planning the document");
    const outline = boundedOutline(answer.value, brief.guide.unit, brief.title);
    if (outline.parts.length === 0) return yield* fail("processing_failed", "Planning the document: the model's plan had no parts.");
    yield* event("outline.planned", { title: outline.title, unit: brief.guide.unit, parts: outline.parts.map((p) => ({ heading: p.heading, size: p.size })), assumptions: outline.assumptions.length });
    return outline;
  });

const roleOf = (level: QualityChoice["level"]) => writerRole[level];

/** Tokens a part may take: its size in words (or slides, rows) with room for Markdown, within what endpoints allow. */
const tokensFor = (unit: WritingGuide["unit"], size: number) =>
  Math.min(8000, 600 + (unit === "section" ? size * 3 : unit === "slide" ? size * 350 : unit === "sheet" ? size * 120 : 0));

const writeParts = (brief: Omit<Parameters<typeof partMessages>[0], "index" | "sources">, role: ReturnType<typeof roleOf>, selected: Parameters<typeof fencedPassages>[0]) =>
  Effect.gen(function* () {
    yield* phase("writing");
    const { outline, guide } = brief;
    return yield* Effect.forEach(
      outline.parts,
      (part, index) =>
        Effect.gen(function* () {
          const passages = fencedPassages(selected, `${part.heading} ${part.purpose}`, PART_SOURCE_CHARS);
          const answer = yield* askModel<string>({ role, messages: partMessages({ ...brief, index, sources: passages }), maxTokens: tokensFor(guide.unit, part.size) }, `Writing "${part.heading}"`);
          const text = String(answer.value ?? "");
          if (isRefusal(text)) return yield* fail("generation_blocked", `The model declined to write "${part.heading}": ${text.trim().slice(0, 200)}`);
          const markdown = cleanPart(answer.truncated ? lastWholeBlock(text) : text, part.heading);
          yield* event("section.written", { index: index + 1, of: outline.parts.length, heading: part.heading, chars: markdown.length, truncated: answer.truncated });
          return markdown;
        }),
      { concurrency: WRITERS },
    );
  });

export const createFromPrompt: Effect.Effect<PipelineResult, ProcessingFailure, OperationServices> = Effect.gen(function* () {
  const { row } = yield* Job;
  const request = (yield* read.request)!;
  const prompt = request.prompt ?? "";
  const refs = (request.sources ?? []) as FileRef[];

  // Deterministic first: the obvious cases are refused without asking any model.
  const screen = screenRequest(prompt, { name: request.name ?? undefined, style: request.style ?? undefined });
  if (screen.verdict === "refuse") return yield* fail("request_refused", `The request was refused: ${screen.reasons.join("; ")}.`);

  const db = yield* Db;
  const registry = yield* Registry;
  const kinds = yield* attempt(() => Promise.all(refs.map((ref) => kindOfRef(db, row.organization_id, ref, registry))));
  const sourceFacts = refs.map((ref, i) => ({
    name: typeof ref === "string" ? ref : "filename" in ref && ref.filename ? ref.filename : "url" in ref ? ref.url : `source ${i + 1}`,
    kind: kinds[i] === "picture" ? ("picture" as const) : ("document" as const),
  }));
  const fixed = (request.format ?? null) as WritableFormat | null;
  const u: Understanding = yield* understandRequest(prompt, fixed, { name: request.name ?? null, style: request.style ?? null, sources: sourceFacts });
  // A page's storage: local when kept no time; else the caller's; else local when the request says so; else the
  // project's default the row was given (local in a project that stores nothing), else shared.
  const projectDefault = fromJson<{ storage: "shared" | "local" } | null>(row.artifact, null)?.storage;
  // A format whose file is a web page with its data (its plugin says so: artifacts) is written as blocks, keeps data.
  const isPage = u.format !== null && registry.get(u.format)?.delivers?.page === true;
  const storage =
    isPage ? (row.retention === "none" ? "local" : (request.artifact?.storage ?? (u.storage === "local" ? "local" : (projectDefault ?? "shared")))) : null;
  yield* event("request.understood", {
    format: u.format,
    type: u.type,
    language: u.language,
    sector: u.sector,
    ...(storage ? { storage } : {}),
    confidence: u.formatConfidence,
    source: "model",
  });
  if (u.harm === "harmful") return yield* fail("request_refused", `The request was refused: ${u.harmReason || "it asks for a document meant to deceive"}.`);
  if (!u.format || u.formatConfidence < FORMAT_CONFIDENCE_MIN) {
    return yield* fail("format_unclear", `The prompt does not settle which file to make (docx, pdf, pptx, xlsx or artifact); send format, or say it in the prompt.`);
  }
  const format = u.format;
  const guide = yield* guideOf(format);

  const pictures = sourceFacts.filter((s) => s.kind === "picture").length;
  const designChoice = chooseDesign(registry.get(format)?.takesTemplate === true, sourceFacts.map((s, i) => ({ ...s, ref: refs[i]! })), u.needs.copyDesign || u.needs.template);
  const deckTemplate = designChoice?.as === "template";
  const quality = chooseLevel({ requested: request.quality ?? "auto", max: request.max_quality, understanding: u, deckTemplate });
  if (quality.requested === "auto") yield* event("quality.chosen", { ...quality });
  const role = roleOf(quality.level);
  const route = chooseRoute({ format, page: isPage, level: quality.level, needs: u.needs, deckTemplate });
  // A deck's template is used on either path; another design only by the agent, at best (rule 2).
  const design = designChoice && (designChoice.as === "template" || route.path === "agent") ? yield* loadDesign(designChoice) : null;

  const { texts, selected } = yield* sources(refs, `${request.name ?? ""} ${prompt}`);
  // What the checks ask the writing to heed (the recognised sector's guide); the request wins over it.
  const checks = yield* Checks;
  const scope: WritingScope = { type: u.type, format, sector: u.sector, language: u.language, quality: quality.level, request };
  const guidance = checks.flatMap((check) => (check.stage === "text" && check.writingGuide ? [check.writingGuide(scope)] : [])).filter((g): g is string => Boolean(g)).join("\n\n");
  const today = (yield* Clock).now().toISOString().slice(0, 10);
  const brief = { prompt, type: u.type, language: u.language, title: u.title || request.name || "", guide, pictures, guidance, today };
  const outline: Outline = yield* plan({ ...brief, sources: fencedPassages(selected, prompt, PLAN_SOURCE_CHARS) }, role);

  // The caller's style words: the deterministic reader first, the judge for what it could not read.
  const model = yield* Model;
  const read0 = yield* understand.style(request, u.type);
  const style = request.style && read0.unsupported.length
    ? yield* attempt((signal) => judgeStyle(model, { style: request.style!, applied: read0.applied, unsupported: read0.unsupported, signal }))
    : read0;

  const notes: Diagnostic[] = [];
  if (screen.verdict === "review" || u.harm === "doubtful") {
    notes.push({ code: "request.review", severity: "warning", category: "safety", message: `Made, but worth a person's look before use: ${[...screen.reasons, u.harm === "doubtful" ? u.harmReason : ""].filter(Boolean).join("; ")}.` });
  }
  const notCopied = (why: string): Diagnostic => ({ code: "design.not_copied", severity: "warning", category: "style", message: `The design of a source was not copied: ${why}; the document has its own design.` });
  if ((u.needs.copyDesign || u.needs.template) && !deckTemplate && !design) {
    notes.push(notCopied(designChoice ? `copying a design other than a deck's PowerPoint template needs quality best, and this document is ${quality.level}` : "no office file was given to copy it from"));
  }

  const { result: written, fellBack }: { result: PipelineResult; fellBack: string | null } =
    isPage
      ? yield* Effect.gen(function* () {
          yield* phase("writing");
          const answer = yield* askModel<string>({ role, messages: pageMessages({ ...brief, outline, sources: fencedPassages(selected, prompt, PART_SOURCE_CHARS) }), maxTokens: 8000 }, "Writing the page");
          const text = String(answer.value ?? "");
          if (answer.truncated) return yield* fail("page_too_long", "The page was too long for the model to finish; ask for fewer sections or blocks.");
          if (isRefusal(text)) return yield* fail("generation_blocked", `The model declined to write the page: ${text.trim().slice(0, 200)}`);
          yield* event("section.written", { index: 1, of: 1, heading: outline.title, chars: text.length, truncated: false });
          const result = yield* buildPage({ markdown: cleanPart(text, outline.title, true), storage: storage!, request, author: "model", style, sources: texts, told: { quality: quality.level, sector: u.sector, language: u.language } });
          return { result, fellBack: null };
        })
      : yield* Effect.gen(function* () {
          const parts = yield* writeParts({ ...brief, outline }, role, selected);
          const markdown = assemble(outline, parts, u.type);
          const prepared = yield* prepare({ markdown, format, type: u.type, style, request, refs, sources: texts, author: "model", quality: quality.level, sector: u.sector, language: u.language, title: outline.title });
          if (route.path === "fast") return { result: yield* renderPrepared({ format, ...(design ? { template: design.bytes } : {}) }, prepared), fellBack: null };
          return yield* agentPath({
            format,
            prepared,
            level: quality.level,
            role,
            brief: { prompt, language: u.language, title: outline.title, asks: agentNeeds(u.needs, deckTemplate, quality.level) },
            design,
          });
        });

  // The agent that could not finish: the fast path's file, a `best` one charged as `standard`, a design not copied.
  const path = route.path === "agent" && fellBack === null ? "agent" : "fast";
  const fallbackNotes = fellBack !== null && design?.as === "design" ? [notCopied(`the agent could not finish (${fellBack})`)] : [];
  return {
    ...written,
    diagnostics: [...notes, ...fallbackNotes, ...written.diagnostics],
    format,
    sector: u.sector,
    quality: { requested: quality.requested, level: quality.level, reason: quality.reason },
    route: { path, reason: fellBack === null ? route.reason : `${route.reason}; the agent could not finish (${fellBack}), so the fast path laid the text out` },
    ...(storage ? { artifact: { storage } } : {}),
    chargeLevel: fellBack !== null && quality.level === "best" ? "standard" : quality.level,
  };
});
