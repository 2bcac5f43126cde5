/**
 * `create` from the caller's Markdown (`content.markdown`): read the request and its Markdown → understand the type
 * and the style → read the sources → the checks' `text` stage (source instructions, key data) → pictures → render
 * (format plugin, PDF, the checks' `pages` stage and repairs) → deliver the files and previews. No model is needed,
 * so this path works in every deployment.
 */
import * as Effect from "effect/Effect";
import type { FileRef } from "../documents/file-refs.ts";
import type { OfficeKind } from "../compile/compile.ts";
import { Converter } from "../services/engines.ts";
import * as read from "./steps/read.ts";
import * as understand from "./steps/understand.ts";
import { sources } from "./steps/sources.ts";
import { checkText } from "./steps/checks.ts";
import { pictures } from "./steps/pictures.ts";
import { render } from "./steps/compile.ts";
import { fileBase, outputs } from "./steps/deliver.ts";
import { Job } from "./job.ts";

export const createFromContent = Effect.gen(function* () {
  const { row } = yield* Job;
  const request = yield* read.request;
  const markdown = request?.content?.markdown ?? "";
  const format = row.format as OfficeKind | "pdf";
  const { ir, diagnostics: readDiagnostics } = yield* read.markdown(markdown, "headings, text, lists or tables");
  const detected = yield* understand.documentType(ir, format);
  const style = yield* understand.style(request, detected.type);
  const refs = (request?.sources ?? []) as FileRef[];
  const texts = yield* sources(refs, `${row.name ?? ""} ${markdown.slice(0, 4000)}`);
  const told = { author: "caller" as const, request, sources: texts };
  const text = yield* checkText(ir, { operation: "create", format, type: detected.type, style: style.applied, ...told });
  const found = yield* pictures(text.ir, refs);
  const compiled = yield* render({ ir: text.ir, format, type: detected.type, style: style.applied, name: row.name ?? undefined, images: found.lookup, told });
  const files = yield* outputs(format, fileBase(row.name), { file: compiled.office.bytes, pdf: compiled.pdf });
  const converter = yield* Converter;
  return {
    outputs: files,
    diagnostics: [
      ...readDiagnostics,
      ...text.diagnostics,
      ...found.diagnostics,
      // A picture already reported with its reason is not reported again by the renderer.
      ...compiled.diagnostics.filter((d) => !(d.code === "image.unavailable" && found.reported.has(d.nodeId))),
    ],
    pages: compiled.pages,
    type: detected.type,
    style: { applied: compiled.style, unsupported: style.unsupported },
    keyData: text.keyData,
    ledger: compiled.ledger,
    repairSummary: compiled.repairSummary,
    renderer: `${compiled.office.format} plugin · ${yield* Effect.promise(converter.version)}`,
  };
});
