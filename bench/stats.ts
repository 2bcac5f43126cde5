/** The figures benches print: the median and the 90th percentile (nearest rank) of a run's timings. */
const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

export const median = (xs: readonly number[]) => {
  const s = sorted(xs);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Nearest rank: with 10 runs the 90th percentile is the 9th fastest, with 5 the slowest. */
export const p90 = (xs: readonly number[]) => sorted(xs)[Math.min(xs.length - 1, Math.ceil(0.9 * xs.length) - 1)]!;
