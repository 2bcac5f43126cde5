/** Downloading a document's outputs through their signed links (which need no key and last 5 minutes). */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { QuireProblem } from "./problem.ts";
import type { Document, Output } from "./types.ts";

export const download = async (send: typeof fetch, output: Pick<Output, "url">): Promise<Uint8Array> => {
  const response = await send(output.url);
  if (!response.ok) throw await QuireProblem.fromResponse(response);
  return new Uint8Array(await response.arrayBuffer());
};

/** The file name an output is saved under: the document's name (or id), its kind, and the page of a preview. */
export const outputFileName = (doc: Pick<Document, "id" | "name">, output: Pick<Output, "kind" | "page">): string => {
  // The name is the caller's text: keep it to one safe path segment.
  const base = (doc.name ?? doc.id).replace(/[^\p{L}\p{N}._ -]+/gu, "_").replace(/^[.\s]+/, "").slice(0, 120) || doc.id;
  return output.kind === "preview" ? `${base}-page-${output.page ?? 1}.png` : `${base}.${output.kind}`;
};

export interface SaveOptions {
  /** Page previews (PNG) too; by default only the document's files. */
  previews?: boolean;
}

/** Writes the document's outputs into `dir` (made if missing); returns the paths written. */
export const saveOutputs = async (send: typeof fetch, doc: Document, dir: string, options: SaveOptions = {}): Promise<string[]> => {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const output of doc.outputs ?? []) {
    if (output.kind === "preview" && !options.previews) continue;
    const file = path.join(dir, outputFileName(doc, output));
    await writeFile(file, await download(send, output));
    written.push(file);
  }
  return written;
};
