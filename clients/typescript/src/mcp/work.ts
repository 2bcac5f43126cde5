/**
 * Long work (create, review, edit): the document is made in the background with the client's `createAndWait`,
 * its events become progress notifications, and the finished document comes back with its report. When the
 * host cancels the tool call, the document is canceled too, so nothing keeps running (and charging) unseen.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Quire } from "../client.ts";
import type { CreateDocumentRequest } from "../types.ts";
import { progressOf, type Extra } from "./progress.ts";
import { documentResult, REPORTED } from "./results.ts";

export const runDocument = async (quire: Quire, body: CreateDocumentRequest, extra: Extra): Promise<CallToolResult> => {
  const progress = progressOf(extra);
  let documentId: string | undefined;
  const cancel = () => {
    if (documentId) {
      quire.POST("/documents/{document_id}/cancel", { params: { path: { document_id: documentId } } }).catch(() => undefined);
    }
  };
  extra.signal.addEventListener("abort", cancel, { once: true });
  try {
    const document = await quire.createAndWait(body, {
      onEvent: (event) => {
        documentId = event.document_id;
        progress(event);
      },
    });
    const report = REPORTED.has(document.status) ? await quire.getReport(document.id) : null;
    const result = documentResult(document, report);
    // A failed or canceled document is the tool's failure: the work did not happen, and the model reads why.
    return document.status === "failed" || document.status === "canceled" ? { ...result, isError: true } : result;
  } finally {
    extra.signal.removeEventListener("abort", cancel);
  }
};
