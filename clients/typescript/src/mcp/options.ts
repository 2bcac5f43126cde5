/** `quire-mcp`'s flags, and where the key and the base address come from (flags first, then the environment). */
import { parseArgs } from "node:util";
import { DEFAULT_BASE_URL } from "../api.ts";

export interface McpOptions {
  /** Streamable HTTP on `host:port` at `/mcp` instead of stdio. */
  http: boolean;
  port: number;
  host: string;
  /** May be empty over HTTP, where each request can bring its own key. */
  apiKey: string;
  baseUrl: string;
  help: boolean;
}

export const USAGE = `quire-mcp: the Quire MCP server (tools create_document, review_document, edit_document,
extract_markdown, get_document, get_report, create_artifact, read_artifact_data)

usage: quire-mcp [--api-key <key>] [--base-url <url>]        stdio (what agent hosts start by command)
       quire-mcp --http [--port 3333] [--host 127.0.0.1]     streamable HTTP at http://<host>:<port>/mcp

  --api-key <key>   default: $QUIRE_API_KEY (over HTTP, a request's "Authorization: Bearer <key>" wins)
  --base-url <url>  default: $QUIRE_BASE_URL or ${DEFAULT_BASE_URL}
`;

export class McpUsageError extends Error {}

export const parseMcpOptions = (argv: string[], env: NodeJS.ProcessEnv): McpOptions => {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        http: { type: "boolean", default: false },
        port: { type: "string", default: "3333" },
        host: { type: "string", default: "127.0.0.1" },
        "api-key": { type: "string" },
        "base-url": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    throw new McpUsageError((error as Error).message);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new McpUsageError(`--port must be a port number, not ${values.port}`);
  const options: McpOptions = {
    http: values.http,
    port,
    host: values.host,
    apiKey: values["api-key"] ?? env.QUIRE_API_KEY ?? "",
    baseUrl: values["base-url"] ?? env.QUIRE_BASE_URL ?? DEFAULT_BASE_URL,
    help: values.help,
  };
  // Over stdio there is no request to bring a key: without one every tool would fail, so refuse to start.
  if (!options.help && !options.http && !options.apiKey) throw new McpUsageError("no API key: pass --api-key or set QUIRE_API_KEY");
  return options;
};
