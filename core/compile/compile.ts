/**
 * The compiler's back half (DESIGN.md, "create"): IR → format plugin → PDF through the warm LibreOffice pool →
 * the `pages` stage of the checks (core/checks/run.ts) → safe repairs, each tried, kept only when it leaves fewer
 * issues, and recorded in the ledger. The events of the checks are those of the rendering that is kept.
 * A Word table of contents is written with the page numbers the first PDF showed, so it is complete on first open.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { components } from "../../generated/openapi.ts";
import type { DocType, IRDocument } from "../ir/types.ts";
import type { StyleApplied } from "../style/types.ts";
import type { FormatPlugin, ImageData } from "../contracts/format-plugin.ts";
import type { CheckEvent, CheckPlugin, CheckScope } from "../contracts/check-plugin.ts";
import { noModel, type ModelClient } from "../contracts/model.ts";
import { runChecks, type EmitEvent } from "../checks/run.ts";
import type { OfficeConverter, PdfReader, PdfPageText } from "../contracts/engines.ts";
import { headingPages, headingPagesFromOutline, headingsOf } from "./heading-pages.ts";
import type { PdfOutlineEntry, PdfPicture } from "../contracts/engines.ts";
import { imageSources } from "../ir/images.ts";

export type OfficeKind = "docx" | "pptx" | "xlsx";

/** One repair attempt, as the report's `ledger` carries it. */
export type LedgerEntry = components["schemas"]["LedgerEntry"];

export interface CompileInput {
  readonly ir: IRDocument;
  /** The format asked for (a plugin's `format`): its plugin renders it, or names the one it is rendered as (`pdf`: Word). */
  readonly format: string;
  readonly type: DocType;
  readonly style: StyleApplied;
  readonly name?: string;
  readonly images: (src: string) => Promise<ImageData | null>;
  /** A file whose design the rendering takes as its own (a deck's PowerPoint template; RenderContext.template). */
  readonly template?: Uint8Array;
  /** The file's author (RenderContext.author): the caller's organisation. */
  readonly author?: string;
  readonly signal: AbortSignal;
  /** What the checks are told beyond the document; absent: the caller's text with no request or sources. */
  readonly told?: Pick<CheckScope, "author" | "request" | "sources" | "quality" | "sector" | "language">;
}

export interface CompileDeps {
  readonly plugin: (format: string) => FormatPlugin;
  readonly converter: OfficeConverter;
  readonly pdf: PdfReader;
  readonly outline: (pdf: Uint8Array) => Promise<PdfOutlineEntry[]>;
  readonly pictures: (pdf: Uint8Array) => Promise<PdfPicture[]>;
  /** The check list; only its `pages` stage runs here. */
  readonly checks: readonly CheckPlugin[];
  readonly model?: ModelClient;
  readonly event?: EmitEvent;
  readonly onPhase?: (phase: string) => Promise<void>;
}

export interface Compiled {
  readonly office: { format: OfficeKind; bytes: Uint8Array };
  readonly pdf: Uint8Array;
  readonly pages: number;
  readonly text: PdfPageText[];
  readonly style: StyleApplied;
  readonly diagnostics: Diagnostic[];
  readonly ledger: LedgerEntry[];
  readonly repairSummary: { iterations: number; applied: number; rejected: number };
}

const MAX_REPAIR_ITERATIONS = 2;

const issuesOf = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity !== "info").length;

export const compile = async (input: CompileInput, deps: CompileDeps): Promise<Compiled> => {
  // A format rendered through another (pdf through Word) names it; the others render themselves.
  const kind = (deps.plugin(input.format).renderedAs ?? input.format) as OfficeKind;
  const plugin = deps.plugin(kind);
  if (!plugin.render) throw new Error(`no renderer for ${kind}`);
  const renderFile = plugin.render;
  // A plugin may finish each rendering with the converter (a workbook's formula results) before its PDF.
  const render: typeof renderFile = async (ir, style, ctx) => {
    const result = await renderFile(ir, style, ctx);
    return plugin.afterRender ? { ...result, bytes: await plugin.afterRender(result.bytes, { converter: deps.converter, signal: input.signal }) } : result;
  };
  const wantsToc = plugin.tableOfContents === true;
  const hasPictures = imageSources(input.ir).length > 0;
  const scope: CheckScope = {
    operation: "create",
    format: input.format,
    type: input.type,
    author: input.told?.author ?? "caller",
    request: input.told?.request ?? null,
    sources: input.told?.sources ?? [],
    ...(input.told?.quality ? { quality: input.told.quality } : {}),
    ...(input.told?.sector !== undefined ? { sector: input.told.sector } : {}),
    ...(input.told?.language ? { language: input.told.language } : {}),
    model: deps.model ?? noModel,
    signal: input.signal,
  };

  const build = async (style: StyleApplied) => {
    input.signal.throwIfAborted();
    const ctx = {
      name: input.name,
      type: input.type,
      signal: input.signal,
      images: input.images,
      ...(input.template ? { template: input.template } : {}),
      ...(input.author ? { author: input.author } : {}),
    };
    let rendered = await render(input.ir, style, ctx);
    let pdf = await deps.converter.convert(rendered.bytes, kind, "pdf", { signal: input.signal });
    let info = await deps.pdf.info(pdf);
    if (wantsToc && style.table_of_contents) {
      // Second pass: the contents list gets the pages the first PDF showed.
      const fromOutline = headingPagesFromOutline(input.ir, await deps.outline(pdf));
      const pages = Object.keys(fromOutline).length === headingsOf(input.ir).length ? fromOutline : { ...headingPages(input.ir, info.text), ...fromOutline };
      rendered = await render(input.ir, style, { ...ctx, headingPages: pages });
      pdf = await deps.converter.convert(rendered.bytes, kind, "pdf", { signal: input.signal });
      info = await deps.pdf.info(pdf);
    }
    const pictures = hasPictures ? await deps.pictures(pdf) : [];
    // Held back: only the rendering that is kept speaks (a rejected repair's findings are not the document's).
    const events: CheckEvent[] = [];
    const checked = await runChecks(
      deps.checks,
      input.ir,
      { ...scope, stage: "pages", style, pages: info.text, pictures },
      async (type, data) => void events.push({ type, data }),
    );
    return { style, rendered, pdf, info, diagnostics: [...rendered.diagnostics, ...checked.diagnostics], repairs: checked.repairs, events };
  };

  await deps.onPhase?.("rendering");
  let best = await build(input.style);
  const ledger: LedgerEntry[] = [];
  const tried = new Set<string>();
  for (let iteration = 1; iteration <= MAX_REPAIR_ITERATIONS; iteration++) {
    const repair = best.repairs.find((r) => !tried.has(r.fix));
    if (!repair) break;
    tried.add(repair.fix);
    await deps.onPhase?.("repairing");
    const before = issuesOf(best.diagnostics);
    try {
      const attempt = await build({ ...best.style, ...repair.style });
      const after = issuesOf(attempt.diagnostics);
      const better = after < before;
      ledger.push({
        iteration,
        fix: repair.fix,
        issue_code: repair.code,
        outcome: better ? "applied" : "rejected",
        issues_before: before,
        issues_after: after,
        reason: better ? null : "the repair did not reduce the issues; the document was kept as it was",
      });
      if (better) best = attempt;
    } catch (error) {
      input.signal.throwIfAborted();
      ledger.push({ iteration, fix: repair.fix, issue_code: repair.code, outcome: "failed", issues_before: before, issues_after: before, reason: (error as Error).message });
    }
  }
  for (const { type, data } of best.events) await deps.event?.(type, data);
  return {
    office: { format: kind, bytes: best.rendered.bytes },
    // Tags finished for PDF/UA; a PDF the pass cannot open or save is delivered as LibreOffice made it, still tagged.
    pdf: await deps.pdf.finishTags(best.pdf, { language: input.ir.language }).catch(() => best.pdf),
    pages: best.info.pages,
    text: best.info.text,
    style: best.style,
    diagnostics: best.diagnostics,
    ledger,
    repairSummary: {
      iterations: ledger.length,
      applied: ledger.filter((l) => l.outcome === "applied").length,
      rejected: ledger.filter((l) => l.outcome !== "applied").length,
    },
  };
};
