/**
 * Retention: how long content (files, request, report, events) is kept after a document finishes. `none` means
 * 15 minutes. `store: false` is the same as `retention: none`. When nothing is said, documents keep their content
 * 30 days (the artifact default of the interface, used for every format so one rule holds).
 */
export type Retention = "none" | "1d" | "7d" | "30d" | "90d";

export const RETENTION_MS: Record<Retention, number> = {
  none: 15 * 60_000,
  "1d": 86_400_000,
  "7d": 7 * 86_400_000,
  "30d": 30 * 86_400_000,
  "90d": 90 * 86_400_000,
};

export const DEFAULT_RETENTION: Retention = "30d";

/** Events are kept 7 days whatever the retention (interface, Events). */
export const EVENTS_KEPT_MS = 7 * 86_400_000;

export const resolveRetention = (input: { store?: boolean; retention?: Retention }): { store: boolean; retention: Retention } => {
  if (input.store === false) return { store: false, retention: "none" };
  const retention = input.retention ?? DEFAULT_RETENTION;
  return { store: retention !== "none", retention };
};

export const expiryOf = (completedAt: Date, retention: Retention) => new Date(completedAt.getTime() + RETENTION_MS[retention]);
