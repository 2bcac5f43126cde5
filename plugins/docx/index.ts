/**
 * The Word (docx) format plugin. `render` runs three steps with a cancellation check between
 * each: resolve pictures (the only I/O, through `ctx.images`) and paint charts (chart.ts), map IR → docx model (pure,
 * `map.ts`), pack the model into the .docx zip. Reading a Word file is in extract/, reviewing one in review/.
 */
import { Packer } from "docx";
import type { Document } from "docx";
import type { IRDocument } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import type { FormatPlugin, RenderContext, RenderResult } from "../../core/contracts/format-plugin.ts";
import { resolveImages } from "../images.ts";
import { mapDocument } from "./map.ts";
import { chartPictures } from "./chart.ts";
import { extractDocx } from "./extract/index.ts";
import { inspectDocx, repairDocx } from "./review/index.ts";
import { sanitizeDocx } from "./sanitize/index.ts";
import { openPackage } from "../../core/ooxml/package.ts";
import { docxWriting } from "./writing.ts";
import { docxBuilding } from "./building.ts";
import { docxEdit } from "./edit/index.ts";

async function render(ir: IRDocument, style: StyleApplied, ctx: RenderContext): Promise<RenderResult> {
  ctx.signal?.throwIfAborted();
  const images = await resolveImages(ir, ctx);
  const charts = await chartPictures(ir, style, ctx.signal);
  ctx.signal?.throwIfAborted();
  const { document, diagnostics } = mapDocument(ir, style, {
    type: ctx.type,
    images,
    charts,
    ...(ctx.name !== undefined ? { name: ctx.name } : {}),
    ...(ctx.headingPages !== undefined ? { headingPages: ctx.headingPages } : {}),
    ...(ctx.author !== undefined ? { author: ctx.author } : {}),
  });
  ctx.signal?.throwIfAborted();
  const bytes = await pack(document);
  ctx.signal?.throwIfAborted();
  return { bytes, diagnostics };
}

async function pack(document: Document): Promise<Uint8Array> {
  const buffer = await Packer.toBuffer(document);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export const docxPlugin: FormatPlugin = {
  id: "docx",
  writing: docxWriting,
  building: docxBuilding,
  format: "docx",
  mediaTypes: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  source: "document",
  delivers: { file: true, pdf: "converted", previews: true },
  tableOfContents: true,
  typeset: true,
  package: "ooxml",
  invalidFileCode: "docx_invalid",
  render,
  extract: extractDocx,
  sanitize: async (bytes) => sanitizeDocx(bytes),
  inspect: inspectDocx,
  repair: repairDocx,
  edit: docxEdit,
};
