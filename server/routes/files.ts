/** `POST /files` in its three body forms and `GET /files/{id}` (interface, File). */
import type { Route } from "../context.ts";
import { readJson, sendJson } from "../http.ts";
import { isMultipart, readMultipart, resolveFileRef, type FileRef } from "../uploads.ts";
import { createFile, fileToWire, findFile, MAX_FILE_BYTES } from "../../core/files/store.ts";
import { validateCreateFileRequest } from "../../generated/validators.js";
import { fieldErrors } from "../../core/documents/ajv-errors.ts";
import { InputInvalid } from "../../core/errors.ts";

/** Base64 of 20 MB plus the JSON around it. */
export const JSON_UPLOAD_LIMIT = Math.ceil((MAX_FILE_BYTES * 4) / 3) + 64 * 1024;

export const fileRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/files",
    auth: "api_key",
    sheds: true,
    handler: async ({ app, req, res, principal }) => {
      let upload: { bytes: Uint8Array; filename?: string };
      if (isMultipart(req)) upload = await readMultipart(req);
      else {
        const body = await readJson(req, JSON_UPLOAD_LIMIT, { parse: app.work.parseJson });
        if (!validateCreateFileRequest(body)) {
          throw new InputInvalid({ message: "The request has invalid fields; see errors.", errors: fieldErrors(validateCreateFileRequest.errors, { "^$": "must be {url, filename?} or {data, filename}" }) });
        }
        upload = await resolveFileRef(app, principal, body as FileRef, "");
      }
      const row = await createFile(app, principal, upload.bytes, upload.filename);
      sendJson(res, 201, fileToWire(row));
    },
  },
  {
    method: "GET",
    path: "/v1/files/:file_id",
    auth: "api_key",
    handler: async ({ app, res, principal, params }) => sendJson(res, 200, fileToWire(await findFile(app.db, principal, params.file_id!))),
  },
];
