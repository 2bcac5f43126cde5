/**
 * The process-wide parts of artifact storage for one store: the live bus (with its poller of the change log) and the
 * per-artifact rate limits. The page API (server/artifact/api.ts) and the owner endpoints
 * (server/routes/artifact-data.ts) must share them, so reads of both count in one budget and a write reaches every
 * stream; they are kept per knex instance, as the fast reader is (core/store/fast-reads.ts), and made on first use.
 * Tests and the bench build their own with makeArtifactLive and makeArtifactRate.
 */
import type { Knex } from "knex";
import { makeArtifactLive, type ArtifactLive } from "./live.ts";
import { makeArtifactRate, type ArtifactBudget } from "./rate.ts";
import { makeSharedArtifactRate } from "./shared-rate.ts";
import type { Notifier } from "../store/notify.ts";

export interface ArtifactRuntime {
  readonly live: ArtifactLive;
  readonly rate: ArtifactBudget;
}

const runtimes = new WeakMap<Knex, ArtifactRuntime>();

export const artifactRuntime = (db: Knex, opts: { pollMs?: number; log?: (message: string, error?: unknown) => void; notifier?: Notifier } = {}): ArtifactRuntime => {
  let runtime = runtimes.get(db);
  if (!runtime) {
    runtime = { live: makeArtifactLive({ db, pollMs: opts.pollMs, onError: opts.log, ...(opts.notifier ? { notifier: opts.notifier } : {}) }), rate: db.client.config.client === "pg" ? makeSharedArtifactRate(db) : makeArtifactRate() };
    runtimes.set(db, runtime);
  }
  return runtime;
};
