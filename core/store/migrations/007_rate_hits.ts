/**
 * Sliding windows of admitted requests in the store (issue 18): every instance of a service sharing PostgreSQL counts
 * the same hits, so 120 documents a minute per organization, and an artifact's 1,200 reads and 120 writes a minute,
 * hold across all of them. `key` names the window (`org:<id>`, `artifact-read:<id>`, `artifact-write:<id>`).
 */
import type { Knex } from "knex";

export const name = "007_rate_hits";

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable("rate_hits", (t) => {
    t.increments("id");
    t.string("key").notNullable();
    /** Milliseconds since the epoch. */
    t.bigInteger("at").notNullable();
    t.index(["key", "at"]);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTable("rate_hits");
};
