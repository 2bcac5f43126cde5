/** Dashboard-only API key management: a signed-in session may create, list and revoke its organization's keys. */
import type { Route } from "../context.ts";
import { readJson, sendJson } from "../http.ts";
import { createApiKey, listApiKeys, projectOf, revokeApiKey, type ApiKeyRow } from "../../core/auth/tenancy.ts";
import { validateCreateApiKeyRequest } from "../../generated/validators.js";
import { fieldErrors } from "../../core/documents/ajv-errors.ts";
import { InputInvalid, NotFound } from "../../core/errors.ts";

const SMALL = 64 * 1024;

const wire = (row: ApiKeyRow) => ({
  id: row.id,
  object: "api_key" as const,
  project_id: row.project_id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.created_at,
  revoked_at: row.revoked_at,
});

export const apiKeyRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/api-keys",
    auth: "session",
    handler: async ({ app, req, res, principal }) => {
      const body = (await readJson(req, SMALL, { optional: true })) ?? {};
      if (!validateCreateApiKeyRequest(body)) {
        throw new InputInvalid({ message: "The request has invalid fields; see errors.", errors: fieldErrors(validateCreateApiKeyRequest.errors) });
      }
      const input = body as { project_id?: string; name?: string };
      const projectId = input.project_id ?? principal.projectId;
      const project = await projectOf(app.db, principal.organizationId, projectId);
      if (!project) throw new NotFound({ message: `No project ${projectId} in this organization.` });
      const created = await createApiKey(app.db, { projectId, name: input.name ?? null }, app.now());
      sendJson(res, 201, { ...wire(created), key: created.key });
    },
  },
  {
    method: "GET",
    path: "/v1/api-keys",
    auth: "session",
    handler: async ({ app, res, principal }) => {
      const rows = await listApiKeys(app.db, principal.organizationId);
      sendJson(res, 200, { object: "list", data: rows.map(wire), has_more: false, next_cursor: null });
    },
  },
  {
    method: "DELETE",
    path: "/v1/api-keys/:key_id",
    auth: "session",
    handler: async ({ app, res, principal, params }) => {
      const row = await revokeApiKey(app.db, principal.organizationId, params.key_id!, app.now());
      if (!row) throw new NotFound({ message: `No API key ${params.key_id} in this organization.` });
      // Revocation must bite at once, not when the lookup cache ages out (instances sharing a store cache nothing).
      app.auth.forget();
      sendJson(res, 200, wire(row));
    },
  },
];
