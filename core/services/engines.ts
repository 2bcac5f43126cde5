/**
 * The heavy engines as services (DESIGN.md, "renderers/"): each a tag over its contract in core/contracts, so an
 * operation names what it uses and a test provides a fake. The composition root gives the real ones as scoped
 * resources (server/engines.ts: started on first use, closed when the runtime is disposed); a worker thread gives
 * proxies that call the host thread's engines (server/work/tasks.ts).
 */
import * as Context from "effect/Context";
import * as Effect from "effect/Effect";
import type { OcrTsv, OfficeConverter, PdfReader, Screenshot, ScreenshotOptions } from "../contracts/engines.ts";
import type { Ocr } from "../contracts/extract.ts";

/** LibreOffice kept warm; `version` names it (and the PDF reader) for `versions.renderer`. */
export interface ConverterShape extends OfficeConverter {
  readonly version: () => Promise<string>;
}

export class Converter extends Context.Tag("quire/Converter")<Converter, ConverterShape>() {}

export class PdfEngine extends Context.Tag("quire/PdfEngine")<PdfEngine, PdfReader>() {}

/** Tesseract: `readTsv` is the process and its raw output (what crosses threads), `read` its layout as text. */
export interface OcrShape extends Ocr {
  readonly readTsv: OcrTsv;
}

export class OcrEngine extends Context.Tag("quire/OcrEngine")<OcrEngine, OcrShape>() {}

export interface BrowserShape {
  readonly screenshot: (html: string, options?: ScreenshotOptions) => Promise<Screenshot>;
  readonly version: () => Promise<string>;
}

/** Headless Chromium (artifact previews). */
export class Browser extends Context.Tag("quire/Browser")<Browser, BrowserShape>() {}

/** The font families installed where documents are rendered (lower case). */
export class Fonts extends Context.Tag("quire/Fonts")<Fonts, { readonly installed: () => Promise<ReadonlySet<string>> }>() {}

/** The engines as one record: what the worker host answers the threads' calls with (core/work/host.ts). */
export interface Engines {
  readonly converter: () => Promise<OfficeConverter>;
  readonly pdf: PdfReader;
  readonly ocr: () => OcrShape;
  /** Names the engines for `versions.renderer`. */
  readonly describe: () => Promise<string>;
  /** The font families installed where documents are rendered (lower case). */
  readonly fonts: () => Promise<ReadonlySet<string>>;
  readonly browser: BrowserShape;
}

export type EngineServices = Converter | PdfEngine | OcrEngine | Browser | Fonts;

export const engines: Effect.Effect<Engines, never, EngineServices> = Effect.gen(function* () {
  const converter = yield* Converter;
  const pdf = yield* PdfEngine;
  const ocr = yield* OcrEngine;
  const browser = yield* Browser;
  const fonts = yield* Fonts;
  return {
    converter: async () => converter,
    pdf,
    ocr: () => ocr,
    describe: converter.version,
    fonts: fonts.installed,
    browser,
  };
});
