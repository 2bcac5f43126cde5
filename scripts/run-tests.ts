/**
 * What the two test passes share (scripts/test.ts on SQLite, scripts/test-postgres.ts): `node --test` over the files,
 * built (scripts/build-tests.ts), three at a time, with the pass's environment, and the pass's resources released after it, also when the run is
 * interrupted: the terminal sends the signal to the test processes too, so they are waited for before what they use
 * (a shared service, a database cluster) goes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { buildTests } from "./build-tests.ts";

const ROOT = resolve(import.meta.dirname, "..");

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
    child = spawn(process.execPath, ["--test", "--test-concurrency=3", ...files.map(builtOf)], { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
    return await new Promise<number>((r) => child!.once("exit", (code, signal) => r(code ?? (signal ? 1 : 0))));
  } finally {
    await once();
  }
};
