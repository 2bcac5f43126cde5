/**
 * Builds the test files for the test runs (issue 31): each file bundled with what it imports of ours (npm packages
 * stay outside), the shared code in common chunks, under dist/tests/<stamp>/ with the repository's layout
 * (`test/x/y.test.ts` → `test/x/y.test.mjs`). A test process then loads a few chunks instead of hundreds of TypeScript
 * modules through a loader: measured on the module graph of the format plugins and operations, 6.2 s of CPU through
 * tsx and 2.6 s built, in each of the suite's two hundred processes that load it.
 *
 * Every module keeps its own `import.meta.url` and folder (scripts/build.ts), so fixtures, worker scripts and the
 * service's build are found where they are in the repository. The stamp is the newest source's time; on a change the
 * first pass of `make test` to ask builds it and the other waits for that build (scripts/build-lock.ts).
 */
import { build } from "esbuild";
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { randomUUID } from "node:crypto";
import { newestSource, ownUrl, SOURCES as SERVICE_SOURCES } from "./build.ts";
import { buildIfStale } from "./build-lock.ts";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "dist", "tests");
/** What the tests import beside the service: the client package, the scripts and the tests themselves. */
const SOURCES = [...SERVICE_SOURCES, "clients", "scripts", "test"];

/** Every test file under `dir`, as a path from the repository's root. */
export const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith(".test.ts") ? [relative(ROOT, join(dir, entry.name))] : [],
  );

/** Builds every test file when a source changed; a function from a test file's path to its built file. */
export const buildTests = async (): Promise<(file: string) => string> => {
  const stamp = String(Math.floor(newestSource(SOURCES)));
  const dir = join(OUT, stamp);
  const builtOf = (file: string) => join(dir, file.replace(/\.ts$/, ".mjs"));
  await buildIfStale("tests", () => !existsSync(dir), () => bundleTests(stamp, dir));
  return builtOf;
};

const bundleTests = async (stamp: string, dir: string) => {
  const staging = join(OUT, `.build-${randomUUID()}`);
  await build({
    absWorkingDir: ROOT,
    entryPoints: testFiles(join(ROOT, "test")),
    outbase: ROOT,
    outdir: staging,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
    plugins: [ownUrl],
  });
  try {
    renameSync(staging, dir);
  } catch (error) {
    // The other pass landed the same build first.
    if (!["ENOTEMPTY", "EEXIST"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
    rmSync(staging, { recursive: true, force: true });
  }
  for (const old of readdirSync(OUT)) if (old !== stamp && !old.startsWith(".build-")) rmSync(join(OUT, old), { recursive: true, force: true });
};
