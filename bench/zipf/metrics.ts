/**
 * @module
 * Budget use while clients wait, for the Zipf workload (issue #43): how much of Deezer's
 * allowance a Sleeve spends while calls are queued for it. When nobody waits, an unspent turn
 * costs nobody anything; while someone waits, every turn not spent is an answer delayed or a
 * 503 for nothing. The replay sees the calls but not the queue, so each Sleeve's `/metrics`
 * (served with SLEEVE_METRICS=1) is read every 100 ms for the gauge
 * `sleeve_budget_queued{upstream="deezer"}`.
 *
 * The waiting time is counted in the budget's own slots (`SLOT_MS`, aligned on the clock as
 * `core/storage/counters.ts` aligns them): a slot in which a sample saw calls queued is a
 * waiting slot, and a budget that loses no turn spends its whole allowance in it. Counted by
 * the samples' 100-ms ticks instead, a short wait's figure swings between 0 and far above
 * 100%: a queue forms when a slot's turns are gone and drains at the next slot's start, the
 * very instant its turns go out, so whether those calls fall inside the wait is a coin toss
 * (`bySamples` keeps that figure, for comparison). The sampler keeps one request in flight
 * per Sleeve and skips the ticks a slow scrape overran, so it adds at most ten cheap requests
 * a second, never a backlog of its own.
 */
import { perSlot, SLOT_MS } from '../../core/drivers/kit/budget/budget.ts';

/** Sampling period of `/metrics`, ms. */
export const EVERY_MS = 100;

/**
 * Deezer calls a second the budget lets through (8 for 50 per 5 s), from this checkout's
 * `perSlot`, the one source of truth; the other checkout is held to the same allowance.
 */
export const allowancePerSecond = (quota: { limit: number; windowMs: number }): number =>
  (perSlot(quota.limit, quota.windowMs) * 1000) / SLOT_MS;

export interface QueueSample {
  /** Date.now() ms, halfway between the scrape's sending and its answer. */
  at: number;
  /** Deezer calls waiting for the budget then (0 before the budget is first made). */
  queued: number;
}

export interface Sampler {
  /** Ends the sampling once the scrape in flight (if any) is done; undefined when the server's /metrics had no such gauge. */
  stop(): Promise<QueueSample[] | undefined>;
}

const UA = 'bench/1.0 (bench@example.com)';
const QUEUED = /^sleeve_budget_queued\{upstream="deezer"\} (\S+)$/m;

/** Samples `url`/metrics until stopped, one scrape at a time. */
export function sampleQueue(url: string): Sampler {
  const samples: QueueSample[] = [];
  let gauge = false;
  let stopped = false;
  let wake: () => void = () => {};
  const loop = (async () => {
    for (let tick = Date.now(); !stopped; ) {
      const sent = Date.now();
      try {
        const res = await fetch(`${url}/metrics`, { headers: { 'user-agent': UA }, signal: AbortSignal.timeout(1000) });
        const text = await res.text();
        // The family is there from the start; its deezer series only once the first call made the budget.
        if (res.ok && text.includes('# TYPE sleeve_budget_queued gauge')) {
          gauge = true;
          samples.push({ at: (sent + Date.now()) / 2, queued: Number(QUEUED.exec(text)?.[1] ?? 0) });
        }
      } catch {
        // A failed scrape is a gap, not a sample.
      }
      tick += EVERY_MS;
      // A scrape that overran its tick: skip ahead to the next one rather than catch up.
      if (tick < Date.now()) tick += Math.ceil((Date.now() - tick) / EVERY_MS) * EVERY_MS;
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, tick - Date.now());
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake();
      await loop;
      return gauge ? samples : undefined;
    },
  };
}

/** The starts (Date.now() ms) of the budget's slots in which a sample saw calls waiting, in order. */
export function waitingSlots(samples: readonly QueueSample[]): number[] {
  const slots = new Set<number>();
  for (const sample of samples) if (sample.queued > 0) slots.add(Math.floor(sample.at / SLOT_MS) * SLOT_MS);
  return [...slots].sort((a, b) => a - b);
}

export interface BudgetUse {
  /** Seconds with calls waiting. */
  seconds: number;
  /** Deezer calls the replay received in those seconds. */
  calls: number;
  /** calls / (seconds × allowance), in %; NaN without waiting. */
  percent: number;
}

/** First index of `sorted` whose value is >= `at`. */
const lowerBound = (sorted: readonly number[], at: number): number => {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? 0) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

const use = (ms: number, calls: number, perSecond: number): BudgetUse => ({
  seconds: ms / 1000,
  calls,
  percent: ms > 0 ? (100 * calls * 1000) / (ms * perSecond) : NaN,
});

/** Budget use in the waiting slots starting in [fromAt, toAt); `callsAt` sorted. */
export function budgetUse(
  slots: readonly number[],
  callsAt: readonly number[],
  fromAt: number,
  toAt: number,
  perSecond: number,
): BudgetUse {
  let ms = 0;
  let calls = 0;
  for (const slot of slots) {
    if (slot < fromAt || slot >= toAt) continue;
    ms += SLOT_MS;
    calls += lowerBound(callsAt, slot + SLOT_MS) - lowerBound(callsAt, slot);
  }
  return use(ms, calls, perSecond);
}

/**
 * The same figure over the samples' ticks: a sample stands for the time halfway to its
 * neighbours (at most `EVERY_MS` either side, so a late sample leaves a gap counted as neither).
 */
export function bySamples(samples: readonly QueueSample[], callsAt: readonly number[], perSecond: number): BudgetUse {
  let ms = 0;
  let calls = 0;
  samples.forEach((sample, i) => {
    if (sample.queued <= 0) return;
    const before = samples[i - 1];
    const after = samples[i + 1];
    const from = before ? sample.at - Math.min((sample.at - before.at) / 2, EVERY_MS) : sample.at;
    const to = after ? sample.at + Math.min((after.at - sample.at) / 2, EVERY_MS) : sample.at;
    ms += to - from;
    calls += lowerBound(callsAt, to) - lowerBound(callsAt, from);
  });
  return use(ms, calls, perSecond);
}
