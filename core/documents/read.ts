/**
 * Reading documents: one by id (another organization's id is simply not found), the paginated list, fresh output
 * links and the report. Content endpoints answer 410 once retention has deleted the content.
 */
import type { Knex } from "knex";
import { ContentDeleted, InputInvalid, NotFound, ReportNotReady, type FieldError } from "../errors.ts";
import type { Principal } from "../auth/tenancy.ts";
import { findDocument, listOutputs, outputToWire, pageLinkOf, type DocumentRow, type LinkSigner, type WireOutput } from "./repo.ts";
import { DOWNLOAD_TTL_SECONDS } from "./links.ts";
import { FINISHED } from "./status.ts";
import { fromJson } from "../store/db.ts";
import type { WireReport } from "./report.ts";

export const getRow = async (db: Knex, principal: Principal, id: string): Promise<DocumentRow> => {
  const row = /^doc_[0-9A-HJKMNP-TV-Z]{26}$/.test(id) ? await findDocument(db, principal.organizationId, id) : undefined;
  if (!row) throw new NotFound({ message: `No document ${id} in this organization.` });
  return row;
};

const STATUSES = ["queued", "running", "ready", "ready_with_warnings", "needs_review", "failed", "canceled"];
const FORMATS = ["docx", "pdf", "pptx", "xlsx", "artifact"];
const OPERATIONS = ["create", "review", "edit", "extract"];

export interface ListQuery {
  limit?: string;
  cursor?: string;
  status?: string;
  format?: string;
  operation?: string;
  name?: string;
}

const encodeCursor = (id: string) => Buffer.from(id).toString("base64url");
const decodeCursor = (cursor: string) => {
  const id = Buffer.from(cursor, "base64url").toString("utf8");
  return /^doc_[0-9A-HJKMNP-TV-Z]{26}$/.test(id) ? id : null;
};

/** Newest first; the cursor is the last id of the page, so pages stay stable while new documents arrive. */
export const listRows = async (db: Knex, principal: Principal, query: ListQuery) => {
  const errors: FieldError[] = [];
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) errors.push({ path: "/limit", message: "query parameter limit must be an integer from 1 to 100" });
  const cursorId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (cursorId === null) errors.push({ path: "/cursor", message: "query parameter cursor is not one this service gave" });
  const oneOf = (field: "status" | "format" | "operation", allowed: string[]) => {
    if (query[field] !== undefined && !allowed.includes(query[field]!)) errors.push({ path: `/${field}`, message: `query parameter ${field} must be one of: ${allowed.join(", ")}` });
  };
  oneOf("status", STATUSES);
  oneOf("format", FORMATS);
  oneOf("operation", OPERATIONS);
  if (query.name !== undefined && (query.name.length < 1 || query.name.length > 200)) errors.push({ path: "/name", message: "query parameter name must be 1 to 200 characters" });
  if (errors.length) throw new InputInvalid({ message: "The query is invalid; see errors.", errors });

  const q = db("documents").where({ organization_id: principal.organizationId }).orderBy("id", "desc").limit(limit + 1);
  if (cursorId) q.andWhere("id", "<", cursorId);
  for (const field of ["status", "format", "operation", "name"] as const) if (query[field] !== undefined) q.andWhere(field, query[field]!);
  const rows: DocumentRow[] = await q;
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  return { rows: page, hasMore, nextCursor: hasMore ? encodeCursor(page[page.length - 1]!.id) : null };
};

export const MAX_ARTIFACT_LINK_SECONDS = 7 * 86_400;
const MIN_LINK_SECONDS = 60;

/**
 * `GET /documents/{id}/outputs`: fresh links. `expires_in` (seconds, an integer) sets how long they live: 60 to 300
 * for any document (download links are short), up to 7 days for an artifact, whose page link then lives that long
 * instead of until the document's `expires_at` (its previews' links too). Anything else is 422 at `/expires_in`.
 */
export const freshOutputs = async (db: Knex, row: DocumentRow, signer: LinkSigner, now: Date, expiresIn?: string): Promise<WireOutput[]> => {
  let ttl = DOWNLOAD_TTL_SECONDS;
  let asked: number | undefined;
  if (expiresIn !== undefined) {
    // Artifacts are the documents with `artifact` settings (a format whose plugin delivers a page).
    const artifact = row.artifact !== null;
    const max = artifact ? MAX_ARTIFACT_LINK_SECONDS : DOWNLOAD_TTL_SECONDS;
    const n = /^\d{1,9}$/.test(expiresIn) ? Number(expiresIn) : NaN;
    if (!(n >= MIN_LINK_SECONDS && n <= max)) {
      throw new InputInvalid({
        message: "expires_in is out of range.",
        errors: [{ path: "/expires_in", message: artifact ? `must be an integer from ${MIN_LINK_SECONDS} to ${max} seconds (7 days)` : `must be an integer from ${MIN_LINK_SECONDS} to ${max} seconds (longer links are for artifacts)` }],
      });
    }
    ttl = asked = n;
  }
  if (row.content_deleted_at) throw new ContentDeleted({ message: `The content of ${row.id} was deleted at ${row.content_deleted_at}.` });
  if (!FINISHED.has(row.status)) return [];
  const page = pageLinkOf(row, now, asked);
  return (await listOutputs(db, row.id)).map((o) => outputToWire(o, signer, now, ttl, page));
};

export const reportOf = async (db: Knex, row: DocumentRow): Promise<WireReport> => {
  if (row.content_deleted_at) throw new ContentDeleted({ message: `The content of ${row.id} was deleted at ${row.content_deleted_at}.` });
  if (!FINISHED.has(row.status)) throw new ReportNotReady({ message: `The document is ${row.status}; the report comes when it finishes.` });
  const stored = await db("documents").where({ id: row.id }).first("report");
  return fromJson<WireReport | null>(stored?.report, null) ?? {
    document_id: row.id,
    issues: [],
    ledger: [],
    validation_summary: fromJson(row.validation_summary, null),
    repair_summary: fromJson(row.repair_summary, null),
    key_data: [],
    edits: [],
    changes: [],
    sanitized: null,
  };
};
