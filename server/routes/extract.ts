/** `POST /extract` (JSON or multipart) and `GET /extract/{id}` (interface, Extraction). */
import type { Route, ServerApp } from "../context.ts";
import type { Principal } from "../../core/auth/tenancy.ts";
import { readJson, sendJson } from "../http.ts";
import { isMultipart, readMultipart, resolveFileRef, type FileRef } from "../uploads.ts";
import { collect, startExtraction } from "../../core/extract/service.ts";
import { validateExtractRequest } from "../../generated/validators.js";
import { fieldErrors } from "../../core/documents/ajv-errors.ts";
import { InputInvalid } from "../../core/errors.ts";
import { JSON_UPLOAD_LIMIT } from "./files.ts";

const FILE_REF_FORMS = "must be a file id (file_…), a document id (doc_…), an object {url, filename?} or an object {data, filename}";

/** Shared with `operation: extract` of POST /documents, which answers the same way. */
export const extractRef = async (app: ServerApp, principal: Principal, ref: FileRef, path: string) =>
  startExtraction(app.extraction, principal, await resolveFileRef(app, principal, ref, path));

export const extractRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/extract",
    auth: "api_key",
    sheds: true,
    handler: async ({ app, req, res, principal }) => {
      let answer;
      if (isMultipart(req)) answer = await startExtraction(app.extraction, principal, await readMultipart(req));
      else {
        const body = await readJson(req, JSON_UPLOAD_LIMIT, { parse: app.work.parseJson });
        if (!validateExtractRequest(body)) {
          throw new InputInvalid({ message: "The request has invalid fields; see errors.", errors: fieldErrors(validateExtractRequest.errors, { "^/file$": FILE_REF_FORMS }) });
        }
        answer = await extractRef(app, principal, (body as { file: FileRef }).file, "/file");
      }
      sendJson(res, answer.status, answer.body);
    },
  },
  {
    method: "GET",
    path: "/v1/extract/:extraction_id",
    auth: "api_key",
    handler: async ({ app, res, principal, params }) => {
      const answer = await collect(app.extraction, principal, params.extraction_id!);
      sendJson(res, answer.status, answer.body);
    },
  },
];
