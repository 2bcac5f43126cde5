/**
 * Opening a file for review: it is told by its bytes, refused when no plugin reviews it or it is not what the request
 * said, and a format read by converting (`.doc/.ppt/.xls`, `convertsTo`) becomes that format through LibreOffice.
 */
import * as Effect from "effect/Effect";
import { ProcessingFailure } from "../../errors.ts";
import { inspectUpload } from "../../files/store.ts";
import { refusal, reviewedAs, type ReviewFormat } from "../../review/format.ts";
import { Registry } from "../../services/plugins.ts";
import { Converter } from "../../services/engines.ts";
import type { OfficeFormat, ConvertTarget } from "../../contracts/engines.ts";
import type { Diagnostic } from "../../diagnostics.ts";
import type { FormatPlugin } from "../../contracts/format-plugin.ts";
import { phase } from "../job.ts";

export interface ReviewInput {
  readonly bytes: Uint8Array;
  /** The file's name as uploaded; the outputs are named after `outputName` or, without it, after this. */
  readonly name: string;
  readonly outputName?: string | null;
  /** The format the request named, if any: a file of another kind is refused. */
  readonly expected?: ReviewFormat | null;
}

export interface Opened {
  readonly format: ReviewFormat;
  readonly plugin: FormatPlugin & Required<Pick<FormatPlugin, "sanitize" | "inspect" | "repair">>;
  readonly bytes: Uint8Array;
  readonly notes: Diagnostic[];
}

/** The work, with a refused file as the typed failure its plugin names; anything else is a defect. */
export const refusing = <A>(plugin: FormatPlugin | undefined, work: (signal: AbortSignal) => Promise<A>) =>
  Effect.tryPromise({ try: work, catch: (error) => error }).pipe(
    Effect.catchAll((error) => {
      const refused = error instanceof ProcessingFailure ? error : refusal(plugin, error);
      return refused ? Effect.fail(refused) : Effect.die(error);
    }),
  );

export const open = (input: ReviewInput) =>
  Effect.gen(function* () {
    const plugins = yield* Registry;
    const expected = input.expected ?? null;
    const kind = yield* refusing(expected ? plugins.get(expected) : undefined, async () => inspectUpload(input.bytes, input.name));
    const format = reviewedAs(plugins, kind);
    if (!format) return yield* new ProcessingFailure({ code: "file_rejected", message: `A ${kind} file cannot be reviewed: review takes Word, PowerPoint, Excel and PDF files (also .doc, .ppt, .xls).` });
    if (expected && expected !== format) {
      return yield* new ProcessingFailure({ code: "file_rejected", message: `The file is ${kind === format ? `a ${kind}` : `a .${kind} (reviewed as ${format})`} file, not ${expected} as the request says.` });
    }
    const plugin = plugins.get(format)!;
    const { sanitize, inspect, repair } = plugin;
    if (!sanitize || !inspect || !repair) return yield* new ProcessingFailure({ code: "processing_failed", message: `No reviewer for ${format} files.` });
    const opened: Opened = { format, plugin: { ...plugin, sanitize, inspect, repair }, bytes: input.bytes, notes: [] };
    if (kind === format) return opened;

    yield* phase("converting");
    const converter = yield* Converter;
    const bytes = yield* Effect.tryPromise((signal) => converter.convert(input.bytes, kind as OfficeFormat, format as ConvertTarget, { signal })).pipe(
      Effect.catchAll((error) => new ProcessingFailure({ code: "file_rejected", message: `LibreOffice could not open the .${kind} file: ${(error.error as Error)?.message ?? error.message}.` })),
    );
    const converted: Diagnostic = { code: "file.converted", severity: "info", category: "structural", message: `The .${kind} file was converted to .${format}; the review and its outputs are of the .${format} file.`, fixable: false };
    return { ...opened, bytes, notes: [converted] };
  });
