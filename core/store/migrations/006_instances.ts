/**
 * The service processes sharing a store (issue 18): each one's heartbeat, so work left `running` by an instance that
 * stopped beating (killed, crashed, cut off) is taken over by the others, and the work of one still alive never is.
 */
import type { Knex } from "knex";

export const name = "006_instances";

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable("instances", (t) => {
    t.string("owner").primary();
    t.string("started_at").notNullable();
    t.string("heartbeat_at").notNullable().index();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTable("instances");
};
