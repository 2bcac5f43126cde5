/**
 * Builds the service into files under dist/: `server.mjs` (the process `npm start` runs), `thread.mjs` (what each
 * worker thread loads, the task table and its handler), `cli.mjs` (the operator's `quire` command on the store) and
 * `start.mjs` (the service's start alone, which tests run in their own process), and the client package's command
 * line and MCP server under `client/`. Node 20 runs TypeScript only through a loader whose
 * hooks see every module the process imports, ours and node_modules' alike: starting the service that way cost about
 * 5.5 s of CPU in the main thread and as much again in each worker thread; the built files start in about half.
 * npm packages stay outside the files and load as Node loads them.
 *
 * Files read beside a module (LibreOffice's worker.py, the sandbox's runner, the artifact's scripts) are found from
 * `import.meta.url`: each module's own URL is written into it, so they are read where they are in the repository.
 *
 * Built again whenever a source file is newer than the build (a second or two), so `npm start` and the tests that
 * start the service never run stale code; written aside and renamed, so processes building at once never see half a
 * file. Source maps are written beside the files: `node --enable-source-maps dist/server.mjs` gives stack traces in
 * the TypeScript (not on by default: it costs a third of a second in every thread).
 */
import { build, type Plugin } from "esbuild";
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { randomUUID } from "node:crypto";
import { buildIfStale } from "./build-lock.ts";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "dist");
export const SOURCES = ["core", "server", "plugins", "renderers", "generated", "cli", "clients/typescript/src"];
const ENTRIES = {
  server: "server/main.ts",
  thread: "server/work/thread.ts",
  cli: "cli/quire.ts",
  start: "server/start.ts",
  // The client package's command line and MCP server, as the tests run them many times (the package's own launchers
  // in bin/ run its source through a loader, a second of CPU each time, and are tested once each).
  "client/quire": "clients/typescript/src/cli/main.ts",
  "client/quire-mcp": "clients/typescript/src/mcp/main.ts",
};

/** The newest modification time among the sources (or the folders given) and the package manifest. */
export const newestSource = (sources: readonly string[] = SOURCES) => {
  let newest = statSync(join(ROOT, "package.json")).mtimeMs;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of sources) walk(join(ROOT, dir));
  return newest;
};

const builtAt = () => {
  try {
    return Math.min(...Object.keys(ENTRIES).map((name) => statSync(join(OUT, `${name}.mjs`)).mtimeMs));
  } catch {
    return 0;
  }
};

/** Each module keeps its own URL, folder and name, not the bundle's, for the files it reads beside it. */
export const ownUrl: Plugin = {
  name: "own-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes("node_modules")) return undefined;
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.")) return undefined;
      const own = { url: pathToFileURL(args.path).href, dirname: dirname(args.path), filename: args.path };
      const contents = text.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, name: keyof typeof own) => JSON.stringify(own[name]));
      return { contents, loader: args.path.endsWith("ts") ? "ts" : "js" };
    });
  },
};

/** Builds dist/ when a source changed since the last build; returns whether it built. */
export const buildService = ({ force = false }: { force?: boolean } = {}): Promise<boolean> =>
  buildIfStale("service", () => force || builtAt() <= newestSource(), bundleService);

const bundleService = async () => {
  const staging = join(OUT, `.build-${randomUUID()}`);
  await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: staging,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: false,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [ownUrl],
    // The service's threads load the thread module built beside it (server/start.ts).
    define: { "process.env.QUIRE_BUILT_THREAD": JSON.stringify(pathToFileURL(join(OUT, "thread.mjs")).href) },
  });
  mkdirSync(join(OUT, "client"), { recursive: true });
  for (const name of Object.keys(ENTRIES)) {
    renameSync(join(staging, `${name}.mjs.map`), join(OUT, `${name}.mjs.map`));
    renameSync(join(staging, `${name}.mjs`), join(OUT, `${name}.mjs`));
  }
  rmSync(staging, { recursive: true, force: true });
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildService({ force: process.argv.includes("--force") });
