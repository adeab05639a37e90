/**
 * The tests' one fake clock: the kit's clock (`core/drivers/kit/clock.ts`) made virtual, so
 * `now` moves only when a test moves it, and what waits on it (a call's timeouts and pauses,
 * the budget's turns) is measured on it in milliseconds of real time. Three ways to move it,
 * kept apart because tests rely on how each lets promises settle:
 * - `runOut(work)` fires timers one by one until `work` settles;
 * - `advance(ms)` fires each timer due in `ms`, one by one;
 * - `runUntil(at)` fires the timers due by `at`, those due at one instant together (as two
 *   instances' timers would wake), letting promises settle once between instants.
 */
import type { Clock } from '../../core/drivers/kit/clock.ts';

/** 22 November 2026, 12:00 UTC: where the clock starts unless a test says otherwise. */
export const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

/** One turn of the event loop: what the budget's queue needs to move on. */
export const settle = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** A few turns of the event loop: what a stream read or a fetch stub needs to move on. */
const settleDeep = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await settle();
};

export interface FakeClock extends Clock {
  /** How many times `sleep` was called. */
  sleeps: number;
  /** Fires the timers in order until `work` settles (or no timer is left), and returns it. */
  runOut<T>(work: Promise<T>): Promise<T>;
  /** Moves time on by `ms`, firing each timer due on the way in order, promises let settle after each. */
  advance(ms: number): Promise<void>;
  /** Moves time to `until`, waking the timers due by then, those of one instant together. */
  runUntil(until: number): Promise<void>;
}

export function fakeClock(start = T0): FakeClock {
  let now = start;
  const timers: { at: number; run(): void }[] = [];
  const clock: FakeClock = {
    sleeps: 0,
    now: () => now,
    timer(ms, run) {
      const timer = { at: now + Math.max(0, ms), run };
      timers.push(timer);
      return () => {
        const i = timers.indexOf(timer);
        if (i >= 0) timers.splice(i, 1);
      };
    },
    sleep: (ms, signal) => {
      clock.sleeps++;
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const stop = clock.timer(ms, resolve);
        signal?.addEventListener('abort', () => (stop(), reject(signal.reason)), { once: true });
      });
    },
    async runOut(work) {
      let done = false;
      const watched = work.finally(() => (done = true));
      watched.catch(() => {});
      for (;;) {
        await settleDeep();
        if (done) break;
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift();
        if (!next) break;
        now = Math.max(now, next.at);
        next.run();
      }
      return work;
    },
    async advance(ms) {
      const until = now + ms;
      await settleDeep();
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        now = next.at;
        next.run();
        await settleDeep();
      }
      now = until;
      await settleDeep();
    },
    async runUntil(until) {
      for (;;) {
        await settle();
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        now = Math.max(now, next.at);
        for (const due of timers.splice(0, timers.filter((t) => t.at === next.at).length)) due.run();
      }
      now = until;
      await settle();
    },
  };
  return clock;
}
