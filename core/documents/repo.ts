/**
 * Documents in the store and their wire shape. A row keeps JSON columns as text; `toWire` builds the Document of
 * the spec (every field but `outputs` always present) and signs fresh download links for its outputs.
 */
import type { Knex } from "knex";
import type { components } from "../../generated/openapi.ts";
import { fromJson } from "../store/db.ts";
import { fastReader } from "../store/fast-reads.ts";
import { signDownload, signArtifactPage, DOWNLOAD_TTL_SECONDS } from "./links.ts";
import { artifactHostOf } from "../config.ts";
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
  /** Loaded only where needed (the pipelines, the report): reads for the wire leave these large columns out. */
  request?: string | null;
  report?: string | null;
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
  /** Host (and port) of artifact pages (`Config.artifactHost`); when absent, the default derived from `publicUrl`. */
  readonly artifactHost?: string;
}

/** Every column but the request and the report, which can be large and are not part of the wire document. */
export const ROW_COLUMNS = [
  "id", "organization_id", "project_id", "name", "operation", "format", "type", "mode", "sector", "parent_id", "status",
  "phase", "pages", "style_applied", "style_unsupported", "validation_summary", "repair_summary", "error_code",
  "error_message", "versions", "metadata", "store", "retention", "expires_at", "route", "quality", "artifact",
  "content_deleted_at", "events_deleted_at", "charge_level", "charge_units", "charged", "created_at", "completed_at",
] as const;
const FIND_SQL = `select ${ROW_COLUMNS.join(", ")} from documents where id = ? and organization_id = ?`;

export const findDocument = async (db: Knex, organizationId: string, id: string): Promise<DocumentRow | undefined> => {
  const fast = fastReader(db);
  if (fast) return fast.get<DocumentRow>(FIND_SQL, [id, organizationId]);
  return db("documents").where({ id, organization_id: organizationId }).first(ROW_COLUMNS);
};

/** A document whatever its organization: for the service's own reads once the caller's access was checked. */
export const rowById = async (db: Knex, id: string): Promise<DocumentRow | undefined> => db("documents").where({ id }).first(ROW_COLUMNS);

/** Only the status, where a wait asks again and again whether a document has finished. */
export const statusById = async (db: Knex, id: string): Promise<Status | undefined> =>
  ((await db("documents").where({ id }).first("status")) as { status: Status } | undefined)?.status;

export const outputById = async (db: Knex, id: string): Promise<OutputRow | undefined> => db("outputs").where({ id }).first();

export const listOutputs = async (db: Knex, documentId: string): Promise<OutputRow[]> => {
  const fast = fastReader(db);
  if (fast) return fast.all<OutputRow>("select * from outputs where document_id = ? order by position", [documentId]);
  return db("outputs").where({ document_id: documentId }).orderBy("position");
};

/**
 * Link expiries are rounded up to the next 10 seconds, so a link lives between its TTL and 10 s more, and the
 * signature of an output is computed once per 10 s instead of once per read.
 */
const EXPIRY_STEP_MS = 10_000;
const signatures = new Map<string, string>();

/** Where an artifact's `html` output links: its page until `exp` (unix seconds); null for an ordinary download. */
export type PageLink = { readonly exp: number } | null;

/**
 * The page link of an artifact (interface, Output `url`): valid until the document's `expires_at`, or for
 * `expiresIn` seconds when the caller asked; none with `retention: none`, whose page is delivered as a download.
 * An artifact is a document with `artifact` settings, which a create gets when its format's plugin delivers a page.
 */
export const pageLinkOf = (doc: Pick<DocumentRow, "retention" | "expires_at"> & { readonly artifact: unknown }, now: Date, expiresInSeconds?: number): PageLink => {
  if (!doc.artifact || doc.retention === "none") return null;
  if (expiresInSeconds !== undefined) return { exp: Math.ceil((now.getTime() + expiresInSeconds * 1000) / EXPIRY_STEP_MS) * (EXPIRY_STEP_MS / 1000) };
  return doc.expires_at ? { exp: Math.floor(new Date(doc.expires_at).getTime() / 1000) } : null;
};

const signedUrl = (signer: LinkSigner, outputId: string, expiresAt: Date) => {
  const key = `${outputId}.${expiresAt.getTime()}`;
  let url = signatures.get(key);
  if (!url) {
    if (signatures.size >= 10_000) signatures.clear();
    signatures.set(key, (url = signDownload(signer.publicUrl, signer.secret, outputId, expiresAt)));
  }
  return url;
};

const pageUrl = (signer: LinkSigner, documentId: string, exp: number) => {
  const key = `${documentId}.${exp}`;
  let url = signatures.get(key);
  if (!url) {
    if (signatures.size >= 10_000) signatures.clear();
    const host = signer.artifactHost ?? artifactHostOf(signer.publicUrl, undefined);
    signatures.set(key, (url = signArtifactPage(signer.publicUrl, host, signer.secret, documentId, exp)));
  }
  return url;
};

export const outputToWire = (output: OutputRow, signer: LinkSigner, now: Date, ttlSeconds = DOWNLOAD_TTL_SECONDS, page: PageLink = null): WireOutput => {
  const expiresAt = new Date(Math.ceil((now.getTime() + ttlSeconds * 1000) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS);
  // An artifact's page is opened, not downloaded: its link lives on its own origin and carries no expiry of its own.
  const isPage = output.kind === "html" && page !== null;
  const wire: WireOutput = {
    id: output.id,
    kind: output.kind,
    content_type: output.content_type,
    bytes: output.bytes,
    url: isPage ? pageUrl(signer, output.document_id, page.exp) : signedUrl(signer, output.id, expiresAt),
    expires_at: isPage ? null : expiresAt.toISOString(),
  };
  if (output.page !== null) wire.page = output.page;
  if (output.width !== null) wire.width = output.width;
  if (output.height !== null) wire.height = output.height;
  return wire;
};

const baseOf = (row: DocumentRow): WireDocument => ({
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
});

export const toWire = (row: DocumentRow, outputs: ReadonlyArray<OutputRow> | null, signer: LinkSigner, now: Date): WireDocument => {
  const doc = baseOf(row);
  // `outputs` is present once finished (interface, Document); after content deletion the list is empty.
  if (FINISHED.has(row.status)) {
    const page = pageLinkOf(row, now);
    doc.outputs = row.content_deleted_at || !outputs ? [] : outputs.map((o) => outputToWire(o, signer, now, DOWNLOAD_TTL_SECONDS, page));
  }
  return doc;
};

/**
 * A finished document changes only when its content is deleted, so its wire shape (without the links, which are
 * signed per read) and its outputs are kept for reads that follow; the row read beforehand tells whether the
 * cached copy still holds.
 */
const finishedCache = new Map<string, { stamp: string; base: WireDocument; outputs: OutputRow[]; json?: string }>();
const stampOf = (row: DocumentRow) => `${row.status}|${row.content_deleted_at ?? ""}|${row.completed_at ?? ""}`;

const STAMP_SQL = "select organization_id, status, content_deleted_at, completed_at from documents where id = ?";

/**
 * `GET /documents/{id}`, the hottest read, answered as JSON text: a finished document already cached is confirmed by
 * a four-column read of its stamp instead of the whole row, and only its freshly signed links are serialised anew.
 * Undefined when the document is not the organization's.
 */
export const readWireJson = async (db: Knex, organizationId: string, id: string, signer: LinkSigner, now: Date): Promise<string | undefined> => {
  const fast = fastReader(db);
  const cached = finishedCache.get(id);
  if (fast && cached) {
    const head = fast.get<DocumentRow>(STAMP_SQL, [id]);
    if (!head || head.organization_id !== organizationId) return undefined;
    if (cached.stamp === stampOf(head)) {
      // The base serialised without its closing brace; outputs go last.
      cached.json ??= JSON.stringify(cached.base).slice(0, -1);
      const page = pageLinkOf(cached.base, now);
      return `${cached.json},"outputs":${JSON.stringify(cached.outputs.map((o) => outputToWire(o, signer, now, DOWNLOAD_TTL_SECONDS, page)))}}`;
    }
  }
  const row = await findDocument(db, organizationId, id);
  return row && JSON.stringify(await loadWire(db, row, signer, now));
};

/** Reads a document with its outputs and returns the wire shape. */
export const loadWire = async (db: Knex, row: DocumentRow, signer: LinkSigner, now: Date): Promise<WireDocument> => {
  if (!FINISHED.has(row.status)) return toWire(row, null, signer, now);
  const stamp = stampOf(row);
  let entry = finishedCache.get(row.id);
  if (!entry || entry.stamp !== stamp) {
    entry = { stamp, base: baseOf(row), outputs: row.content_deleted_at ? [] : await listOutputs(db, row.id) };
    if (finishedCache.size >= 5_000) finishedCache.delete(finishedCache.keys().next().value!);
    finishedCache.set(row.id, entry);
  }
  const page = pageLinkOf(row, now);
  return { ...entry.base, outputs: entry.outputs.map((o) => outputToWire(o, signer, now, DOWNLOAD_TTL_SECONDS, page)) };
};
