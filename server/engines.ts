/**
 * The engines of this process as scoped resources: acquired when the service's runtime is built and released when it
 * is disposed, so stopping the service closes the LibreOffice pool, Tesseract and Chromium without a hand-written
 * list. Each starts on first use (a service that never renders never pays LibreOffice's seconds), and a failed
 * start is forgotten so the next document tries again.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import * as ManagedRuntime from "effect/ManagedRuntime";
import type { OfficeConverter } from "../core/contracts/engines.ts";
import { Browser, Converter, engines, Fonts, OcrEngine, PdfEngine, type ConverterShape, type OcrShape } from "../core/services/engines.ts";
import { startOfficeConverter, pdfReader } from "../renderers/index.ts";
import { startOcr } from "../renderers/tesseract/index.ts";
import { chromiumVersion, closeChromium, screenshotHtml } from "../renderers/chromium/index.ts";
import { installedFonts } from "../renderers/fonts.ts";

const run = promisify(execFile);

const lazyConverter = (size: number | undefined): ConverterShape & { readonly warm: () => Promise<unknown> } => {
  let started: Promise<OfficeConverter> | null = null;
  let description: Promise<string> | null = null;
  const get = () =>
    (started ??= startOfficeConverter({ size }).catch((error) => {
      started = null;
      throw error;
    }));
  return {
    convert: async (input, from, to, options) => (await get()).convert(input, from, to, options),
    close: async () => {
      if (started) await (await started.catch(() => null))?.close();
    },
    warm: get,
    version: () =>
      (description ??= run("soffice", ["--version"], { timeout: 10_000 })
        .then(({ stdout }) => `${/LibreOffice [\d.]+/.exec(stdout)?.[0] ?? "LibreOffice"} · mupdf`)
        .catch(() => "LibreOffice · mupdf")),
  };
};

/** Tesseract, one process per page and as many at once as there are cores, started on first use. */
const lazyOcr = (): OcrShape & { readonly close: () => Promise<void> } => {
  let started: ReturnType<typeof startOcr> | null = null;
  const get = () => (started ??= startOcr({}));
  return {
    read: (image, options) => get().read(image, options),
    readTsv: (image, options) => get().readTsv(image, options),
    close: async () => void (await started?.close()),
  };
};

export interface EngineOptions {
  readonly converters?: number;
  /** Start LibreOffice while the service starts listening, so the first document does not pay for it. */
  readonly warm?: (start: () => Promise<unknown>) => void;
}

export const enginesLayer = (options: EngineOptions) =>
  Layer.mergeAll(
    Layer.scoped(
      Converter,
      Effect.acquireRelease(
        Effect.sync(() => {
          const converter = lazyConverter(options.converters);
          options.warm?.(converter.warm);
          return converter;
        }),
        (converter) => Effect.promise(converter.close),
      ),
    ),
    Layer.succeed(PdfEngine, pdfReader),
    Layer.scoped(OcrEngine, Effect.acquireRelease(Effect.sync(lazyOcr), (ocr) => Effect.promise(ocr.close))),
    Layer.scoped(
      Browser,
      Effect.acquireRelease(Effect.succeed({ screenshot: screenshotHtml, version: chromiumVersion }), () => Effect.promise(closeChromium)),
    ),
    Layer.succeed(Fonts, { installed: installedFonts }),
  );

/** The engines outside the service (benchmarks, tests of a whole review): the same layer, closed by `close`. */
export const startEngines = async (options: EngineOptions = {}) => {
  const runtime = ManagedRuntime.make(enginesLayer(options));
  const found = await runtime.runPromise(engines);
  return { ...found, close: () => runtime.dispose() };
};
