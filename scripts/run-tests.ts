/**
 * What the two test passes share (scripts/test.ts on SQLite, scripts/test-postgres.ts): `node --test` over the files,
 * built (scripts/build-tests.ts), three processes at a time, the files that test modules in process grouped into a
 * few processes (scripts/test-groups.ts), with the pass's environment, and the pass's resources released after it,
 * also when the run is interrupted: the terminal sends the signal to the test processes too, so they are waited for
 * before what they use (a shared service, a database cluster) goes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildTests } from "./build-tests.ts";
import { testUnits, type TestUnit } from "./test-groups.ts";

const ROOT = resolve(import.meta.dirname, "..");
const passOf = (env: Record<string, string>) => env.QUIRE_TEST_DATABASE ?? "sqlite";
/** How long each file took in the last runs of a pass on this machine (scripts/test-times.mjs writes it). */
const timesOf = (env: Record<string, string>) => join(ROOT, "node_modules", ".cache", "quire", `test-times-${passOf(env)}.json`);
/**
 * The same figures kept in the repository, for a fresh checkout (CI's every run): without them the groups were dealt
 * out blind and the longest files started last. Refreshed by copying a full run's cache here (docs/architecture.md).
 */
const keptTimesOf = (env: Record<string, string>) => join(ROOT, "scripts", "test-times", `${passOf(env)}.json`);

const readTimes = (path: string): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
};
/** What the last runs measured of each file, in milliseconds: this machine's figures over the kept ones. */
const timesFor = (env: Record<string, string>) => ({ ...readTimes(keptTimesOf(env)), ...readTimes(timesOf(env)) });

/**
 * The built file a process runs for each unit (scripts/test-groups.ts): the file itself, or for a group a file that
 * imports its files' built modules, written beside them (`groups/`) and removed by `release`.
 */
const processFiles = (units: readonly TestUnit[], builtOf: (file: string) => string): { paths: string[]; remove: () => void } => {
  const dir = join(dirname(builtOf("x.ts")), "groups", String(process.pid));
  const paths = units.map((unit, i) => {
    if (unit.files.length === 1) return builtOf(unit.files[0]!);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `group-${i}.test.mjs`);
    writeFileSync(path, unit.files.map((f) => `import ${JSON.stringify(pathToFileURL(builtOf(f)).href)};\n`).join(""));
    return path;
  });
  return { paths, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

/** Runs the files with `env` added; `release` runs once, after them or on an interrupt. The test run's exit code. */
export const runTestFiles = async (files: readonly string[], env: Record<string, string>, release: () => Promise<void>): Promise<number> => {
  let child: ChildProcess | undefined;
  let releasing: Promise<void> | undefined;
  let written: { remove: () => void } | undefined;
  const once = () => (releasing ??= (written?.remove(), release()));
  const interrupted = (signal: NodeJS.Signals) => {
    child?.kill(signal);
    void (child ? new Promise((r) => child!.once("exit", r)) : Promise.resolve()).then(once).then(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    // The files run built (scripts/build-tests.ts): no TypeScript loader in the test processes.
    const builtOf = await buildTests();
    const run = (written = processFiles(testUnits(files, timesFor(env)), builtOf));
    const reporters = ["--test-reporter=tap", "--test-reporter-destination=stdout", "--test-reporter=./scripts/test-times.mjs", "--test-reporter-destination=/dev/null"];
    child = spawn(process.execPath, ["--test", "--test-concurrency=3", ...reporters, ...run.paths], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, QUIRE_TEST_TIMES: timesOf(env), ...env },
    });
    return await new Promise<number>((r) => child!.once("exit", (code, signal) => r(code ?? (signal ? 1 : 0))));
  } finally {
    await once();
  }
};
