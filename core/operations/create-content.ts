/**
 * `create` from the caller's Markdown (`content.markdown`): read the request and its Markdown → understand the type
 * and the style → read the sources → the checks' `text` stage (source instructions, key data) → pictures → render
 * (format plugin, PDF, the checks' `pages` stage and repairs) → deliver the files and previews. No model is needed,
 * so this path works in every deployment. A prompt's Markdown, once a model wrote it, is laid out by the same steps
 * (`layOut`).
 */
import * as Effect from "effect/Effect";
import type { FileRef } from "../documents/file-refs.ts";
import type { CreateRequest, StyleApplied } from "../documents/validate.ts";
import type { OfficeKind } from "../compile/compile.ts";
import type { DocType } from "../ir/types.ts";
import type { SourceText } from "../sources/select.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { Converter } from "../services/engines.ts";
import { locate } from "../compile/locate.ts";
import * as read from "./steps/read.ts";
import * as understand from "./steps/understand.ts";
import { sources } from "./steps/sources.ts";
import { checkText } from "./steps/checks.ts";
import { pictures } from "./steps/pictures.ts";
import { render } from "./steps/compile.ts";
import { fileBase, outputs } from "./steps/deliver.ts";
import { Job } from "./job.ts";

export interface LayOut {
  readonly markdown: string;
  readonly format: OfficeKind | "pdf";
  /** The type the request was understood as (a prompt); absent: detected from the text, with `request.understood`. */
  readonly type?: DocType;
  /** The style already worked out (a prompt's, with the judge's mapping); absent: read from the request's words. */
  readonly style?: { applied: StyleApplied; unsupported: string[] };
  readonly request: CreateRequest | null;
  readonly refs: ReadonlyArray<FileRef>;
  readonly sources: ReadonlyArray<SourceText>;
  /** Who wrote the Markdown: the checks that judge a writer's facts run only on a model's text. */
  readonly author: "caller" | "model";
  /** The name files are given when the caller gave none (a prompt's title). */
  readonly title?: string;
  /** A prompt's quality level (which text checks run), and what the judge understood the request to be. */
  readonly quality?: "fast" | "standard" | "best";
  readonly sector?: string | null;
  readonly language?: string;
}

/** Markdown → IR → checks → pictures → the format's files and previews, with everything the report needs. */
export const layOut = (input: LayOut) =>
  Effect.gen(function* () {
    const { row } = yield* Job;
    const { format, request } = input;
    const { ir, diagnostics: readDiagnostics } = yield* read.markdown(input.markdown, "headings, text, lists or tables");
    const type = input.type ?? (yield* understand.documentType(ir, format)).type;
    const style = input.style ?? (yield* understand.style(request, type));
    const told = {
      author: input.author,
      request,
      sources: input.sources,
      ...(input.quality ? { quality: input.quality } : {}),
      ...(input.sector !== undefined ? { sector: input.sector } : {}),
      ...(input.language ? { language: input.language } : {}),
    };
    const text = yield* checkText(ir, { operation: "create", format, type, style: style.applied, ...told });
    const found = yield* pictures(text.ir, input.refs);
    const name = row.name ?? input.title ?? null;
    const compiled = yield* render({ ir: found.ir, format, type, style: style.applied, name: name ?? undefined, images: found.lookup, told });
    const files = yield* outputs(format, fileBase(name), { file: compiled.office.bytes, pdf: compiled.pdf });
    const converter = yield* Converter;
    // The text's findings get the pages their words landed on.
    const diagnostics: Diagnostic[] = locate(
      [
        ...readDiagnostics,
        ...text.diagnostics,
        ...found.diagnostics,
        // A picture already reported with its reason is not reported again by the renderer.
        ...compiled.diagnostics.filter((d) => !(d.code === "image.unavailable" && found.reported.has(d.nodeId))),
      ],
      found.ir,
      compiled.text,
    );
    return {
      outputs: files,
      diagnostics,
      pages: compiled.pages,
      type,
      style: { applied: compiled.style, unsupported: style.unsupported },
      keyData: text.keyData,
      ledger: compiled.ledger,
      repairSummary: compiled.repairSummary,
      renderer: `${compiled.office.format} plugin · ${yield* Effect.promise(converter.version)}`,
    };
  });

export const createFromContent = Effect.gen(function* () {
  const { row } = yield* Job;
  const request = yield* read.request;
  const markdown = request?.content?.markdown ?? "";
  const refs = (request?.sources ?? []) as FileRef[];
  const { texts } = yield* sources(refs, `${row.name ?? ""} ${markdown.slice(0, 4000)}`);
  return yield* layOut({ markdown, format: row.format as OfficeKind | "pdf", request, refs, sources: texts, author: "caller" });
});
