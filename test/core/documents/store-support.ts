/**
 * What the documents' store contract tests share (store-*.test.ts): a real store opened the way the service opens it
 * (SQLite in a temporary directory with its prepared-statement reader, or a fresh PostgreSQL database when the run is
 * on PostgreSQL, test/support/store.ts), a second plain knex connection to it (the path PostgreSQL takes, and another
 * process), a clock that moves only when told, and the documents' deps as the composition root gives them
 * (server/start.ts: the job queue and the webhook outbox), with format plugins that are declarations only: nothing
 * is rendered here, these tests are about what the store keeps.
 */
import { join } from "node:path";
import type { Knex } from "knex";
import { openTestStore } from "../../support/store.ts";
import { loadConfig } from "../../../core/config.ts";
import { makeBus } from "../../../core/events/bus.ts";
import { localBlobStore } from "../../../core/services/blobs.ts";
import { Clock } from "../../../core/services/clock.ts";
import { newId } from "../../../core/services/ids.ts";
import { makeRateLimiter } from "../../../core/limits/rate.ts";
import { createOrganization, createProject, type Principal } from "../../../core/auth/tenancy.ts";
import { enqueue } from "../../../core/jobs/queue.ts";
import { enqueueFinal } from "../../../core/webhooks/outbox.ts";
import { createDocument } from "../../../core/documents/create.ts";
import type { DocDeps } from "../../../core/documents/deps.ts";
import type { DocumentRow } from "../../../core/documents/repo.ts";
import type { FormatPlugin } from "../../../core/contracts/format-plugin.ts";
import { runDocument, type RunDeps } from "../../../core/jobs/run.ts";
import type { JobContext, PipelineOutput, PipelineResult } from "../../../core/operations/types.ts";
import * as Effect from "effect/Effect";
import { createFormatRegistry } from "../../../plugins/registry.ts";

const declared = (format: string, mediaType: string): FormatPlugin => ({
  id: `store-test-${format}`,
  format,
  mediaTypes: [mediaType],
  extensions: [format],
  render: async () => {
    throw new Error("nothing is rendered in the store tests");
  },
});

export const plugins = createFormatRegistry([
  declared("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
  declared("pdf", "application/pdf"),
  declared("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
]);

export const T0 = new Date(Date.UTC(2030, 0, 1, 12, 0, 0));

export const BODY = { format: "docx", content: { markdown: "# Title\n\nText." } } as const;

export interface Tenant {
  readonly principal: Principal;
  readonly organizationId: string;
  readonly projectId: string;
}

export interface DocStore {
  /** The service's own way in: knex plus, on SQLite, the prepared-statement reader. */
  readonly db: Knex;
  /** knex alone on the same store. */
  readonly plain: Knex;
  readonly dir: string;
  readonly clock: { readonly now: () => Date; readonly advance: (ms: number) => void };
  readonly deps: DocDeps;
  readonly onPostgres: boolean;
  /** A new organization with one project, and the principal of a key of it. */
  readonly tenant: (name?: string) => Promise<Tenant>;
  /** A document created as `POST /documents` creates it (its job queued), its key released. */
  readonly create: (tenant: Tenant, body?: Record<string, unknown>, over?: Partial<DocDeps>) => Promise<DocumentRow>;
  /** Runs a document's job as the worker does (core/jobs/run.ts), `pipeline` standing in for the operation. */
  readonly run: (documentId: string, pipeline: (ctx: JobContext) => Promise<PipelineResult>) => Promise<void>;
  readonly close: () => Promise<void>;
}

export const openDocStore = async (label: string): Promise<DocStore> => {
  const { db, plain, dir, close } = await openTestStore(label);
  const { clock } = Clock.fixed(T0);
  const deps: DocDeps = {
    db,
    bus: makeBus(),
    blobs: localBlobStore(join(dir, "blobs")),
    config: loadConfig({ QUIRE_DATA_DIR: dir }),
    now: clock.now,
    newId,
    signer: { publicUrl: "http://quire.test", secret: "store-test-secret" },
    // The clock stands still: every create falls in one window, which must not fill.
    rate: makeRateLimiter(db, 1_000_000),
    owner: "proc_store_test",
    log: () => undefined,
    work: {
      inspect: async () => {
        throw new Error("no uploads in the store tests");
      },
      parseJson: async (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString("utf8")),
    } as unknown as DocDeps["work"],
    plugins,
    enqueueJob: enqueue,
    finalMessages: enqueueFinal,
  };
  const tenant = async (name = "acme"): Promise<Tenant> => {
    const org = await createOrganization(db, name, clock.now());
    const project = await createProject(db, { organizationId: org.id, name: "default", region: "eu" }, clock.now());
    return {
      organizationId: org.id,
      projectId: project.id,
      principal: { kind: "api_key", organizationId: org.id, projectId: project.id, credentialId: "key_store_test", projectStoresNothing: false },
    };
  };
  const create = async (t: Tenant, body: Record<string, unknown> = BODY, over: Partial<DocDeps> = {}) => {
    const outcome = await createDocument({ ...deps, ...over }, t.principal, body, { dryRun: false });
    if (outcome.kind !== "document") throw new Error(`expected a document, got ${outcome.kind}`);
    await outcome.release();
    return outcome.row;
  };
  const run = (documentId: string, pipeline: (ctx: JobContext) => Promise<PipelineResult>) => {
    const runDeps: RunDeps = { ...deps, renderDelayMs: 0, allowPrivateUrls: false, work: { pipeline: (_name, ctx) => pipeline(ctx) } };
    return Effect.runPromise(runDocument(runDeps, documentId, 1));
  };
  return {
    db,
    plain,
    dir,
    clock,
    deps,
    onPostgres: db.url !== undefined,
    tenant,
    create,
    run,
    close,
  };
};

/** An output a pipeline hands back; its bytes name it. */
export const output = (kind: PipelineOutput["kind"], filename: string, extra: Partial<PipelineOutput> = {}): PipelineOutput => ({
  kind,
  filename,
  contentType: kind === "pdf" ? "application/pdf" : kind === "preview" ? "image/png" : "application/octet-stream",
  bytes: Buffer.from(`${kind} ${filename}`),
  ...extra,
});

/** What a pipeline hands back: these outputs, no diagnostics (the document ends `ready`). */
export const made = (outputs: PipelineOutput[], pages = 2): PipelineResult => ({ outputs, diagnostics: [], pages });

/** Rejects with an error of this tag (core/errors.ts: Effect's tagged errors). */
export const tagged = (tag: string) => (e: unknown) => (e as { _tag?: string })?._tag === tag;
