/**
 * @module
 * A quantile from a histogram's bucket counts, as Prometheus' `histogram_quantile` reads one:
 * found in the bucket the rank falls in, linearly between its bounds; above the last bound, the
 * last bound. So `/status` and a Grafana panel over `/metrics` say the same p50 and p99.
 */

/** `counts[i]`: observations in bucket i alone (the last: above every bound); undefined with none. */
export function quantile(q: number, bounds: readonly number[], counts: readonly number[]): number | undefined {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return undefined;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i]!;
    if (below + count >= rank && count > 0) {
      if (i >= bounds.length) return bounds[bounds.length - 1];
      const lower = i === 0 ? 0 : bounds[i - 1]!;
      return lower + (bounds[i]! - lower) * ((rank - below) / count);
    }
    below += count;
  }
  return bounds[bounds.length - 1];
}
