/**
 * When a webhook delivery is tried again (interface, Events → Webhooks): a `2xx` within 20 seconds counts;
 * otherwise the message is retried 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h and 6 h after each failed attempt
 * (about 10 hours and 43 minutes in all), then given up. Each gap runs from the end of the failed attempt.
 */

/** The gaps after the 1st, 2nd, … 8th failed attempt. */
export const RETRY_DELAYS_MS: ReadonlyArray<number> = [
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  3 * 60 * 60_000,
  6 * 60 * 60_000,
];

/** The first attempt and one per retry. */
export const MAX_ATTEMPTS = 1 + RETRY_DELAYS_MS.length;

/** How long a receiver has to answer `2xx`. */
export const REPLY_TIMEOUT_MS = 20_000;

/**
 * The time of the next attempt after `attempts` attempts have failed, or null when that was the last one.
 * `scale` shrinks the whole schedule for tests (QUIRE_WEBHOOK_RETRY_SCALE); production uses 1.
 */
export const nextAttemptAt = (attempts: number, failedAt: Date, scale = 1): Date | null => {
  if (attempts < 1 || attempts >= MAX_ATTEMPTS) return null;
  return new Date(failedAt.getTime() + Math.max(0, Math.round(RETRY_DELAYS_MS[attempts - 1]! * scale)));
};
