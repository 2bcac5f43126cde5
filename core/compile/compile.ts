/**
 * The compiler's back half (DESIGN.md, "create"): IR → format plugin → PDF through the warm LibreOffice pool →
 * layout checks → safe repairs, each tried, kept only when it leaves fewer issues, and recorded in the ledger.
 * A Word table of contents is written with the page numbers the first PDF showed, so it is complete on first open.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { components } from "../../generated/openapi.ts";
import type { DocType, IRDocument } from "../ir/types.ts";
import type { StyleApplied } from "../style/types.ts";
import type { FormatPlugin, ImageData } from "../contracts/format-plugin.ts";
import type { CheckPlugin, Repair } from "../contracts/check-plugin.ts";
import type { OfficeConverter, PdfReader, PdfPageText } from "../contracts/engines.ts";
import { headingPages, headingPagesFromOutline, headingsOf } from "./heading-pages.ts";
import type { PdfOutlineEntry, PdfPicture } from "../contracts/engines.ts";
import { imageSources } from "../ir/images.ts";

export type OfficeKind = "docx" | "pptx" | "xlsx";

/** One repair attempt, as the report's `ledger` carries it. */
export type LedgerEntry = components["schemas"]["LedgerEntry"];

export interface CompileInput {
  readonly ir: IRDocument;
  /** The format asked for; `pdf` is rendered as Word and delivered as its PDF. */
  readonly format: OfficeKind | "pdf";
  readonly type: DocType;
  readonly style: StyleApplied;
  readonly name?: string;
  readonly images: (src: string) => Promise<ImageData | null>;
  readonly signal: AbortSignal;
}

export interface CompileDeps {
  readonly plugin: (format: string) => FormatPlugin;
  readonly converter: OfficeConverter;
  readonly pdf: PdfReader;
  readonly outline: (pdf: Uint8Array) => Promise<PdfOutlineEntry[]>;
  readonly pictures: (pdf: Uint8Array) => Promise<PdfPicture[]>;
  readonly checks: readonly CheckPlugin[];
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
  const render = plugin.render;
  const wantsToc = kind === "docx";
  const hasPictures = imageSources(input.ir).length > 0;

  const build = async (style: StyleApplied) => {
    input.signal.throwIfAborted();
    const ctx = { name: input.name, type: input.type, signal: input.signal, images: input.images };
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
    const checkCtx = { format: input.format, type: input.type, style, pages: info.text, pictures };
    const found = deps.checks.filter((c) => c.appliesTo(checkCtx)).map((c) => c.run(input.ir, checkCtx));
    const repairs: Array<Repair & { code: string }> = found.flatMap((r) => (r.repairs ?? []).map((repair) => ({ ...repair, code: r.diagnostics[0]?.code ?? "layout" })));
    const checkDiagnostics = found.flatMap((r) => r.diagnostics.map((d) => ({ ...d, fixable: (r.repairs ?? []).length > 0 })));
    return { style, rendered, pdf, info, diagnostics: [...rendered.diagnostics, ...checkDiagnostics], repairs };
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
  return {
    office: { format: kind, bytes: best.rendered.bytes },
    pdf: best.pdf,
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
