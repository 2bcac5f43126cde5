/** Webhook endpoints of the key's project: register (the secret shown once), list with cursors, delete. */
import type { Route } from "../context.ts";
import { readJson, sendJson } from "../http.ts";
import { createEndpoint, deleteEndpoint, listEndpoints } from "../../core/webhooks/endpoints.ts";

const SMALL = 64 * 1024;

export const webhookRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/webhook-endpoints",
    auth: "api_key",
    handler: async ({ app, req, res, principal }) => {
      const body = await readJson(req, SMALL);
      const created = await createEndpoint({ db: app.db, now: app.now, newId: app.newId, allowPrivateUrls: app.config.allowPrivateUrls }, principal, body);
      sendJson(res, 201, created);
    },
  },
  {
    method: "GET",
    path: "/v1/webhook-endpoints",
    auth: "api_key",
    handler: async ({ app, res, principal, query }) => {
      sendJson(res, 200, await listEndpoints(app.db, principal, query));
    },
  },
  {
    method: "DELETE",
    path: "/v1/webhook-endpoints/:endpoint_id",
    auth: "api_key",
    handler: async ({ app, res, principal, params }) => {
      sendJson(res, 200, await deleteEndpoint(app, principal, params.endpoint_id!));
    },
  },
];
