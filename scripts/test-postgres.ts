/**
 * The store, service and contract suites once more on PostgreSQL (issue 18), the second half of `make test`: one
 * throwaway cluster for the whole run (test/support/postgres.ts: `initdb` in a temporary folder, a free port), its
 * admin URL handed to the test processes in QUIRE_TEST_PG_URL so every service and store-level test makes a fresh
 * database of its own on it (test/support/store.ts), and the cluster stopped and removed at the end, also when a
 * test fails or the run is interrupted. A cluster per test file would cost seconds each.
 *
 * Files named on the command line replace the default selection (`npm run test:postgres -- test/server/files.test.ts`).
 * Where PostgreSQL is not installed, the run says so and passes, as test/server/postgres.test.ts does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { postgresAvailable, startCluster, type Cluster } from "../test/support/postgres.ts";

const ROOT = resolve(import.meta.dirname, "..");

/**
 * The service suites that read or write little of the store beyond creating a document: rendering and pictures
 * (formats, web-images), hostile and oversized input (hostile, hardening), the engines. They exercise nothing SQLite
 * and PostgreSQL do differently, and running them twice would add minutes to `make test`. postgres.test.ts starts
 * its own cluster and runs in the first half.
 */
const SQLITE_ONLY = new Set(["postgres", "formats", "web-images", "hostile", "hardening", "engines"]);

/** The store-level tests that open a real database (the rest of test/core works on fakes or in memory). */
const STORE_TESTS = [
  "test/core/limits/rate.test.ts",
  "test/core/jobs/recover.test.ts",
  "test/core/auth/authenticate.test.ts",
  "test/core/webhooks/deliverer.test.ts",
  ...readdirSync(join(ROOT, "test/core/artifacts"))
    .filter((f) => f.endsWith(".test.ts") && f !== "rate.test.ts")
    .map((f) => `test/core/artifacts/${f}`),
];

const defaultFiles = () => [
  ...readdirSync(join(ROOT, "test/server"))
    .filter((f) => f.endsWith(".test.ts") && !SQLITE_ONLY.has(f.replace(/\.test\.ts$/, "")))
    .sort()
    .map((f) => `test/server/${f}`),
  ...STORE_TESTS.sort(),
];

const main = async (): Promise<number> => {
  if (!postgresAvailable()) {
    console.log("# the suites on PostgreSQL: skipped, PostgreSQL is not installed (Debian package postgresql)");
    return 0;
  }
  const files = process.argv.length > 2 ? process.argv.slice(2) : defaultFiles();
  // Three test files at once, each with a service or two (a pool, worker threads, a listener): more than the default 100.
  const cluster: Cluster = await startCluster({ settings: ["max_connections=400"] });
  let child: ChildProcess | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= cluster.stop());
  const interrupted = (signal: NodeJS.Signals) => {
    // The terminal sent the signal to the test processes too; wait for them before removing their databases.
    child?.kill(signal);
    void (child ? new Promise((r) => child!.once("exit", r)) : Promise.resolve()).then(stop).then(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    console.log(`# the suites on PostgreSQL (cluster on port ${cluster.port}): ${files.length} files`);
    child = spawn(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=3", ...files], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, QUIRE_TEST_DATABASE: "postgres", QUIRE_TEST_PG_URL: `postgres://quire@127.0.0.1:${cluster.port}/postgres` },
    });
    const code = await new Promise<number>((r) => child!.once("exit", (c, signal) => r(c ?? (signal ? 1 : 0))));
    return code;
  } finally {
    await stop();
  }
};

process.exitCode = await main();
