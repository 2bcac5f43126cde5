/** Uploading input files (multipart POST /files) and reading files into Markdown (POST /extract). */
import type { Api } from "./api.ts";
import type { Extraction, FileRef, QuireFile } from "./types.ts";

export const uploadFile = async (api: Api, bytes: Uint8Array | Blob, filename: string): Promise<QuireFile> => {
  const form = new FormData();
  form.append("file", bytes instanceof Blob ? bytes : new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
  // The typed body is the spec's multipart object; the form itself is what goes on the wire.
  const { data } = await api.POST("/files", { body: { file: filename }, bodySerializer: () => form });
  return data!;
};

const POLL_MS = 2_000;

/** The Markdown of a file; a long read (202) is collected with GET /extract/{id} until it is done. */
export const extractMarkdown = async (api: Api, file: FileRef, options: { store?: boolean } = {}): Promise<Extraction> => {
  const { data } = await api.POST("/extract", { body: { file, ...options } });
  let result = data!;
  // Both answers say `object: extraction`; only the finished one carries the text.
  while (!("markdown" in result)) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    result = (await api.GET("/extract/{id}", { params: { path: { id: result.id } } })).data!;
  }
  return result;
};
