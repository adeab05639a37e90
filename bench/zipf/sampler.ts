/**
 * @module
 * The random parts of the Zipf workload (`bench/zipf/workload.ts`), seeded so a run can be
 * repeated request for request: a small PRNG, a Zipf sampler over ranks and Poisson arrivals.
 *
 * Zipf's law with exponent `s`: the key of rank k (1 = the most popular) is drawn with
 * probability proportional to 1 / k^s. With s = 1 (what web caches and music catalogues show,
 * roughly), the most popular key is asked twice as often as the second and ten times as often
 * as the tenth, and the long tail of keys asked once or never still holds much of the traffic;
 * a larger s concentrates the traffic on the head, s = 0 is uniform.
 */

/** A uniform draw in [0, 1). */
export type Random = () => number;

/** mulberry32: a 32-bit state PRNG, plenty for a workload, the same sequence on every runtime for one seed. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws ranks 1..n with probability ∝ rank^-s (inverse of the cumulative weights, by binary search). */
export function zipfSampler(n: number, s: number, random: Random): () => number {
  if (!Number.isInteger(n) || n < 1) throw new Error(`zipf: n must be a positive integer (got ${n})`);
  if (!(s >= 0)) throw new Error(`zipf: s must be >= 0 (got ${s})`);
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let k = 1; k <= n; k++) cumulative[k - 1] = total += k ** -s;
  return () => {
    const u = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] ?? 0) > u) hi = mid;
      else lo = mid + 1;
    }
    return lo + 1;
  };
}

/** The probability of each rank 1..n under Zipf(s): what a sampler's frequencies tend to. */
export function zipfProbabilities(n: number, s: number): number[] {
  const weights = Array.from({ length: n }, (_, i) => (i + 1) ** -s);
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

/** The gap before the next arrival of a Poisson process of `perSecond` arrivals a second, in ms. */
export function poissonGapMs(perSecond: number, random: Random): number {
  return (-Math.log(1 - random()) / perSecond) * 1000;
}

/** Fisher–Yates with the seeded draw: the same order for one seed. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
