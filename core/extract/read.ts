/**
 * Reading a file into Markdown (interface, Extraction): the kind is read from the bytes, the format plugin's
 * reader reads it into the IR, the one Markdown writer writes it (result.ts), and the text is cut at 2,000,000
 * characters (`chars` is always the whole length).
 * Whatever a reader refuses, or a damaged package, becomes `file_rejected` with the reason.
 */
import type { FormatPlugin } from "../contracts/format-plugin.ts";
import { ExtractRefused, type ExtractContext } from "../contracts/extract.ts";
import { PackageRefused } from "../ooxml/package.ts";
import { FileRejected } from "../errors.ts";
import { inspectUpload } from "../files/store.ts";
import type { FileKind } from "../files/kinds.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { extractedMarkdown } from "./result.ts";

export const MAX_EXTRACT_CHARS = 2_000_000;

export interface ExtractionText {
  readonly format: FileKind;
  readonly markdown: string;
  readonly chars: number;
  readonly truncated: boolean;
  readonly pages: number;
  readonly charset?: string;
  /** Pages read by OCR, for formats whose reader says (PDF, pictures). */
  readonly ocrPages?: readonly number[];
  readonly diagnostics: Diagnostic[];
}

export const readFile = async (
  bytes: Uint8Array,
  filename: string | undefined,
  plugins: { get: (format: string) => FormatPlugin | undefined },
  ctx: ExtractContext,
): Promise<ExtractionText> => {
  const kind = inspectUpload(bytes, filename);
  const read = plugins.get(kind)?.extract;
  if (!read) throw new FileRejected({ message: `Reading ${kind} files is not available in this deployment.` });
  try {
    const result = await read(bytes, ctx);
    const markdown = extractedMarkdown(result);
    const chars = markdown.length;
    return {
      format: kind,
      markdown: chars > MAX_EXTRACT_CHARS ? markdown.slice(0, MAX_EXTRACT_CHARS) : markdown,
      chars,
      truncated: chars > MAX_EXTRACT_CHARS,
      pages: result.pages,
      ...(result.charset ? { charset: result.charset } : {}),
      ...(result.ocrPages ? { ocrPages: [...result.ocrPages] } : {}),
      diagnostics: result.diagnostics,
    };
  } catch (error) {
    ctx.signal?.throwIfAborted();
    if (error instanceof ExtractRefused) throw new FileRejected({ message: error.code === "file_rejected" ? `The file was rejected: ${error.message}` : `The file could not be read: ${error.message}` });
    if (error instanceof PackageRefused) {
      throw new FileRejected({ message: error.reason === "zip_bomb" || error.reason === "xml_dtd" ? `The file was rejected as hostile: ${error.message}.` : `The file is damaged: ${error.message}.` });
    }
    throw error;
  }
};
