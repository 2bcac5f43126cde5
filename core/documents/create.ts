/**
 * `POST /documents` up to the point of answering: validate everything, then (unless a dry run) take a rate-limit
 * unit, check the balance, claim the Idempotency-Key, and store the document with its job in one transaction.
 * How the answer is sent (direct, stream, background) is the edge's business.
 */
import type { Principal } from "../auth/tenancy.ts";
import { InsufficientBalance, RateLimited } from "../errors.ts";
import { appendEvent } from "../events/store.ts";
import { toJson } from "../store/db.ts";
import type { DocDeps } from "./deps.ts";
import { attachDocument, claimKey, releaseKey, requestHash } from "./idempotency.ts";
import type { DocumentRow } from "./repo.ts";
import { validateCreate, type Plan } from "./validate.ts";
import { storeRequest } from "./request-store.ts";
import { fontToUse } from "../style/fonts.ts";
import type { components } from "../../generated/openapi.ts";

export type DryRunResult = components["schemas"]["DryRunResult"];

export const ENGINE_VERSION = "quire-engine 0.1.0";

export type CreateOutcome =
  | { kind: "dry_run"; result: DryRunResult }
  /** `operation: extract` is a read, not a document: the edge answers it as `POST /extract` does. */
  | { kind: "extract"; plan: Plan }
  | { kind: "document"; row: DocumentRow; plan: Plan; replayed: boolean; release: () => Promise<void> };

/** What a create would do; its font is the one the files would show (core/style/fonts.ts, as the operation does). */
const dryRunOf = async (plan: Plan, fonts?: () => Promise<ReadonlySet<string>>): Promise<DryRunResult> => {
  const applied = plan.style.applied;
  const { font, note } = applied && fonts ? fontToUse(applied.font, await fonts()) : { font: applied?.font };
  return {
    object: "dry_run",
    valid: true,
    operation: plan.operation,
    format: plan.format,
    mode: plan.mode,
    style_applied: applied && font ? { ...applied, font } : applied,
    style_unsupported: note ? [...plan.style.unsupported, note] : plan.style.unsupported,
    would_charge: { level: plan.quality.level },
  };
};

export const createDocument = async (
  deps: DocDeps,
  principal: Principal,
  body: unknown,
  opts: { dryRun: boolean; idempotencyKey?: string },
): Promise<CreateOutcome> => {
  const plan = await validateCreate(body, {
    db: deps.db,
    config: deps.config,
    organizationId: principal.organizationId,
    projectStoresNothing: principal.projectStoresNothing,
    inspect: deps.work.inspect,
    plugins: deps.plugins,
  });
  if (opts.dryRun) return { kind: "dry_run", result: await dryRunOf(plan, deps.fonts) };
  if (plan.operation === "extract") return { kind: "extract", plan };

  let claimed = false;
  if (opts.idempotencyKey) {
    const claim = await claimKey(deps.db, {
      organizationId: principal.organizationId,
      key: opts.idempotencyKey,
      hash: requestHash(body),
      owner: deps.owner,
      now: deps.now(),
    });
    if (claim.kind === "replay") {
      const row: DocumentRow = await deps.db("documents").where({ id: claim.documentId }).first();
      return { kind: "document", row, plan, replayed: true, release: async () => {} };
    }
    claimed = true;
  }
  const release = async (created: boolean) => {
    if (claimed) await releaseKey(deps.db, principal.organizationId, opts.idempotencyKey!, created);
  };
  try {
    // The balance first, so a refused request does not use up a slot of the rate limit.
    const org = await deps.db("organizations").where({ id: principal.organizationId }).first("balance");
    if (org && org.balance !== null && org.balance <= 0) {
      throw new InsufficientBalance({ message: "The organization has no balance left; top it up to create documents." });
    }
    const retryAfter = await deps.rate.take(principal.organizationId, deps.now().getTime());
    if (retryAfter !== null) {
      throw new RateLimited({ message: `Over ${deps.config.rateLimitPerMinute} documents a minute for this organization.`, retryAfterSeconds: retryAfter });
    }
    const now = deps.now();
    const id = deps.newId("doc");
    const request = await storeRequest(deps.blobs, id, plan.request);
    const row: DocumentRow = {
      id,
      organization_id: principal.organizationId,
      project_id: principal.projectId,
      name: plan.name,
      operation: plan.operation,
      format: plan.format,
      type: plan.type,
      mode: plan.mode,
      sector: null,
      // An edit of a document Quire made is a version of it.
      parent_id: plan.operation === "edit" && typeof plan.request.file === "string" && plan.request.file.startsWith("doc_") ? plan.request.file : null,
      status: "queued",
      phase: "queued",
      pages: null,
      style_applied: toJson(plan.style.applied),
      style_unsupported: JSON.stringify(plan.style.unsupported),
      validation_summary: null,
      repair_summary: null,
      error_code: null,
      error_message: null,
      versions: JSON.stringify({ engine: ENGINE_VERSION, renderer: plan.format ? `${plan.format} plugin` : "none", model: null }),
      metadata: JSON.stringify(plan.metadata),
      store: plan.store,
      retention: plan.retention,
      expires_at: null,
      route: toJson(plan.mode === "content" ? { path: "fast", reason: "the caller's Markdown is laid out as given" } : null),
      quality: toJson(plan.quality),
      artifact: toJson(plan.artifact),
      content_deleted_at: null,
      events_deleted_at: null,
      request,
      report: null,
      charge_level: plan.quality.level,
      charge_units: null,
      charged: false,
      created_at: now.toISOString(),
      completed_at: null,
    };
    await deps.db.transaction(async (trx) => {
      await trx("documents").insert(row);
      await deps.enqueueJob(trx, row.id, now);
      if (claimed) await attachDocument(trx, principal.organizationId, opts.idempotencyKey!, row.id);
    });
    await appendEvent(deps.db, deps.bus, row.id, "document.created", { status: "queued", operation: row.operation, format: row.format }, now);
    // A prompt's `auto` level is chosen once the request is understood, and told then.
    if (plan.quality.level) await appendEvent(deps.db, deps.bus, row.id, "quality.chosen", { ...plan.quality }, now);
    deps.bus.wakeWorkers();
    return { kind: "document", row, plan, replayed: false, release: () => release(true) };
  } catch (error) {
    await release(false);
    throw error;
  }
};
