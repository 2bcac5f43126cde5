/**
 * Which store the suites run on (issue 18): SQLite in each test's data directory by default; PostgreSQL when
 * scripts/test-postgres.ts runs them, which starts one throwaway cluster for the whole run and hands its admin URL
 * down in QUIRE_TEST_PG_URL. Every service and every store-level test then gets a fresh database of its own on that
 * cluster, so the suites stay as isolated from each other as they are on SQLite.
 *
 * Tests look into a service's store (rows no endpoint shows) through `withStore`, knex on whichever store the
 * service uses, never by opening the SQLite file themselves.
 */
import { randomBytes } from "node:crypto";
import knexFactory, { type Knex } from "knex";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectDatabase, openDatabase } from "../../core/store/db.ts";
import { fastReader } from "../../core/store/fast-reads.ts";

const adminUrl = process.env.QUIRE_TEST_DATABASE === "postgres" ? process.env.QUIRE_TEST_PG_URL : undefined;
if (process.env.QUIRE_TEST_DATABASE === "postgres" && !adminUrl) throw new Error("QUIRE_TEST_DATABASE=postgres needs QUIRE_TEST_PG_URL (run the suites through scripts/test-postgres.ts)");

/** True when this run's suites are on PostgreSQL. */
export const onPostgres = adminUrl !== undefined;

/** A fresh empty database on the run's cluster, its URL; undefined on SQLite (the data directory holds the store). */
export const freshDatabaseUrl = async (): Promise<string | undefined> => {
  if (!adminUrl) return undefined;
  const name = `quire_${randomBytes(6).toString("hex")}`;
  // A connection for this one statement: nothing is left open to keep a test process from exiting.
  const admin = knexFactory({ client: "pg", connection: adminUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`create database ${name}`);
  } finally {
    await admin.destroy();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The store a store-level test works on, migrated the way the service opens it: SQLite in `dataDir`, or a fresh PostgreSQL database. */
export const openTestDatabase = async (dataDir: string): Promise<Knex & { readonly url?: string }> => {
  const databaseUrl = await freshDatabaseUrl();
  return Object.assign(await openDatabase({ dataDir, databaseUrl }), { url: databaseUrl });
};

/** Where a service keeps its store (the fields of `Service` this needs). */
export interface StoreOf {
  readonly dataDir: string;
  readonly databaseUrl?: string;
}

/** Runs `fn` on a connection of its own to the service's store, as another process would, and closes it. */
export const withStore = async <T>(svc: StoreOf, fn: (db: Knex) => Promise<T>): Promise<T> => {
  const db = connectDatabase({ dataDir: svc.dataDir, databaseUrl: svc.databaseUrl });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
};

export interface TestStore {
  /** The service's own way in: knex plus, on SQLite, the prepared-statement reader. */
  readonly db: Knex & { readonly url?: string };
  /** A second connection to the same store with knex alone (another process, or the PostgreSQL path). */
  readonly plain: Knex;
  readonly dir: string;
  readonly close: () => Promise<void>;
}

/** A fresh store in a temporary directory, opened as the service opens it and once more with knex alone. */
export const openTestStore = async (label = "store"): Promise<TestStore> => {
  const dir = await mkdtemp(join(tmpdir(), `quire-${label}-`));
  const db = await openTestDatabase(dir);
  const plain = connectDatabase({ dataDir: dir, databaseUrl: db.url });
  return {
    db,
    plain,
    dir,
    close: async () => {
      fastReader(db)?.close();
      await db.destroy();
      await plain.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
};
