/** The extraction tool: any office file, PDF or picture read into Markdown (a read, free, nothing kept). */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Quire } from "../client.ts";
import { extractionResult, guarded } from "./results.ts";
import { extractMarkdownInput } from "./schemas.ts";

export const registerExtractTool = (server: McpServer, quire: Quire): void => {
  server.registerTool(
    "extract_markdown",
    {
      title: "Read a file into Markdown",
      description:
        "Reads a Word, PowerPoint, Excel (also `.doc`, `.ppt`, `.xls`), PDF, text or picture file into Markdown: headings, " +
        "lists and tables kept, one section per slide or sheet, scanned pages and pictures read with OCR. Answers the text.",
      inputSchema: extractMarkdownInput,
      annotations: { readOnlyHint: true },
    },
    guarded(async ({ file, store }) => extractionResult(await quire.extract(file, store === undefined ? {} : { store }))),
  );
};
