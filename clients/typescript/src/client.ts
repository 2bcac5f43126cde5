/**
 * `createQuire`: the typed client (every path of the spec, as openapi-fetch's GET/POST/… methods) plus helpers
 * for the common flows, all sharing one key, one retrying fetch and the same Problem errors.
 */
import { createApi, sendingFetch, type Api, type QuireOptions } from "./api.ts";
import { createAndWait, type WaitOptions } from "./create-and-wait.ts";
import { followEvents, type FollowOptions } from "./events.ts";
import { extractMarkdown, uploadFile, type ExtractOptions } from "./files.ts";
import { download, saveOutputs, type SaveOptions } from "./outputs.ts";
import type { CreateDocumentRequest, Document, DocumentEvent, Extraction, FileRef, Output, QuireFile, Report } from "./types.ts";

export interface QuireHelpers {
  createAndWait(body: CreateDocumentRequest, options?: WaitOptions): Promise<Document>;
  followEvents(documentId: string, onEvent?: (event: DocumentEvent) => void, options?: FollowOptions): Promise<DocumentEvent>;
  download(output: Pick<Output, "url">): Promise<Uint8Array>;
  saveOutputs(doc: Document, dir: string, options?: SaveOptions): Promise<string[]>;
  uploadFile(bytes: Uint8Array | Blob, filename: string): Promise<QuireFile>;
  extract(file: FileRef, options?: ExtractOptions): Promise<Extraction>;
  getDocument(documentId: string): Promise<Document>;
  getReport(documentId: string): Promise<Report>;
}

export type Quire = Api & QuireHelpers;

export const createQuire = (options: QuireOptions): Quire => {
  const send = sendingFetch(options);
  const api = createApi(options, send);
  const helpers: QuireHelpers = {
    createAndWait: (body, waitOptions) => createAndWait(api, body, waitOptions),
    followEvents: (documentId, onEvent, followOptions) => followEvents(api, documentId, onEvent, followOptions),
    download: (output) => download(send, output),
    saveOutputs: (doc, dir, saveOptions) => saveOutputs(send, doc, dir, saveOptions),
    uploadFile: (bytes, filename) => uploadFile(api, bytes, filename),
    extract: (file, extractOptions) => extractMarkdown(api, file, extractOptions),
    getDocument: async (documentId) =>
      (await api.GET("/documents/{document_id}", { params: { path: { document_id: documentId } } })).data!,
    getReport: async (documentId) =>
      (await api.GET("/documents/{document_id}/report", { params: { path: { document_id: documentId } } })).data!,
  };
  return Object.assign(api, helpers);
};
