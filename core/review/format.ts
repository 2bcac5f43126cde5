/**
 * What a file is reviewed as, and how a file that cannot be reviewed is refused: both from the plugins' declarations
 * (`convertsTo` for legacy files, `invalidFileCode` for a damaged one), so no format is named here.
 */
import { ProcessingFailure, FileRejected, FileTooLarge } from "../errors.ts";
import { PackageRefused } from "../ooxml/package.ts";
import { ExtractRefused } from "../contracts/extract.ts";
import type { FormatPlugin, FormatRegistry } from "../contracts/format-plugin.ts";
import type { PipelineResult } from "../operations/types.ts";

/** The `format` a review delivers (an interface value): the format of a plugin that reviews (`inspect`). */
export type ReviewFormat = NonNullable<PipelineResult["format"]>;

/**
 * What a review of a file of this kind delivers: its own format, or the format it converts to (a `.doc` is reviewed
 * and delivered as `docx`); null when no plugin reviews it (text, pictures).
 */
export const reviewedAs = (plugins: Pick<FormatRegistry, "get">, kind: string): ReviewFormat | null => {
  const read = plugins.get(kind);
  const format = read?.convertsTo ?? read?.format;
  return format !== undefined && plugins.get(format)?.inspect ? (format as ReviewFormat) : null;
};

/** A refusal of the file, as the document's `error.code` (interface, Errors): a damaged file takes its format's code (Word: `docx_invalid`). */
export const refusal = (plugin: FormatPlugin | undefined, error: unknown): ProcessingFailure | null => {
  if (error instanceof ExtractRefused) return new ProcessingFailure({ code: "file_rejected", message: `The file was rejected: ${error.message}.` });
  if (error instanceof FileRejected || error instanceof FileTooLarge) return new ProcessingFailure({ code: "file_rejected", message: error.message });
  if (error instanceof PackageRefused) {
    const hostile = error.reason === "zip_bomb" || error.reason === "xml_dtd" || error.reason === "encrypted";
    return new ProcessingFailure({
      code: hostile ? "file_rejected" : (plugin?.invalidFileCode ?? "file_rejected"),
      message: hostile ? `The file was rejected as hostile: ${error.message}.` : `The file is damaged beyond repair: ${error.message}.`,
    });
  }
  return null;
};

