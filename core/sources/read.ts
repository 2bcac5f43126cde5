/**
 * The documents among a create's `sources` (file ids, document ids, `{url}` and base64 objects; interface, POST
 * /documents `sources`), read into text by the same readers as extraction. Pictures are not read here: they are
 * the `img:<n>` pictures of the Markdown. A source that cannot be read fails the document with `source_unreadable`.
 */
import type { FormatRegistry } from "../contracts/format-plugin.ts";
import type { ExtractContext } from "../contracts/extract.ts";
import { ProcessingFailure } from "../errors.ts";
import { kindOfRef, type FileRef } from "../documents/file-refs.ts";
import { loadFileRef, type LoadDeps } from "../files/load.ts";
import { readFile } from "../extract/read.ts";
import type { SourceText } from "./select.ts";

export interface SourceDeps extends LoadDeps {
  readonly plugins: Pick<FormatRegistry, "get" | "byMediaType" | "byExtension">;
  readonly context: () => Promise<ExtractContext>;
}

export const readSources = async (deps: SourceDeps, sources: ReadonlyArray<FileRef>, signal?: AbortSignal): Promise<SourceText[]> => {
  const out: SourceText[] = [];
  for (const [i, ref] of sources.entries()) {
    if ((await kindOfRef(deps.db, deps.organizationId, ref, deps.plugins)) !== "document") continue;
    try {
      const { bytes, name } = await loadFileRef(deps, ref, signal);
      const text = await readFile(bytes, name, deps.plugins, { ...(await deps.context()), signal });
      out.push({ index: i + 1, name, text: text.markdown });
    } catch (error) {
      signal?.throwIfAborted();
      throw new ProcessingFailure({ code: "source_unreadable", message: `Source ${i + 1} could not be read: ${(error as Error).message}` });
    }
  }
  return out;
};
