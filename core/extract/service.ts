/**
 * Extractions (interface, POST /extract): a read, not a document. It counts in the organization's rate limit, is
 * never listed, raises no webhook and is free. The caller waits up to the direct wait; past it the answer is 202 and
 * `GET /extract/{id}` collects the text later. A result is deleted once delivered, and an uncollected one 15 minutes
 * after it was made; the input is never kept by the extraction itself.
 */
import type { Knex } from "knex";
import type { Principal } from "../auth/tenancy.ts";
import { FileRejected, InternalError, NotFound, RateLimited, type ApiError } from "../errors.ts";
import type { RateLimiter } from "../limits/rate.ts";
import type { ExtractionText } from "./read.ts";
import type { Work } from "../work/work.ts";
import type { components } from "../../generated/openapi.ts";

export type WireExtraction = components["schemas"]["Extraction"];
export type WirePending = components["schemas"]["ExtractionPending"];

export const EXTRACTION_LIFETIME_MS = 15 * 60_000;
/** A reading that takes longer than this is stopped (a thousand-page scan is capped at 100 OCR pages anyway). */
const MAX_READ_MS = 30 * 60_000;
/** Interface, Limits: PDF pages read for extraction, and scanned pages read by OCR. */
const MAX_PAGES = 1000;
const MAX_OCR_PAGES = 100;

export interface ExtractDeps {
  readonly db: Knex;
  readonly now: () => Date;
  readonly newId: (prefix: "doc") => string;
  readonly rate: RateLimiter;
  readonly rateLimitPerMinute: number;
  readonly directWaitMs: number;
  readonly owner: string;
  /** Reads the file, in a worker thread in the service (core/work). */
  readonly work: Pick<Work, "extract">;
  readonly log: (message: string, error?: unknown) => void;
}

const wire = (id: string, text: ExtractionText): WireExtraction => ({
  object: "extraction",
  id,
  document_id: id,
  format: text.format,
  markdown: text.markdown,
  chars: text.chars,
  truncated: text.truncated,
  pages: text.pages,
  ...(text.charset ? { charset: text.charset } : {}),
  ...(text.ocrPages ? { ocr_pages: [...text.ocrPages] } : {}),
});

/** Readings running in this process, so a waiting request hears the end at once. */
const running = new Map<string, Promise<void>>();

export const startExtraction = async (
  deps: ExtractDeps,
  principal: Principal,
  upload: { bytes: Uint8Array; filename?: string },
): Promise<{ status: 200; body: WireExtraction } | { status: 202; body: WirePending }> => {
  const retryAfter = await deps.rate.take(principal.organizationId, deps.now().getTime());
  if (retryAfter !== null) throw new RateLimited({ message: `Over ${deps.rateLimitPerMinute} documents and extractions a minute for this organization.`, retryAfterSeconds: retryAfter });
  const id = deps.newId("doc");
  const created = deps.now();
  await deps.db("extractions").insert({
    id,
    organization_id: principal.organizationId,
    status: "running",
    owner: deps.owner,
    created_at: created.toISOString(),
    // While reading, the row outlives the longest reading; once done, it has 15 minutes to be collected.
    expires_at: new Date(created.getTime() + MAX_READ_MS + EXTRACTION_LIFETIME_MS).toISOString(),
  });
  const signal = AbortSignal.timeout(MAX_READ_MS);
  const work = (async () => {
    try {
      const text = await deps.work.extract(upload.bytes, upload.filename, { signal, maxPages: MAX_PAGES, maxOcrPages: MAX_OCR_PAGES });
      await deps.db("extractions").where({ id }).update({ status: "done", result: JSON.stringify(wire(id, text)), expires_at: new Date(deps.now().getTime() + EXTRACTION_LIFETIME_MS).toISOString() });
    } catch (error) {
      const known = error instanceof FileRejected;
      if (!known) deps.log(`extraction ${id} failed`, error);
      await deps.db("extractions").where({ id }).update({
        status: "failed",
        error_code: known ? "file_rejected" : "internal_error",
        error_message: known ? error.message : signal.aborted ? "Reading took too long and was stopped." : "Reading failed unexpectedly; the failure was logged.",
      });
    } finally {
      running.delete(id);
    }
  })();
  running.set(id, work);
  const finished = await Promise.race([work.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), deps.directWaitMs).unref())]);
  if (!finished) return { status: 202, body: { object: "extraction", id, status: "running" } };
  return collect(deps, principal, id);
};

/** The result once, then it is gone; a failure answers its Problem once, then it is gone too. */
export const collect = async (deps: Pick<ExtractDeps, "db">, principal: Principal, id: string): Promise<{ status: 200; body: WireExtraction } | { status: 202; body: WirePending }> => {
  const row = /^doc_[0-9A-HJKMNP-TV-Z]{26}$/.test(id) ? await deps.db("extractions").where({ id, organization_id: principal.organizationId }).first() : undefined;
  if (!row) throw new NotFound({ message: `No extraction ${id}: results are delivered once and kept 15 minutes at most.` });
  if (row.status === "running") return { status: 202, body: { object: "extraction", id, status: "running" } };
  await deps.db("extractions").where({ id }).delete();
  if (row.status === "failed") {
    const error: ApiError =
      row.error_code === "file_rejected" ? new FileRejected({ message: row.error_message }) : new InternalError({ message: row.error_message });
    throw error;
  }
  return { status: 200, body: JSON.parse(row.result) };
};

/** At start: readings of a process that is gone will never finish. */
export const failInterruptedExtractions = (db: Knex, live: readonly string[]) =>
  db("extractions").where({ status: "running" }).whereNotIn("owner", live).update({ status: "failed", error_code: "internal_error", error_message: "The service restarted while reading; send the file again." });

export const sweepExtractions = (db: Knex, now: Date) => db("extractions").where("expires_at", "<=", now.toISOString()).delete();
