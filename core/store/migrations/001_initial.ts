/** The first schema: tenancy, documents and everything a document owns, jobs, events and idempotency. */
import type { Knex } from "knex";

export const name = "001_initial";

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable("organizations", (t) => {
    t.string("id").primary();
    t.string("name").notNullable();
    // Units left to charge; null means unlimited (the default).
    t.integer("balance").nullable();
    t.string("created_at").notNullable();
  });
  await knex.schema.createTable("projects", (t) => {
    t.string("id").primary();
    t.string("organization_id").notNullable().references("organizations.id");
    t.string("name").notNullable();
    t.string("region").notNullable();
    // A project that stores nothing: its artifacts default to local storage.
    t.boolean("stores_nothing").notNullable().defaultTo(false);
    t.string("created_at").notNullable();
  });
  await knex.schema.createTable("api_keys", (t) => {
    t.string("id").primary();
    t.string("project_id").notNullable().references("projects.id");
    t.string("organization_id").notNullable().references("organizations.id");
    t.string("name").nullable();
    t.string("prefix").notNullable();
    t.string("hash").notNullable().unique();
    t.string("created_at").notNullable();
    t.string("revoked_at").nullable();
  });
  await knex.schema.createTable("sessions", (t) => {
    t.string("id").primary();
    t.string("organization_id").notNullable().references("organizations.id");
    t.string("hash").notNullable().unique();
    t.string("created_at").notNullable();
    t.string("expires_at").notNullable();
  });
  await knex.schema.createTable("documents", (t) => {
    t.string("id").primary();
    t.string("organization_id").notNullable();
    t.string("project_id").notNullable();
    t.string("name").nullable();
    t.string("operation").notNullable();
    t.string("format").nullable();
    t.string("type").nullable();
    t.string("mode").nullable();
    t.string("sector").nullable();
    t.string("parent_id").nullable();
    t.string("status").notNullable();
    t.string("phase").nullable();
    t.integer("pages").nullable();
    t.text("style_applied").nullable();
    t.text("style_unsupported").notNullable().defaultTo("[]");
    t.text("validation_summary").nullable();
    t.text("repair_summary").nullable();
    t.string("error_code").nullable();
    t.text("error_message").nullable();
    t.text("versions").notNullable();
    t.text("metadata").notNullable().defaultTo("{}");
    t.boolean("store").notNullable();
    t.string("retention").notNullable();
    t.string("expires_at").nullable();
    t.text("route").nullable();
    t.text("quality").nullable();
    t.text("artifact").nullable();
    t.string("content_deleted_at").nullable();
    t.string("events_deleted_at").nullable();
    t.text("request").nullable();
    t.text("report").nullable();
    t.string("charge_level").nullable();
    t.integer("charge_units").nullable();
    t.boolean("charged").notNullable().defaultTo(false);
    t.string("created_at").notNullable();
    t.string("completed_at").nullable();
    t.index(["organization_id", "id"]);
    t.index(["expires_at"]);
  });
  await knex.schema.createTable("outputs", (t) => {
    t.string("id").primary();
    t.string("document_id").notNullable().references("documents.id");
    t.string("kind").notNullable();
    t.integer("page").nullable();
    t.string("content_type").notNullable();
    t.integer("bytes").notNullable();
    t.integer("width").nullable();
    t.integer("height").nullable();
    t.string("filename").notNullable();
    t.string("blob_key").notNullable();
    t.integer("position").notNullable();
    t.index(["document_id"]);
  });
  await knex.schema.createTable("events", (t) => {
    t.string("document_id").notNullable();
    t.integer("sequence").notNullable();
    t.string("type").notNullable();
    t.text("data").notNullable();
    t.string("created_at").notNullable();
    t.primary(["document_id", "sequence"]);
  });
  await knex.schema.createTable("jobs", (t) => {
    t.string("document_id").primary();
    t.string("state").notNullable(); // queued | running | done
    t.integer("attempts").notNullable().defaultTo(0);
    t.string("owner").nullable();
    t.string("created_at").notNullable();
    t.string("started_at").nullable();
    t.index(["state", "created_at"]);
  });
  await knex.schema.createTable("idempotency_keys", (t) => {
    t.string("organization_id").notNullable();
    t.string("key").notNullable();
    t.string("request_hash").notNullable();
    t.string("document_id").nullable();
    // in_progress while the first request is being answered; done afterwards.
    t.string("state").notNullable();
    t.string("owner").nullable();
    t.string("created_at").notNullable();
    t.string("expires_at").notNullable();
    t.primary(["organization_id", "key"]);
  });
  await knex.schema.createTable("files", (t) => {
    t.string("id").primary();
    t.string("organization_id").notNullable();
    t.string("project_id").notNullable();
    t.string("filename").notNullable();
    t.string("content_type").notNullable();
    t.integer("bytes").notNullable();
    t.string("sha256").notNullable();
    t.integer("pages").notNullable();
    t.string("blob_key").notNullable();
    t.string("created_at").notNullable();
    t.string("expires_at").nullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of ["files", "idempotency_keys", "jobs", "events", "outputs", "documents", "sessions", "api_keys", "projects", "organizations"]) {
    await knex.schema.dropTableIfExists(table);
  }
};
