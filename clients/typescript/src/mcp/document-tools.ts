/** The document tools: create, review and edit (long work, with progress), and reading a document or its report. */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Quire } from "../client.ts";
import { documentResult, guarded, reportResult } from "./results.ts";
import { createDocumentInput, editDocumentInput, getDocumentInput, getReportInput, reviewDocumentInput } from "./schemas.ts";
import { runDocument } from "./work.ts";

const FINISHED =
  "Waits until the document is finished (sending progress notifications when asked) and answers its download " +
  "links (signed, valid 5 minutes, no key needed) and the report's findings.";

export const registerDocumentTools = (server: McpServer, quire: Quire): void => {
  server.registerTool(
    "create_document",
    {
      title: "Create a document",
      description:
        "Creates a Word (docx), PowerPoint (pptx), Excel (xlsx) or PDF document from your own Markdown (`content.markdown`) " +
        "or from a `prompt` a model writes from (exactly one of the two), optionally with `sources` to write from and a " +
        `free-word \`style\`. ${FINISHED}`,
      inputSchema: createDocumentInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    guarded((args, extra) => runDocument(quire, { operation: "create", ...args }, extra)),
  );

  server.registerTool(
    "review_document",
    {
      title: "Review a document",
      description:
        "Checks a Word, PowerPoint, Excel or PDF file, repairs the safe structural problems (never the text or the " +
        `values) and reports the rest and the key data (amounts, dates, tax ids). No model is involved. ${FINISHED}`,
      inputSchema: reviewDocumentInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    guarded((args, extra) => runDocument(quire, { operation: "review", ...args }, extra)),
  );

  server.registerTool(
    "edit_document",
    {
      title: "Edit a document",
      description:
        "Applies the changes a `prompt` asks for to a Word, PowerPoint or Excel file and leaves the rest of the file " +
        "byte-identical; tracked changes and comments when the prompt asks for them. The report lists each change " +
        `asked for and what became of it. ${FINISHED}`,
      inputSchema: editDocumentInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    guarded((args, extra) => runDocument(quire, { operation: "edit", ...args }, extra)),
  );

  server.registerTool(
    "get_document",
    {
      title: "Get a document",
      description: "A document's status and, once finished, fresh download links of its outputs (earlier links expire after 5 minutes).",
      inputSchema: getDocumentInput,
      annotations: { readOnlyHint: true },
    },
    guarded(async ({ document_id }) => documentResult(await quire.getDocument(document_id))),
  );

  server.registerTool(
    "get_report",
    {
      title: "Get a document's report",
      description:
        "What was found, repaired and changed in a finished document: the issues left (severity, code, message, " +
        "pages), the repairs, the key data, the edits asked for and what was neutralised before opening.",
      inputSchema: getReportInput,
      annotations: { readOnlyHint: true },
    },
    guarded(async ({ document_id }) => reportResult(await quire.getReport(document_id))),
  );
};
