/**
 * Reviewing a file's bytes (issue 5; DESIGN.md "review: file ─► sanitize ─► inspect ─► repair loop ─► key data"):
 *
 * 1. the file is told by its bytes; `.doc/.ppt/.xls` become OOXML through LibreOffice;
 * 2. sanitize, before anything opens it: external relationships, OLE/ActiveX, DDE, remote fonts, PDF JavaScript;
 * 3. inspect: the package checks (OOXML) and the format plugin's checks, with the file's text and values;
 * 4. the repair loop (loop.ts): safe structural fixes, each kept only when its issue goes and the text and values
 *    stay equal to the sanitized file's, every attempt in the ledger;
 * 5. the repaired file goes through LibreOffice to its PDF (which also proves it still opens), with previews;
 * 6. key data from the file's text (the extraction reader), consistency flagged, never corrected.
 *
 * Outputs: the file (repaired where it was; legacy files as OOXML) and its PDF, or for a PDF the PDF alone, plus
 * previews. The text proof starts at the sanitized file: the original is never opened by anything but our parsers.
 * No store here: the document pipeline (core/documents/pipelines/review.ts) loads the file and keeps the results.
 */
import { ProcessingFailure, FileRejected, FileTooLarge } from "../errors.ts";
import { PackageRefused } from "../ooxml/package.ts";
import { inspectUpload } from "../files/store.ts";
import type { FileKind } from "../files/kinds.ts";
import { readMarkdown } from "../markdown/read.ts";
import { detectType } from "../doctype/detect.ts";
import { keyDataBlocks } from "../keydata/blocks.ts";
import { extractKeyData } from "../keydata/extract.ts";
import { checkConsistency } from "../keydata/consistency.ts";
import { checkTotals } from "../keydata/totals.ts";
import { repairLoop } from "./loop.ts";
import { inspectPackage, repairPackage } from "../ooxml/review/index.ts";
import { ExtractRefused, type ExtractContext } from "../contracts/extract.ts";
import type { Finding, Inspection, ReviewContext } from "../contracts/review.ts";
import type { OfficeConverter } from "../contracts/engines.ts";
import type { LedgerEntry } from "../compile/compile.ts";
import type { Diagnostic } from "../diagnostics.ts";
import type { DocType } from "../ir/types.ts";
import { fileBase, PREVIEW_PAGES, PREVIEW_WIDTH } from "../documents/pipelines/create-content.ts";
import type { Engines, PipelineOutput, PipelineResult } from "../documents/pipelines/types.ts";
import type { FormatRegistry } from "../contracts/format-plugin.ts";

export type ReviewFormat = "docx" | "pptx" | "xlsx" | "pdf";

const MEDIA: Record<ReviewFormat, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

/** What a review delivers for each kind of file it takes (legacy files come back as OOXML). */
export const REVIEWED_AS: Partial<Record<FileKind, ReviewFormat>> = { docx: "docx", pptx: "pptx", xlsx: "xlsx", pdf: "pdf", doc: "docx", ppt: "pptx", xls: "xlsx" };

/** A refusal of the file, as the document's `error.code` (interface, Errors): Word files that are not Word files are `docx_invalid`. */
const refusal = (format: ReviewFormat | null, error: unknown): ProcessingFailure | null => {
  if (error instanceof ExtractRefused) return new ProcessingFailure({ code: "file_rejected", message: `The file was rejected: ${error.message}.` });
  if (error instanceof FileRejected || error instanceof FileTooLarge) return new ProcessingFailure({ code: "file_rejected", message: error.message });
  if (error instanceof PackageRefused) {
    const hostile = error.reason === "zip_bomb" || error.reason === "xml_dtd" || error.reason === "encrypted";
    return new ProcessingFailure({
      code: format === "docx" && !hostile ? "docx_invalid" : "file_rejected",
      message: hostile ? `The file was rejected as hostile: ${error.message}.` : `The file is damaged beyond repair: ${error.message}.`,
    });
  }
  return null;
};

const asDiagnostic = ({ fix: _fix, ...finding }: Finding): Diagnostic => ({ ...finding, fixable: finding.fixable ?? false });

export interface ReviewInput {
  readonly bytes: Uint8Array;
  /** The file's name as uploaded; the outputs are named after `outputName` or, without it, after this. */
  readonly name: string;
  readonly outputName?: string | null;
  /** The format the request named, if any: a file of another kind is refused. */
  readonly expected?: ReviewFormat | null;
}

export interface ReviewDeps {
  readonly engines: Engines;
  readonly plugins: FormatRegistry;
  readonly signal: AbortSignal;
  readonly phase?: (phase: string) => Promise<void>;
  readonly event?: (type: string, data: Record<string, unknown>) => Promise<void>;
}

export const reviewBytes = async (input: ReviewInput, deps: ReviewDeps): Promise<PipelineResult & { format: ReviewFormat }> => {
  const { engines, signal } = deps;
  const phase = deps.phase ?? (async () => {});
  const event = deps.event ?? (async () => {});
  const expected = input.expected ?? null;
  let kind: FileKind;
  try {
    kind = inspectUpload(input.bytes, input.name);
  } catch (error) {
    throw refusal(expected, error) ?? error;
  }
  const format = REVIEWED_AS[kind];
  if (!format) throw new ProcessingFailure({ code: "file_rejected", message: `A ${kind} file cannot be reviewed: review takes Word, PowerPoint, Excel and PDF files (also .doc, .ppt, .xls).` });
  if (expected && expected !== format) throw new ProcessingFailure({ code: "file_rejected", message: `The file is ${kind === format ? `a ${kind}` : `a .${kind} (reviewed as ${format})`} file, not ${expected} as the request says.` });
  const plugin = deps.plugins.get(format);
  if (!plugin?.sanitize || !plugin.inspect || !plugin.repair) throw new ProcessingFailure({ code: "processing_failed", message: `No reviewer for ${format} files.` });
  const { sanitize, inspect, repair } = plugin;

  const converter = await engines.converter();
  const notes: Diagnostic[] = [];
  let bytes = input.bytes;
  if (kind !== format) {
    await phase("converting");
    try {
      bytes = await converter.convert(bytes, kind as "doc" | "ppt" | "xls", format as "docx" | "pptx" | "xlsx", { signal });
    } catch (error) {
      signal.throwIfAborted();
      throw new ProcessingFailure({ code: "file_rejected", message: `LibreOffice could not open the .${kind} file: ${(error as Error).message}.` });
    }
    notes.push({ code: "file.converted", severity: "info", category: "structural", message: `The .${kind} file was converted to .${format}; the review and its outputs are of the .${format} file.`, fixable: false });
  }

  const ctx: ReviewContext = { signal, converter, fonts: await engines.fonts() };
  const ooxml = format !== "pdf";
  const inspectAll = async (candidate: Uint8Array): Promise<Inspection> => {
    const own = await inspect(candidate, ctx);
    return ooxml ? { findings: [...inspectPackage(candidate).findings, ...own.findings], content: own.content } : own;
  };

  let sanitized: { bytes: Uint8Array; removed: string[] };
  let repaired: Awaited<ReturnType<typeof repairLoop>>;
  try {
    await phase("sanitizing");
    sanitized = await sanitize(bytes, ctx);
    await event("review.sanitized", { removed: sanitized.removed });
    await phase("inspecting");
    const first = await inspectAll(sanitized.bytes);
    await event("review.inspected", { issues: first.findings.length, fixable: first.findings.filter((f) => f.fix).length });
    await phase("repairing");
    repaired = await repairLoop({
      bytes: sanitized.bytes,
      inspection: first,
      inspect: inspectAll,
      repair: (candidate, fix) => (fix.startsWith("package.") ? Promise.resolve(repairPackage(candidate, fix)) : repair(candidate, fix, ctx)),
      signal,
    });
  } catch (error) {
    signal.throwIfAborted();
    throw refusal(format, error) ?? error;
  }

  await phase("rendering");
  const converted = await toPdf(repaired.bytes, sanitized.bytes, format, converter, signal);
  notes.push(...converted.diagnostics);
  const ledger = [...repaired.ledger, ...converted.ledger];
  const pdf = converted.pdf;
  // A PDF with no page mupdf can read (reported by the PDF checks) is still delivered, without pages or previews.
  const info = pdf ? await engines.pdf.info(pdf).catch(() => null) : null;
  const final = converted.bytes;

  await phase("reading key data");
  const { keyData, keyDiagnostics, type } = await readKeyData(final, format, { signal, converter, ocr: engines.ocr() }, deps.plugins);

  await phase("previewing");
  const base = fileBase(input.outputName ?? input.name.replace(/\.[A-Za-z0-9]{1,5}$/, ""));
  const outputs: PipelineOutput[] = [];
  if (format !== "pdf") outputs.push({ kind: format, contentType: MEDIA[format], bytes: final, filename: `${base}.${format}` });
  if (pdf) {
    outputs.push({ kind: "pdf", contentType: MEDIA.pdf, bytes: pdf, filename: `${base}.pdf` });
    for (const p of info ? await engines.pdf.previews(pdf, { maxPages: PREVIEW_PAGES, width: PREVIEW_WIDTH }) : []) {
      outputs.push({ kind: "preview", contentType: "image/png", bytes: p.png, filename: `${base}-page-${p.page}.png`, page: p.page, width: p.width, height: p.height });
    }
  }
  const summary = { iterations: ledger.length, applied: ledger.filter((l) => l.outcome === "applied").length, rejected: ledger.filter((l) => l.outcome !== "applied").length };
  return {
    outputs,
    diagnostics: [...notes, ...repaired.inspection.findings.map(asDiagnostic), ...keyDiagnostics],
    pages: info?.pages ?? null,
    type,
    keyData,
    ledger,
    repairSummary: summary,
    sanitized: { removed: sanitized.removed },
    format,
    renderer: `${format} reviewer · ${await engines.describe()}`,
  };
};

/**
 * The PDF of the reviewed file, which is also the proof that it still opens. A repaired file LibreOffice cannot
 * convert while the unrepaired one converts loses its repairs (recorded in the ledger); a file that does not convert
 * either way is delivered without a PDF and an error issue says so.
 */
const toPdf = async (
  repaired: Uint8Array,
  sanitized: Uint8Array,
  format: ReviewFormat,
  converter: OfficeConverter,
  signal: AbortSignal,
): Promise<{ bytes: Uint8Array; pdf: Uint8Array | null; diagnostics: Diagnostic[]; ledger: LedgerEntry[] }> => {
  if (format === "pdf") return { bytes: repaired, pdf: repaired, diagnostics: [], ledger: [] };
  const convert = (bytes: Uint8Array) => converter.convert(bytes, format, "pdf", { signal });
  try {
    return { bytes: repaired, pdf: await convert(repaired), diagnostics: [], ledger: [] };
  } catch (error) {
    signal.throwIfAborted();
    const reason = (error as Error).message;
    if (repaired !== sanitized) {
      try {
        const pdf = await convert(sanitized);
        const undo: LedgerEntry = { iteration: 1, fix: "review.undo_repairs", issue_code: "file.not_convertible", outcome: "applied", issues_before: 1, issues_after: 0, reason: null };
        return {
          bytes: sanitized,
          pdf,
          diagnostics: [{ code: "review.repairs_undone", severity: "warning", category: "structural", message: `LibreOffice could not open the repaired file (${reason}); the repairs were undone and the file is delivered as it came, sanitized.`, fixable: false }],
          ledger: [undo],
        };
      } catch {
        signal.throwIfAborted();
      }
    }
    return {
      bytes: repaired,
      pdf: null,
      diagnostics: [{ code: "file.not_convertible", severity: "error", category: "structural", message: `LibreOffice could not open the file to make its PDF (${reason}); other readers are likely to fail too.`, fixable: false }],
      ledger: [],
    };
  }
};

/** Key data and its consistency, from the file's text as extraction reads it; the document type comes with it. */
const readKeyData = async (
  bytes: Uint8Array,
  format: ReviewFormat,
  ctx: ExtractContext,
  plugins: FormatRegistry,
): Promise<{ keyData: Array<{ value: string; kind: string; role: string; context: string }>; keyDiagnostics: Diagnostic[]; type: DocType }> => {
  const fallbackType: DocType = format === "pptx" ? "presentation" : format === "xlsx" ? "spreadsheet" : "report";
  const extract = plugins.get(format)?.extract;
  if (!extract) return { keyData: [], keyDiagnostics: [], type: fallbackType };
  let markdown: string;
  try {
    markdown = (await extract(bytes, ctx)).markdown;
  } catch (error) {
    ctx.signal?.throwIfAborted();
    return {
      keyData: [],
      keyDiagnostics: [{ code: "key_data.unreadable", severity: "warning", category: "data", message: `The text could not be read for key data: ${(error as Error).message}.`, fixable: false }],
      type: fallbackType,
    };
  }
  const { ir } = readMarkdown(markdown);
  const blocks = keyDataBlocks(ir);
  const found = extractKeyData(blocks);
  return {
    keyData: found.map((k) => ({ value: k.value, kind: k.kind, role: k.role, context: k.context })),
    keyDiagnostics: [...checkConsistency(blocks, found), ...checkTotals(ir)],
    type: format === "docx" || format === "pdf" ? detectType(ir).type : fallbackType,
  };
};
