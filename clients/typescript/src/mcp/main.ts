/**
 * `quire-mcp`: the Quire MCP server, over stdio by default (what agent hosts start by command) or over streamable
 * HTTP with `--http`. Over stdio, stdout carries the protocol only: everything for people goes to stderr.
 */
import type { AddressInfo } from "node:net";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createQuire } from "../client.ts";
import { MCP_PATH, startHttpServer } from "./http.ts";
import { McpUsageError, parseMcpOptions, USAGE } from "./options.ts";
import { createMcpServer } from "./server.ts";

const main = async (): Promise<void> => {
  const options = parseMcpOptions(process.argv.slice(2), process.env);
  if (options.help) {
    process.stderr.write(USAGE);
    return;
  }
  if (options.http) {
    const http = await startHttpServer(options);
    const { port } = http.address() as AddressInfo;
    // The line a script waits for to learn the port (with --port 0, one the system chose).
    process.stderr.write(`quire-mcp listening on http://${options.host}:${port}${MCP_PATH}\n`);
    const stop = () => http.close(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    return;
  }
  const server = createMcpServer(createQuire({ apiKey: options.apiKey, baseUrl: options.baseUrl }));
  await server.connect(new StdioServerTransport());
};

main().catch((error: unknown) => {
  process.stderr.write(`quire-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof McpUsageError) process.stderr.write(USAGE);
  process.exit(2);
});
