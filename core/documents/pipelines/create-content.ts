/**
 * `create` from the caller's Markdown (`content.markdown`): Markdown → IR → document type → style → pictures →
 * compile (format plugin, PDF, layout checks and repairs) → previews and key data → outputs. No model is involved,
 * so this path works in every deployment.
 *
 * Outputs (interface, format table): docx/pptx/xlsx deliver the office file and its PDF; pdf delivers the PDF only.
 * Each delivers PNG previews of its first pages (`kind: preview`, 800 px wide, at most PREVIEW_PAGES).
 */
import { ProcessingFailure } from "../../errors.ts";
import { readMarkdown } from "../../markdown/read.ts";
import { isEmpty } from "../../ir/empty.ts";
import { detectType } from "../../doctype/detect.ts";
import { defaultStyle } from "../../style/defaults.ts";
import { readStyle } from "../../style/read.ts";
import { extractKeyData } from "../../keydata/extract.ts";
import { compile, type OfficeKind } from "../../compile/compile.ts";
import { keyDataBlocks } from "../../keydata/blocks.ts";
import { checkConsistency } from "../../keydata/consistency.ts";
import { loadRequest } from "../request-store.ts";
import type { CreateRequest } from "../validate.ts";
import type { DocType } from "../../ir/types.ts";
import type { FileRef } from "../file-refs.ts";
import { resolveContentImages } from "./images.ts";
import { readSources } from "../../sources/read.ts";
import { findInstructions } from "../../sources/instructions.ts";
import { selectPassages } from "../../sources/select.ts";
import type { Pipeline, PipelineOutput } from "./types.ts";

export const PREVIEW_PAGES = 10;
/** How much source text a writer is given; longer sources are cut to their most relevant passages. */
export const SOURCE_BUDGET_CHARS = 60_000;
export const PREVIEW_WIDTH = 800;

const MEDIA = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
} as const;

/** A file name from the document's name: kept readable, stripped of what file systems and headers refuse. */
export const fileBase = (name: string | null) => (name ?? "document").replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").trim().slice(0, 120) || "document";

export const createFromContent: Pipeline = async ({ row, signal, phase, event, db, blobs, engines, plugins, checks, allowPrivateUrls }) => {
  const request = await loadRequest(blobs, row.request);
  const markdown = request?.content?.markdown ?? "";
  const format = row.format as OfficeKind | "pdf";

  await phase("reading");
  const { ir, diagnostics: readDiagnostics } = readMarkdown(markdown);
  if (isEmpty(ir)) {
    throw new ProcessingFailure({ code: "content_empty", message: "The Markdown has nothing to show: no headings, text, lists or tables." });
  }
  const detected =
    format === "pptx"
      ? { type: "presentation" as DocType, confidence: 1, signals: ["format pptx"] }
      : format === "xlsx"
        ? { type: "spreadsheet" as DocType, confidence: 1, signals: ["format xlsx"] }
        : detectType(ir);
  await event("request.understood", { format, type: detected.type, confidence: detected.confidence, signals: detected.signals, source: "content" });

  // The type sets the defaults (a contract is serif and justified); the caller's words then win.
  const base = defaultStyle(detected.type);
  const style = request?.style ? readStyle(request.style, base) : { applied: base, unsupported: [] as string[] };

  const sources = (request?.sources ?? []) as FileRef[];
  // Documents among the sources are material, never orders: read, checked for instructions, selected to a budget.
  const sourceTexts = await readSources(
    { db, blobs, organizationId: row.organization_id, allowPrivateUrls, plugins, context: async () => ({ converter: await engines.converter(), ocr: engines.ocr() }) },
    sources,
    signal,
  );
  const sourceDiagnostics = sourceTexts.flatMap((s) =>
    findInstructions(s.text).map((hit) => ({
      code: "source.instructions",
      severity: "warning" as const,
      category: "security",
      message: `Source ${s.index} (${s.name}) tries to instruct the AI ("${hit.excerpt}"); it was treated as quoted material and not obeyed.`,
    })),
  );
  if (sourceTexts.length) {
    const selection = selectPassages(sourceTexts, `${row.name ?? ""} ${markdown.slice(0, 4000)}`, SOURCE_BUDGET_CHARS);
    await event("source.selected", { budget_chars: SOURCE_BUDGET_CHARS, sources: selection.map(({ text: _text, ...rest }) => rest) });
  }
  const pictures = await resolveContentImages({ db, blobs, organizationId: row.organization_id, allowPrivateUrls, signal }, ir, sources);
  const reported = new Set(pictures.diagnostics.map((d) => d.nodeId));

  const converter = await engines.converter();
  const compiled = await compile(
    { ir, format, type: detected.type, style: style.applied, name: row.name ?? undefined, images: async (src) => pictures.images.get(src) ?? null, signal },
    {
      plugin: (kind) => {
        const plugin = plugins.get(kind);
        if (!plugin) throw new ProcessingFailure({ code: "processing_failed", message: `No renderer for ${kind}.` });
        return plugin;
      },
      converter,
      pdf: engines.pdf,
      outline: engines.pdf.outline,
      pictures: engines.pdf.pictures,
      checks,
      onPhase: phase,
    },
  );

  await phase("previewing");
  const previews = await engines.pdf.previews(compiled.pdf, { maxPages: PREVIEW_PAGES, width: PREVIEW_WIDTH });
  const base_ = fileBase(row.name);
  const outputs: PipelineOutput[] = [];
  if (format !== "pdf") outputs.push({ kind: format, contentType: MEDIA[format], bytes: compiled.office.bytes, filename: `${base_}.${format}` });
  outputs.push({ kind: "pdf", contentType: MEDIA.pdf, bytes: compiled.pdf, filename: `${base_}.pdf` });
  for (const p of previews) {
    outputs.push({ kind: "preview", contentType: "image/png", bytes: p.png, filename: `${base_}-page-${p.page}.png`, page: p.page, width: p.width, height: p.height });
  }

  // Key data is reported and its consistency flagged (check digits, impossible dates), never corrected.
  const blocks = keyDataBlocks(ir);
  const found = extractKeyData(blocks);
  const keyData = found.map((k) => ({ value: k.value, kind: k.kind, role: k.role, context: k.context }));
  return {
    outputs,
    diagnostics: [
      ...readDiagnostics,
      ...sourceDiagnostics,
      ...pictures.diagnostics,
      // A picture already reported with its reason is not reported again by the renderer.
      ...compiled.diagnostics.filter((d) => !(d.code === "image.unavailable" && reported.has(d.nodeId))),
      ...checkConsistency(blocks, found),
    ],
    pages: compiled.pages,
    type: detected.type,
    style: { applied: compiled.style, unsupported: style.unsupported },
    keyData,
    ledger: compiled.ledger,
    repairSummary: compiled.repairSummary,
    renderer: `${compiled.office.format} plugin · ${await engines.describe()}`,
  };
};
