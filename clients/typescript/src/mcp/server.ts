/** The Quire MCP server: the eight tools over one typed client, ready to connect to any MCP transport. */
import { readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Quire } from "../client.ts";
import { registerArtifactTools } from "./artifact-tools.ts";
import { registerDocumentTools } from "./document-tools.ts";
import { registerExtractTool } from "./extract-tool.ts";

// src/mcp/ and dist/mcp/ sit at the same depth, so the package's own version is found from either.
const VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

export const TOOL_NAMES = [
  "create_document",
  "review_document",
  "edit_document",
  "extract_markdown",
  "get_document",
  "get_report",
  "create_artifact",
  "read_artifact_data",
] as const;

export const createMcpServer = (quire: Quire): McpServer => {
  const server = new McpServer(
    { name: "quire", title: "Quire documents", version: VERSION },
    {
      instructions:
        "Quire makes, reviews, edits and reads office documents. Give a file as a file id, a document id (`doc_…`, " +
        "reuse the id of a document made earlier), `{url}` or `{data, filename}` with base64 bytes. Download links " +
        "in answers are signed and last 5 minutes; get_document gives fresh ones.",
    },
  );
  registerDocumentTools(server, quire);
  registerExtractTool(server, quire);
  registerArtifactTools(server, quire);
  return server;
};
