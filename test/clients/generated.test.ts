/** The client's types are regenerated from spec/openapi.yaml: CI fails when clients/typescript is stale. */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";

const SCRIPT = resolve(import.meta.dirname, "../../clients/typescript/scripts/generate.ts");

test("clients/typescript/src/generated/openapi.ts is up to date with the spec", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", SCRIPT, "--check"], {
    cwd: resolve(import.meta.dirname, "../.."),
  }).catch((error: { stderr?: string }) => assert.fail(`stale client types:\n${error.stderr}`));
  assert.match(stdout, /up to date/);
});
