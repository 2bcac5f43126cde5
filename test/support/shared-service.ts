/**
 * One service for the test files that need nothing of their own (issue 31: a real service start costs seconds of
 * CPU, and the suite started dozens). `make test` starts it once (scripts/test.ts) and hands its place down in
 * QUIRE_TEST_SHARED_SERVICE; each file that asks for it gets two organizations of its own on it ("acme" and "globex"
 * for that file, fresh keys), so lists, balances and rate limits stay the file's, while the files run at once against
 * one process. A file run alone starts a service of its own with the same settings.
 *
 * A shared service is never stopped, killed or restarted by a test: files that need that, or other settings, start
 * their own with `startService`.
 */
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { newKey, serviceAt, startService, type Service } from "./service.ts";
import { withStore } from "./store.ts";
import { ensureApiKeys } from "../../core/auth/tenancy.ts";

/**
 * The shared service's settings beyond startService's own: URLs on loopback may be fetched, no model is set, and its
 * Problems' `type` points at an errors site of its own (the errors tests check the setting is followed).
 */
export const SHARED_ENV: Readonly<Record<string, string>> = {
  QUIRE_ALLOW_PRIVATE_URLS: "1",
  QUIRE_MODEL_BASE_URL: "",
  QUIRE_ERRORS_URL: "https://errors.quire.example/v1",
};

/** What scripts/test.ts writes into QUIRE_TEST_SHARED_SERVICE. */
export interface SharedPlace {
  readonly origin: string;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly logFile: string;
  readonly env: Record<string, string>;
}

export const SHARED_VARIABLE = "QUIRE_TEST_SHARED_SERVICE";

const refuse = (what: string) => async () => {
  throw new Error(`a test may not ${what} the shared service; start one of its own with startService`);
};

export const sharedService = async (): Promise<Service> => {
  const given = process.env[SHARED_VARIABLE];
  if (!given) return startService({ ...SHARED_ENV });
  const place = JSON.parse(given) as SharedPlace;
  const key = newKey();
  const otherKey = newKey();
  const suffix = randomBytes(4).toString("hex");
  // Keys are looked up in the store on first use, so they work at once without the service being told.
  await withStore(place, (db) => ensureApiKeys(db, [{ key, org: `acme-${suffix}` }, { key: otherKey, org: `globex-${suffix}` }]));
  return serviceAt(
    { origin: place.origin, dataDir: place.dataDir, databaseUrl: place.databaseUrl, key, otherKey, settings: place.env },
    {
      pid: 0,
      logs: () => readFileSync(place.logFile, "utf8"),
      // The file is done with it; the service stays for the others.
      stop: async () => undefined,
      kill: refuse("kill"),
      restart: refuse("restart"),
    },
  );
};
