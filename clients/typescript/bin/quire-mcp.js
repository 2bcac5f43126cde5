#!/usr/bin/env node
// Runs the built MCP server (dist/) when the package was built; in the repository, the TypeScript source through
// tsx (the repository's dependency), so `quire-mcp` works without a build step.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const built = fileURLToPath(new URL("../dist/mcp/main.js", import.meta.url));
if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("../src/mcp/main.ts", import.meta.url).href);
}
