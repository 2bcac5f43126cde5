/**
 * A document on the agent path, from its checked text to its files: the pictures and the design source go into the
 * program's folder, the agent builds (build.ts), and its file is delivered with the text's findings placed on the
 * pages they landed on and what the last look still saw. When the agent cannot finish (no sandbox here, out of
 * steps or time, no file that opens, the model failing) the fast path lays the same text out, `agent.fallback`
 * says why, and the caller charges a `best` document as `standard`.
 */
import * as Effect from "effect/Effect";
import type { Diagnostic } from "../../diagnostics.ts";
import type { ModelRole } from "../../contracts/model.ts";
import { Sandbox } from "../../services/sandbox.ts";
import { Registry } from "../../services/plugins.ts";
import { Converter, Fonts } from "../../services/engines.ts";
import { imageSources, renameImages } from "../../ir/images.ts";
import { writeMarkdown } from "../../markdown/write.ts";
import { openPackage } from "../../ooxml/package.ts";
import { designWords, themeDesign } from "../../ooxml/theme-design.ts";
import type { Level } from "../../writing/understand.ts";
import type { BuildBrief, BuiltFormat } from "../../agent/prompts.ts";
import type { Problem } from "../../agent/schemas.ts";
import { AGENT_DEADLINE_MS } from "../../agent/budget.ts";
import { lostInFallback } from "../../agent/route.ts";
import { renderPrepared, locatedDiagnostics, type Prepared } from "../create-content.ts";
import type { Design } from "../steps/design.ts";
import { outputs } from "../steps/deliver.ts";
import { fileBase } from "../../documents/file-name.ts";
import { author } from "../steps/author.ts";
import { withAuthor } from "../../ooxml/authorship.ts";
import { event } from "../job.ts";
import { buildWithAgent } from "./build.ts";

export interface AgentPathInput {
  /** The format asked for (CompileInput.format): built as the one its plugin is rendered as. */
  readonly format: string;
  readonly prepared: Prepared;
  readonly level: Level;
  readonly role: ModelRole;
  readonly brief: Pick<BuildBrief, "prompt" | "language" | "title" | "asks">;
  readonly design: Design | null;
}

/** What the theme of an Office design source says (faces, colours); a PDF or a damaged file: its pages speak for it. */
const designSummary = (bytes: Uint8Array): string => {
  try {
    return `${designWords(themeDesign(openPackage(bytes)))}.`;
  } catch {
    return "read it with quire.read() and copy its look (fonts, colours, spacing, headers).";
  }
};

const EXTENSION = { png: "png", jpg: "jpg", gif: "gif" } as const;

/**
 * What the last look still saw, as the report's issues: on the delivered file, or on the file before its last
 * correction when no inspection was left to look at the corrected one (the problem may be gone, or not).
 */
const unresolvedIssues = (problems: ReadonlyArray<Problem>, seen: "this" | "before" | "none"): Diagnostic[] =>
  problems.map((p) => ({
    code: "layout.visual_problem",
    severity: "warning",
    category: "layout",
    message:
      seen === "this"
        ? `Seen on the rendered page and not corrected (${p.kind.replace("_", " ")}): ${p.description}`
        : `Seen on the rendered page before the agent's last correction, which no inspection was left to look at (${p.kind.replace("_", " ")}): ${p.description}`,
    location: { pages: [p.page] },
  }));

/** Pages no model looked at: only the service's own checks passed the file. */
const notInspectedIssue = (why: string): Diagnostic => ({
  code: "layout.not_inspected",
  severity: "info",
  category: "layout",
  message: `The agent's pages were not looked at (${why.slice(0, 200)}): only the service's own checks passed the file.`,
});

export const agentPath = (input: AgentPathInput) =>
  Effect.gen(function* () {
    const { prepared, format } = input;
    // A format rendered as another (a PDF is a Word file converted) is built as that one, with that one's library.
    const registry = yield* Registry;
    const asked = registry.get(format);
    const built = (asked?.renderedAs ?? format) as BuiltFormat;
    const building = registry.get(built)?.building;
    const template = input.design?.as === "template" ? input.design : null;
    const fallback = (reason: string, steps: number) =>
      Effect.gen(function* () {
        yield* event("agent.fallback", { reason, steps, path: "fast" });
        const result = yield* renderPrepared({ format, ...(template ? { template: template.bytes } : {}) }, prepared);
        // The fast path draws the text's chart blocks, on a deck's template too.
        const lost = lostInFallback(input.brief.asks, prepared.ir.blocks.some((b) => b.type === "chart"));
        const note: Diagnostic[] = lost.length
          ? [{ code: "request.not_delivered", severity: "warning", category: "content", message: `The request asked for ${lost.join(" and ")}, which the file does not have: the agent could not finish (${reason}) and the fast path that laid the text out does not make ${lost.length > 1 ? "them" : "it"}.` }]
          : [];
        return { result: { ...result, diagnostics: [...note, ...result.diagnostics] }, fellBack: reason };
      });

    if (!building) return yield* fallback(`no agent builds ${built} files in this deployment`, 0);
    const sandbox = yield* Sandbox;
    if (!(yield* Effect.promise(sandbox.available))) return yield* fallback("no sandbox is available on this machine to run the agent's program", 0);

    // Pictures and the design source are the program's input files; the Markdown names pictures by file.
    const files: Array<{ name: string; bytes: Uint8Array }> = [];
    const renames = new Map<string, string>();
    for (const src of imageSources(prepared.ir)) {
      const image = yield* Effect.promise(() => prepared.found.lookup(src));
      if (!image) continue;
      const name = `picture-${renames.size + 1}.${EXTENSION[image.type]}`;
      renames.set(src, name);
      files.push({ name, bytes: image.data });
    }
    const designName = input.design ? `design-${input.design.name.replace(/[^\w.-]+/g, "_").slice(-80)}` : null;
    if (input.design && designName) files.push({ name: designName, bytes: input.design.bytes });
    const markdown = writeMarkdown(renameImages(prepared.ir, renames));
    const fonts = [...(yield* Effect.promise((yield* Fonts).installed))];

    const outcome = yield* buildWithAgent({
      brief: {
        ...input.brief,
        format: built,
        building,
        deliveredAsPdf: asked?.delivers?.file === false,
        type: prepared.type,
        markdown,
        inputs: files.map((f) => f.name),
        design: input.design ? { name: input.design.name, as: input.design.as, summary: designSummary(input.design.bytes) } : null,
      },
      level: input.level,
      role: input.role,
      ir: prepared.ir,
      style: prepared.style.applied,
      fonts,
      files,
      template: template ? designName : null,
      deadlineMs: AGENT_DEADLINE_MS,
    });
    if (!outcome.done) return yield* fallback(outcome.reason, outcome.steps);

    const { file } = outcome;
    const delivered = yield* outputs(format, fileBase(prepared.name), { file: withAuthor(file.bytes, yield* author), pdf: file.pdf });
    const converter = yield* Converter;
    return {
      result: {
        outputs: delivered,
        // The service's own checks of the delivered file, then what the last look saw that was not corrected.
        diagnostics: locatedDiagnostics(prepared, file.text, [
          ...outcome.issues,
          ...unresolvedIssues(outcome.unresolved, outcome.seen),
          ...(outcome.notInspected !== null ? [notInspectedIssue(outcome.notInspected)] : []),
        ]),
        pages: file.pages,
        type: prepared.type,
        style: { applied: prepared.style.applied, unsupported: prepared.style.unsupported },
        keyData: prepared.keyData,
        ledger: [],
        repairSummary: null,
        renderer: `agent program (${built}) · ${yield* Effect.promise(converter.version)}`,
      },
      fellBack: null,
    };
  });
