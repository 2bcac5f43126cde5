/**
 * Documents in the store and their wire shape. A row keeps JSON columns as text; `toWire` builds the Document of
 * the spec (every field but `outputs` always present) and signs fresh download links for its outputs.
 */
import type { Knex } from "knex";
import type { components } from "../../generated/openapi.ts";
import { fromJson } from "../store/db.ts";
import { signDownload, DOWNLOAD_TTL_SECONDS } from "./links.ts";
import { FINISHED, type Status } from "./status.ts";

export type WireDocument = components["schemas"]["Document"];
export type WireOutput = components["schemas"]["Output"];

export interface DocumentRow {
  id: string;
  organization_id: string;
  project_id: string;
  name: string | null;
  operation: WireDocument["operation"];
  format: WireDocument["format"];
  type: WireDocument["type"];
  mode: WireDocument["mode"];
  sector: string | null;
  parent_id: string | null;
  status: Status;
  phase: string | null;
  pages: number | null;
  style_applied: string | null;
  style_unsupported: string;
  validation_summary: string | null;
  repair_summary: string | null;
  error_code: string | null;
  error_message: string | null;
  versions: string;
  metadata: string;
  store: boolean | number;
  retention: WireDocument["retention"];
  expires_at: string | null;
  route: string | null;
  quality: string | null;
  artifact: string | null;
  content_deleted_at: string | null;
  events_deleted_at: string | null;
  request: string | null;
  report: string | null;
  charge_level: string | null;
  charge_units: number | null;
  charged: boolean | number;
  created_at: string;
  completed_at: string | null;
}

export interface OutputRow {
  id: string;
  document_id: string;
  kind: WireOutput["kind"];
  page: number | null;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  filename: string;
  blob_key: string;
  position: number;
}

export interface LinkSigner {
  readonly publicUrl: string;
  readonly secret: string;
}

export const findDocument = async (db: Knex, organizationId: string, id: string): Promise<DocumentRow | undefined> =>
  db("documents").where({ id, organization_id: organizationId }).first();

export const listOutputs = async (db: Knex, documentId: string): Promise<OutputRow[]> =>
  db("outputs").where({ document_id: documentId }).orderBy("position");

export const outputToWire = (output: OutputRow, signer: LinkSigner, now: Date, ttlSeconds = DOWNLOAD_TTL_SECONDS): WireOutput => {
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  const wire: WireOutput = {
    id: output.id,
    kind: output.kind,
    content_type: output.content_type,
    bytes: output.bytes,
    url: signDownload(signer.publicUrl, signer.secret, output.id, expiresAt),
    expires_at: expiresAt.toISOString(),
  };
  if (output.page !== null) wire.page = output.page;
  if (output.width !== null) wire.width = output.width;
  if (output.height !== null) wire.height = output.height;
  return wire;
};

export const toWire = (row: DocumentRow, outputs: ReadonlyArray<OutputRow> | null, signer: LinkSigner, now: Date): WireDocument => {
  const doc: WireDocument = {
    id: row.id,
    object: "document",
    name: row.name,
    operation: row.operation,
    format: row.format,
    type: row.type,
    mode: row.mode,
    sector: row.sector,
    parent_id: row.parent_id,
    status: row.status,
    phase: row.phase,
    pages: row.pages,
    style_applied: fromJson(row.style_applied, null),
    style_unsupported: fromJson(row.style_unsupported, []),
    validation_summary: fromJson(row.validation_summary, null),
    repair_summary: fromJson(row.repair_summary, null),
    error: row.error_code ? { code: row.error_code as NonNullable<WireDocument["error"]>["code"], message: row.error_message ?? "" } : null,
    versions: fromJson(row.versions, { engine: "", renderer: "", model: null }),
    metadata: fromJson(row.metadata, {}),
    store: Boolean(row.store),
    retention: row.retention,
    expires_at: row.expires_at,
    route: fromJson(row.route, null),
    quality: fromJson(row.quality, null),
    artifact: fromJson(row.artifact, null),
    content_deleted_at: row.content_deleted_at,
    created_at: row.created_at,
    completed_at: row.completed_at,
  };
  // `outputs` is present once finished (interface, Document); after content deletion the list is empty.
  if (FINISHED.has(row.status)) {
    doc.outputs = row.content_deleted_at || !outputs ? [] : outputs.map((o) => outputToWire(o, signer, now));
  }
  return doc;
};

/** Reads a document with its outputs and returns the wire shape. */
export const loadWire = async (db: Knex, row: DocumentRow, signer: LinkSigner, now: Date): Promise<WireDocument> =>
  toWire(row, FINISHED.has(row.status) ? await listOutputs(db, row.id) : null, signer, now);
