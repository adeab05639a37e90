/**
 * The upstream call budget: the per-slot arithmetic, the queue on a fake clock (bursts never
 * pass the budget in any sliding window, refusals, the queue bound, aborts, pauses), and two
 * instances sharing one budget through a real Redis.
 */
import { setMaxListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SleeveError } from '../../../core/errors.ts';
import {
  createBudget,
  perSlot,
  SAFETY,
  SKEW_MS,
  SLOT_MS,
  type Budget,
  type BudgetOptions,
  type BudgetClock,
} from '../../../core/drivers/kit/budget/budget.ts';
import { countersFor, memoryCounters, type CounterStore } from '../../../core/storage/counters.ts';
import { storageFromSpec } from '../../../core/storage/from-spec.ts';
import { redisMissing, startRedis, type RedisServer } from '../../helpers/storage/redis.ts';
import { fakeClock, settle, T0 } from '../../helpers/clock.ts';
import { systemClock } from '../../../core/drivers/kit/clock.ts';
import { unboundScope } from '../../../core/drivers/kit/scope.ts';

const LIMIT = 50;
const WINDOW_MS = 5000;
const ALLOWED = LIMIT * SAFETY;
type Outcome = { asked: number; at: number; error?: unknown };

/** Takes `n` turns at the clock's current time and records when and how each one settled. */
function burst(budget: Budget, clock: BudgetClock, n: number, outcomes: Outcome[], signal?: AbortSignal) {
  for (let i = 0; i < n; i++) {
    const asked = clock.now();
    budget.take(signal && unboundScope(signal)).then(
      () => outcomes.push({ asked, at: clock.now() }),
      (error: unknown) => outcomes.push({ asked, at: clock.now(), error }),
    );
  }
}

/** The most calls in any window of `ms`, windows starting at each call (where the maximum is). */
function busiestWindow(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j]! < sorted[i]! + ms) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

function expectRefusal(error: unknown) {
  expect(error).toBeInstanceOf(SleeveError);
  const refusal = error as SleeveError;
  expect(refusal.code).toBe('service_unavailable');
  expect(refusal.status).toBe(503);
  expect(refusal.message).toMatch(/^\[sleeve\] \[deezer\] /);
  expect(refusal.headers['Retry-After']).toMatch(/^[1-9]\d*$/);
}

const deezer = (counters: CounterStore, clock: BudgetClock, more: Partial<BudgetOptions> = {}): Budget =>
  createBudget({ name: 'deezer', counters, limit: LIMIT, windowMs: WINDOW_MS, clock, ...more });

describe('perSlot', () => {
  it('keeps every sliding window under the budget', () => {
    // The plain design: 1-s slots, no skew: a 5-s window overlaps 6 slots of 8 (48 < 50).
    expect(perSlot(50, 5000, 1000, 0.96, 0)).toBe(8);
    // But a call seen 1 ms late lets a seventh slot into some window: 6 per slot then.
    expect(perSlot(50, 5000, 1000, 0.96, 1)).toBe(6);
    // The defaults: 500-ms slots with 500 ms of skew keep 8 calls a second.
    expect(perSlot(50, 5000)).toBe(4);
    expect(perSlot(50, 5000, 500, 0.96, 0)).toBe(4);
    expect(perSlot(5, 1000, 500, 1, 0)).toBe(1);
    expect(perSlot(2, 5000)).toBe(0);
  });

  it('counts the slots a window can overlap correctly (brute force over offsets)', () => {
    for (const [windowMs, slotMs, skewMs] of [
      [5000, 500, 500],
      [5000, 1000, 0],
      [5000, 1000, 1],
      [5000, 700, 130],
    ] as const) {
      let most = 0;
      // Half-millisecond offsets: the upstream's clock is not ours, so a window may start anywhere.
      for (let start = 0; start < slotMs; start += 0.5) {
        const first = Math.floor(start / slotMs);
        const last = Math.ceil((start + windowMs + skewMs) / slotMs) - 1;
        most = Math.max(most, last - first + 1);
      }
      expect(perSlot(50, windowMs, slotMs, SAFETY, skewMs) * most).toBeLessThanOrEqual(ALLOWED);
      expect((perSlot(50, windowMs, slotMs, SAFETY, skewMs) + 1) * most).toBeGreaterThan(ALLOWED);
    }
  });
});

describe('createBudget on a fake clock', () => {
  it('lets bursts of 300 through within the budget in every sliding window, refusing the rest at once with 503', async () => {
    const clock = fakeClock();
    const budget = deezer(memoryCounters(), clock);
    const outcomes: Outcome[] = [];
    for (const at of [0, 700, 1900, 3100, 5300, 8000, 8100]) {
      await clock.runUntil(T0 + at);
      burst(budget, clock, 300, outcomes);
    }
    await clock.runUntil(T0 + 15_000);

    expect(outcomes).toHaveLength(7 * 300);
    const through = outcomes.filter((o) => !o.error);
    const refused = outcomes.filter((o) => o.error);
    expect(
      busiestWindow(
        through.map((o) => o.at),
        WINDOW_MS + SKEW_MS,
      ),
    ).toBeLessThanOrEqual(ALLOWED);
    for (const o of through) expect(o.at - o.asked).toBeLessThanOrEqual(3000);
    // Alone on the budget, the estimate is exact: whoever is refused is refused at once.
    for (const o of refused) {
      expectRefusal(o.error);
      expect(o.at).toBe(o.asked);
    }
    // 8 calls a second while the bursts keep the queue full (about 11 s of it here).
    expect(through.length).toBeGreaterThan(60);
    expect(budget.stats).toMatchObject({ taken: through.length, refused: refused.length, queued: 0 });
    expect(budget.stats.waited).toBeLessThan(budget.stats.taken);
  });

  it('two instances on one counter store share the budget, and late waiters are refused by their deadline', async () => {
    const clock = fakeClock();
    // Asynchronous like Redis, so the two pumps' counter hits interleave.
    const shared = memoryCounters();
    const counters: CounterStore = { hit: async (key, now, windowMs) => shared.hit(key, now, windowMs) };
    const a = deezer(counters, clock);
    const b = deezer(counters, clock);
    const outcomes: Outcome[] = [];
    for (const at of [0, 400, 1300, 2600, 4100, 6000]) {
      await clock.runUntil(T0 + at);
      burst(a, clock, 150, outcomes);
      burst(b, clock, 150, outcomes);
    }
    await clock.runUntil(T0 + 15_000);

    expect(outcomes).toHaveLength(6 * 300);
    const through = outcomes.filter((o) => !o.error);
    expect(
      busiestWindow(
        through.map((o) => o.at),
        WINDOW_MS + SKEW_MS,
      ),
    ).toBeLessThanOrEqual(ALLOWED);
    for (const o of outcomes) expect(o.at - o.asked).toBeLessThanOrEqual(3000);
    for (const o of outcomes.filter((o) => o.error)) expectRefusal(o.error);
    expect(a.stats.taken).toBeGreaterThan(10);
    expect(b.stats.taken).toBeGreaterThan(10);
    // Each one's estimate ignores the other, so some waiters found out only later.
    expect(outcomes.some((o) => o.error && o.at > o.asked)).toBe(true);
  });

  it('a call with an empty queue and a free slot neither sleeps nor waits for the clock', async () => {
    const clock = fakeClock();
    const budget = deezer(memoryCounters(), clock);
    const outcomes: Outcome[] = [];
    burst(budget, clock, 4, outcomes);
    await settle();
    expect(outcomes.map((o) => o.error)).toEqual([undefined, undefined, undefined, undefined]);
    expect(clock.sleeps).toBe(0);
    burst(budget, clock, 1, outcomes);
    await settle();
    expect(outcomes).toHaveLength(4);
    expect(budget.stats.queued).toBe(1);
    await clock.runUntil(T0 + SLOT_MS);
    expect(outcomes).toHaveLength(5);
    expect(clock.sleeps).toBe(1);
  });

  it('refuses at once when the queue is full', async () => {
    const clock = fakeClock();
    const budget = deezer(memoryCounters(), clock, { maxQueue: 10, maxWaitMs: 60_000 });
    const outcomes: Outcome[] = [];
    burst(budget, clock, 50, outcomes);
    await settle();
    expect(budget.stats.queued).toBe(10);
    const refused = outcomes.filter((o) => o.error);
    expect(refused).toHaveLength(36);
    for (const o of refused) expectRefusal(o.error);
    expect((refused[0]!.error as Error).message).toContain('10 calls already waiting');
    await clock.runUntil(T0 + 5000);
    expect(outcomes.filter((o) => !o.error)).toHaveLength(14);
  });

  it('an aborted waiter leaves the queue at once, rejected with its abort reason', async () => {
    const clock = fakeClock();
    const budget = deezer(memoryCounters(), clock);
    const outcomes: Outcome[] = [];
    burst(budget, clock, 4, outcomes);
    const order: string[] = [];
    const first = budget.take().then(() => order.push('first'));
    const controller = new AbortController();
    const leaving = budget.take(unboundScope(controller.signal));
    const last = budget.take().then(() => order.push('last'));
    await settle();
    expect(budget.stats.queued).toBe(3);

    const reason = new Error('client went away');
    controller.abort(reason);
    expect(budget.stats.queued).toBe(2);
    await expect(leaving).rejects.toBe(reason);
    expect(clock.now()).toBe(T0);

    await clock.runUntil(T0 + SLOT_MS);
    await Promise.all([first, last]);
    expect(order).toEqual(['first', 'last']);
    await expect(budget.take(unboundScope(AbortSignal.abort(reason)))).rejects.toBe(reason);
    expect(budget.stats).toMatchObject({ taken: 6, waited: 2, refused: 0, queued: 0 });
  });

  it('pause() holds everyone, and refuses whoever cannot wait it out', async () => {
    const clock = fakeClock();
    const budget = deezer(memoryCounters(), clock);
    await budget.take();
    budget.pause(2000);
    const outcomes: Outcome[] = [];
    burst(budget, clock, 3, outcomes);
    await clock.runUntil(T0 + 1999);
    expect(outcomes).toHaveLength(0);
    await clock.runUntil(T0 + 2000);
    expect(outcomes.map((o) => [o.at - T0, o.error])).toEqual([
      [2000, undefined],
      [2000, undefined],
      [2000, undefined],
    ]);

    // A pause longer than anyone may wait: the waiters and newcomers are refused now.
    // The slot at 2000 has one turn left; the other nine wait for the next ones.
    burst(budget, clock, 10, outcomes);
    await settle();
    expect(budget.stats.queued).toBe(9);
    budget.pause(10_000);
    await settle();
    expect(budget.stats.queued).toBe(0);
    const refused = outcomes.filter((o) => o.error);
    expect(refused).toHaveLength(9);
    for (const o of refused) expectRefusal(o.error);
    await expect(budget.take()).rejects.toMatchObject({
      code: 'service_unavailable',
      headers: { 'Retry-After': '10' },
    });
  });

  it('a failing counter store neither hangs nor fails calls: an in-process budget takes over', async () => {
    for (const broken of [
      { hit: () => Promise.reject(new Error('connect ECONNREFUSED')) },
      {
        hit: () => {
          throw new Error('no client');
        },
      },
    ] satisfies CounterStore[]) {
      const clock = fakeClock();
      const budget = deezer(broken, clock);
      const outcomes: Outcome[] = [];
      burst(budget, clock, 6, outcomes);
      await settle();
      expect(outcomes.filter((o) => !o.error)).toHaveLength(4);
      await clock.runUntil(T0 + SLOT_MS);
      expect(outcomes.filter((o) => !o.error)).toHaveLength(6);
    }
  });

  it('shares an in-process counter store with the minute-long rate limits without resetting either', () => {
    const clock = fakeClock();
    const counters = memoryCounters();
    const budget = deezer(counters, clock);
    for (let i = 1; i <= 3; i++) {
      expect(counters.hit('/search|192.0.2.1', T0, 60_000).count).toBe(i);
      void budget.take();
    }
    expect(counters.hit(`budget:deezer`, T0, SLOT_MS).count).toBe(4);
  });
});

describe.skipIf(redisMissing !== undefined)('createBudget shared through Redis (real time)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('two instances taking for 3 s never pass 50 calls in any 5-s window, and both get calls through', async () => {
    const storages = [storageFromSpec(redis.url), storageFromSpec(redis.url)];
    const budgets = storages.map((storage) =>
      createBudget({
        name: 'deezer',
        counters: countersFor(storage),
        limit: LIMIT,
        windowMs: WINDOW_MS,
        clock: systemClock,
      }),
    );
    const stop = new AbortController();
    // All 40 workers wait on this one signal; a request has a signal of its own.
    setMaxListeners(100, stop.signal);
    const times: number[][] = [[], []];
    const started = Date.now();
    const worker = async (i: number) => {
      while (!stop.signal.aborted) {
        try {
          await budgets[i]!.take(unboundScope(stop.signal));
          times[i]!.push(Date.now());
        } catch (error) {
          if (stop.signal.aborted) return;
          expectRefusal(error);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const workers = [0, 1].flatMap((i) => Array.from({ length: 20 }, () => worker(i)));
    setTimeout(() => stop.abort(new Error('done')), 3000);
    await Promise.all(workers);
    await Promise.all(storages.map((s) => s.dispose()));

    const all = times.flat();
    expect(busiestWindow(all, WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
    // Shared, not each on its own: at most one budget's worth of slots in the run.
    const slots = Math.ceil((Math.max(...all) - started) / SLOT_MS) + 1;
    expect(all.length).toBeLessThanOrEqual(perSlot(LIMIT, WINDOW_MS) * slots);
    expect(times[0]!.length).toBeGreaterThan(0);
    expect(times[1]!.length).toBeGreaterThan(0);
    expect(budgets.map((b) => b.stats.queued)).toEqual([0, 0]);
  });
});
