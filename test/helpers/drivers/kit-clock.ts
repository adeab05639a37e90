/**
 * The kit's clock made virtual for tests (`core/drivers/kit/clock.ts`): `now` moves only when
 * the test runs the timers, which fire in order with promises let settle between them, so a
 * call's timeouts and pauses are measured on it in milliseconds of real time.
 */
import type { Clock } from '../../../core/drivers/kit/clock.ts';

/** A few turns of the event loop: what a stream read or a fetch stub needs to move on. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

export interface VirtualClock extends Clock {
  /** Fires the timers in order until `work` settles (or no timer is left), and returns it. */
  runOut<T>(work: Promise<T>): Promise<T>;
  /** Moves time on by `ms`, firing each timer due on the way in order, promises let settle after each. */
  advance(ms: number): Promise<void>;
}

export function virtualClock(start = Date.UTC(2026, 10, 22, 12, 0, 0)): VirtualClock {
  let now = start;
  const timers: { at: number; run(): void }[] = [];
  const clock: VirtualClock = {
    now: () => now,
    timer(ms, run) {
      const timer = { at: now + Math.max(0, ms), run };
      timers.push(timer);
      return () => {
        const i = timers.indexOf(timer);
        if (i >= 0) timers.splice(i, 1);
      };
    },
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const stop = clock.timer(ms, resolve);
        signal?.addEventListener('abort', () => (stop(), reject(signal.reason)), { once: true });
      }),
    async runOut(work) {
      let done = false;
      const watched = work.finally(() => (done = true));
      watched.catch(() => {});
      for (;;) {
        await settle();
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
      await settle();
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        now = next.at;
        next.run();
        await settle();
      }
      now = until;
      await settle();
    },
  };
  return clock;
}
