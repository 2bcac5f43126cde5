/**
 * `create` from the caller's Markdown (`content.markdown`): read the request and its Markdown → understand the type
 * and the style → read the sources → the checks' `text` stage (source instructions, key data) → pictures → render
 * (format plugin, PDF, the checks' `pages` stage and repairs) → deliver the files and previews. No model is needed,
 * so this path works in every deployment. A prompt's Markdown, once a model wrote it, is laid out by the same steps
 * (`layOut`).
 */
import * as Effect from "effect/Effect";
import { Registry } from "../services/plugins.ts";
import type { FileRef } from "../documents/file-refs.ts";
import type { CreateRequest, StyleApplied } from "../documents/validate.ts";
import type { DocType } from "../ir/types.ts";
import type { SourceText } from "../sources/select.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { Converter } from "../services/engines.ts";
import { locate } from "../compile/locate.ts";
import { forPrint } from "../compile/printed.ts";
import * as read from "./steps/read.ts";
import * as understand from "./steps/understand.ts";
import { sources } from "./steps/sources.ts";
import { checkText } from "./steps/checks.ts";
import { pictures } from "./steps/pictures.ts";
import { render } from "./steps/compile.ts";
import { author } from "./steps/author.ts";
import { outputs } from "./steps/deliver.ts";
import { fileBase } from "../documents/file-name.ts";
import { Job } from "./job.ts";

export interface LayOut {
  readonly markdown: string;
  /** The format asked for (CompileInput.format): its plugin says how it is rendered and delivered. */
  readonly format: string;
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
  /** A deck's PowerPoint template: its masters, layouts and theme are used. */
  readonly template?: Uint8Array;
}

/** Markdown → IR → type and style → the checks' text stage → pictures: the document ready to be built. */
export const prepare = (input: LayOut) =>
  Effect.gen(function* () {
    const { row } = yield* Job;
    const { format, request } = input;
    const { ir, diagnostics: readDiagnostics } = yield* read.markdown(input.markdown, "headings, text, lists or tables");
    const type = input.type ?? (yield* understand.documentType(ir, format)).type;
    const style = yield* understand.installedFont(input.style ?? (yield* understand.style(request, type)), type);
    const told = {
      author: input.author,
      request,
      sources: input.sources,
      ...(input.quality ? { quality: input.quality } : {}),
      ...(input.sector !== undefined ? { sector: input.sector } : {}),
      ...(input.language ? { language: input.language } : {}),
    };
    const text = yield* checkText(ir, { operation: "create", format, type, style: style.applied, ...told });
    // After the text checks, which read the text as written and a chart's numbers in its table as any table.
    const charted = forPrint(text.ir, (yield* Registry).get(format) ?? {}, input.language);
    const found = yield* pictures(charted.ir, input.refs);
    return { ir: found.ir, found, type, style, told, name: row.name ?? input.title ?? null, keyData: text.keyData, diagnostics: [...readDiagnostics, ...text.diagnostics, ...charted.diagnostics] };
  });

export type Prepared = Effect.Effect.Success<ReturnType<typeof prepare>>;

/** The text's findings, and the pictures', with the pages their words landed on. */
export const locatedDiagnostics = (prepared: Prepared, pageTexts: Parameters<typeof locate>[2], more: ReadonlyArray<Diagnostic> = []): Diagnostic[] =>
  locate([...prepared.diagnostics, ...prepared.found.diagnostics, ...more], prepared.ir, pageTexts);

/** The prepared document laid out by its format plugin (the fast path), with its PDF, previews and everything the report needs. */
export const renderPrepared = (input: Pick<LayOut, "format" | "template">, prepared: Prepared) =>
  Effect.gen(function* () {
    const { format } = input;
    const { found, type, style, told, name } = prepared;
    const by = yield* author;
    const compiled = yield* render({
      ir: found.ir,
      format,
      type,
      style: style.applied,
      name: name ?? undefined,
      images: found.lookup,
      told,
      ...(input.template ? { template: input.template } : {}),
      ...(by ? { author: by } : {}),
    });
    const files = yield* outputs(format, fileBase(name), { file: compiled.office.bytes, pdf: compiled.pdf });
    const converter = yield* Converter;
    // A picture already reported with its reason is not reported again by the renderer.
    const diagnostics = locatedDiagnostics(
      prepared,
      compiled.text,
      compiled.diagnostics.filter((d) => !(d.code === "image.unavailable" && found.reported.has(d.nodeId))),
    );
    return {
      outputs: files,
      diagnostics,
      pages: compiled.pages,
      type,
      style: { applied: compiled.style, unsupported: style.unsupported },
      keyData: prepared.keyData,
      ledger: compiled.ledger,
      repairSummary: compiled.repairSummary,
      renderer: `${compiled.office.format} plugin · ${yield* Effect.promise(converter.version)}`,
    };
  });

/** Markdown → IR → checks → pictures → the format's files and previews, with everything the report needs. */
export const layOut = (input: LayOut) => Effect.flatMap(prepare(input), (prepared) => renderPrepared(input, prepared));

export const createFromContent = Effect.gen(function* () {
  const { row } = yield* Job;
  const request = yield* read.request;
  const markdown = request?.content?.markdown ?? "";
  const refs = (request?.sources ?? []) as FileRef[];
  const { texts } = yield* sources(refs, `${row.name ?? ""} ${markdown.slice(0, 4000)}`);
  return yield* layOut({ markdown, format: row.format!, request, refs, sources: texts, author: "caller" });
});
