/**
 * What each document cost in model tokens, one row per answer an endpoint gave (repair rounds and failed documents
 * included: they were paid for). Billing data: kept when a document's content is deleted.
 */
import type { Knex } from "knex";

export const name = "005_model_usage";

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable("model_usage", (t) => {
    t.increments("id");
    t.string("document_id").notNullable().index();
    t.string("role", 16).notNullable();
    t.string("model", 200).notNullable();
    t.integer("input_tokens").notNullable();
    t.integer("output_tokens").notNullable();
    t.string("created_at").notNullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTable("model_usage");
};
