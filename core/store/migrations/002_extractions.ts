/** Extractions (reads, not documents: never listed, gone 15 minutes after they finish) and the kind of each file. */
import type { Knex } from "knex";

export const name = "002_extractions";

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable("extractions", (t) => {
    t.string("id").primary();
    t.string("organization_id").notNullable();
    t.string("status").notNullable(); // running | done | failed
    t.text("result").nullable();
    t.string("error_code").nullable();
    t.text("error_message").nullable();
    t.string("owner").nullable();
    t.string("created_at").notNullable();
    t.string("expires_at").notNullable();
    t.index(["expires_at"]);
  });
  await knex.schema.alterTable("files", (t) => {
    t.string("kind").nullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists("extractions");
  await knex.schema.alterTable("files", (t) => t.dropColumn("kind"));
};
