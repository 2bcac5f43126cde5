/**
 * Reviewing a file's bytes (DESIGN.md "review: file ─► sanitize ─► inspect ─► repair loop ─► key data"): open it
 * (told by its bytes, legacy formats converted), clean it (sanitize, inspect, repair loop), its PDF through
 * LibreOffice (which also proves it still opens), its text and key data, then the outputs its plugin declares: the
 * file (repaired where it was; legacy files as OOXML) and its PDF, or for a PDF the PDF alone, plus previews. The
 * text proof starts at the sanitized file: the original is never opened by anything but our parsers.
 */
import * as Effect from "effect/Effect";
import type { Diagnostic } from "../../diagnostics.ts";
import type { Finding } from "../../contracts/review.ts";
import type { CheckScope } from "../../contracts/check-plugin.ts";
import { toPdf } from "../../review/to-pdf.ts";
import { Converter, PdfEngine } from "../../services/engines.ts";
import { attempt } from "../attempt.ts";
import { phase } from "../job.ts";
import { outputs } from "../steps/deliver.ts";
import { fileBase } from "../../documents/file-name.ts";
import { open, type ReviewInput } from "./open.ts";
import { clean } from "./clean.ts";
import { readText } from "./text.ts";

const asDiagnostic = ({ fix: _fix, ...finding }: Finding): Diagnostic => ({ ...finding, fixable: finding.fixable ?? false });

export const reviewFile = (input: ReviewInput, request: CheckScope["request"] = null) =>
  Effect.gen(function* () {
    const opened = yield* open(input);
    const { sanitized, repaired } = yield* clean(opened);

    yield* phase("rendering");
    const converter = yield* Converter;
    const delivers = opened.plugin.delivers ?? { file: true, previews: false };
    const converted = yield* attempt((signal) => toPdf(repaired.bytes, sanitized.bytes, opened.format, delivers, converter, signal));
    const ledger = [...repaired.ledger, ...converted.ledger];
    // A PDF with no page mupdf can read (reported by the PDF checks) is still delivered, without pages or previews.
    const pdf = yield* PdfEngine;
    const info = converted.pdf ? yield* Effect.promise(() => pdf.info(converted.pdf!).catch(() => null)) : null;

    const text = yield* readText(opened, converted.bytes, request);
    const base = fileBase(input.outputName ?? input.name.replace(/\.[A-Za-z0-9]{1,5}$/, ""));
    const files = yield* outputs(opened.format, base, { file: converted.bytes, pdf: converted.pdf, readable: info !== null });
    const applied = ledger.filter((l) => l.outcome === "applied").length;
    return {
      outputs: files,
      diagnostics: [...opened.notes, ...converted.diagnostics, ...repaired.inspection.findings.map(asDiagnostic), ...text.diagnostics],
      pages: info?.pages ?? null,
      type: text.type,
      keyData: text.keyData,
      ledger,
      repairSummary: { iterations: ledger.length, applied, rejected: ledger.length - applied },
      sanitized: { removed: sanitized.removed },
      format: opened.format,
      renderer: `${opened.format} reviewer · ${yield* Effect.promise(converter.version)}`,
    };
  });
