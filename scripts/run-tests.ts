/**
 * What the two test passes share (scripts/test.ts on SQLite, scripts/test-postgres.ts): `node --test` over the files,
 * built (scripts/build-tests.ts), three at a time, with the pass's environment, and the pass's resources released
 * after it, also when the run is interrupted: the terminal sends the signal to the test processes too, so they are
 * waited for before what they use (a shared service, a database cluster) goes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildTests } from "./build-tests.ts";

const ROOT = resolve(import.meta.dirname, "..");
/** How long each file took in the last runs of a pass (scripts/test-times.mjs writes it). */
const timesOf = (env: Record<string, string>) => join(ROOT, "node_modules", ".cache", "quire", `test-times-${env.QUIRE_TEST_DATABASE ?? "sqlite"}.json`);

/**
 * The longest files first, as the last runs measured them, so no long file is left running alone at the end; files
 * not measured yet keep the order they were given, before the others (a fresh checkout runs in the given order).
 */
const longestFirst = (files: readonly string[], path: string): string[] => {
  let times: Record<string, number> = {};
  try {
    times = JSON.parse(readFileSync(path, "utf8")) as Record<string, number>;
  } catch {
    return [...files];
  }
  const known = (f: string) => times[f] !== undefined;
  return [...files.filter((f) => !known(f)), ...files.filter(known).sort((a, b) => times[b]! - times[a]!)];
};

/** Runs the files with `env` added; `release` runs once, after them or on an interrupt. The test run's exit code. */
export const runTestFiles = async (files: readonly string[], env: Record<string, string>, release: () => Promise<void>): Promise<number> => {
  let child: ChildProcess | undefined;
  let releasing: Promise<void> | undefined;
  const once = () => (releasing ??= release());
  const interrupted = (signal: NodeJS.Signals) => {
    child?.kill(signal);
    void (child ? new Promise((r) => child!.once("exit", r)) : Promise.resolve()).then(once).then(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    // The files run built (scripts/build-tests.ts): no TypeScript loader in the test processes.
    const builtOf = await buildTests();
    const reporters = ["--test-reporter=tap", "--test-reporter-destination=stdout", "--test-reporter=./scripts/test-times.mjs", "--test-reporter-destination=/dev/null"];
    child = spawn(process.execPath, ["--test", "--test-concurrency=3", ...reporters, ...longestFirst(files, timesOf(env)).map(builtOf)], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, QUIRE_TEST_TIMES: timesOf(env), ...env },
    });
    return await new Promise<number>((r) => child!.once("exit", (code, signal) => r(code ?? (signal ? 1 : 0))));
  } finally {
    await once();
  }
};
