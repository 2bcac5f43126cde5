/** @quire/client/mcp: the Quire MCP server, to connect to a transport of your own or to serve over HTTP. */
export { createMcpServer, TOOL_NAMES } from "./server.ts";
export { startHttpServer, MCP_PATH, type HttpOptions } from "./http.ts";
export {
  createArtifactInput,
  createDocumentInput,
  editDocumentInput,
  extractMarkdownInput,
  getDocumentInput,
  getReportInput,
  readArtifactDataInput,
  reviewDocumentInput,
} from "./schemas.ts";
