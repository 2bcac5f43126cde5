#!/usr/bin/env node
// In the repository the TypeScript source runs through tsx (the repository's dependency), so `quire-mcp` needs no
// build step and never runs a stale dist/; the published package ships only dist/, which runs as it is.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = new URL("../src/mcp/main.ts", import.meta.url);
if (existsSync(fileURLToPath(source))) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(source.href);
} else {
  await import(new URL("../dist/mcp/main.js", import.meta.url).href);
}
