/**
 * Counters of fixed one-minute windows per key (issue 18): the artifact read and write budgets of a store shared by
 * several instances, counted in one place. A sliding minute is estimated from the current and previous windows.
 */
import type { Knex } from "knex";

export const name = "008_rate_windows";

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable("rate_windows", (t) => {
    t.string("key").notNullable();
    /** Milliseconds since the epoch, a multiple of the window. */
    t.bigInteger("window_start").notNullable();
    t.integer("count").notNullable();
    t.primary(["key", "window_start"]);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTable("rate_windows");
};
