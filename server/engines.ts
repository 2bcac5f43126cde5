/**
 * The engines of this process, made on first use: the warm LibreOffice pool (its start costs seconds, so a service
 * that never renders never pays it) and the mupdf reader. `describe` names them for `versions.renderer`.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { OfficeConverter } from "../core/contracts/engines.ts";
import type { Ocr } from "../core/contracts/extract.ts";
import { startOfficeConverter, pdfReader } from "../renderers/index.ts";
import { startOcr, type OcrTsv } from "../renderers/tesseract/index.ts";
import { chromiumVersion, screenshotHtml } from "../renderers/chromium/index.ts";
import type { Engines } from "../core/documents/pipelines/types.ts";
import { installedFonts } from "../renderers/fonts.ts";

const run = promisify(execFile);

export const makeEngines = (options: { converters?: number }): Engines & { close: () => Promise<void>; ocr: () => Ocr & { readTsv: OcrTsv } } => {
  let converter: Promise<OfficeConverter> | null = null;
  let ocr: (Ocr & { readTsv: OcrTsv; close: () => Promise<void> }) | undefined;
  let description: Promise<string> | null = null;
  return {
    // A failed start is forgotten, so the next document tries again instead of failing for good.
    converter: () =>
      (converter ??= startOfficeConverter({ size: options.converters }).catch((error) => {
        converter = null;
        throw error;
      })),
    pdf: pdfReader,
    // Tesseract, one process per page and as many at once as there are cores, started on first use.
    ocr: () => (ocr ??= startOcr({})),
    browser: { screenshot: screenshotHtml, version: chromiumVersion },
    fonts: installedFonts,
    describe: () =>
      (description ??= run("soffice", ["--version"], { timeout: 10_000 })
        .then(({ stdout }) => `${/LibreOffice [\d.]+/.exec(stdout)?.[0] ?? "LibreOffice"} · mupdf`)
        .catch(() => "LibreOffice · mupdf")),
    close: async () => {
      await ocr?.close();
      if (converter) await (await converter).close();
    },
  };
};
