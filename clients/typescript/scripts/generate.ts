/**
 * Generates `src/generated/openapi.ts` (the client's `paths`, `components` and `operations` types) from
 * `spec/openapi.yaml`, the contract the client is typed against.
 *
 * Usage: `npm run generate:client` writes the file; with `--check` it writes nothing and exits 1 when the
 * file differs from what the spec gives, so CI fails when the client is stale. Output is deterministic.
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import openapiTS, { astToString } from "openapi-typescript";

const PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPEC_PATH = path.resolve(PACKAGE, "..", "..", "spec", "openapi.yaml");
const OUT_PATH = path.join(PACKAGE, "src", "generated", "openapi.ts");
const HEADER = "// generated from spec/openapi.yaml by npm run generate:client — do not edit\n";

async function buildClientTypes(): Promise<string> {
  const spec = YAML.parse(await readFile(SPEC_PATH, "utf8")) as Parameters<typeof openapiTS>[0];
  const ast = await openapiTS(spec, {
    silent: true,
    // A `default` is what the server assumes when a field is absent; the field stays optional.
    defaultNonNullable: false,
  });
  return HEADER + astToString(ast);
}

async function main(): Promise<void> {
  const content = await buildClientTypes();
  const relative = path.relative(process.cwd(), OUT_PATH);
  if (process.argv.includes("--check")) {
    const current = await readFile(OUT_PATH, "utf8").catch(() => null);
    if (current !== content) {
      console.error(`${relative} is not up to date with spec/openapi.yaml (run npm run generate:client)`);
      process.exit(1);
    }
    console.log(`${relative} is up to date`);
    return;
  }
  await mkdir(path.dirname(OUT_PATH), { recursive: true });
  await writeFile(OUT_PATH, content);
  console.log(`wrote ${relative}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
