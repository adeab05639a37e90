/**
 * Issue #65: what waits outside the kit's calls waits on the Sleeve's clock, so moving a virtual
 * clock moves it: the storage breaker's cool-down and probes, the status board's sampling, and
 * the clock's `every` they are built on.
 */
import { describe, expect, it } from 'vitest';
import { every } from '../../../core/drivers/kit/clock.ts';
import { createMetrics } from '../../../core/observe/metrics.ts';
import { createStatusBoard } from '../../../core/status/board.ts';
import { resolveStatus } from '../../../core/status/options.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { fakeClock } from '../../helpers/clock.ts';

const failing = () => Promise.reject(new Error('storage down'));

describe('timers on the one clock', () => {
  it('`every` fires each period the clock moves through, and not once stopped', async () => {
    const clock = fakeClock();
    let ticks = 0;
    const stop = every(clock, 1000, () => ticks++);
    await clock.advance(3500);
    expect(ticks).toBe(3);
    stop();
    await clock.advance(5000);
    expect(ticks).toBe(3);
  });

  it("the storage breaker's cool-down ends when the clock moves past it", async () => {
    const clock = fakeClock();
    const outages: unknown[] = [];
    const storage = breaker({ clock, cooldownMs: 5000, onOutage: (error) => outages.push(error) });
    expect(await storage.run(failing, 'fallback')).toBe('fallback');
    expect([storage.open, outages.length]).toEqual([true, 1]);
    await clock.advance(4999);
    expect(storage.open).toBe(true);
    await clock.advance(1);
    expect(storage.open).toBe(false);
  });

  it("the storage breaker's probe runs each cool-down on the clock, and closes it when the storage answers", async () => {
    const clock = fakeClock();
    let probes = 0;
    let back = false;
    let recovered = 0;
    const storage = breaker({
      clock,
      cooldownMs: 5000,
      onOutage() {},
      onRecovery: () => recovered++,
      probe: () => (probes++, back ? Promise.resolve() : Promise.reject(new Error('still down'))),
    });
    await storage.run(failing, null);
    await clock.advance(10_000);
    expect([probes, storage.open]).toEqual([2, true]);
    back = true;
    await clock.advance(5000);
    expect([probes, storage.open, recovered]).toEqual([3, false, 1]);
  });

  it('the status board samples every `sampleMs` of the clock', async () => {
    const clock = fakeClock();
    const board = createStatusBoard({
      status: resolveStatus({ sampleMs: 1000, slots: 10 })!,
      metrics: createMetrics({ version: '3.0.0', mode: 'demo', startedAt: 0, budgets: () => new Map() }),
      clock,
      instance: { version: '3.0.0', mode: 'demo', storage: 'memory', startedAt: clock.now() },
    });
    // One sample at once, then one a period.
    expect(board.history.length).toBe(1);
    await clock.advance(3000);
    expect(board.history.length).toBe(4);
    board.stop();
    await clock.advance(3000);
    expect(board.history.length).toBe(4);
  });
});
