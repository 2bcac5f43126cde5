/**
 * Webhooks: the endpoints of each project and the outbox of deliveries (one row per event and endpoint). The outbox
 * lives in the store beside the documents so a final transition and its messages commit together, and a restart
 * finds every delivery that is still owed.
 */
import type { Knex } from "knex";

export const name = "003_webhooks";

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable("webhook_endpoints", (t) => {
    t.string("id").primary();
    t.string("organization_id").notNullable();
    t.string("project_id").notNullable();
    t.text("url").notNullable();
    // JSON array of event types; all three when the caller gave no filter.
    t.text("event_types").notNullable();
    // `whsec_…`; blanked when the endpoint is deleted.
    t.string("secret").notNullable();
    t.string("created_at").notNullable();
    t.string("deleted_at").nullable();
    t.index(["project_id", "deleted_at"]);
    t.index(["organization_id", "id"]);
  });
  await knex.schema.createTable("webhook_deliveries", (t) => {
    // The message id (`msg_…`): the `webhook-id` header, the same on every attempt.
    t.string("id").primary();
    t.string("endpoint_id").notNullable();
    t.string("organization_id").notNullable();
    t.string("project_id").notNullable();
    t.string("document_id").notNullable();
    t.string("event_type").notNullable();
    // The exact body, serialised once and sent byte for byte on every attempt.
    t.text("body").notNullable();
    // pending | delivering | delivered | failed | canceled
    t.string("state").notNullable();
    t.integer("attempts").notNullable().defaultTo(0);
    t.string("next_attempt_at").notNullable();
    // Who is sending the current attempt, and until when; an expired lease may be taken over by any process.
    t.string("lease_owner").nullable();
    t.string("lease_expires_at").nullable();
    t.integer("last_status").nullable();
    t.text("last_error").nullable();
    t.string("last_attempt_at").nullable();
    t.string("delivered_at").nullable();
    t.string("created_at").notNullable();
    t.string("updated_at").notNullable();
    // The claim's range: due rows in time order, with the endpoint at hand to skip those without a free slot.
    t.index(["state", "next_attempt_at", "endpoint_id"]);
    t.index(["endpoint_id", "state"]);
    // The sweeper's range: finished rows by age.
    t.index(["state", "updated_at"]);
    t.index(["document_id"]);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists("webhook_deliveries");
  await knex.schema.dropTableIfExists("webhook_endpoints");
};
