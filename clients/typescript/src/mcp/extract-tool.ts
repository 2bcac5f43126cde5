/** The extraction tool: any office file, PDF or picture read into Markdown (a read, free, nothing kept). */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Quire } from "../client.ts";
import { pendingProgressOf } from "./progress.ts";
import { extractionResult, guarded } from "./results.ts";
import { extractMarkdownInput } from "./schemas.ts";

export const registerExtractTool = (server: McpServer, quire: Quire): void => {
  server.registerTool(
    "extract_markdown",
    {
      title: "Read a file into Markdown",
      description:
        "Reads a Word, PowerPoint, Excel (also `.doc`, `.ppt`, `.xls`), PDF, text or picture file into Markdown: headings, " +
        "lists and tables kept, one section per slide or sheet, scanned pages and pictures read with OCR. Answers the text; " +
          "a long read (many scanned pages) sends progress notifications while it runs, when asked.",
      inputSchema: extractMarkdownInput,
      annotations: { readOnlyHint: true },
    },
    // A long read (202) is polled until done: progress while it runs, and a canceled call stops the polling.
    guarded(async ({ file, store }, extra) =>
      extractionResult(await quire.extract(file, { ...(store === undefined ? {} : { store }), signal: extra.signal, onPending: pendingProgressOf(extra) })),
    ),
  );
};
