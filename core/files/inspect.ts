/**
 * Everything an upload is checked for before it is kept (interface, File): its kind read from the bytes (refusing
 * what Quire must not open), its pages and its SHA-256. Heavy for hostile files (zip directories, mupdf), so the
 * service runs it in a worker thread (core/work); it is a plain function so tests and workers call it directly.
 */
import { createHash } from "node:crypto";
import { inspectUpload } from "./store.ts";
import { pagesOf } from "./pages.ts";
import type { FileKind } from "./kinds.ts";
import type { FormatRegistry } from "../contracts/format-plugin.ts";

export interface Inspected {
  readonly kind: FileKind;
  readonly pages: number;
  readonly sha256: string;
}

/** `plugins` count the pages of their formats (FormatPlugin.countPages). */
export const inspectFile = (bytes: Uint8Array, filename: string | undefined, plugins: Pick<FormatRegistry, "get">): Inspected => {
  const kind = inspectUpload(bytes, filename);
  return { kind, pages: pagesOf(bytes, kind, plugins), sha256: createHash("sha256").update(bytes).digest("hex") };
};
