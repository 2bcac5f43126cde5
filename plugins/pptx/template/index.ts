/**
 * A deck made on a PowerPoint template (interface, POST /documents rule 2: a PowerPoint source of a deck is its
 * template at any quality). The template's masters, layouts and theme are used as they are, not imitated: its own
 * slides are taken out, ours are written on its layouts (read.ts reads it, plan.ts decides the slides, slide-xml.ts
 * writes them, assemble.ts makes the package). pptxgenjs cannot open a file, so this path writes PresentationML itself.
 *
 * A template that cannot be used (not a presentation, no master, an embedded object in its design) throws
 * `TemplateRefused`; the plugin then renders the deck with its own design and says so.
 */
import type { IRDocument } from "../../../core/ir/types.ts";
import type { StyleApplied } from "../../../core/style/types.ts";
import type { RenderContext, RenderResult } from "../../../core/contracts/format-plugin.ts";
import { diagnostic } from "../../../core/diagnostics.ts";
import { resolveImages } from "../../images.ts";
import { languageOf } from "../../../core/doctype/language-tag.ts";
import { assemble } from "./assemble.ts";
import { planDeck } from "./plan.ts";
import { readTemplate } from "./read.ts";

export { TemplateRefused } from "./read.ts";

export async function renderOnTemplate(ir: IRDocument, style: StyleApplied, ctx: RenderContext, template: Uint8Array): Promise<RenderResult> {
  ctx.signal?.throwIfAborted();
  const read = readTemplate(template);
  const images = await resolveImages(ir, ctx);
  ctx.signal?.throwIfAborted();
  const { slides, diagnostics } = planDeck(ir, style, read, images, ctx.name);
  if (!read.notesMaster && slides.some((s) => s.notes)) {
    diagnostics.push(diagnostic("template.notes_dropped", "warning", "layout", "The template has no notes master, so the speaker notes were left out of the deck."));
  }
  const title = (ir.title ?? "").trim() || (ctx.name ?? "").trim() || undefined;
  const { bytes, macrosDropped } = assemble(read, slides, title, languageOf(ir));
  if (macrosDropped) diagnostics.push(diagnostic("template.macros_dropped", "info", "layout", "The template's macros were not carried over: the deck is a plain .pptx."));
  ctx.signal?.throwIfAborted();
  return { bytes, diagnostics };
}
