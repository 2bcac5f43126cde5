/**
 * Webhook endpoints of a project (interface, Webhook endpoint and Webhook endpoints): registered with an HTTPS
 * public URL and an optional `event_types` filter, listed newest first with cursors, deleted. The `whsec_` secret
 * is shown only in the creation answer. Every call is scoped to the key's project: another project's or another
 * organization's endpoint is simply not found.
 */
import type { Knex } from "knex";
import type { components } from "../../generated/openapi.ts";
import { validateCreateWebhookEndpointRequest } from "../../generated/validators.js";
import { fieldErrors } from "../documents/ajv-errors.ts";
import { InputInvalid, NotFound, type FieldError } from "../errors.ts";
import type { Principal } from "../auth/tenancy.ts";
import type { IdPrefix } from "../services/ids.ts";
import { EVENT_TYPES, type WebhookEventType } from "./payload.ts";
import { newSecret } from "./signing.ts";
import { urlRefusal } from "./url-rule.ts";
import { cancelForEndpoint } from "./outbox.ts";

export type WireEndpoint = components["schemas"]["WebhookEndpoint"];
export type WireEndpointCreated = components["schemas"]["WebhookEndpointCreated"];

/** Bounds the fan-out of one finished document. */
export const MAX_ENDPOINTS_PER_PROJECT = 50;

export interface EndpointRow {
  id: string;
  organization_id: string;
  project_id: string;
  url: string;
  event_types: string;
  secret: string;
  created_at: string;
  deleted_at: string | null;
}

export interface EndpointDeps {
  readonly db: Knex;
  readonly now: () => Date;
  readonly newId: (prefix: IdPrefix) => string;
  readonly allowPrivateUrls: boolean;
}

const ENDPOINT_ID = /^we_[0-9A-HJKMNP-TV-Z]{26}$/;

export const toWire = (row: EndpointRow): WireEndpoint => ({
  id: row.id,
  object: "webhook_endpoint",
  url: row.url,
  event_types: JSON.parse(row.event_types) as WebhookEventType[],
  created_at: row.created_at,
});

const invalid = (errors: FieldError[]) => new InputInvalid({ message: "The request has invalid fields; see errors.", errors });

export const createEndpoint = async (deps: EndpointDeps, principal: Principal, body: unknown): Promise<WireEndpointCreated> => {
  if (!validateCreateWebhookEndpointRequest(body)) throw invalid(fieldErrors(validateCreateWebhookEndpointRequest.errors));
  const input = body as { url: string; event_types?: WebhookEventType[] };
  const refusal = await urlRefusal(input.url, deps.allowPrivateUrls);
  if (refusal) throw invalid([{ path: "/url", message: refusal }]);
  // Kept in one order whatever order the caller gave.
  const eventTypes = EVENT_TYPES.filter((t) => !input.event_types || input.event_types.includes(t));
  const row: EndpointRow = {
    id: deps.newId("we"),
    organization_id: principal.organizationId,
    project_id: principal.projectId,
    url: input.url,
    event_types: JSON.stringify(eventTypes),
    secret: newSecret(),
    created_at: deps.now().toISOString(),
    deleted_at: null,
  };
  await deps.db.transaction(async (trx) => {
    const [{ n }] = await trx("webhook_endpoints").where({ project_id: row.project_id }).whereNull("deleted_at").count({ n: "*" });
    if (Number(n) >= MAX_ENDPOINTS_PER_PROJECT) {
      throw invalid([{ path: "/url", message: `the project already has ${MAX_ENDPOINTS_PER_PROJECT} endpoints; delete one first` }]);
    }
    await trx("webhook_endpoints").insert(row);
  });
  return { ...toWire(row), secret: row.secret };
};

const encodeCursor = (id: string) => Buffer.from(id).toString("base64url");
const decodeCursor = (cursor: string) => {
  const id = Buffer.from(cursor, "base64url").toString("utf8");
  return ENDPOINT_ID.test(id) ? id : null;
};

/** Newest first; the cursor is the last id of the page, so pages stay stable while endpoints are added. */
export const listEndpoints = async (db: Knex, principal: Principal, query: { limit?: string; cursor?: string }) => {
  const errors: FieldError[] = [];
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) errors.push({ path: "/limit", message: "query parameter limit must be an integer from 1 to 100" });
  const cursorId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (cursorId === null) errors.push({ path: "/cursor", message: "query parameter cursor is not one this service gave" });
  if (errors.length) throw new InputInvalid({ message: "The query is invalid; see errors.", errors });
  const q = db("webhook_endpoints").where({ project_id: principal.projectId, organization_id: principal.organizationId }).whereNull("deleted_at").orderBy("id", "desc").limit(limit + 1);
  if (cursorId) q.andWhere("id", "<", cursorId);
  const rows: EndpointRow[] = await q;
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  return { object: "list" as const, data: page.map(toWire), has_more: hasMore, next_cursor: hasMore ? encodeCursor(page[page.length - 1]!.id) : null };
};

/** Deletes an endpoint: its secret is wiped and its pending deliveries, retries included, are canceled. */
export const deleteEndpoint = async (deps: Pick<EndpointDeps, "db" | "now">, principal: Principal, id: string) => {
  const now = deps.now();
  const found = await deps.db.transaction(async (trx) => {
    const row: EndpointRow | undefined = ENDPOINT_ID.test(id)
      ? await trx("webhook_endpoints").where({ id, project_id: principal.projectId, organization_id: principal.organizationId }).whereNull("deleted_at").first()
      : undefined;
    if (!row) return false;
    await trx("webhook_endpoints").where({ id }).update({ deleted_at: now.toISOString(), secret: "" });
    await cancelForEndpoint(trx, id, now);
    return true;
  });
  if (!found) throw new NotFound({ message: `No webhook endpoint ${id} in this project.` });
  return { id, object: "webhook_endpoint" as const, deleted: true as const };
};
