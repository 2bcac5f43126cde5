/**
 * The rate limit's window in the store (issue 18): every instance of a service sharing PostgreSQL counts the same
 * hits, so 120 documents a minute per organization holds across all of them.
 */
import type { Knex } from "knex";

export const name = "007_rate_hits";

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable("rate_hits", (t) => {
    t.increments("id");
    t.string("organization_id").notNullable();
    /** Milliseconds since the epoch. */
    t.bigInteger("at").notNullable();
    t.index(["organization_id", "at"]);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTable("rate_hits");
};
