/**
 * Artifacts' shared storage: the records (JSON by collection and key), the change log a reconnecting page replays
 * from, and one row per artifact holding its change sequence and record count, so a write checks the 5,000-record
 * limit and takes its sequence number from one row instead of counting.
 */
import type { Knex } from "knex";

export const name = "004_artifacts";

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable("artifact_state", (t) => {
    t.string("document_id").primary();
    // The sequence of the artifact's last change; 0 before any.
    t.integer("last_seq").notNullable().defaultTo(0);
    t.integer("records").notNullable().defaultTo(0);
  });
  await knex.schema.createTable("artifact_records", (t) => {
    t.string("document_id").notNullable();
    t.string("collection", 64).notNullable();
    t.string("key", 64).notNullable();
    // Compact JSON text, at most 16,384 bytes, served as stored.
    t.text("data").notNullable();
    // The sequence of the change that last wrote the record: "most recent first" is this, descending, a strict
    // order where two writes in the same millisecond would tie on `updated_at`.
    t.integer("seq").notNullable();
    t.string("updated_at").notNullable();
    t.primary(["document_id", "collection", "key"]);
    t.index(["document_id", "collection", "seq"]);
  });
  await knex.schema.createTable("artifact_changes", (t) => {
    t.string("document_id").notNullable();
    t.integer("seq").notNullable();
    t.string("collection", 64).notNullable();
    t.string("key", 64).notNullable();
    // Null for a deletion.
    t.text("data").nullable();
    t.string("updated_at").notNullable();
    t.primary(["document_id", "seq"]);
    t.index(["document_id", "collection", "seq"]);
    // The sweeper's range: changes older than 24 hours.
    t.index(["updated_at"]);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of ["artifact_changes", "artifact_records", "artifact_state"]) await knex.schema.dropTableIfExists(table);
};
