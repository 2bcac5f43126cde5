/**
 * The document status table of the interface (States and transitions), as conditional updates: a transition only
 * happens from the statuses it is allowed from, so a cancel and a finishing worker can race and exactly one wins.
 * Each transition appends its event; a finishing one appends the final event. A final transition also writes the
 * document's webhook messages into the outbox in the same transaction (`Deps.finalMessages`: core/webhooks/outbox.ts,
 * given by the composition root, so the documents' store does not import the webhooks that read it), so a crash can
 * never keep the new status and lose a message, and then wakes the deliverer; it never waits for a delivery.
 */
import type { Knex } from "knex";
import { appendEvent } from "../events/store.ts";
import type { BusShape } from "../events/bus.ts";
import { expiryOf, type Retention } from "./retention.ts";
import { finalEventFor, type Status, type FinishedStatus } from "./status.ts";
import type { DocumentRow } from "./repo.ts";
import { toJson } from "../store/db.ts";

export interface Deps {
  readonly db: Knex;
  readonly bus: BusShape;
  readonly now: () => Date;
  /** The webhook deliverer of this process, told when messages were written (absent: it finds them by polling). */
  readonly webhooks?: { readonly notify: () => void };
  /** Writes a final transition's webhook messages inside its transaction; how many it wrote. */
  readonly finalMessages: FinalMessages;
}

export type FinalMessages = (trx: Knex.Transaction, documentId: string, at: Date) => Promise<number>;

const afterFinal = (deps: Deps, messages: number) => {
  if (messages > 0) deps.webhooks?.notify();
};

const finalEvent = (deps: Deps, id: string, status: Status, error: { code: string; message: string } | null) =>
  appendEvent(deps.db, deps.bus, id, finalEventFor(status), { status, error }, deps.now());

export const markRunning = async (deps: Deps, id: string): Promise<boolean> => {
  const changed = await deps.db("documents").where({ id, status: "queued" }).update({ status: "running", phase: "starting" });
  if (changed) await appendEvent(deps.db, deps.bus, id, "status.changed", { status: "running", phase: "starting" }, deps.now());
  return changed > 0;
};

export const setPhase = async (deps: Deps, id: string, phase: string): Promise<void> => {
  const changed = await deps.db("documents").where({ id, status: "running" }).update({ phase });
  // The spec's DocumentEvent: `phase.changed` carries `{status, phase}` (the status stays running).
  if (changed) await appendEvent(deps.db, deps.bus, id, "phase.changed", { status: "running", phase }, deps.now());
};

export interface Finish {
  readonly status: FinishedStatus;
  readonly pages: number | null;
  readonly report: unknown;
  readonly validationSummary: unknown;
  readonly chargeUnits: number;
  /** The quality level charged, when processing settled it (a prompt's `auto`); else the one chosen at creation. */
  readonly chargeLevel?: string;
  /** What processing learned or settled: the detected type, the style as applied, repairs, producers, a prompt's choices. */
  readonly settled?: Partial<
    Pick<DocumentRow, "type" | "format" | "style_applied" | "style_unsupported" | "repair_summary" | "versions" | "sector" | "quality" | "route" | "artifact">
  >;
}

/** Completes a running document; false when it was canceled meanwhile (its outputs must then be dropped). */
export const finish = async (deps: Deps, row: DocumentRow, result: Finish): Promise<boolean> => {
  const completedAt = deps.now();
  const changed = await deps.db.transaction(async (trx) => {
    const n = await trx("documents")
      .where({ id: row.id, status: "running" })
      .update({
        ...result.settled,
        status: result.status,
        phase: "done",
        pages: result.pages,
        report: toJson(result.report),
        validation_summary: toJson(result.validationSummary),
        completed_at: completedAt.toISOString(),
        expires_at: expiryOf(completedAt, row.retention as Retention).toISOString(),
        charge_units: result.chargeUnits,
        ...(result.chargeLevel ? { charge_level: result.chargeLevel } : {}),
        charged: true,
      });
    if (!n) return { n, messages: 0 };
    // Charging: the balance (null = unlimited) goes down by the units of a finished document, never of a failed one.
    await trx("organizations").where({ id: row.organization_id }).whereNotNull("balance").decrement("balance", result.chargeUnits);
    return { n, messages: await deps.finalMessages(trx, row.id, completedAt) };
  });
  if (changed.n) {
    afterFinal(deps, changed.messages);
    await finalEvent(deps, row.id, result.status, null);
  }
  return changed.n > 0;
};

/**
 * Fails an unfinished document; `report` is kept when the failure has one to give (an edit's outcomes), `versions`
 * when processing got far enough to know its producers (the models that answered before the failure).
 */
export const fail = async (
  deps: Deps,
  row: Pick<DocumentRow, "id" | "retention">,
  error: { code: string; message: string },
  report?: unknown,
  versions?: string,
): Promise<boolean> => {
  const completedAt = deps.now();
  const changed = await deps.db.transaction(async (trx) => {
    const n = await trx("documents")
      .where({ id: row.id })
      .whereIn("status", ["queued", "running"])
      .update({
        status: "failed",
        phase: "done",
        error_code: error.code,
        error_message: error.message,
        ...(report !== undefined ? { report: toJson(report) } : {}),
        ...(versions !== undefined ? { versions } : {}),
        completed_at: completedAt.toISOString(),
        expires_at: expiryOf(completedAt, row.retention as Retention).toISOString(),
        charge_units: 0,
        charged: false,
      });
    return { n, messages: n ? await deps.finalMessages(trx, row.id, completedAt) : 0 };
  });
  if (changed.n) {
    afterFinal(deps, changed.messages);
    await finalEvent(deps, row.id, "failed", error);
  }
  return changed.n > 0;
};

export const cancel = async (deps: Deps, row: Pick<DocumentRow, "id" | "retention">): Promise<boolean> => {
  const completedAt = deps.now();
  const changed = await deps.db.transaction(async (trx) => {
    const n = await trx("documents")
      .where({ id: row.id })
      .whereIn("status", ["queued", "running"])
      .update({
        status: "canceled",
        phase: "done",
        completed_at: completedAt.toISOString(),
        expires_at: expiryOf(completedAt, row.retention as Retention).toISOString(),
        charge_units: 0,
        charged: false,
      });
    if (!n) return { n, messages: 0 };
    await trx("jobs").where({ document_id: row.id }).update({ state: "done" });
    return { n, messages: await deps.finalMessages(trx, row.id, completedAt) };
  });
  if (changed.n) {
    afterFinal(deps, changed.messages);
    await finalEvent(deps, row.id, "canceled", null);
  }
  return changed.n > 0;
};
