/**
 * Signed downloads (`GET /v1/downloads/{output_id}?expires=…&signature=…`): no API key, the HMAC is the permission.
 * An altered link is not found; an expired one is gone (410 `link_expired`): ask `GET /documents/{id}/outputs`.
 */
import type { Route } from "../context.ts";
import { checkDownload } from "../../core/documents/links.ts";
import { outputById } from "../../core/documents/repo.ts";
import { NotFound, LinkExpired } from "../../core/errors.ts";
import { requestIdOf } from "../http.ts";

const contentDisposition = (filename: string) => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

export const downloadRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/downloads/:output_id",
    auth: "none",
    handler: async ({ app, res, params, query }) => {
      const check = checkDownload(app.signer.secret, params.output_id!, query.expires, query.signature, app.now());
      if (check === "invalid") throw new NotFound({ message: "No such download link." });
      if (check === "expired") throw new LinkExpired({ message: "This link has expired; GET /v1/documents/{id}/outputs gives fresh ones." });
      const output = await outputById(app.db, params.output_id!);
      if (!output) throw new NotFound({ message: "This file no longer exists." });
      const bytes = await app.blobs.get(output.blob_key);
      requestIdOf(res);
      res.status(200);
      res.header("Content-Type", output.content_type);
      res.header("Content-Disposition", contentDisposition(output.filename));
      res.header("Cache-Control", "private, no-store");
      res.send(bytes);
    },
  },
];
