/**
 * Delivering: what a format hands back (its plugin says whether the office file itself is delivered and whether
 * previews are) and PNG previews of the first pages (`kind: preview`, 800 px wide, at most PREVIEW_PAGES).
 */
import * as Effect from "effect/Effect";
import { Registry } from "../../services/plugins.ts";
import { PdfEngine } from "../../services/engines.ts";
import { extensionOf, mediaTypeOf } from "../../contracts/format-plugin.ts";
import { PDF_MEDIA_TYPE } from "../../files/kinds.ts";
import type { PipelineOutput } from "../types.ts";
import { attempt } from "../attempt.ts";
import { phase } from "../job.ts";

export const PREVIEW_PAGES = 10;
export const PREVIEW_WIDTH = 800;


/**
 * The outputs of a made or reviewed file: the file itself when its plugin delivers it, its PDF when there is one, and
 * previews when the plugin delivers them and the PDF has pages to draw (`readable`).
 */
export const outputs = (format: string, base: string, made: { file: Uint8Array; pdf: Uint8Array | null; readable?: boolean }) =>
  Effect.gen(function* () {
    yield* phase("previewing");
    const plugin = (yield* Registry).get(format);
    // A plugin that declares no delivery still gives its file back.
    const delivers = plugin?.delivers ?? { file: true, previews: false };
    const files: PipelineOutput[] = [];
    if (plugin && delivers.file) files.push({ kind: format as PipelineOutput["kind"], contentType: mediaTypeOf(plugin), bytes: made.file, filename: `${base}.${extensionOf(plugin)}` });
    if (!made.pdf) return files;
    files.push({ kind: "pdf", contentType: PDF_MEDIA_TYPE, bytes: made.pdf, filename: `${base}.pdf` });
    if (!delivers.previews || made.readable === false) return files;
    const pdf = yield* PdfEngine;
    const previews = yield* attempt(() => pdf.previews(made.pdf!, { maxPages: PREVIEW_PAGES, width: PREVIEW_WIDTH }));
    for (const p of previews) {
      files.push({ kind: "preview", contentType: "image/png", bytes: p.png, filename: `${base}-page-${p.page}.png`, page: p.page, width: p.width, height: p.height });
    }
    return files;
  });
