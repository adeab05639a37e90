/**
 * A clock that moves only when told (`advance`), firing the timers that fall due in order: for
 * the health probes' interval and cut-offs, asserted by counts rather than waited for.
 */
import type { Clock } from '../../core/drivers/kit/clock.ts';

export interface ManualClock extends Clock {
  /** Moves time on by `ms`, firing each timer due on the way, promises let settle after each. */
  advance(ms: number): Promise<void>;
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

export function manualClock(start = Date.UTC(2026, 11, 6, 6, 0, 0)): ManualClock {
  let now = start;
  const timers: { at: number; run(): void }[] = [];
  const clock: ManualClock = {
    now: () => now,
    timer(ms, run) {
      const timer = { at: now + Math.max(0, ms), run };
      timers.push(timer);
      return () => {
        const i = timers.indexOf(timer);
        if (i >= 0) timers.splice(i, 1);
      };
    },
    sleep: (ms) => new Promise<void>((resolve) => clock.timer(ms, resolve)),
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
