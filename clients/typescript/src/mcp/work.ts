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
  // A cancel can come at any time: before the create was answered it waits for the id (onCreated), after it
  // goes at once. Either way the document is canceled, not left running until its first event.
  const cancel = () => {
    if (documentId) {
      quire.POST("/documents/{document_id}/cancel", { params: { path: { document_id: documentId } } }).catch(() => undefined);
    }
  };
  if (extra.signal.aborted) return { content: [{ type: "text", text: "Canceled before the document was created." }], isError: true };
  extra.signal.addEventListener("abort", cancel, { once: true });
  try {
    const document = await quire.createAndWait(body, {
      onCreated: (created) => {
        documentId = created.id;
        if (extra.signal.aborted) cancel();
      },
      onEvent: progress,
    });
    const report = REPORTED.has(document.status) ? await quire.getReport(document.id) : null;
    await progress.sent();
    const result = documentResult(document, report);
    // A failed or canceled document is the tool's failure: the work did not happen, and the model reads why.
    return document.status === "failed" || document.status === "canceled" ? { ...result, isError: true } : result;
  } finally {
    extra.signal.removeEventListener("abort", cancel);
  }
};
