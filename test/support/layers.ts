/**
 * Test layers for operation programs (core/operations): every service an operation asks for, with fakes where the
 * test is about the program and not the engine. Each fake records what it was asked, so a test can assert it.
 */
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import knexFactory from "knex";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Db } from "../../core/store/db.ts";
import { Blobs, localBlobStore } from "../../core/services/blobs.ts";
import { Clock, type ClockShape } from "../../core/services/clock.ts";
import { Checks, Registry } from "../../core/services/plugins.ts";
import { Model } from "../../core/services/model.ts";
import { HttpOut } from "../../core/services/http-out.ts";
import { ImageSearch } from "../../core/services/image-search.ts";
import { Browser, Converter, Fonts, OcrEngine, PdfEngine, type ConverterShape } from "../../core/services/engines.ts";
import { Job, Progress } from "../../core/operations/job.ts";
import type { DocumentRow } from "../../core/documents/repo.ts";
import type { CheckPlugin } from "../../core/contracts/check-plugin.ts";
import type { FormatPlugin } from "../../core/contracts/format-plugin.ts";
import type { ModelClient } from "../../core/contracts/model.ts";
import type { PdfReader } from "../../core/contracts/engines.ts";
import { noModel } from "../../core/contracts/model.ts";
import { createFormatRegistry } from "../../plugins/registry.ts";

/** A stored document row as the runner hands it to a program. */
export const jobRow = (overrides: Omit<Partial<DocumentRow>, "request"> & { request: unknown }): DocumentRow =>
  ({
    id: "doc_01JTESTTESTTESTTESTTESTTES",
    organization_id: "org_test",
    project_id: "prj_test",
    name: "Test",
    operation: "create",
    format: "docx",
    type: null,
    mode: "content",
    sector: null,
    parent_id: null,
    status: "running",
    phase: null,
    pages: null,
    style_applied: null,
    style_unsupported: "[]",
    validation_summary: null,
    repair_summary: null,
    error_code: null,
    error_message: null,
    versions: "{}",
    metadata: "{}",
    store: 1,
    retention: "standard",
    expires_at: null,
    route: null,
    quality: null,
    artifact: null,
    content_deleted_at: null,
    events_deleted_at: null,
    charge_level: null,
    charge_units: null,
    charged: 0,
    created_at: new Date().toISOString(),
    completed_at: null,
    ...overrides,
    request: JSON.stringify(overrides.request),
  }) as DocumentRow;

/** A "PDF" that is the rendered bytes' text, one page per form feed: what the fake converter and reader agree on. */
export const fakeConverter = (record: Array<{ from: string; to: string; signal?: AbortSignal }> = []): ConverterShape => ({
  convert: async (input, from, to, options) => {
    record.push({ from, to, signal: options?.signal });
    return input;
  },
  close: async () => undefined,
  version: async () => "fake converter",
});

export const fakePdf: PdfReader = {
  info: async (pdf) => {
    const pages = Buffer.from(pdf).toString("utf8").split("\f");
    return { pages: pages.length, text: pages.map((text, i) => ({ page: i + 1, text })) };
  },
  previews: async (pdf, options) => {
    const pages = Buffer.from(pdf).toString("utf8").split("\f").slice(0, options?.maxPages ?? 10);
    return pages.map((_, i) => ({ page: i + 1, png: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), width: options?.width ?? 800, height: 1000 }));
  },
  outline: async () => [],
  pictures: async () => [],
  finishTags: async (pdf) => pdf,
};

export interface OperationFakes {
  readonly row: DocumentRow;
  readonly plugins: ReadonlyArray<FormatPlugin>;
  readonly checks?: ReadonlyArray<CheckPlugin>;
  readonly model?: ModelClient;
  readonly converter?: ConverterShape;
  readonly pdf?: PdfReader;
  /** The time the operation runs at (`Clock.fixed(…).clock`); the real clock when absent. */
  readonly clock?: ClockShape;
}

/** Everything an operation needs, with the phases and events it reports kept in `reported`. */
export const operationLayer = (fakes: OperationFakes) => {
  const reported = { phases: [] as string[], events: [] as Array<{ type: string; data: Record<string, unknown> }> };
  const dir = mkdtempSync(join(tmpdir(), "quire-op-"));
  const db = knexFactory({ client: "better-sqlite3", connection: { filename: ":memory:" }, useNullAsDefault: true });
  const layer = Layer.mergeAll(
    Layer.succeed(Job, { row: fakes.row, allowPrivateUrls: false }),
    Layer.succeed(Progress, {
      phase: async (phase) => void reported.phases.push(phase),
      event: async (type, data) => void reported.events.push({ type, data }),
    }),
    // The one table operations read beside their row: the organization whose name a made file gives as its author.
    Layer.effect(
      Db,
      Effect.promise(async () => {
        if (!(await db.schema.hasTable("organizations"))) {
          await db.schema.createTable("organizations", (t) => {
            t.string("id").primary();
            t.string("name").notNullable();
          });
        }
        await db("organizations").insert({ id: fakes.row.organization_id, name: "Acme Test Ltd" }).onConflict("id").ignore();
        return db;
      }),
    ),
    Layer.succeed(Blobs, localBlobStore(join(dir, "blobs"))),
    Layer.succeed(Clock, fakes.clock ?? Clock.make()),
    Registry.layer(createFormatRegistry(fakes.plugins)),
    Checks.layer(fakes.checks ?? []),
    Model.layer(fakes.model ?? noModel),
    HttpOut.layer,
    ImageSearch.none,
    Layer.succeed(Converter, fakes.converter ?? fakeConverter()),
    Layer.succeed(PdfEngine, fakes.pdf ?? fakePdf),
    Layer.succeed(OcrEngine, {
      read: async () => ({ text: "", markdown: "", confidence: 0 }),
      readTsv: async () => "",
    }),
    Layer.succeed(Browser, { screenshot: async () => ({ png: new Uint8Array([0x89]), width: 800, height: 600 }), version: async () => "fake browser" }),
    Layer.succeed(Fonts, { installed: async () => new Set<string>() }),
  );
  return {
    layer,
    reported,
    close: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
