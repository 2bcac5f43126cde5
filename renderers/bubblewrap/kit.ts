/**
 * The kit folder mounted at /kit in every sandbox: the runner (runner.cjs) and `quire.compile`'s bundle of our
 * TypeScript compiler (plugins/kit.ts). The sandbox has no tsx (it starts esbuild as a child process, which the
 * sandbox refuses), so esbuild's JS API bundles the compiler here, once per process, into one CommonJS file with
 * the libraries a program uses itself left out: the program and the kit then share one copy of `docx`, `pptxgenjs`
 * and `exceljs`. The folder is named after a hash of what it holds, so processes that built the same sources share
 * it and a changed source gets a new one.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { build, type Plugin } from "esbuild";

/** Loaded from node_modules by the program and the kit alike. */
const SHARED = ["docx", "pptxgenjs", "exceljs"];

/**
 * mupdf (which paints a Word document's charts) is an ES module with a top-level await, which a CommonJS bundle can
 * neither hold nor require. The runner imports it before it first requires the kit and hands it over on a global
 * symbol; the bundle's `mupdf` is that module (nothing, if it could not be loaded: a chart is then left as its table).
 */
const MUPDF_SYMBOL = "quire.mupdf";
const mupdfFromRunner: Plugin = {
  name: "mupdf-from-runner",
  setup(b) {
    b.onResolve({ filter: /^mupdf$/ }, (args) => ({ path: args.path, namespace: "runner" }));
    b.onLoad({ filter: /.*/, namespace: "runner" }, () => ({
      contents: `module.exports = globalThis[Symbol.for(${JSON.stringify(MUPDF_SYMBOL)})];`,
      loader: "js",
    }));
  },
};

export interface KitFolder {
  /** The folder to mount at /kit. */
  readonly dir: string;
}

const runnerPath = new URL("./runner.cjs", import.meta.url);

export const buildKit = async (entry: string, cacheRoot: string): Promise<KitFolder> => {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    external: SHARED,
    plugins: [mupdfFromRunner],
    write: false,
    logLevel: "silent",
  });
  const bundle = result.outputFiles[0]!.contents;
  const runner = await readFile(runnerPath);
  const hash = createHash("sha256").update(bundle).update(runner).digest("hex").slice(0, 16);
  const dir = path.join(cacheRoot, `quire-kit-${hash}`);
  if (!existsSync(path.join(dir, "runner.cjs"))) {
    // Written aside and renamed, so a process never mounts a folder another one is still writing.
    const partial = `${dir}.${process.pid}-${Date.now()}`;
    await mkdir(partial, { recursive: true });
    await writeFile(path.join(partial, "kit.cjs"), bundle);
    await writeFile(path.join(partial, "runner.cjs"), runner);
    // The sandboxed user is not the owner: everything is readable, nothing writable.
    await chmod(partial, 0o755);
    await rename(partial, dir).catch(async (error: NodeJS.ErrnoException) => {
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(path.join(dir, "runner.cjs"))) throw error;
    });
  }
  return { dir };
};
