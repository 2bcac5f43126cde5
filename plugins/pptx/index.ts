/**
 * The PowerPoint (pptx) format plugin. `render` runs three steps with a cancellation check
 * between each: resolve pictures (the only I/O, through `ctx.images`), map IR → deck model
 * (pure, `map.ts`: the slide rule is in `sections.ts`, the fitting in `layout.ts`), pack the
 * model into the .pptx zip (`pack.ts`). With a template (`ctx.template`) the deck is written on its layouts instead
 * (template/). Reading a deck is in extract/, reviewing one in review/.
 */
import type { IRDocument } from "../../core/ir/types.ts";
import { languageOf } from "../../core/doctype/language-tag.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import type { FormatPlugin, RenderContext, RenderResult } from "../../core/contracts/format-plugin.ts";
import { resolveImages } from "../images.ts";
import { mapDeck } from "./map.ts";
import { packDeck } from "./pack.ts";
import { extractPptx } from "./extract/index.ts";
import { inspectPptx, repairPptx } from "./review/index.ts";
import { sanitizePptx } from "./sanitize/index.ts";
import { openPackage, PackageRefused } from "../../core/ooxml/package.ts";
import { diagnostic } from "../../core/diagnostics.ts";
import { renderOnTemplate, TemplateRefused } from "./template/index.ts";
import { pptxWriting } from "./writing.ts";
import { pptxBuilding } from "./building.ts";
import { pptxEdit } from "./edit/index.ts";

async function render(ir: IRDocument, style: StyleApplied, ctx: RenderContext): Promise<RenderResult> {
  if (ctx.template) {
    try {
      return await renderOnTemplate(ir, style, ctx, ctx.template);
    } catch (error) {
      if (!(error instanceof TemplateRefused || error instanceof PackageRefused)) throw error;
      const { template: _template, ...own } = ctx;
      const result = await render(ir, style, own);
      const reason = `The template could not be used (${error.message}); the deck has its own design.`;
      return { ...result, diagnostics: [diagnostic("design.not_copied", "warning", "style", reason), ...result.diagnostics] };
    }
  }
  ctx.signal?.throwIfAborted();
  const images = await resolveImages(ir, ctx);
  ctx.signal?.throwIfAborted();
  const { deck, diagnostics } = mapDeck(ir, style, {
    type: ctx.type,
    images,
    ...(ctx.name !== undefined ? { name: ctx.name } : {}),
  });
  ctx.signal?.throwIfAborted();
  const bytes = await packDeck(deck, ctx.author, languageOf(ir));
  ctx.signal?.throwIfAborted();
  return { bytes, diagnostics };
}

export const pptxPlugin: FormatPlugin = {
  id: "pptx",
  writing: pptxWriting,
  building: pptxBuilding,
  takesTemplate: true,
  typeset: true,
  format: "pptx",
  mediaTypes: ["application/vnd.openxmlformats-officedocument.presentationml.presentation"],
  source: "document",
  delivers: { file: true, pdf: "converted", previews: true },
  documentType: "presentation",
  package: "ooxml",
  countPages: (bytes) => openPackage(bytes).names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length,
  render,
  extract: extractPptx,
  sanitize: async (bytes) => sanitizePptx(bytes),
  inspect: inspectPptx,
  repair: repairPptx,
  edit: pptxEdit,
};
