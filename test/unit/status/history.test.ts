/** Issue #54: `/status`'s history holds a fixed number of samples, whatever the time and traffic. */
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';
import { History, MAX_SERIES } from '../../../core/status/history.ts';
import { quantile } from '../../../core/status/quantile.ts';

const quiet = { info: () => {}, error: () => {} };
const UA = { 'User-Agent': 'status-test/1.0 (status@example.com)' };

describe('the history', () => {
  it('keeps the last `slots` samples, oldest first, and leaves unsampled series empty', () => {
    const history = new History(3);
    for (let i = 1; i <= 5; i++) history.push(i * 1000, new Map([['a', i], ...(i === 4 ? [['b', 40] as const] : [])]));
    const json = history.toJSON();
    expect(json.times).toEqual([3000, 4000, 5000]);
    expect(json.series.a).toEqual([3, 4, 5]);
    expect(json.series.b).toEqual([null, 40, null]);
    expect(history.last('a')).toBe(5);
    expect(history.last('b')).toBeUndefined();
  });

  it('grows no further than MAX_SERIES names, however many it is given', () => {
    const history = new History(4);
    for (let i = 0; i < 3 * MAX_SERIES; i++) history.push(i, new Map([[`series ${i}`, i]]));
    expect(history.footprint()).toEqual({ series: MAX_SERIES, numbers: 4 * (MAX_SERIES + 1) });
  });

  it('is the same size after hours of fake-clock time under traffic as after its first 15 minutes', async () => {
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    let tick = () => {};
    const sleeve = createSleeve({
      log: quiet,
      now: () => clock.now,
      status: { timer: (run) => ((tick = run), () => {}) },
    });
    const board = sleeve.deps.status!;
    const queries = ['love', 'rock', 'blue', 'night', 'summer'];
    const minutes = async (n: number) => {
      for (let i = 0; i < n * 6; i++) {
        await sleeve.fetch(
          new Request(`http://sleeve.test/search/all?query=${queries[i % queries.length]}`, { headers: UA }),
          {
            clientIp: `203.0.113.${i % 200}`,
          },
        );
        await sleeve.fetch(new Request('http://sleeve.test/no/such/path', { headers: UA }), {
          clientIp: '198.51.100.1',
        });
        clock.now += 10_000;
        tick();
      }
    };
    await minutes(20);
    const warm = board.history.footprint();
    expect(board.history.length).toBe(90);
    await minutes(6 * 60);
    expect(board.history.footprint()).toEqual(warm);
    expect(board.history.length).toBe(90);
    const json = board.history.toJSON();
    expect(json.times).toHaveLength(90);
    expect(json.times[89]! - json.times[0]!).toBe(89 * 10_000);
    // Every search after the first five is a hit: the last sample's share says so.
    expect(json.series['cache.hit']![89]).toBe(1);
    await sleeve.close();
  });
});

describe('quantiles from buckets', () => {
  it('reads them as histogram_quantile does: within the bucket, linearly; the last bound above every bound', () => {
    const bounds = [0.1, 0.2, 0.4];
    expect(quantile(0.5, bounds, [0, 10, 0, 0])).toBeCloseTo(0.15);
    expect(quantile(0.99, bounds, [50, 0, 0, 50])).toBe(0.4);
    expect(quantile(0.5, bounds, [0, 0, 0, 0])).toBeUndefined();
    expect(quantile(0.25, bounds, [10, 0, 10, 0])).toBeCloseTo(0.05);
  });
});
