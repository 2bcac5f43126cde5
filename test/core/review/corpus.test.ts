/**
 * Every file of the shared corpus (Word, PowerPoint, Excel, LibreOffice, LaTeX, scanners) reviewed as the service
 * does it, with the real LibreOffice pool, mupdf and Tesseract. For each file: no crash (only the files that must be
 * refused are, with `file_rejected`), a PDF that LibreOffice made from the file as delivered (so a repaired file
 * still opens and converts), and the delivered file's text and values, read again by the format's own inspection,
 * equal to those of the file as it came in after sanitizing. Nothing here is a fixture of ours.
 *
 * The suite reviews a sample: every eighth file of each folder, the files that must be refused, and files whose
 * review applies a repair (REPAIRED). `npm run bench:corpus` (QUIRE_CORPUS=all) reviews all 249 with the same checks.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import * as Cause from "effect/Cause";
import type * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import { standaloneRuntime } from "../../../server/operations.ts";
import { engines as enginesOf } from "../../../core/services/engines.ts";
import { reviewFile } from "../../../core/operations/review/file.ts";
import type { ReviewFormat } from "../../../core/review/format.ts";
import { ProcessingFailure } from "../../../core/errors.ts";
import { formatPlugins } from "../../../plugins/index.ts";
import { installedFonts } from "../../../renderers/fonts.ts";
import type { PipelineResult } from "../../../core/operations/types.ts";
import { corpusPath } from "../../support/corpus.ts";

const CORPUS = `${corpusPath()}/`;
const FOLDERS = ["docx", "pptx", "xlsx", "pdf", "scans"];
const everyFile = FOLDERS.flatMap((folder) => readdirSync(CORPUS + folder).filter((f) => /\.(docx|pptx|xlsx|pdf)$/i.test(f)).sort().map((f) => `${folder}/${f}`));

/** The files that must be refused, and why. */
const REFUSED: Record<string, RegExp> = {
  "pdf/005-libreoffice-writer-password-libreoffice-writer-password.pdf": /password/i,
  // Two parts of a workbook: no workbook, no content types, no relationships. Nothing to review.
  "xlsx/exceljs-missing-bits.xlsx": /not an Office document/,
};

/** Files whose review applies a repair (found by reviewing the whole corpus), so the sample checks repairs keep the content. */
const REPAIRED: readonly string[] = ["docx/pandoc-table_captions_no_field.docx", "docx/pandoc-table_header_rowspan.docx", "xlsx/exceljs-test-issue-771.xlsx"];

const all = process.env.QUIRE_CORPUS === "all";
const files = all ? everyFile : everyFile.filter((file) => file in REFUSED || REPAIRED.includes(file) || FOLDERS.some((folder) => everyFile.filter((f) => f.startsWith(`${folder}/`)).indexOf(file) % 8 === 0));
const refusedHere = Object.keys(REFUSED).filter((file) => files.includes(file));

const runtime = standaloneRuntime({ converters: 2 });
let engines: Effect.Effect.Success<typeof enginesOf>;
before(async () => {
  engines = await runtime.runPromise(enginesOf);
});
after(() => runtime.dispose());

const review = async (bytes: Uint8Array, name: string): Promise<PipelineResult> => {
  const exit = await runtime.runPromiseExit(reviewFile({ bytes, name }), { signal: AbortSignal.timeout(120_000) });
  if (Exit.isSuccess(exit)) return exit.value;
  throw Cause.squash(exit.cause);
};

const contentOf = async (bytes: Uint8Array, format: ReviewFormat) => {
  const plugin = formatPlugins.get(format)!;
  const ctx = { converter: await engines.converter(), fonts: await installedFonts() };
  return (await plugin.inspect!(bytes, ctx)).content;
};

describe("review of the whole corpus", () => {
  const results = new Map<string, PipelineResult | ProcessingFailure>();

  it("reviews every file without a crash; only the files that must be refused are, with file_rejected", { timeout: 30 * 60_000 }, async () => {
    const queue = [...files];
    const work = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const bytes = new Uint8Array(readFileSync(CORPUS + file));
        try {
          results.set(file, await review(bytes, file.split("/")[1]!));
        } catch (error) {
          if (!(error instanceof ProcessingFailure)) throw new Error(`${file}: ${(error as Error).stack}`);
          results.set(file, error);
        }
      }
    };
    await Promise.all([work(), work()]);
    const refused = [...results].filter(([, r]) => r instanceof ProcessingFailure) as Array<[string, ProcessingFailure]>;
    assert.deepEqual(refused.map(([f]) => f).sort(), refusedHere.sort(), refused.map(([f, e]) => `${f}: ${e.code} ${e.message}`).join("\n"));
    for (const [file, error] of refused) {
      assert.equal(error.code, "file_rejected", file);
      assert.match(error.message, REFUSED[file]!, file);
    }
  });

  it("delivers each file with a PDF LibreOffice made from it, and the same text and values as before any repair", { timeout: 30 * 60_000 }, async () => {
    let repaired = 0;
    for (const [file, result] of results) {
      if (result instanceof ProcessingFailure) continue;
      const codes = result.diagnostics.map((d) => d.code);
      assert.ok(!codes.includes("review.repairs_undone"), `${file}: a repaired file did not convert`);
      const pdf = result.outputs.find((o) => o.kind === "pdf");
      if (!codes.includes("file.not_convertible")) {
        assert.ok(pdf, `${file}: no PDF`);
        assert.equal(Buffer.from(pdf.bytes.subarray(0, 5)).toString("latin1"), "%PDF-", file);
        // A PDF whose pages cannot be read is delivered as it came, with the error that says so.
        if (!codes.includes("pdf.no_pages")) assert.ok((result.pages ?? 0) >= 1, `${file}: pages`);
      }
      if (!result.ledger?.some((l) => l.outcome === "applied")) continue;
      repaired++;
      const format = result.format!;
      const delivered = format === "pdf" ? pdf! : result.outputs.find((o) => o.kind === format)!;
      const original = new Uint8Array(readFileSync(CORPUS + file));
      const sanitized = (await formatPlugins.get(format)!.sanitize!(original, { fonts: await installedFonts() })).bytes;
      assert.deepEqual(await contentOf(delivered.bytes, format), await contentOf(sanitized, format), `${file}: text or values changed by the repairs`);
    }
    assert.ok(repaired > 0, "some corpus files needed a repair");
  });
});
