/**
 * The durable outbox of webhook deliveries: one row per (event, endpoint), written in the same transaction as the
 * document's final transition (core/documents/lifecycle.ts), so a crash can lose neither. A row holds the message
 * id (`webhook-id`, the same on every attempt) and the exact body, serialised once.
 *
 * States: `pending` (waiting for `next_attempt_at`) → `delivering` (leased by one process until
 * `lease_expires_at`) → `delivered`, or back to `pending` for the next retry, or `failed` after the last attempt.
 * Deleting the endpoint makes its `pending` and `delivering` rows `canceled`. A claim is a conditional update, as
 * the job queue's is: of several processes racing for a row exactly one wins; a lease that expires (its process
 * died mid-attempt) makes the row due again for anyone.
 */
import type { Knex } from "knex";
import { newId as defaultNewId } from "../services/ids.ts";
import { FINISHED } from "../documents/status.ts";
import { eventOf, PAYLOAD_COLUMNS, type FinishedDocument, type WebhookEventType } from "./payload.ts";
import { nextAttemptAt } from "./schedule.ts";

export type DeliveryState = "pending" | "delivering" | "delivered" | "failed" | "canceled";

const TABLE = "webhook_deliveries";

/**
 * Writes the messages of a document that has just finished, one per endpoint of its project that wants the event.
 * Call it inside the transaction of the final transition. Extractions raise no webhook. Returns how many rows.
 */
export const enqueueFinal = async (trx: Knex | Knex.Transaction, documentId: string, at: Date, newId: (prefix: "msg") => string = defaultNewId): Promise<number> => {
  const doc: FinishedDocument | undefined = await trx("documents").where({ id: documentId }).first(...PAYLOAD_COLUMNS);
  if (!doc || doc.operation === "extract" || !FINISHED.has(doc.status)) return 0;
  const endpoints: Array<{ id: string; event_types: string }> = await trx("webhook_endpoints")
    .where({ project_id: doc.project_id })
    .whereNull("deleted_at")
    .orderBy("id")
    .select("id", "event_types");
  if (!endpoints.length) return 0;
  const event = eventOf(doc, at);
  const body = JSON.stringify(event);
  const stamp = at.toISOString();
  const rows = endpoints
    .filter((e) => (JSON.parse(e.event_types) as WebhookEventType[]).includes(event.type))
    .map((e) => ({
      id: newId("msg"),
      endpoint_id: e.id,
      organization_id: doc.organization_id,
      project_id: doc.project_id,
      document_id: doc.id,
      event_type: event.type,
      body,
      state: "pending" satisfies DeliveryState,
      attempts: 0,
      next_attempt_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    }));
  if (rows.length) await trx(TABLE).insert(rows);
  return rows.length;
};

/** A delivery leased to this process for one attempt, with what it takes to send it. */
export interface Claimed {
  readonly id: string;
  readonly endpointId: string;
  readonly url: string;
  readonly secret: string;
  readonly body: string;
  /** Attempts made, this one included. */
  readonly attempts: number;
}

export interface ClaimOptions {
  readonly owner: string;
  readonly now: Date;
  readonly leaseMs: number;
  /** Rows at most. */
  readonly limit: number;
  /** Free slots of an endpoint in this process; rows of an endpoint with none are left for later. */
  readonly freeSlots: (endpointId: string) => number;
  /**
   * Deliveries to one endpoint at once across every instance sharing the store: every live lease counts against it,
   * this process's and the others', so several instances together never send an endpoint more than one alone would.
   */
  readonly perEndpoint?: number;
  /** Endpoints with no free slot, left out of the query. */
  readonly full: ReadonlyArray<string>;
}

const isSqlite = (db: Knex) => /sqlite/i.test(String(db.client.config.client));

const dueWhere = (q: Knex.QueryBuilder, now: string) =>
  q.where((w) => w.where({ state: "pending" }).andWhere("next_attempt_at", "<=", now)).orWhere((w) => w.where({ state: "delivering" }).andWhere("lease_expires_at", "<=", now));

/**
 * Leases due rows, oldest first, leaving out endpoints that have no free slot in this process. A batch that one
 * endpoint's backlog fills gives that endpoint only its free slots; it is full at the next claim and left out, so
 * the others come next (the claim is cheap: an index range of `limit` rows).
 */
export const claimDue = async (db: Knex, opts: ClaimOptions): Promise<{ claimed: Claimed[]; more: boolean }> => {
  const now = opts.now.toISOString();
  const lease = new Date(opts.now.getTime() + opts.leaseMs).toISOString();
  return db.transaction(async (trx) => {
    // SQLite: take the write lock first, so a claim waits for another process's claim (busy_timeout) instead of
    // failing when its read turns into a write. PostgreSQL needs nothing: the conditional update decides.
    if (isSqlite(db)) await trx(TABLE).whereRaw("0 = 1").update({ state: "pending" });
    // PostgreSQL: one claim at a time across instances, so two cannot both see an endpoint's last free slot.
    else await trx.raw("select pg_advisory_xact_lock(hashtext('quire:webhook-claim'))");
    const due = (state: "pending" | "delivering", column: "next_attempt_at" | "lease_expires_at") => {
      // Ordered by the indexed time alone (ties in insertion order), so the claim reads `limit` index entries and
      // sorts nothing, however long the backlog.
      const q = trx(TABLE).where({ state }).andWhere(column, "<=", now).orderBy(column).limit(opts.limit).select("id", "endpoint_id");
      if (opts.full.length) q.whereNotIn("endpoint_id", opts.full as string[]);
      return q;
    };
    // Leases that ran out (a process died mid-attempt) first: they have waited longest.
    const candidates: Array<{ id: string; endpoint_id: string }> = [...(await due("delivering", "lease_expires_at")), ...(await due("pending", "next_attempt_at"))];
    const endpoints = [...new Set(candidates.map((c) => c.endpoint_id))];
    // Leases live now, whoever holds them. This process's own count too: its free slots alone leave room for what
    // the others hold (4 − mine), and the others' count alone leaves room for what it holds (4 − theirs), so taking
    // the smaller of the two let two instances send 4 + min(mine, theirs) at once. A lease is released only after
    // its answer came back, so the rows count every attempt still on the wire.
    const leased = new Map<string, number>();
    if (opts.perEndpoint !== undefined && endpoints.length) {
      const held: Array<{ endpoint_id: string; n: string | number }> = await trx(TABLE)
        .whereIn("endpoint_id", endpoints)
        .andWhere({ state: "delivering" })
        .andWhere("lease_expires_at", ">", now)
        .groupBy("endpoint_id")
        .select("endpoint_id")
        .count({ n: "*" });
      for (const h of held) leased.set(h.endpoint_id, Number(h.n));
    }
    const slots = (endpointId: string) => Math.min(opts.freeSlots(endpointId), (opts.perEndpoint ?? Infinity) - (leased.get(endpointId) ?? 0));
    const taken = new Map<string, number>();
    const chosen: string[] = [];
    for (const c of candidates) {
      const n = taken.get(c.endpoint_id) ?? 0;
      if (n >= slots(c.endpoint_id)) continue;
      taken.set(c.endpoint_id, n + 1);
      chosen.push(c.id);
    }
    // More rows are due than this claim took: the caller should look again when slots free up.
    const more = candidates.length >= opts.limit || chosen.length < candidates.length;
    if (!chosen.length) return { claimed: [], more };
    await trx(TABLE)
      .whereIn("id", chosen)
      .andWhere((q) => dueWhere(q, now))
      .update({ state: "delivering", lease_owner: opts.owner, lease_expires_at: lease, attempts: trx.raw("attempts + 1"), last_attempt_at: now, updated_at: now });
    const rows: Array<{ id: string; endpoint_id: string; body: string; attempts: number; url: string; secret: string; next_attempt_at: string }> = await trx(`${TABLE} as d`)
      .join("webhook_endpoints as e", "e.id", "d.endpoint_id")
      .whereIn("d.id", chosen)
      .andWhere({ "d.state": "delivering", "d.lease_owner": opts.owner, "d.lease_expires_at": lease })
      .orderBy("d.next_attempt_at")
      .orderBy("d.id")
      .select("d.id", "d.endpoint_id", "d.body", "d.attempts", "d.next_attempt_at", "e.url", "e.secret");
    return { claimed: rows.map((r) => ({ id: r.id, endpointId: r.endpoint_id, url: r.url, secret: r.secret, body: r.body, attempts: Number(r.attempts) })), more };
  });
};

export type Outcome = { readonly ok: true; readonly status: number } | { readonly ok: false; readonly status: number | null; readonly error: string };

/**
 * Records how an attempt went: `delivered`, or the next retry per the schedule, or `failed` after the last one.
 * Only while this process still holds the lease: a row canceled (endpoint deleted) or taken over stays as it is.
 */
export const settle = async (db: Knex, owner: string, claimed: Pick<Claimed, "id" | "attempts">, outcome: Outcome, now: Date, retryScale = 1): Promise<DeliveryState | null> => {
  const stamp = now.toISOString();
  const mine = db(TABLE).where({ id: claimed.id, state: "delivering", lease_owner: owner });
  const base = { lease_owner: null, lease_expires_at: null, last_status: outcome.status, updated_at: stamp };
  if (outcome.ok) {
    const n = await mine.update({ ...base, state: "delivered", last_error: null, delivered_at: stamp });
    return n ? "delivered" : null;
  }
  const next = nextAttemptAt(claimed.attempts, now, retryScale);
  const state: DeliveryState = next ? "pending" : "failed";
  const n = await mine.update({ ...base, state, last_error: outcome.error.slice(0, 500), ...(next ? { next_attempt_at: next.toISOString() } : {}) });
  return n ? state : null;
};

/**
 * Records many delivered attempts in one statement (the common case, so a busy outbox writes once per batch, not
 * once per message). Returns the ids this process still held the lease of; the others were canceled or taken over.
 */
export const settleDelivered = async (db: Knex, owner: string, items: ReadonlyArray<{ id: string; status: number }>, now: Date): Promise<Set<string>> => {
  const stamp = now.toISOString();
  const done = new Set<string>();
  const byStatus = new Map<number, string[]>();
  for (const item of items) byStatus.set(item.status, [...(byStatus.get(item.status) ?? []), item.id]);
  for (const [status, ids] of byStatus) {
    const rows: Array<{ id: string }> = await db(TABLE)
      .whereIn("id", ids)
      .andWhere({ state: "delivering", lease_owner: owner })
      .update({ state: "delivered", last_status: status, last_error: null, delivered_at: stamp, lease_owner: null, lease_expires_at: null, updated_at: stamp })
      .returning("id");
    for (const row of rows) done.add(row.id);
  }
  return done;
};

/** On shutdown: attempts cut short go back to `pending`, due at once, and do not count. */
export const releaseLeases = (db: Knex, owner: string, now: Date) =>
  db(TABLE)
    .where({ state: "delivering", lease_owner: owner })
    .update({ state: "pending", lease_owner: null, lease_expires_at: null, attempts: db.raw("case when attempts > 0 then attempts - 1 else 0 end"), next_attempt_at: now.toISOString(), updated_at: now.toISOString() });

/** When the next row becomes due (a retry, or another process's lease running out); null when none is waiting. */
export const nextDueAt = async (db: Knex, owner: string, full: ReadonlyArray<string>): Promise<Date | null> => {
  const pending = db(TABLE).where({ state: "pending" }).min({ at: "next_attempt_at" });
  if (full.length) pending.whereNotIn("endpoint_id", full as string[]);
  const leased = db(TABLE).where({ state: "delivering" }).whereNot({ lease_owner: owner }).min({ at: "lease_expires_at" });
  const [[a], [b]] = await Promise.all([pending, leased]);
  const times = [a?.at, b?.at].filter((t): t is string => typeof t === "string").map((t) => Date.parse(t));
  return times.length ? new Date(Math.min(...times)) : null;
};

/** A deleted endpoint gets nothing more: its waiting deliveries, retries included, are canceled. */
export const cancelForEndpoint = (trx: Knex | Knex.Transaction, endpointId: string, now: Date) =>
  trx(TABLE)
    .where({ endpoint_id: endpointId })
    .whereIn("state", ["pending", "delivering"])
    .update({ state: "canceled", lease_owner: null, lease_expires_at: null, updated_at: now.toISOString() });

/** Finished deliveries are kept this long (for support), then deleted by the sweeper. */
export const DELIVERIES_KEPT_MS = 7 * 86_400_000;

export const sweepDeliveries = (db: Knex, now: Date, keptMs = DELIVERIES_KEPT_MS) =>
  db(TABLE)
    .whereIn("state", ["delivered", "failed", "canceled"])
    .andWhere("updated_at", "<=", new Date(now.getTime() - keptMs).toISOString())
    .delete();
