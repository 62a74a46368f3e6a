/**
 * Latency figures of a load: percentiles by the nearest-rank rule (the value at rank ⌈p·n⌉ of the
 * sorted sample, so every figure is a latency that was really seen), and the spread in one record.
 */

/** p50, p95 and p99 of a sample, its maximum and its size, in milliseconds. */
export interface Spread {
  count: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

/** The nearest-rank percentile `p` (0–100) of values sorted ascending; null for none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

/** Rounded to a tenth of a millisecond: finer than that is the clock's noise, not the agent's. */
const tenth = (ms: number | null) => (ms === null ? null : Math.round(ms * 10) / 10);

/** The spread of a sample (in any order; not changed). */
export function spread(values: readonly number[]): Spread {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  return {
    count: list.length,
    p50: tenth(percentile(list, 50)),
    p95: tenth(percentile(list, 95)),
    p99: tenth(percentile(list, 99)),
    max: tenth(list.at(-1) ?? null),
  };
}
