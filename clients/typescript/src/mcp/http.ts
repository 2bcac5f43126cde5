/**
 * `quire-mcp --http`: the MCP server over streamable HTTP at `/mcp`, stateless (a fresh server and transport per
 * POST, as the SDK's stateless pattern does), so any number of hosts can share one process. Each request may
 * bring its own Quire key as `Authorization: Bearer <key>`; the configured key serves requests without one.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createQuire } from "../client.ts";
import { createMcpServer } from "./server.ts";

export const MCP_PATH = "/mcp";

// A base64 file of the spec's 20 MB limit is about 27 MB of JSON; the transport's own default is 4 MiB.
const MAX_BODY = 32 * 1024 * 1024;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export interface HttpOptions {
  port: number;
  host: string;
  apiKey: string;
  baseUrl: string;
}

const jsonRpcError = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
};

const bearerOf = (req: IncomingMessage): string | undefined => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];

/**
 * A server bound to loopback answers only requests addressed to loopback: a web page whose name was rebound to
 * 127.0.0.1 (DNS rebinding) would otherwise reach the tools with the configured key.
 */
const hostAllowed = (req: IncomingMessage, bound: string): boolean => {
  if (!LOOPBACK.has(bound)) return true;
  const hostname = (req.headers.host ?? "").replace(/:\d+$/, "");
  return LOOPBACK.has(hostname);
};

export const startHttpServer = (options: HttpOptions): Promise<Server> => {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path !== MCP_PATH) return jsonRpcError(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (!hostAllowed(req, options.host)) return jsonRpcError(res, 403, "Forbidden: this server answers loopback hosts only");
    // Stateless: no session to resume (GET) or end (DELETE).
    if (req.method !== "POST") return jsonRpcError(res, 405, "Method not allowed", { Allow: "POST" });
    const apiKey = bearerOf(req) ?? options.apiKey;
    if (!apiKey) return jsonRpcError(res, 401, "No Quire API key: send Authorization: Bearer <key> or start quire-mcp with one", { "WWW-Authenticate": "Bearer" });
    const server = createMcpServer(createQuire({ apiKey, baseUrl: options.baseUrl }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, maxRequestBodySize: MAX_BODY });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };
  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) jsonRpcError(res, 500, error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, options.host, () => resolve(http));
  });
};
