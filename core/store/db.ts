/**
 * The database through knex: SQLite in the data directory by default, PostgreSQL when QUIRE_DATABASE_URL is set.
 * Migrations are listed in code (not discovered from disk) so they run the same under tsx and in a bundle.
 */
import knexFactory, { type Knex } from "knex";
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";
import * as Effect from "effect/Effect";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import * as m001 from "./migrations/001_initial.ts";
import * as m002 from "./migrations/002_extractions.ts";
import * as m003 from "./migrations/003_webhooks.ts";
import * as m004 from "./migrations/004_artifacts.ts";
import * as m005 from "./migrations/005_model_usage.ts";
import * as m006 from "./migrations/006_instances.ts";
import * as m007 from "./migrations/007_rate_hits.ts";
import { attachFastReader, fastReader } from "./fast-reads.ts";

const migrations = [m001, m002, m003, m004, m005, m006, m007];

const migrationSource: Knex.MigrationSource<(typeof migrations)[number]> = {
  getMigrations: async () => migrations,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => ({ up: m.up, down: m.down }),
};

/** A connection to the store without migrating it (worker threads of core/work read what the service migrated). */
export const connectDatabase = (opts: { dataDir: string; databaseUrl?: string }): Knex => {
  let knex: Knex;
  if (opts.databaseUrl) {
    knex = knexFactory({ client: "pg", connection: opts.databaseUrl, pool: { min: 0, max: 10 } });
  } else {
    mkdirSync(opts.dataDir, { recursive: true });
    knex = knexFactory({
      client: "better-sqlite3",
      connection: { filename: join(opts.dataDir, "quire.sqlite") },
      useNullAsDefault: true,
      pool: {
        min: 1,
        max: 1,
        // WAL lets the command line and the sweeper read while the server writes; busy_timeout waits out a
        // writer in another process instead of failing with SQLITE_BUSY.
        afterCreate: (conn: any, done: (err: Error | null, conn: unknown) => void) => {
          conn.pragma("journal_mode = WAL");
          conn.pragma("synchronous = NORMAL");
          conn.pragma("busy_timeout = 5000");
          conn.pragma("foreign_keys = ON");
          done(null, conn);
        },
      },
    });
  }
  return knex;
};

export const openDatabase = async (opts: { dataDir: string; databaseUrl?: string }): Promise<Knex> => {
  const knex = connectDatabase(opts);
  await knex.migrate.latest({ migrationSource });
  if (!opts.databaseUrl) attachFastReader(knex, join(opts.dataDir, "quire.sqlite"));
  return knex;
};

export class Db extends Context.Tag("quire/Db")<Db, Knex>() {
  static layer = (opts: { dataDir: string; databaseUrl?: string }) =>
    Layer.scoped(
      Db,
      Effect.acquireRelease(
        Effect.promise(() => openDatabase(opts)),
        (knex) => Effect.promise(() => (fastReader(knex)?.close(), knex.destroy())),
      ),
    );
}

/** JSON columns are text in SQLite; these keep the encoding in one place. */
/** The store's name for health answers, and a round trip that proves it answers. */
export const storeKind = (db: Knex) => (db.client.config.client === "pg" ? "PostgreSQL" : "SQLite");
export const ping = async (db: Knex): Promise<void> => void (await db.raw("select 1"));

export const toJson = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
export const fromJson = <T>(text: string | null | undefined, fallback: T): T => (text ? (JSON.parse(text) as T) : fallback);
