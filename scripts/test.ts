/**
 * `npm test`: every test file on SQLite, three at a time, the longest first as the last run measured them
 * (scripts/run-tests.ts); without figures, the service suites, then the review corpus, then the rest. Before them it
 * builds the service once (scripts/build.ts) and starts the one service the files without settings of their own share
 * (test/support/shared-service.ts), and stops it after them, also when the run is interrupted.
 *
 * Files named on the command line replace the default selection (`npm test -- test/server/formats.test.ts`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildService } from "./build.ts";
import { runTestFiles } from "./run-tests.ts";
import { testFiles } from "./build-tests.ts";
import { startService, type Service } from "../test/support/service.ts";
import { SHARED_ENV, SHARED_VARIABLE, type SharedPlace } from "../test/support/shared-service.ts";

const ROOT = resolve(import.meta.dirname, "..");
const CORPUS = "test/core/review/corpus.test.ts";

/** The PostgreSQL files run in the other pass (scripts/test-postgres.ts). */
const defaultFiles = () => {
  const all = testFiles(join(ROOT, "test")).sort();
  const services = all.filter((f) => f.startsWith("test/server/") && !/\/postgres[^/]*\.test\.ts$/.test(f));
  return [...services, CORPUS, ...all.filter((f) => !f.startsWith("test/server/") && f !== CORPUS)];
};

const main = async (): Promise<number> => {
  const files = process.argv.length > 2 ? process.argv.slice(2) : defaultFiles();
  await buildService();
  const logDir = mkdtempSync(join(tmpdir(), "quire-shared-"));
  const logFile = join(logDir, "service.log");
  let shared: Service | undefined;
  const release = async () => {
    await shared?.stop();
    rmSync(logDir, { recursive: true, force: true });
  };
  try {
    shared = await startService({ ...SHARED_ENV }, { logFile });
  } catch (error) {
    await release();
    throw error;
  }
  const place: SharedPlace = { origin: shared.origin, dataDir: shared.dataDir, databaseUrl: shared.databaseUrl, logFile, env: shared.env };
  // One LibreOffice for each file that converts (renderers/libreoffice/pool.ts), unless the run says otherwise.
  return runTestFiles(files, { QUIRE_CONVERTERS: process.env.QUIRE_CONVERTERS ?? "1", [SHARED_VARIABLE]: JSON.stringify(place) }, release);
};

process.exitCode = await main();
