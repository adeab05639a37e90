/**
 * The Zipf workload's random parts (bench/zipf/sampler.ts, bench/zipf/workload.ts): the sampler's
 * frequencies follow rank^-s, a seed repeats a run exactly, and the schedule keeps every client
 * within the spec's per-minute limits, as the bench claims.
 */
import { describe, expect, it } from 'vitest';
import { clientAddress, zipfSchedule, type ZipfSettings } from '../../../bench/zipf/workload.ts';
import { poissonGapMs, seeded, shuffled, zipfProbabilities, zipfSampler } from '../../../bench/zipf/sampler.ts';

function frequencies(n: number, s: number, seed: number, draws: number): number[] {
  const draw = zipfSampler(n, s, seeded(seed));
  const counts = new Array<number>(n).fill(0);
  for (let i = 0; i < draws; i++) counts[draw() - 1]! += 1;
  return counts.map((c) => c / draws);
}

describe('Zipf sampler', () => {
  for (const s of [1, 1.3, 0.7]) {
    it(`draws rank k with probability ∝ k^-${s} (seeded, 200,000 draws over 100 ranks)`, () => {
      const observed = frequencies(100, s, 35, 200_000);
      const expected = zipfProbabilities(100, s);
      // Three standard deviations of a binomial share at each rank, plus a little.
      observed.forEach((p, i) => {
        const q = expected[i]!;
        expect(Math.abs(p - q), `rank ${i + 1}: ${p} vs ${q}`).toBeLessThan(
          3 * Math.sqrt((q * (1 - q)) / 200_000) + 1e-4,
        );
      });
      // The law itself: rank 1 against rank 10 is 10^s.
      expect(observed[0]! / observed[9]!).toBeCloseTo(10 ** s, 0);
    });
  }

  it('s = 1: the first rank twice as often as the second', () => {
    const observed = frequencies(1000, 1, 7, 200_000);
    expect(observed[0]! / observed[1]!).toBeGreaterThan(1.9);
    expect(observed[0]! / observed[1]!).toBeLessThan(2.1);
  });

  it('a seed repeats the draws exactly; another seed does not', () => {
    const run = (seed: number) => {
      const draw = zipfSampler(3000, 1, seeded(seed));
      return Array.from({ length: 1000 }, () => draw());
    };
    expect(run(35)).toEqual(run(35));
    expect(run(36)).not.toEqual(run(35));
    expect(shuffled([1, 2, 3, 4, 5, 6, 7, 8], seeded(1))).toEqual(shuffled([1, 2, 3, 4, 5, 6, 7, 8], seeded(1)));
  });

  it('rejects an empty key space and a negative exponent', () => {
    expect(() => zipfSampler(0, 1, seeded(1))).toThrow(/n must be/);
    expect(() => zipfSampler(10, -1, seeded(1))).toThrow(/s must be/);
  });

  it('Poisson gaps average 1000 / rate ms', () => {
    const random = seeded(3);
    const gaps = Array.from({ length: 50_000 }, () => poissonGapMs(18, random));
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(mean).toBeGreaterThan((1000 / 18) * 0.97);
    expect(mean).toBeLessThan((1000 / 18) * 1.03);
  });
});

describe('Zipf schedule', () => {
  const settings: ZipfSettings = {
    seconds: 120,
    rate: 18,
    clients: 20,
    keys: 3000,
    s: 1,
    seed: 35,
    timeoutMs: 10_000,
    maxInFlight: 400,
    warmupSeconds: 0,
  };

  it('is the same for one seed: keys, times, clients and paths', () => {
    const a = zipfSchedule(settings);
    const b = zipfSchedule(settings);
    expect(a.keys).toHaveLength(3000);
    expect(new Set(a.keys).size).toBe(3000);
    expect(b).toEqual(a);
    expect(zipfSchedule({ ...settings, seed: 36 }).arrivals).not.toEqual(a.arrivals);
    expect(a.arrivals.length).toBeGreaterThan(120 * 18 * 0.9);
    expect(a.arrivals.length).toBeLessThan(120 * 18 * 1.1);
  });

  it('keeps each client within its per-endpoint limit in every 60 s (two clients, so the limit binds)', () => {
    const { arrivals, skipped } = zipfSchedule({ ...settings, clients: 2 });
    expect(skipped).toBeGreaterThan(0);
    let atLimit = 0;
    const limit = (endpoint: string) =>
      ['/search/playlists', '/track/hot', '/album/new-releases', '/playlist/generate'].includes(endpoint) ? 30 : 60;
    const times = new Map<string, number[]>();
    for (const { atMs, client, path } of arrivals) {
      const endpoint = path.split('?')[0]!;
      const key = `${client} ${endpoint}`;
      const list = times.get(key) ?? [];
      list.push(atMs);
      times.set(key, list);
      const inMinute = list.filter((t) => t > atMs - 60_000).length;
      expect(inMinute, key).toBeLessThanOrEqual(limit(endpoint));
      if (inMinute === limit(endpoint)) atLimit++;
    }
    expect(atLimit).toBeGreaterThan(0);
    // A few hundred clients at 18 a second are never held back.
    expect(zipfSchedule({ ...settings, clients: 300 }).skipped).toBe(0);
    expect(clientAddress(300)).toBe('198.18.1.44');
  });
});
