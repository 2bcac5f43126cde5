/**
 * The store's contract tests and the service's multi-instance tests on PostgreSQL (issues 18 and 31), run by
 * `make test` beside the SQLite suites: one throwaway cluster for the whole run (test/support/postgres.ts: `initdb`
 * in a temporary folder, a free port), its admin URL handed to the test processes in QUIRE_TEST_PG_URL so every
 * service and store-level test makes a fresh database of its own on it (test/support/store.ts), and the cluster
 * stopped and removed at the end, also when a test fails or the run is interrupted. A cluster per test file would
 * cost seconds each.
 *
 * Files named on the command line replace the default selection (`npm run test:postgres -- test/server/files.test.ts`).
 * Where PostgreSQL is not installed, the run says so and passes, as test/server/postgres.test.ts does.
 */
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { postgresAvailable, startCluster, type Cluster } from "../test/support/postgres.ts";
import { runTestFiles } from "./run-tests.ts";

const ROOT = resolve(import.meta.dirname, "..");

/**
 * What could differ between the two stores is tested where it lives: the store-level contract tests (documents and
 * their jobs, events, outputs, keys and retention; jobs' recovery; keys and sessions; webhook deliveries; rate
 * limits; artifacts' records), each on a fresh database of the run's cluster, and the service on PostgreSQL with two
 * instances sharing one database (test/server/postgres.test.ts). The HTTP suites run once, on SQLite: the edge asks
 * the same store functions whichever store is behind them (scripts/check-edge-sql.ts keeps it so).
 */
const STORE_TESTS = [
  "test/core/limits/rate.test.ts",
  "test/core/jobs/recover.test.ts",
  "test/core/auth/authenticate.test.ts",
  "test/core/webhooks/deliverer.test.ts",
  ...readdirSync(join(ROOT, "test/core/documents"))
    .filter((f) => f.startsWith("store-") && f.endsWith(".test.ts"))
    .map((f) => `test/core/documents/${f}`),
  ...readdirSync(join(ROOT, "test/core/artifacts"))
    .filter((f) => f.endsWith(".test.ts") && f !== "rate.test.ts")
    .map((f) => `test/core/artifacts/${f}`),
];

/** The service on PostgreSQL, one instance and then two; the slowest file, so it starts first. */
const SERVICE_TESTS = ["test/server/postgres.test.ts"];

const defaultFiles = () => [...SERVICE_TESTS, ...STORE_TESTS.sort()];

const main = async (): Promise<number> => {
  if (!postgresAvailable()) {
    console.log("# the suites on PostgreSQL: skipped, PostgreSQL is not installed (Debian package postgresql)");
    return 0;
  }
  const files = process.argv.length > 2 ? process.argv.slice(2) : defaultFiles();
  // Three test files at once, two services sharing a database among them (pools, worker threads, listeners): more than the default 100.
  const cluster: Cluster = await startCluster({ settings: ["max_connections=400"] });
  console.log(`# the suites on PostgreSQL (cluster on port ${cluster.port}): ${files.length} files`);
  return runTestFiles(files, { QUIRE_TEST_DATABASE: "postgres", QUIRE_TEST_PG_URL: `postgres://quire@127.0.0.1:${cluster.port}/postgres` }, cluster.stop);
};

process.exitCode = await main();
