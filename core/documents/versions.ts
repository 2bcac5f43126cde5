/**
 * `POST /documents/{id}/versions`: saves a file edited by hand as a new document (`mode: manual`,
 * `parent_id` = the edited document). It is finished at once, holds the given file as its output, and is not
 * charged: nothing was produced by the service.
 */
import type { Principal } from "../auth/tenancy.ts";
import { validateCreateVersionRequest } from "../../generated/validators.js";
import { ContentDeleted, FileRejected, InputInvalid, NotFound } from "../errors.ts";
import { appendEvent } from "../events/store.ts";
import { toJson } from "../store/db.ts";
import { fieldErrors } from "./ajv-errors.ts";
import type { DocDeps } from "./deps.ts";
import { getRow } from "./read.ts";
import { listOutputs, type DocumentRow } from "./repo.ts";
import { expiryOf, type Retention } from "./retention.ts";
import { fileBase } from "./file-name.ts";
import { ENGINE_VERSION } from "./create.ts";
import { sniffFormat } from "./sniff.ts";
import { extensionOf, mediaTypeOf } from "../contracts/format-plugin.ts";

type VersionBody = { file: string | { data: string; filename: string } | { url: string; filename?: string }; name?: string; metadata?: Record<string, string> };

const loadFileBytes = async (deps: DocDeps, principal: Principal, ref: VersionBody["file"]): Promise<Buffer> => {
  if (typeof ref === "string") {
    if (ref.startsWith("file_")) {
      const file = await deps.db("files").where({ id: ref, organization_id: principal.organizationId }).first();
      if (!file) throw new NotFound({ message: `No file ${ref} in this organization.` });
      return deps.blobs.get(file.blob_key);
    }
    const doc = await getRow(deps.db, principal, ref);
    if (doc.content_deleted_at) throw new ContentDeleted({ message: `The content of ${doc.id} was deleted.` });
    const main = (await listOutputs(deps.db, doc.id))[0];
    if (!main) throw new InputInvalid({ message: "That document has no file.", errors: [{ path: "/file", message: "the document has no output to take" }] });
    return deps.blobs.get(main.blob_key);
  }
  if ("data" in ref) return Buffer.from(ref.data, "base64");
  throw new InputInvalid({ message: "Files by URL are not fetched here yet.", errors: [{ path: "/file", message: "give a file id, a document id or {data, filename}" }] });
};

export const createVersion = async (deps: DocDeps, principal: Principal, parentId: string, body: unknown): Promise<DocumentRow> => {
  const parent = await getRow(deps.db, principal, parentId);
  if (!validateCreateVersionRequest(body)) {
    throw new InputInvalid({ message: "The request has invalid fields; see errors.", errors: fieldErrors(validateCreateVersionRequest.errors, { "^/file$": "must be a file id, a document id or {data, filename}" }) });
  }
  const input = body as VersionBody;
  if (parent.content_deleted_at) throw new ContentDeleted({ message: `The content of ${parent.id} was deleted at ${parent.content_deleted_at}; it can get no new version.` });
  const bytes = await loadFileBytes(deps, principal, input.file);
  const format = sniffFormat(bytes);
  const plugin = format ? deps.plugins.get(format) : undefined;
  if (!format || !plugin || (parent.format && format !== parent.format)) {
    // The spec's 422 of this route: `file_rejected` for an unsupported type or a file not of the parent's format.
    throw new FileRejected({
      message: "The file is not a version of this document.",
      errors: [{ path: "/file", message: `must be a ${parent.format ?? "docx, pptx, xlsx or pdf"} file${format ? `, got ${format}` : ""}` }],
    });
  }
  const now = deps.now();
  const id = deps.newId("doc");
  const outputId = deps.newId("out");
  const name = input.name ?? parent.name;
  const filename = `${fileBase(name)}.${extensionOf(plugin)}`;
  const blobKey = `documents/${id}/${outputId}.${extensionOf(plugin)}`;
  await deps.blobs.put(blobKey, bytes);
  const row: DocumentRow = {
    ...parent,
    id,
    name,
    operation: "edit",
    mode: "manual",
    parent_id: parent.id,
    // A version's kind is one the parent can have: an office file or PDF (sniffFormat tells no other).
    format: format as DocumentRow["format"],
    status: "ready",
    phase: "done",
    style_unsupported: "[]",
    validation_summary: toJson({ errors: 0, warnings: 0, info: 0 }),
    repair_summary: null,
    error_code: null,
    error_message: null,
    versions: JSON.stringify({ engine: ENGINE_VERSION, renderer: "none (edited by hand)", model: null }),
    metadata: JSON.stringify(input.metadata ?? JSON.parse(parent.metadata)),
    route: null,
    quality: null,
    content_deleted_at: null,
    events_deleted_at: null,
    request: null,
    report: null,
    pages: format === parent.format ? parent.pages : null,
    expires_at: expiryOf(now, parent.retention as Retention).toISOString(),
    charge_level: null,
    charge_units: 0,
    charged: false,
    created_at: now.toISOString(),
    completed_at: now.toISOString(),
  };
  await deps.db.transaction(async (trx) => {
    await trx("documents").insert(row);
    await trx("outputs").insert({
      id: outputId,
      document_id: id,
      kind: format,
      page: null,
      content_type: mediaTypeOf(plugin),
      bytes: bytes.byteLength,
      width: null,
      height: null,
      filename,
      blob_key: blobKey,
      position: 0,
    });
  });
  await appendEvent(deps.db, deps.bus, id, "document.created", { status: "ready", operation: "edit", mode: "manual", parent_id: parent.id }, now);
  await appendEvent(deps.db, deps.bus, id, "document.ready", { status: "ready", error: null }, now);
  return row;
};
