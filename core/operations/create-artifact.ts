/**
 * `create` of an artifact from the caller's Markdown (a format whose plugin delivers a page, `content.markdown`): read the Markdown →
 * style → the checks' `text` stage → pictures → the artifact plugin's page (one self-contained HTML file) →
 * `artifact.planned` with its plan → a preview of the page from Chromium → deliver. No model is involved.
 *
 * Outputs (interface, format table): the page as an `html` output named `artifact.html` (served on the artifact's
 * own origin, or with `retention: none` downloaded as that file; the link is made when read, core/documents/repo.ts)
 * and one PNG preview (`kind: preview`, page 1, 800 px wide) of the page as a first visitor sees it
 * (core/operations/artifact-preview.ts).
 */
import * as Effect from "effect/Effect";
import { ProcessingFailure } from "../errors.ts";
import { fromJson } from "../store/db.ts";
import type { Diagnostic } from "../diagnostics.ts";
import type { FileRef } from "../documents/file-refs.ts";
import { Registry } from "../services/plugins.ts";
import { extensionOf, mediaTypeOf } from "../contracts/format-plugin.ts";
import { Browser } from "../services/engines.ts";
import type { PipelineOutput } from "./types.ts";
import type { CreateRequest, StyleApplied } from "../documents/validate.ts";
import type { SourceText } from "../sources/select.ts";
import * as read from "./steps/read.ts";
import * as understand from "./steps/understand.ts";
import { checkText } from "./steps/checks.ts";
import { pictures } from "./steps/pictures.ts";
import { PREVIEW_WIDTH } from "./steps/deliver.ts";
import { attempt } from "./attempt.ts";
import { event, Job, phase } from "./job.ts";
import { PREVIEW_MAX_HEIGHT, PREVIEW_STORAGE, PREVIEW_TIMEOUT_MS, withConfig } from "./artifact-preview.ts";

/** The page as a first visitor sees it; a preview that cannot be taken is reported, not fatal (the page is the product). */
const preview = (page: Uint8Array, storage: "shared" | "local") =>
  Effect.gen(function* () {
    yield* phase("previewing");
    const browser = yield* Browser;
    // The page with the settings it is served with; a shared page's storage is answered in the page (PREVIEW_STORAGE).
    const html = withConfig(Buffer.from(page).toString("utf8"), storage === "shared" ? { storage, api: "/_db", token: "preview" } : { storage });
    const options = { width: PREVIEW_WIDTH, maxHeight: PREVIEW_MAX_HEIGHT, timeoutMs: PREVIEW_TIMEOUT_MS, initScript: storage === "shared" ? PREVIEW_STORAGE : undefined };
    return yield* Effect.tryPromise((signal) => browser.screenshot(html, { ...options, signal })).pipe(
      Effect.map((shot) => ({ shot, diagnostics: [] as Diagnostic[] })),
      Effect.catchAll((error) =>
        Effect.succeed({
          shot: null,
          diagnostics: [{ code: "preview.unavailable", severity: "warning", category: "layout", message: `No preview of the page could be taken: ${(error.error as Error)?.message ?? error.message}.` } as Diagnostic],
        }),
      ),
    );
  });

export interface PageInput {
  readonly markdown: string;
  readonly storage: "shared" | "local";
  readonly request: CreateRequest | null;
  /** Who wrote the Markdown (a prompt's page is the model's: `request.understood` was already sent by then). */
  readonly author: "caller" | "model";
  /** The style already worked out (a prompt's); absent: read from the request's words. */
  readonly style?: { applied: StyleApplied; unsupported: string[] };
  /** A prompt's level and what the judge understood: which text checks run, in which language. */
  readonly told?: { quality: "fast" | "standard" | "best"; sector: string | null; language: string };
  /** The sources' texts a model wrote the page from (its facts are checked against them); none for the caller's page. */
  readonly sources?: ReadonlyArray<SourceText>;
}

/** Markdown → the page, its plan, its preview and what the report needs. */
export const buildPage = (input: PageInput) =>
  Effect.gen(function* () {
    const { row } = yield* Job;
    const { request, storage } = input;
    const { ir, diagnostics: readDiagnostics } = yield* read.markdown(input.markdown, "headings, text, lists, tables or blocks");
    if (input.author === "caller") yield* event("request.understood", { format: "artifact", type: "artifact", confidence: 1, signals: ["format artifact"], source: "content", storage });
    const style = input.style ?? (yield* understand.style(request, "artifact"));
    // The caller's own page is checked alone (its documents among the sources are not read for it).
    const text = yield* checkText(ir, { operation: "create", format: "artifact", type: "artifact", style: style.applied, author: input.author, request, sources: input.sources ?? [], ...input.told });
    const found = yield* pictures(text.ir, (request?.sources ?? []) as FileRef[]);

    yield* phase("building");
    const plugin = (yield* Registry).get("artifact");
    const build = plugin?.render;
    if (!plugin || !build) return yield* new ProcessingFailure({ code: "processing_failed", message: "No page builder for artifacts in this deployment." });
    const page = yield* attempt((signal) => build(found.ir, style.applied, { name: row.name ?? undefined, type: "artifact", signal, images: found.lookup, artifact: { storage } }));
    yield* event("artifact.planned", { ...(page.plan ?? {}), storage, bytes: page.bytes.byteLength });

    const shown = yield* preview(page.bytes, storage);
    // The page is always named `artifact.<ext>`: the link serving it and a download both use that name.
    const outputs: PipelineOutput[] = [{ kind: "html", contentType: mediaTypeOf(plugin), bytes: page.bytes, filename: `artifact.${extensionOf(plugin)}` }];
    if (shown.shot) outputs.push({ kind: "preview", contentType: "image/png", bytes: shown.shot.png, filename: "artifact-page-1.png", page: 1, width: shown.shot.width, height: shown.shot.height });
    const browser = yield* Browser;
    return {
      outputs,
      diagnostics: [
        ...readDiagnostics,
        ...text.diagnostics,
        ...found.diagnostics,
        // A picture already reported with its reason is not reported again by the page builder.
        ...page.diagnostics.filter((d) => !(d.nodeId && found.reported.has(d.nodeId) && d.code.startsWith("image."))),
        ...shown.diagnostics,
      ],
      pages: 1,
      type: "artifact" as const,
      style: { applied: style.applied, unsupported: style.unsupported },
      keyData: text.keyData,
      renderer: `artifact plugin · ${yield* Effect.promise(() => browser.version().catch(() => "Chromium"))}`,
    };
  });

export const createArtifact = Effect.gen(function* () {
  const { row } = yield* Job;
  const request = yield* read.request;
  const storage = fromJson<{ storage: "shared" | "local" } | null>(row.artifact, null)?.storage ?? "shared";
  return yield* buildPage({ markdown: request?.content?.markdown ?? "", storage, request, author: "caller" });
});
