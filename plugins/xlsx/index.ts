/**
 * The Excel (xlsx) format plugin. `render` runs two steps with a cancellation check around each:
 * map IR → workbook model (pure, `map.ts`, returns the diagnostics), then pack the model into
 * the .xlsx zip (`pack.ts`); `afterRender` then stores the formulas' results, calculated by LibreOffice
 * (`recalc.ts`). Pictures are not resolved: the workbook shows their descriptions. Reading a workbook is
 * in extract/, reviewing one in review/.
 */
import type { IRDocument } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import type { FormatPlugin, RenderContext, RenderResult } from "../../core/contracts/format-plugin.ts";
import { mapWorkbook } from "./map.ts";
import { pack } from "./pack.ts";
import { extractXlsx } from "./extract/index.ts";
import { inspectXlsx, repairXlsx } from "./review/index.ts";
import { sanitizeXlsx } from "./sanitize/index.ts";
import { openPackage } from "../../core/ooxml/package.ts";
import { xlsxWriting } from "./writing.ts";
import { xlsxBuilding } from "./building.ts";
import { xlsxEdit } from "./edit/index.ts";
import { storeResults } from "./recalc.ts";
import { languageOf } from "../../core/doctype/language-tag.ts";

async function render(ir: IRDocument, style: StyleApplied, ctx: RenderContext): Promise<RenderResult> {
  ctx.signal?.throwIfAborted();
  const { workbook, diagnostics } = mapWorkbook(ir, style, {
    type: ctx.type,
    ...(ctx.name !== undefined ? { name: ctx.name } : {}),
  });
  ctx.signal?.throwIfAborted();
  const bytes = await pack(workbook, ctx.signal, ctx.author, languageOf(ir));
  ctx.signal?.throwIfAborted();
  return { bytes, diagnostics };
}

export const xlsxPlugin: FormatPlugin = {
  id: "xlsx",
  writing: xlsxWriting,
  building: xlsxBuilding,
  format: "xlsx",
  mediaTypes: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  source: "document",
  delivers: { file: true, pdf: "converted", previews: true },
  documentType: "spreadsheet",
  package: "ooxml",
  countPages: (bytes) => (openPackage(bytes).text("xl/workbook.xml")?.match(/<(\w+:)?sheet\b/g) ?? []).length,
  render,
  afterRender: (bytes, { converter, signal }) => storeResults(bytes, converter, signal),
  extract: extractXlsx,
  sanitize: async (bytes) => sanitizeXlsx(bytes),
  inspect: inspectXlsx,
  repair: repairXlsx,
  edit: xlsxEdit,
};
