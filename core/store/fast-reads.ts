/**
 * Prepared-statement reads for the hottest queries (a document by id, its outputs), beside knex. knex's SQLite
 * driver prepares every statement anew and adds its own pool and query building, which made those two reads most of
 * an authenticated GET's cost (bench/api). On SQLite a second, read-only connection keeps prepared statements; WAL
 * lets it see every committed write at once. Reads inside a transaction, and every read on PostgreSQL, still go
 * through knex, so this is only ever a faster path to the same rows.
 */
import Database from "better-sqlite3";
import type { Knex } from "knex";

export interface FastReader {
  readonly get: <T>(sql: string, params: unknown[]) => T | undefined;
  readonly all: <T>(sql: string, params: unknown[]) => T[];
  readonly close: () => void;
}

const readers = new WeakMap<Knex, FastReader>();

export const attachFastReader = (knex: Knex, file: string): FastReader => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const reader: FastReader = {
    get: <T>(sql: string, params: unknown[]) => prepare(sql).get(...params) as T | undefined,
    all: <T>(sql: string, params: unknown[]) => prepare(sql).all(...params) as T[],
    close: () => db.close(),
  };
  readers.set(knex, reader);
  return reader;
};

/** The fast reader of this knex instance, if it has one (a transaction or a PostgreSQL store has none). */
export const fastReader = (knex: Knex): FastReader | undefined => readers.get(knex);
