/**
 * The artifact read and write budgets (1,200 and 120 a minute) of a store several instances share (issue 18):
 * counted in the store's exact sliding windows (core/limits/rate.ts), so the instances together admit what one alone
 * would. One process alone keeps the in-memory ring of rate.ts instead, which needs no write per read.
 */
import type { Knex } from "knex";
import { makeWindowInStore } from "../limits/rate.ts";
import { READS_PER_MINUTE, RATE_WINDOW_MS, WRITES_PER_MINUTE } from "./names.ts";
import type { ArtifactBudget } from "./rate.ts";

export const makeSharedArtifactRate = (db: Knex, limits: { readsPerMinute?: number; writesPerMinute?: number; windowMs?: number } = {}): ArtifactBudget => {
  const reads = makeWindowInStore(db, limits.readsPerMinute ?? READS_PER_MINUTE, limits.windowMs ?? RATE_WINDOW_MS);
  const writes = makeWindowInStore(db, limits.writesPerMinute ?? WRITES_PER_MINUTE, limits.windowMs ?? RATE_WINDOW_MS);
  return {
    read: (documentId, now) => reads.take(`artifact-read:${documentId}`, now),
    write: (documentId, now) => writes.take(`artifact-write:${documentId}`, now),
  };
};
