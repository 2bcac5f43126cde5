/**
 * The per-organization rate limit: 120 documents a minute, extractions included (interface, Limits). A sliding
 * window over the last 60 seconds, kept in this process; a service run as several processes needs a shared counter.
 */
export interface RateLimiter {
  /** Takes one unit; returns null when allowed, else the seconds to wait. */
  readonly take: (organizationId: string, now: number) => number | null;
}

export const makeRateLimiter = (perMinute: number, windowMs = 60_000): RateLimiter => {
  const hits = new Map<string, number[]>();
  return {
    take: (organizationId, now) => {
      const list = (hits.get(organizationId) ?? []).filter((t) => t > now - windowMs);
      if (list.length >= perMinute) {
        hits.set(organizationId, list);
        return Math.max(1, Math.ceil((list[0]! + windowMs - now) / 1000));
      }
      list.push(now);
      hits.set(organizationId, list);
      return null;
    },
  };
};
